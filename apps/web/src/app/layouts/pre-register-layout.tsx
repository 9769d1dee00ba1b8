import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { fa } from '../../messages/fa';
import { Brand } from '../../ui/brand';
import classes from './layouts.module.css';

/** Pre-registration: a focused page with the school's mark and a way back home, no site menu. */
export function Component() {
  return (
    <Box className={classes.page}>
      <header className={classes.header}>
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between">
            <Brand />
            <Anchor component={Link} to="/" fz="sm">
              {fa.auth.backHome}
            </Anchor>
          </Group>
        </Container>
      </header>
      <main className={classes.main} data-scroll-main>
        <Container size="md" py="xl">
          <Outlet />
        </Container>
      </main>
    </Box>
  );
}
