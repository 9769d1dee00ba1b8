import type { InvoiceStatus } from '@madreseh/contract/payments/payment-schemas';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatJalaliDate, formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { DigitsInput } from '../../../ui/digits-input';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import {
  groupsQuery,
  invoiceListQuery,
  paymentSettingsQuery,
  useBulkCreateInvoices,
  useBulkUpdateInvoices,
} from '../api';
import { InvoiceExport } from '../components/invoice-export';
import { InvoiceStatusBadge, money, toRials } from '../components/money';
import { pm } from '../messages';

let rowSeq = 0;
const newRow = (): Row => ({ key: ++rowSeq, title: '', amount: '', dueDate: null });

interface Row {
  key: number;
  title: string;
  amount: string;
  dueDate: string | null;
}

/**
 * Invoices of a class: bulk issue (one invoice or installments), bulk due-date change and cancel;
 * the XLSX export of invoices and payments for a date range.
 */
export function Component() {
  const groups = useQuery(groupsQuery());
  const settings = useQuery(paymentSettingsQuery());
  const unit = settings.data?.moneyUnit ?? 'toman';
  const [groupId, setGroupId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [selected, setSelected] = useState<number[]>([]);
  const [newDue, setNewDue] = useState<string | null>(null);
  const [cancelReason, setCancelReason] = useState('');
  const list = useQuery({
    ...invoiceListQuery({
      ...(groupId ? { groupId: Number(groupId) } : {}),
      ...(status ? { status: status as InvoiceStatus } : {}),
    }),
    enabled: Boolean(groupId),
  });
  const bulk = useBulkCreateInvoices({
    onSuccess: (r) => {
      const done = pm.bulkDone(formatNumber(r.created), formatNumber(r.students));
      const message = !r.skipped
        ? done
        : r.created
          ? `${done} ${pm.bulkSkipped(formatNumber(r.skipped))}`
          : pm.bulkNothing;
      notifications.show({ color: r.skipped ? 'yellow' : 'teal', message });
      setRows([newRow()]);
    },
  });
  const issue = () =>
    bulk.mutate({
      groupId: Number(groupId),
      installments: rows.map((r) => ({
        title: r.title,
        amount: toRials(r.amount, unit) ?? 0,
        dueDate: r.dueDate ?? '',
      })),
    });
  const update = useBulkUpdateInvoices({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: pm.saved });
      setSelected([]);
      setCancelReason('');
    },
  });
  const bulkFields = bulk.error instanceof ApiError ? (bulk.error.fields ?? {}) : {};
  const [confirming, setConfirming] = useState(false);
  const chosenGroup = (groups.data ?? []).find((g) => String(g.id) === groupId);
  const perStudent = rows.reduce((sum, r) => sum + (toRials(r.amount, unit) ?? 0), 0);
  const items = list.data?.items ?? [];

  return (
    <>
      <PageHeader title={pm.invoicesTitle} crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }]} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={pm.bulkConfirmTitle} centered>
        <Stack>
          <Text data-testid="bulk-preview">
            {pm.bulkPreview(
              formatNumber(chosenGroup?.students ?? 0),
              formatNumber(rows.length),
              money(perStudent * (chosenGroup?.students ?? 0), unit),
            )}
          </Text>
          <Text fz="sm" c="dimmed">
            {chosenGroup?.name}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {pm.cancel}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                issue();
              }}
            >
              {pm.bulkConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Stack gap="lg">
        <InvoiceExport />
        <Select
          label={pm.group}
          placeholder={pm.chooseGroup}
          data={(groups.data ?? []).map((g) => ({
            value: String(g.id),
            label: `${g.name} (${digitsToPersian(String(g.academicYear))}) — ${pm.studentsCount(formatNumber(g.students))}`,
          }))}
          value={groupId}
          onChange={(v) => {
            setGroupId(v);
            setSelected([]);
          }}
          maw={480}
        />
        {groupId && (
          <Card
            withBorder
            radius="md"
            padding="md"
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              // Many invoices at once: say how many and how much, and ask first.
              setConfirming(true);
            }}
          >
            <Title order={2} fz="h4" mb="sm">
              {pm.bulkTitle}
            </Title>
            <Stack gap="sm">
              {bulk.error && <Alert color="red">{bulk.error.message}</Alert>}
              {rows.map((r, i) => (
                <SimpleGrid key={r.key} cols={{ base: 1, sm: 4 }} spacing="xs" style={{ alignItems: 'end' }}>
                  <TextInput
                    label={`${pm.title} — ${pm.installment(i + 1).replace(/\d+/, (d) => digitsToPersian(d))}`}
                    value={r.title}
                    onChange={(e) =>
                      setRows(rows.map((x, j) => (j === i ? { ...x, title: e.currentTarget.value } : x)))
                    }
                    error={bulkFields[`installments.${i}.title`]}
                    required
                  />
                  <DigitsInput
                    label={`${pm.amount} (${pm.unitLabel[unit]})`}
                    value={r.amount}
                    grouped
                    onChange={(v) => setRows(rows.map((x, j) => (j === i ? { ...x, amount: v } : x)))}
                    error={bulkFields[`installments.${i}.amount`]}
                    required
                  />
                  <JalaliDateInput
                    label={pm.dueDate}
                    value={r.dueDate}
                    onChange={(v) => setRows(rows.map((x, j) => (j === i ? { ...x, dueDate: v } : x)))}
                    error={bulkFields[`installments.${i}.dueDate`]}
                    required
                  />
                  {rows.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={pm.removeInstallment}
                      onClick={() => setRows(rows.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  )}
                </SimpleGrid>
              ))}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={18} />}
                  onClick={() => setRows([...rows, newRow()])}
                >
                  {pm.addInstallment}
                </Button>
                <Button type="submit" loading={bulk.isPending}>
                  {pm.issue}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
        {groupId && (
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
            {selected.length > 0 && (
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
            )}
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={pm.all}
                        checked={items.length > 0 && selected.length === items.length}
                        onChange={(e) => setSelected(e.currentTarget.checked ? items.map((i) => i.id) : [])}
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
                            setSelected(
                              e.currentTarget.checked ? [...selected, i.id] : selected.filter((x) => x !== i.id),
                            )
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
          </Card>
        )}
      </Stack>
    </>
  );
}
