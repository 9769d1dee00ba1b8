import { Button, Group } from '@mantine/core';
import { fa } from '../messages/fa';

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
