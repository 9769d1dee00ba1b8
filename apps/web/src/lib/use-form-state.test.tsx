import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './http';
import { useFormState } from './use-form-state';

const schema = z.object({ name: z.string().min(2, 'نام را بنویسید.'), age: z.number().int().min(6, 'سن کم است.') });

describe('useFormState', () => {
  it('keeps values, checks them against the schema and shows the first Persian error of each field', () => {
    const { result } = renderHook(() => useFormState({ name: '', age: 3 }));
    let ok = true;
    act(() => {
      ok = result.current.check(schema);
    });
    expect(ok).toBe(false);
    expect(result.current.errors).toEqual({ name: 'نام را بنویسید.', age: 'سن کم است.' });
    act(() => {
      result.current.set('name', 'مریم');
      result.current.set('age', 12);
    });
    expect(result.current.values).toEqual({ name: 'مریم', age: 12 });
    act(() => {
      ok = result.current.check(schema, result.current.values);
    });
    expect(ok).toBe(true);
    expect(result.current.errors).toEqual({});
  });

  it("shows the server's field errors and clears them on reset", () => {
    const { result } = renderHook(() => useFormState({ name: 'مریم' }));
    act(() => result.current.showServerErrors(new ApiError(422, 'validation', 'نادرست', { name: 'این نام هست.' })));
    expect(result.current.errors).toEqual({ name: 'این نام هست.' });
    act(() => result.current.showServerErrors(new Error('network')));
    expect(result.current.errors).toEqual({});
    act(() => {
      result.current.set('name', 'زهرا');
      result.current.setErrors({ name: 'x' });
    });
    act(() => result.current.reset());
    expect(result.current.values).toEqual({ name: 'مریم' });
    expect(result.current.errors).toEqual({});
  });

  it('keeps reset the same function across renders, so an effect may depend on it', () => {
    const { result, rerender } = renderHook(() => useFormState({ name: '' }));
    const before = result.current.reset;
    act(() => result.current.set('name', 'سارا'));
    rerender();
    expect(result.current.reset).toBe(before);
  });
});
