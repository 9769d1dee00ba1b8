import type { Credentials } from '@madreseh/contract/student/student.contract';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { Brand } from '../../../ui/brand';
import { studentsFa as t } from '../messages';

/** A printable A4 login slip for one student; the password travels only in the page's history state. */
export function Component() {
  const credentials = (useLocation().state as { credentials?: Credentials } | null)?.credentials;
  useEffect(() => {
    document.title = `${t.slip.title} | ${fa.app.name}`;
  }, []);
  if (!credentials) {
    return (
      <Stack>
        <Alert color="yellow">{t.slip.missing}</Alert>
        <Anchor component={Link} to="/dashboard/student/list">
          {t.slip.back}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" data-testid="login-slip">
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to="/dashboard/student/list">
          {t.slip.back}
        </Anchor>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t.slip.print}
        </Button>
      </Group>
      <Group justify="space-between" align="center">
        <Brand size={48} />
        <Text size="sm">{formatJalaliDate(new Date())}</Text>
      </Group>
      <Title order={1} fz="h2" ta="center">
        {t.slip.title}
      </Title>
      <Table withTableBorder withColumnBorders fz="lg">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="35%">{t.slip.student}</Table.Th>
            <Table.Td>{credentials.fullName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t.slip.group}</Table.Th>
            <Table.Td>{credentials.groupName ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t.credentials.username}</Table.Th>
            <Table.Td dir="ltr" ta="right" ff="monospace" data-testid="slip-username">
              {credentials.username}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t.credentials.password}</Table.Th>
            <Table.Td dir="ltr" ta="right" ff="monospace" data-testid="slip-password">
              {credentials.password}
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
      <Text>{t.slip.hint}</Text>
    </Stack>
  );
}
