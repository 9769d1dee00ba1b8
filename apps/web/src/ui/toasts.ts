import { notifications } from '@mantine/notifications';
import { ApiError } from '../lib/http';
import { fa } from '../messages/fa';

/** A green toast: something was saved, sent or deleted. */
export function toastSuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

/**
 * A red toast. A string is shown as it is; an error of the API shows the server's Persian message;
 * anything else (the network, a bug) shows `fallback`, never an English browser message.
 */
export function toastError(error: unknown, fallback: string = fa.errors.internalLine): void {
  const message = typeof error === 'string' ? error : error instanceof ApiError ? error.message : fallback;
  notifications.show({ color: 'red', message });
}

/**
 * What a form's mutation does when answered: saved — a green toast with `success`, then `then`;
 * refused — the server's field errors beside their fields and a red toast.
 */
export function formOutcome(form: { showServerErrors(err: unknown): void }, success: string, then?: () => void) {
  return {
    onSuccess: () => {
      toastSuccess(success);
      then?.();
    },
    onError: (err: unknown) => {
      form.showServerErrors(err);
      toastError(err);
    },
  };
}
