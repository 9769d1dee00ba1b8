import type { Credentials } from '@madreseh/contract/student/student.contract';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/school-profile';
import { Brand } from '../../../ui/brand';
import { SignatureBox } from '../../../ui/signature-box';
import { studentsFa as t } from '../messages';

function Slip({ c, parent }: { c: Credentials; parent: boolean }) {
  return (
    <Stack
      gap="md"
      data-testid="login-slip-item"
      style={{ breakInside: 'avoid', paddingBottom: 24, borderBottom: '1px dashed #999' }}
    >
      <Group justify="space-between" align="center">
        <Brand size={44} full />
        <Text size="sm">{formatJalaliDate(new Date())}</Text>
      </Group>
      <Title order={2} fz="h3" ta="center">
        {parent ? t.parentSlip.title : t.slip.title}
      </Title>
      <Table withTableBorder withColumnBorders fz="md">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="35%">{parent ? t.parentSlip.parent : t.slip.student}</Table.Th>
            <Table.Td>{c.fullName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{parent ? t.parentSlip.children : t.slip.group}</Table.Th>
            <Table.Td>{c.groupName ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t.credentials.username}</Table.Th>
            <Table.Td dir="ltr" ta="right" ff="monospace" data-testid="slip-username">
              {c.username}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t.credentials.password}</Table.Th>
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
      <Text size="sm">{parent ? t.parentSlip.hint : t.slip.hint}</Text>
      <Group justify="flex-end" fz="sm">
        <SignatureBox label={t.slip.stamp} stamp room={56} width={200} />
      </Group>
    </Stack>
  );
}

/** Printable A4 login slips of students (or of a parent, `state.parent`); the passwords travel only in the page's history state, never in the URL. */
export function Component() {
  const state = useLocation().state as { credentials?: Credentials[]; parent?: boolean } | null;
  const list = state?.credentials ?? [];
  const parent = state?.parent === true;
  usePageTitle(t.slip.title);
  if (list.length === 0) {
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
    <Stack gap="xl" data-testid="login-slip">
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to="/dashboard/student/list">
          {t.slip.back}
        </Anchor>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t.slip.print}
        </Button>
      </Group>
      {list.map((c) => (
        <Slip key={c.studentId} c={c} parent={parent} />
      ))}
    </Stack>
  );
}
