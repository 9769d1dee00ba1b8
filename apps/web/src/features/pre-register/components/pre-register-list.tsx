import {
  PRE_REGISTER_STATUS_LABELS,
  type PreRegistration,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS } from '@madreseh/contract/settings/settings.contract';
import { Badge, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { digitsToPersian, formatJalaliShort } from '../../../lib/format';
import { CopyableCode } from '../../../ui/copyable-code';
import { preRegFa } from '../messages';
import { STATUS_COLORS } from '../status-colors';

interface ListProps {
  items: PreRegistration[];
  onOpen: (id: number) => void;
}

/** The list on a phone: a card per form. */
export function PreRegisterCards({ items, onOpen }: ListProps) {
  return (
    <Stack gap="xs">
      {items.map((r) => (
        <Paper key={r.id} withBorder radius="md" p="sm" data-testid="pre-register-row">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <UnstyledButton onClick={() => onOpen(r.id)} c="brand.7" fw={600}>
              {r.firstName} {r.lastName}
            </UnstyledButton>
            <Badge color={STATUS_COLORS[r.status]} variant="dot" style={{ flexShrink: 0 }}>
              {PRE_REGISTER_STATUS_LABELS[r.status]}
            </Badge>
          </Group>
          <Group gap="xs" mt={4} wrap="wrap">
            <Text fz="sm" c="dimmed">
              {GRADE_LABELS[r.grade]}
            </Text>
            <Text fz="sm" c="dimmed" className="tabular" dir="ltr">
              {digitsToPersian(r.trackingCode)}
            </Text>
            <Text fz="sm" c="dimmed" className="tabular">
              {formatJalaliShort(r.createdAt)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The list on a wide screen: a table. */
export function PreRegisterTable({ items, onOpen }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{preRegFa.student}</Table.Th>
            <Table.Th>{preRegFa.grade}</Table.Th>
            <Table.Th>{preRegFa.trackingCode}</Table.Th>
            <Table.Th>{preRegFa.created}</Table.Th>
            <Table.Th>{preRegFa.status}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id} data-testid="pre-register-row">
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(r.id)} c="brand.7" fw={600}>
                  {r.firstName} {r.lastName}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{GRADE_LABELS[r.grade]}</Table.Td>
              <Table.Td>
                <CopyableCode code={r.trackingCode} fw={400} />
              </Table.Td>
              <Table.Td>{formatJalaliShort(r.createdAt)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[r.status]} variant="dot">
                  {PRE_REGISTER_STATUS_LABELS[r.status]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
