import { GENDER_LABELS } from '@madreseh/contract/genders';
import { normalizeMobile } from '@madreseh/contract/iran';
import { formatJalaliIso } from '@madreseh/contract/jalali';
import type { PreRegistration } from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS } from '@madreseh/contract/settings/settings.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import { digitsToPersian, formatDecimal } from '../../lib/format';
import { preRegFa } from './messages';

type Fields = Pick<
  PreRegistration,
  | 'firstName'
  | 'lastName'
  | 'nationalCode'
  | 'birthDate'
  | 'gender'
  | 'grade'
  | 'previousSchool'
  | 'lastAverage'
  | 'fatherName'
  | 'fatherMobile'
  | 'fatherJob'
  | 'motherName'
  | 'motherMobile'
  | 'motherJob'
  | 'phone'
  | 'address'
  | 'notes'
>;

const or = (v: string) => (v.trim() ? v : preRegFa.empty);

/** A labelled value; `ltr` marks numbers (phones, codes) shown isolated left to right. */
export type FieldRow = [label: string, value: string, ltr?: 'ltr'];
/** A phone as typed («+98 912 345 6789») in one form, Persian digits, or «—» when empty. */
const phone = (v: string, mobile: boolean): string =>
  v.trim() ? digitsToPersian(mobile ? normalizeMobile(v) : digitsToLatin(v).replace(/[\s-]/g, '')) : preRegFa.empty;

/** The form's fields as labelled, displayable sections (review step, drawer and print sheet). */
export function fieldSections(r: Fields): { title: string; rows: FieldRow[] }[] {
  return [
    {
      title: preRegFa.sectionStudent,
      rows: [
        [preRegFa.firstName, r.firstName],
        [preRegFa.lastName, r.lastName],
        [preRegFa.nationalCode, digitsToPersian(r.nationalCode), 'ltr'],
        [preRegFa.birthDate, r.birthDate ? digitsToPersian(formatJalaliIso(r.birthDate)) : preRegFa.empty],
        [preRegFa.gender, GENDER_LABELS[r.gender]],
        [preRegFa.grade, GRADE_LABELS[r.grade] ?? preRegFa.empty],
      ],
    },
    {
      title: preRegFa.sectionEducation,
      rows: [
        [preRegFa.previousSchool, or(r.previousSchool)],
        [preRegFa.lastAverage, r.lastAverage === null ? preRegFa.empty : formatDecimal(r.lastAverage)],
      ],
    },
    {
      title: preRegFa.sectionParents,
      rows: [
        [preRegFa.fatherName, r.fatherName],
        [preRegFa.fatherMobile, phone(r.fatherMobile, true), 'ltr'],
        [preRegFa.fatherJob, or(r.fatherJob)],
        [preRegFa.motherName, r.motherName],
        [preRegFa.motherMobile, phone(r.motherMobile, true), 'ltr'],
        [preRegFa.motherJob, or(r.motherJob)],
      ],
    },
    {
      title: preRegFa.sectionContact,
      rows: [
        [preRegFa.phone, phone(r.phone, false), 'ltr'],
        [preRegFa.address, r.address],
        [preRegFa.notes, or(r.notes)],
      ],
    },
  ];
}
