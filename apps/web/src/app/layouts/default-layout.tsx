import { homePathOf } from '@madreseh/contract/roles';
import { IconLogin } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Outlet, NavLink as RouterNavLink } from 'react-router';
import { readUser } from '../../lib/cookies';
import { digitsToPersian, jalaliParts } from '../../lib/format';
import { useOnline, useSavedCopySince } from '../../lib/offline';
import { fa } from '../../messages/fa';
import { Brand } from '../../ui/brand';
import { Button } from '../../ui/kit-button';
import { cx, M } from '../../ui/kit-classes';
import { Container, Group } from '../../ui/kit-layout';
import { Text } from '../../ui/kit-text';
import { OfflineNotice } from '../../ui/offline-notice';
import kit from '../../ui/public.module.css';
import { importWithReload } from '../lazy-route';
import classes from './layouts.module.css';
import { PublicLinks } from './public-links';

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
    <Container style={{ paddingBlock: 'var(--mantine-spacing-xs)' }}>
      <OfflineNotice at={since} offline={!online} compact />
    </Container>
  );
}

/**
 * The public site: header with the site's links and the login button, footer. Plain React drawn by
 * Mantine's stylesheet (ui/kit-classes.ts): no Mantine code on a first visit (docs/decisions/0014); the
 * phone menu brings it when first opened.
 */
export function Component() {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const toggle = () => setOpened((o) => !o);
  // The phone menu's code is fetched when it is first opened (public-menu.tsx).
  const [menuWanted, setMenuWanted] = useState(false);
  const openOrClose = () => {
    setMenuWanted(true);
    toggle();
  };
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container style={{ height: '100%' }}>
          <Group justify="space-between" wrap="nowrap" style={{ height: '100%' }}>
            <Brand />
            <Group gap={4} component="nav" aria-label="پیوندهای اصلی" className={kit.visibleFromMd}>
              <PublicLinks className={classes.navLink} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <div className={kit.visibleFromMd}>
                <AccountButton />
              </div>
              <button
                type="button"
                className={cx(M.burger, kit.hiddenFromMd)}
                onClick={openOrClose}
                aria-label={fa.nav.menu}
              >
                <div className={M.burgerLines} data-reduce-motion data-opened={opened || undefined} />
              </button>
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
        <Container>
          <Group justify="space-between" gap="sm">
            <Brand size={28} />
            <Text
              data-size="sm"
              style={
                {
                  '--text-fz': 'var(--mantine-font-size-sm)',
                  '--text-lh': 'var(--mantine-line-height-sm)',
                  color: 'var(--mantine-color-dimmed)',
                } as React.CSSProperties
              }
            >
              © {digitsToPersian(jalaliParts(new Date()).year)} {fa.footer.rights}
            </Text>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
