import { Box, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../ui/brand';
import { MantineRoot } from '../mantine';
import classes from './layouts.module.css';
import { PublicLinks } from './public-links';

/**
 * The phone menu of the public site: a drawer with the site's links and the account button. Its own
 * chunk, loaded when the menu is first opened: the drawer and what it needs (portal, focus trap,
 * scroll lock, transitions) stay off a first visit (docs/decisions/0012), and with them Mantine itself,
 * which this chunk brings for the drawer (docs/decisions/0014).
 */
export default function PublicMenu({
  opened,
  onClose,
  account,
}: {
  opened: boolean;
  onClose: () => void;
  account: ReactNode;
}) {
  return (
    <MantineRoot>
      <Drawer opened={opened} onClose={onClose} position="right" size="75%" title={<Brand size={28} />} hiddenFrom="md">
        <Stack gap={4} component="nav" aria-label="پیوندهای اصلی">
          <PublicLinks className={classes.drawerLink} onClick={onClose} />
          <Box mt="md">{account}</Box>
        </Stack>
      </Drawer>
    </MantineRoot>
  );
}
