import { Menu } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLogout } from '../../features/auth/use-logout';
import { fa } from '../../messages/fa';

/**
 * The account menu of the header, in its own chunk: the menu's positioning code (floating-ui,
 * focus trap) is fetched on the first click, not with every page of the student area.
 */
export default function UserMenu({ target }: { target: ReactNode }) {
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={200} defaultOpened>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void logout()}>
          {fa.nav.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
