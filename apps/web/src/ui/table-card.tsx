import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table in a bordered box that scrolls sideways below `minWidth` pixels. */
export function TableCard({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={minWidth}>{children}</Table.ScrollContainer>
    </Paper>
  );
}
