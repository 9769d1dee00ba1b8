import { useState } from 'react';
import { toastError, toastSuccess } from './toasts';

/** The part of a TanStack mutation this hook drives. */
interface DeleteMutation<V, R> {
  mutate: (variables: V, handlers: { onSuccess: (result: R) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/**
 * The one way a page deletes something after asking: `ask(item)` opens the question (spread
 * `modalProps` on a `ConfirmModal`); its red button runs the mutation, then a green toast (`success`)
 * and the question closes, or a red toast with the server's Persian message and it stays open.
 */
export function useConfirmDelete<T, V, R>(
  mutation: DeleteMutation<V, R>,
  options: {
    /** What the mutation is called with for the item asked about. */
    variables: (item: T) => V;
    /** The green toast's text. */
    success: string | ((result: R) => string);
    /** Anything else the page does once deleted (clear a selection, close a drawer). */
    onDeleted?: (result: R, item: T) => void;
  },
) {
  const [item, setItem] = useState<T | null>(null);
  const close = () => setItem(null);
  const confirm = () => {
    if (item === null) return;
    mutation.mutate(options.variables(item), {
      onSuccess: (result) => {
        close();
        toastSuccess(typeof options.success === 'string' ? options.success : options.success(result));
        options.onDeleted?.(result, item);
      },
      onError: (err) => toastError(err),
    });
  };
  return {
    /** What the open question is about (null: none is open). */
    item,
    ask: (next: T) => setItem(next),
    close,
    modalProps: { opened: item !== null, loading: mutation.isPending, onCancel: close, onConfirm: confirm },
  };
}
