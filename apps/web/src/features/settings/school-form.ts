import type { SchoolProfile, SchoolProfileInput } from '@madreseh/contract/settings/settings.contract';
import type { useFormState } from '../../lib/use-form-state';

/** The school's profile as the form holds it: numbers may be empty while typed. */
export type Form = Required<Omit<SchoolProfileInput, 'location' | 'academicYear'>> & {
  lat: number | '';
  lng: number | '';
  academicYear: number | '';
};

export function formOf(p: SchoolProfile): Form {
  return {
    name: p.name,
    slogan: p.slogan,
    aboutHtml: p.aboutHtml,
    address: p.address,
    phones: p.phones,
    email: p.email,
    hours: p.hours,
    preRegistrationOpen: p.preRegistrationOpen,
    gradesOffered: p.gradesOffered,
    academicYear: p.academicYear,
    lat: p.location?.lat ?? '',
    lng: p.location?.lng ?? '',
  };
}

export type SchoolFormState = ReturnType<typeof useFormState<Form>>;
