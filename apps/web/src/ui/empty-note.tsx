import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a staff list says when it has nothing: grey and centred, with room around it; `boxed` puts it
 * in a bordered card, as the list's own cards are on a narrow screen.
 */
export function EmptyNote({ children, boxed = false }: { children: ReactNode; boxed?: boolean }) {
  const note = (
    <Text c="dimmed" ta="center" p="xl">
      {children}
    </Text>
  );
  return boxed ? (
    <Paper withBorder radius="md">
      {note}
    </Paper>
  ) : (
    note
  );
}
