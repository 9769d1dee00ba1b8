import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { zodFieldErrors } from './form-errors';
import { ApiError } from './http';

/**
 * The one way a form keeps its values and its Persian field errors: checked against the contract's
 * schema before sending (the same schema the server checks), and the server's field errors shown next
 * to their fields when it refuses. Errors are keyed by the field's path (`'school.name'`, `'rows.0.amount'`).
 */
export function useFormState<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const first = useRef(values);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  }, []);

  /** Checks `body` (by default the values) against `schema` and shows its errors: true when valid. */
  const check = (schema: z.ZodType, body: unknown = values, only?: readonly string[]): boolean => {
    const found = zodFieldErrors(schema, body, only);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** For a mutation's `onError`: the server's field errors beside their fields (none for other errors). */
  const showServerErrors = (err: unknown) => setErrors(err instanceof ApiError ? (err.fields ?? {}) : {});

  /** Back to `next` (or the first values) with no errors. The same function on every render. */
  const reset = useCallback((next?: T) => {
    setValues(next ?? first.current);
    setErrors({});
  }, []);

  return { values, setValues, set, errors, setErrors, check, showServerErrors, reset };
}
