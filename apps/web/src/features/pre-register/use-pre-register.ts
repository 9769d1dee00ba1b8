import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { schoolProfileQuery } from '../../lib/school-profile';

/** The public school profile (name, logo, pre-registration state, grades, academic year). */
export function useSchool() {
  return useQuery(schoolProfileQuery());
}

/** Field errors of a zod schema for a Mantine form: `{ 'field': 'Persian message' }`. */
export function zodFieldErrors(schema: z.ZodType, values: unknown, only?: readonly string[]): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (only && !only.includes(String(issue.path[0]))) continue;
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}
