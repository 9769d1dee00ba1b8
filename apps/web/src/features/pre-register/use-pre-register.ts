import { useQuery } from '@tanstack/react-query';
import { schoolProfileQuery } from '../../lib/school-profile';

/** The public school profile (name, logo, pre-registration state, grades, academic year). */
export function useSchool() {
  return useQuery(schoolProfileQuery());
}
