import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { schoolProfileQuery } from '../../lib/school-profile';

/** The public school profile (name, logo, pre-registration state, grades, academic year). */
export function useSchool() {
  return useQuery(schoolProfileQuery());
}

/** Whether the browser says it is online, updated as it changes. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(typeof navigator === 'undefined' ? true : navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
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
