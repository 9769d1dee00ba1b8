import { Notifications } from '@mantine/notifications';
import { MantineRoot } from './mantine';
import { TOAST } from './providers';

/**
 * The toast container, in its own chunk: mounted by Providers when the first toast is asked for, so
 * a first visit that shows none does not download it (docs/decisions/0012). Toasts asked for before
 * it arrives wait in the store and show when it mounts. It brings Mantine with it: the public pages
 * run without it (docs/decisions/0014).
 */
export default function Toasts() {
  return (
    <MantineRoot>
      <Notifications position={TOAST.position} autoClose={TOAST.autoClose} limit={TOAST.limit} zIndex={4000} />
    </MantineRoot>
  );
}
