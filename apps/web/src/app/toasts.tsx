import { Notifications } from '@mantine/notifications';
import { TOAST } from './providers';

/**
 * The toast container, in its own chunk: mounted by Providers when the first toast is asked for, so
 * a first visit that shows none does not download it (docs/decisions/0012). Toasts asked for before
 * it arrives wait in the store and show when it mounts.
 */
export default function Toasts() {
  return <Notifications position={TOAST.position} autoClose={TOAST.autoClose} limit={TOAST.limit} zIndex={4000} />;
}
