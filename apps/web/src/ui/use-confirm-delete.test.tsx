import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { useConfirmDelete } from './use-confirm-delete';

const toasts = vi.hoisted(() => ({ success: [] as string[], errors: [] as unknown[] }));
vi.mock('./toasts', () => ({
  toastSuccess: (m: string) => toasts.success.push(m),
  toastError: (e: unknown) => toasts.errors.push(e),
}));

type Handlers = { onSuccess: (r: { deleted: number }) => void; onError: (e: Error) => void };

/** A mutation that answers as the test says, remembering what it was called with. */
function fakeMutation() {
  const calls: { variables: number; handlers: Handlers }[] = [];
  return {
    calls,
    mutation: {
      isPending: false,
      mutate: (variables: number, handlers: Handlers) => calls.push({ variables, handlers }),
    },
  };
}

describe('useConfirmDelete', () => {
  beforeEach(() => {
    toasts.success.length = 0;
    toasts.errors.length = 0;
  });

  it('asks about an item, deletes it on confirm, toasts and closes', () => {
    const { calls, mutation } = fakeMutation();
    const deleted: string[] = [];
    const { result } = renderHook(() =>
      useConfirmDelete(mutation, {
        variables: (item: { id: number; name: string }) => item.id,
        success: (r: { deleted: number }) => `${r.deleted} حذف شد.`,
        onDeleted: (_r, item) => deleted.push(item.name),
      }),
    );
    expect(result.current.modalProps.opened).toBe(false);
    act(() => result.current.ask({ id: 7, name: 'کلاس هفتم' }));
    expect(result.current.modalProps.opened).toBe(true);
    expect(result.current.item?.name).toBe('کلاس هفتم');

    act(() => result.current.modalProps.onConfirm());
    expect(calls.map((c) => c.variables)).toEqual([7]);
    act(() => calls[0]?.handlers.onSuccess({ deleted: 1 }));
    expect(toasts.success).toEqual(['1 حذف شد.']);
    expect(deleted).toEqual(['کلاس هفتم']);
    expect(result.current.modalProps.opened).toBe(false);
  });

  it('keeps the question open with a red toast when the server refuses, and cancel closes it', () => {
    const { calls, mutation } = fakeMutation();
    const { result } = renderHook(() =>
      useConfirmDelete(mutation, { variables: (id: number) => id, success: 'حذف شد.' }),
    );
    act(() => result.current.ask(3));
    act(() => result.current.modalProps.onConfirm());
    const refusal = new ApiError(409, 'conflict', 'این کلاس دانش‌آموز دارد.');
    act(() => calls[0]?.handlers.onError(refusal));
    expect(toasts.errors).toEqual([refusal]);
    expect(toasts.success).toEqual([]);
    expect(result.current.modalProps.opened).toBe(true);

    act(() => result.current.modalProps.onCancel());
    expect(result.current.modalProps.opened).toBe(false);
    act(() => result.current.modalProps.onConfirm());
    expect(calls).toHaveLength(1);
  });
});
