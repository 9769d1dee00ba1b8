import { Button, Card, Group } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { fa } from '../messages/fa';

/**
 * A form that is sent where it stands: its submit button (or Enter) calls `onSubmit` and the page
 * stays, instead of the browser sending the form and loading another page.
 */
export function SubmitForm({
  onSubmit,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}

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
      component={SubmitForm}
      noValidate
      data-testid={testId}
      onSubmit={onSubmit}
    >
      {children}
    </Card>
  );
}

/** The end of a form in a modal or drawer: «انصراف» and the submit button, which shows it is working. */
export function FormActions({
  submitLabel,
  loading,
  onCancel,
}: {
  submitLabel: string;
  loading?: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        {fa.confirm.cancel}
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
