import type { MoneyUnit } from '@madreseh/contract/payments/payment-schemas';
import { ActionIcon, Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatNumber } from '../../../lib/format';
import { DigitsInput } from '../../../ui/digits-input';
import { FormCard } from '../../../ui/form-parts';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { useBulkCreateInvoices } from '../api';
import { pm } from '../messages';
import { money, toRials } from './money';

let rowSeq = 0;
const newRow = (): Row => ({ key: ++rowSeq, title: '', amount: '', dueDate: null });

interface Row {
  key: number;
  title: string;
  amount: string;
  dueDate: string | null;
}

/** A class as the bulk issue sees it: its name and number of active students. */
export interface ClassGroup {
  id: number;
  name: string;
  students: number;
}

/** What a bulk issue did: how many invoices for how many students, and why some were not issued. */
function bulkMessage(r: { created: number; students: number; skipped: number }): string {
  const done = pm.bulkDone(formatNumber(r.created), formatNumber(r.students));
  return !r.skipped ? done : r.created ? `${done} ${pm.bulkSkipped(formatNumber(r.skipped))}` : pm.bulkNothing;
}

/**
 * Bulk issue to a class: one invoice or installments, each with a title, amount and due date, issued to
 * every active student after a confirmation that says how many and how much.
 */
export function BulkInvoiceIssue({
  groupId,
  chosenGroup,
  unit,
}: {
  groupId: string | null;
  chosenGroup: ClassGroup | undefined;
  unit: MoneyUnit;
}) {
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkCreateInvoices({
    onSuccess: (r) => {
      notifications.show({ color: r.skipped ? 'yellow' : 'teal', message: bulkMessage(r) });
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
  const perStudent = rows.reduce((sum, r) => sum + (toRials(r.amount, unit) ?? 0), 0);

  return (
    <>
      <BulkConfirmModal
        opened={confirming}
        chosenGroup={chosenGroup}
        installments={rows.length}
        total={money(perStudent * (chosenGroup?.students ?? 0), unit)}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          issue();
        }}
      />
      {groupId && (
        <FormCard
          onSubmit={() => {
            // Many invoices at once: say how many and how much, and ask first.
            setConfirming(true);
          }}
        >
          <Title order={2} fz="h4" mb="sm">
            {pm.bulkTitle}
          </Title>
          <InstallmentRows rows={rows} unit={unit} error={bulk.error} issuing={bulk.isPending} onChange={setRows} />
        </FormCard>
      )}
    </>
  );
}

function BulkConfirmModal({
  opened,
  chosenGroup,
  installments,
  total,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  chosenGroup: ClassGroup | undefined;
  installments: number;
  total: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={pm.bulkConfirmTitle} centered>
      <Stack>
        <Text data-testid="bulk-preview">
          {pm.bulkPreview(formatNumber(chosenGroup?.students ?? 0), formatNumber(installments), total)}
        </Text>
        <Text fz="sm" c="dimmed">
          {chosenGroup?.name}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {pm.cancel}
          </Button>
          <Button onClick={onConfirm}>{pm.bulkConfirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The installments being issued, one row each, with «add» and «issue». */
function InstallmentRows({
  rows,
  unit,
  error,
  issuing,
  onChange,
}: {
  rows: Row[];
  unit: MoneyUnit;
  error: Error | null;
  issuing: boolean;
  onChange: (rows: Row[]) => void;
}) {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  return (
    <Stack gap="sm">
      {error && <Alert color="red">{error.message}</Alert>}
      {rows.map((r, i) => (
        <InstallmentRow key={r.key} row={r} rows={rows} i={i} unit={unit} fields={fields} onChange={onChange} />
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => onChange([...rows, newRow()])}>
          {pm.addInstallment}
        </Button>
        <Button type="submit" loading={issuing}>
          {pm.issue}
        </Button>
      </Group>
    </Stack>
  );
}

function InstallmentRow({
  row: r,
  rows,
  i,
  unit,
  fields,
  onChange,
}: {
  row: Row;
  rows: Row[];
  i: number;
  unit: MoneyUnit;
  fields: Record<string, string>;
  onChange: (rows: Row[]) => void;
}) {
  const set = (patch: Partial<Row>) => onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs" style={{ alignItems: 'end' }}>
      <TextInput
        label={`${pm.title} — ${pm.installment(i + 1).replace(/\d+/, (d) => digitsToPersian(d))}`}
        value={r.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        error={fields[`installments.${i}.title`]}
        required
      />
      <DigitsInput
        label={`${pm.amount} (${pm.unitLabel[unit]})`}
        value={r.amount}
        grouped
        onChange={(v) => set({ amount: v })}
        error={fields[`installments.${i}.amount`]}
        required
      />
      <JalaliDateInput
        label={pm.dueDate}
        value={r.dueDate}
        onChange={(v) => set({ dueDate: v })}
        error={fields[`installments.${i}.dueDate`]}
        required
      />
      {rows.length > 1 && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={pm.removeInstallment}
          onClick={() => onChange(rows.filter((_, j) => j !== i))}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </SimpleGrid>
  );
}
