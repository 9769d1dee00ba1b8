import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { ROLE_LABELS } from '@madreseh/contract/roles';
import { ActionIcon, AppShell, Avatar, Burger, Divider, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChevronDown,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconLogout,
} from '@tabler/icons-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';
import { fa } from '../../messages/fa';
import { Brand } from '../../ui/brand';
import classes from './layouts.module.css';

const UserMenu = lazy(() => import('./user-menu'));

export interface AreaLink {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  end?: boolean;
}

export interface AreaSection {
  title?: string;
  links: AreaLink[];
}

function isActive(pathname: string, link: AreaLink) {
  return link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`);
}

/**
 * The signed-in areas' frame: header with the user menu, a sidebar (a drawer on phones) and,
 * when given, a bottom navigation bar on phones. The user comes from the area's access check.
 */
export function AreaShell({
  sections,
  bottomNav,
  navLabel,
  user,
  headerExtra,
  children,
}: {
  user: SessionUser;
  /** Beside the user menu (the student's bell). */
  headerExtra?: ReactNode;
  sections: AreaSection[];
  bottomNav?: AreaLink[];
  navLabel: string;
  children?: ReactNode;
}) {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const { pathname } = useLocation();
  const logout = useLogout();
  const [menuWanted, setMenuWanted] = useState(false);
  const userSummary = (
    <Group gap={8} wrap="nowrap">
      <Avatar color="brand" radius="xl" size={34}>
        {user.fullName.slice(0, 1)}
      </Avatar>
      <div style={{ lineHeight: 1.2 }}>
        <Text size="sm" fw={600} data-testid="user-name" style={{ whiteSpace: 'nowrap' }}>
          {user.fullName}
        </Text>
        <Text size="xs" c="dimmed">
          {ROLE_LABELS[user.role]}
        </Text>
      </div>
      <IconChevronDown size={14} />
    </Group>
  );
  const userButton = (
    <UnstyledButton data-testid="user-menu" aria-haspopup="menu">
      {userSummary}
    </UnstyledButton>
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      footer={bottomNav ? { height: 64, collapsed: false } : undefined}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The school's name gives way («…») on a phone; the user's name stays on one line. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={fa.dashboard.toggleSidebar}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggleDesktop}
              visibleFrom="sm"
              aria-label={fa.dashboard.toggleSidebar}
              aria-expanded={desktopOpened}
            >
              {desktopOpened ? (
                <IconLayoutSidebarRightCollapse size={22} />
              ) : (
                <IconLayoutSidebarRightExpand size={22} />
              )}
            </ActionIcon>
            <Brand size={32} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerExtra}
            {menuWanted ? (
              <Suspense fallback={userButton}>
                <UserMenu target={userButton} />
              </Suspense>
            ) : (
              // Until first asked for, the button alone: the menu's code comes with the first click.
              <UnstyledButton data-testid="user-menu" aria-haspopup="menu" onClick={() => setMenuWanted(true)}>
                {userSummary}
              </UnstyledButton>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={navLabel}>
        <AppShell.Section grow className={classes.navScroll}>
          {sections.map((s, i) => (
            <div key={s.title ?? i}>
              {s.title && (
                <>
                  <Divider my="sm" />
                  <Text size="xs" fw={700} c="dimmed" px="sm" mb={4}>
                    {s.title}
                  </Text>
                </>
              )}
              {s.links.map((l) => (
                <NavLink
                  key={l.to}
                  component={RouterNavLink}
                  to={l.to}
                  end={l.end}
                  label={l.label}
                  leftSection={<l.icon size={20} stroke={1.6} />}
                  active={isActive(pathname, l)}
                  onClick={closeMobile}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </div>
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="sm" />
          <NavLink
            component="button"
            label={fa.nav.logout}
            leftSection={<IconLogout size={20} stroke={1.6} />}
            onClick={() => void logout()}
            c="red.9"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main data-scroll-main>{children ?? <Outlet />}</AppShell.Main>

      {bottomNav && (
        <AppShell.Footer hiddenFrom="sm" p={0} withBorder={false}>
          <nav className={classes.bottomNav} aria-label={fa.nav.bottomBar(navLabel)}>
            {bottomNav.map((l) => (
              <RouterNavLink key={l.to} to={l.to} end={l.end} className={classes.bottomNavItem}>
                <l.icon size={22} stroke={1.6} />
                {l.label}
              </RouterNavLink>
            ))}
          </nav>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
