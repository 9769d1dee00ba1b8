import type { TeacherCredentials } from '@madreseh/contract/teacher/teacher.contract';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/school-profile';
import { Brand } from '../../../ui/brand';
import { SignatureBox } from '../../../ui/signature-box';
import { teachersFa as t } from '../messages';

/** A printable A4 login slip; the password travels only in the page's history state, never in the URL. */
export function Component() {
  const c = (useLocation().state as { credentials?: TeacherCredentials } | null)?.credentials;
  usePageTitle(t.slip.title);
  if (!c) {
    return (
      <Stack>
        <Alert color="yellow">{t.slip.missing}</Alert>
        <Anchor component={Link} to="/dashboard/teachers">
          {t.slip.back}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="xl" data-testid="login-slip">
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to="/dashboard/teachers">
          {t.slip.back}
        </Anchor>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t.slip.print}
        </Button>
      </Group>
      <Stack gap="md" data-testid="login-slip-item">
        <Group justify="space-between" align="center">
          <Brand size={44} full />
          <Text size="sm">{formatJalaliDate(new Date())}</Text>
        </Group>
        <Title order={2} fz="h3" ta="center">
          {t.slip.title}
        </Title>
        <Table withTableBorder withColumnBorders fz="md">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="35%">{t.slip.teacher}</Table.Th>
              <Table.Td>{c.fullName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t.slip.username}</Table.Th>
              <Table.Td dir="ltr" ta="right" ff="monospace" data-testid="slip-username">
                {c.username}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t.slip.password}</Table.Th>
              <Table.Td dir="ltr" ta="right" ff="monospace" data-testid="slip-password">
                {c.password}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t.slip.address}</Table.Th>
              <Table.Td dir="ltr" ta="right">
                {`${window.location.origin}/auth`}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">{t.slip.hint}</Text>
        <Group justify="flex-end" fz="sm">
          <SignatureBox label={t.slip.stamp} stamp room={56} width={200} />
        </Group>
      </Stack>
    </Stack>
  );
}
