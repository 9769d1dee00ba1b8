import type { InvoiceStatus, invoiceRowSchema, MoneyUnit } from '@madreseh/contract/payments/payment-schemas';
import { Alert, Anchor, Button, Card, Checkbox, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatJalaliDate, formatNumber } from '../../../lib/format';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { invoiceListQuery, useBulkUpdateInvoices } from '../api';
import { pm } from '../messages';
import { InvoiceStatusBadge, money } from './money';

type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/**
 * The invoices of a class, filtered by status, with a checkbox a row; the selected ones get a new due
 * date or are cancelled together.
 */
export function GroupInvoiceList({
  groupId,
  unit,
  selected,
  onSelect,
}: {
  groupId: string | null;
  unit: MoneyUnit;
  selected: number[];
  onSelect: (ids: number[]) => void;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const list = useQuery({
    ...invoiceListQuery({
      ...(groupId ? { groupId: Number(groupId) } : {}),
      ...(status ? { status: status as InvoiceStatus } : {}),
    }),
    enabled: Boolean(groupId),
  });
  const items = list.data?.items ?? [];
  if (!groupId) return null;

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="h4">
          {pm.invoicesTitle}
        </Title>
        <Select
          aria-label={pm.status}
          data={[
            { value: '', label: pm.all },
            ...(Object.keys(pm.invoiceStatus) as InvoiceStatus[]).map((s) => ({
              value: s,
              label: pm.invoiceStatus[s],
            })),
          ]}
          value={status ?? ''}
          onChange={(v) => setStatus(v || null)}
          w={180}
        />
      </Group>
      <BulkUpdateBar selected={selected} onDone={() => onSelect([])} />
      <InvoiceTable items={items} unit={unit} selected={selected} onSelect={onSelect} />
    </Card>
  );
}

function BulkUpdateBar({ selected, onDone }: { selected: number[]; onDone: () => void }) {
  const [newDue, setNewDue] = useState<string | null>(null);
  const [cancelReason, setCancelReason] = useState('');
  const update = useBulkUpdateInvoices({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: pm.saved });
      onDone();
      setCancelReason('');
    },
  });
  if (selected.length === 0) return null;
  return (
    <Card bg="gray.0" padding="sm" mb="sm">
      <Text fz="sm" mb="xs">
        {pm.selected(formatNumber(selected.length))}
      </Text>
      {update.error && (
        <Alert color="red" mb="xs">
          {update.error.message}
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <JalaliDateInput label={pm.newDueDate} value={newDue} onChange={setNewDue} w={180} />
        <Button
          variant="light"
          disabled={!newDue}
          onClick={() => newDue && update.mutate({ ids: selected, dueDate: newDue })}
        >
          {pm.moveDue}
        </Button>
        <TextInput
          label={pm.cancelReason}
          value={cancelReason}
          onChange={(e) => setCancelReason(e.currentTarget.value)}
        />
        <Button
          color="red"
          variant="light"
          disabled={!cancelReason.trim()}
          onClick={() => update.mutate({ ids: selected, cancelReason })}
        >
          {pm.bulkCancel}
        </Button>
      </Group>
    </Card>
  );
}

function InvoiceTable({
  items,
  unit,
  selected,
  onSelect,
}: {
  items: InvoiceRow[];
  unit: MoneyUnit;
  selected: number[];
  onSelect: (ids: number[]) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={pm.all}
                checked={items.length > 0 && selected.length === items.length}
                onChange={(e) => onSelect(e.currentTarget.checked ? items.map((i) => i.id) : [])}
              />
            </Table.Th>
            <Table.Th>{pm.student}</Table.Th>
            <Table.Th>{pm.title}</Table.Th>
            <Table.Th>{pm.amount}</Table.Th>
            <Table.Th>{pm.remaining}</Table.Th>
            <Table.Th>{pm.dueDate}</Table.Th>
            <Table.Th>{pm.status}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`${i.studentName} ${i.title}`}
                  checked={selected.includes(i.id)}
                  onChange={(e) =>
                    onSelect(e.currentTarget.checked ? [...selected, i.id] : selected.filter((x) => x !== i.id))
                  }
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/student-invoice/${i.studentId}`}>
                  {i.studentName}
                </Anchor>
              </Table.Td>
              <Table.Td>{i.title}</Table.Td>
              <Table.Td>{money(i.amount, unit)}</Table.Td>
              <Table.Td>{money(i.remaining, unit)}</Table.Td>
              <Table.Td>{formatJalaliDate(i.dueDate)}</Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={i.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
