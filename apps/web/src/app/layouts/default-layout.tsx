import { homePathOf } from '@madreseh/contract/roles';
import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Outlet, NavLink as RouterNavLink } from 'react-router';
import { readUser } from '../../lib/cookies';
import { digitsToPersian } from '../../lib/format';
import { useOnline, useSavedCopySince } from '../../lib/offline';
import { fa } from '../../messages/fa';
import { Brand } from '../../ui/brand';
import { OfflineNotice } from '../../ui/offline-notice';
import { importWithReload } from '../lazy-route';
import classes from './layouts.module.css';
import { PUBLIC_LINKS } from './public-links';

const PublicMenu = lazy(() => importWithReload(() => import('./public-menu')));

function AccountButton({ onClick }: { onClick?: () => void }) {
  const user = readUser();
  const to = user ? homePathOf(user.role) : '/auth';
  return (
    <Button component={RouterNavLink} to={to} leftSection={<IconLogin size={18} />} onClick={onClick}>
      {user ? fa.nav.myArea : fa.nav.login}
    </Button>
  );
}

/**
 * Once for every public page: what it shows came from the service worker's saved copies (the network
 * failed), or the browser is offline. docs/decisions/0003.
 */
function PublicOfflineNotice() {
  const online = useOnline();
  const since = useSavedCopySince();
  if (online && !since) return null;
  return (
    <Container size="lg" py="xs">
      <OfflineNotice at={since} offline={!online} compact />
    </Container>
  );
}

/** The public site: header with the site's links and the login button, footer. */
export function Component() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The phone menu's code is fetched when it is first opened (public-menu.tsx).
  const [menuWanted, setMenuWanted] = useState(false);
  const openOrClose = () => {
    setMenuWanted(true);
    toggle();
  };
  return (
    <Box className={classes.page}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap={4} visibleFrom="md" component="nav" aria-label="پیوندهای اصلی">
              {PUBLIC_LINKS.map((l) => (
                <Anchor
                  key={l.to}
                  component={RouterNavLink}
                  to={l.to}
                  end={'end' in l}
                  className={classes.navLink}
                  underline="never"
                >
                  {l.label}
                </Anchor>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom="md">
                <AccountButton />
              </Box>
              <Burger opened={opened} onClick={openOrClose} hiddenFrom="md" aria-label={fa.nav.menu} />
            </Group>
          </Group>
        </Container>
      </header>
      {menuWanted && (
        <Suspense fallback={null}>
          <PublicMenu opened={opened} onClose={close} account={<AccountButton onClick={close} />} />
        </Suspense>
      )}
      <main className={classes.main} data-scroll-main>
        <PublicOfflineNotice />
        <Outlet />
      </main>
      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Brand size={28} />
            <Text size="sm" c="dimmed">
              ©{' '}
              {digitsToPersian(
                new Intl.DateTimeFormat('en-u-ca-persian', { year: 'numeric' }).format(new Date()).replace(/\D/g, ''),
              )}{' '}
              {fa.footer.rights}
            </Text>
          </Group>
        </Container>
      </footer>
    </Box>
  );
}
