import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled box of a dashboard settings page. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
