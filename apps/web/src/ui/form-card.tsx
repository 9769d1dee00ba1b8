import { Card } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered card that is a form: sending it (the button or Enter) calls `onSubmit`, the page stays. */
export function FormCard({
  onSubmit,
  children,
  'data-testid': testId,
}: {
  onSubmit: () => void;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Card>
  );
}
