import type { Gender } from '@madreseh/contract/genders';
/** The pre-registration form's values as typed, its steps' fields, and the body the API takes. */
export const EMPTY = {
  firstName: '',
  lastName: '',
  nationalCode: '',
  birthDate: null as string | null,
  gender: '' as '' | Gender,
  grade: '' as string,
  previousSchool: '',
  lastAverage: '',
  fatherName: '',
  fatherMobile: '',
  fatherJob: '',
  motherName: '',
  motherMobile: '',
  motherJob: '',
  phone: '',
  address: '',
  notes: '',
};
export type Values = typeof EMPTY;

/** The fields of each step that are checked before the next one opens. */
export const STEP_FIELDS: (keyof Values)[][] = [
  ['firstName', 'lastName', 'nationalCode', 'birthDate', 'gender', 'grade'],
  [
    'previousSchool',
    'lastAverage',
    'fatherName',
    'fatherMobile',
    'fatherJob',
    'motherName',
    'motherMobile',
    'motherJob',
  ],
  ['phone', 'address', 'notes'],
];

export function toBody(v: Values) {
  return {
    ...v,
    birthDate: v.birthDate ?? '',
    gender: v.gender as Gender,
    grade: v.grade ? Number(v.grade) : Number.NaN,
    lastAverage: v.lastAverage,
  };
}
