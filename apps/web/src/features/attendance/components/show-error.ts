import { notifications } from '@mantine/notifications';

/** A red toast with the server's Persian message. */
export function showError(err: Error) {
  notifications.show({ color: 'red', message: err.message });
}
