import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a list says when it has nothing: grey and centred, with room around it; `py` gives it room
 * above and below only (where the list's card or page already has its sides), and `boxed` puts it in a
 * bordered card, as the list's own cards are on a narrow screen.
 */
export function EmptyNote({ children, py, boxed = false }: { children: ReactNode; py?: 'md' | 'xl'; boxed?: boolean }) {
  const note = (
    <Text c="dimmed" ta="center" {...(py ? { py } : { p: 'xl' })}>
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
