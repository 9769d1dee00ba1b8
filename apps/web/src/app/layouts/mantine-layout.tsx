import { Outlet } from 'react-router';
import { MantineRoot } from '../mantine';

/**
 * Everything but the public pages: the sign-in and pre-registration pages, the student area, the
 * dashboard and the print pages use Mantine, which loads with this layout (docs/decisions/0014).
 */
export function Component() {
  return (
    <MantineRoot>
      <Outlet />
    </MantineRoot>
  );
}
