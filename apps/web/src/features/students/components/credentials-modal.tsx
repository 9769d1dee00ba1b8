import type { Credentials } from '@madreseh/contract/students/students.contract';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { studentsFa as t } from '../messages';

/** Shows a student's username and new password once, with the way to print a login slip. */
export function CredentialsModal({ credentials, onClose }: { credentials: Credentials | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal opened={credentials !== null} onClose={onClose} title={t.credentials.title}>
      {credentials && (
        <Stack gap="sm" data-testid="credentials">
          <Text fw={600}>{credentials.fullName}</Text>
          {(['username', 'password'] as const).map((k) => (
            <Group key={k} justify="space-between">
              <Text c="dimmed">{t.credentials[k]}</Text>
              <Code fz="lg" data-testid={`cred-${k}`}>
                {credentials[k]}
              </Code>
            </Group>
          ))}
          <Alert color="yellow" variant="light">
            {t.credentials.once}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.credentials.close}
            </Button>
            <Button
              leftSection={<IconPrinter size={18} />}
              onClick={() => navigate('/dashboard/student/login-slip', { state: { credentials: [credentials] } })}
            >
              {t.credentials.print}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
