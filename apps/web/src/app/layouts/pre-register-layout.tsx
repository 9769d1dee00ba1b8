import { Link, Outlet } from 'react-router';
import { fa } from '../../messages/fa';
import { Brand } from '../../ui/brand';
import { Container, Group } from '../../ui/kit-layout';
import { Anchor } from '../../ui/kit-text';
import classes from './layouts.module.css';

/**
 * Pre-registration: a focused page with the school's mark and a way back home, no site menu. Plain
 * React drawn by Mantine's stylesheet, as the other public pages (docs/decisions/0014, 0021).
 */
export function Component() {
  const md = { '--container-size': 'var(--container-size-md)' } as React.CSSProperties;
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container style={{ ...md, height: '100%' }} data-size="md">
          <Group justify="space-between" style={{ height: '100%' }}>
            <Brand />
            <Anchor component={Link} to="/" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
              {fa.auth.backHome}
            </Anchor>
          </Group>
        </Container>
      </header>
      <main className={classes.main} data-scroll-main>
        <Container style={{ ...md, paddingBlock: 'var(--mantine-spacing-xl)' }} data-size="md">
          <Outlet />
        </Container>
      </main>
    </div>
  );
}
