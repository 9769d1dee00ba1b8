import type { InvoiceView, MoneyUnit } from '@madreseh/contract/payments/payment-schemas';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { fa } from '../../../messages/fa';
import { DigitsInput } from '../../../ui/digits-input';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import { studentInvoiceQuery, useInvoiceAction } from '../api';
import { InvoiceCard, TotalsCard } from '../components/invoice-card';
import { fromRials, toRials } from '../components/money';
import { ReceiptReview } from '../components/receipt-review';
import { pm } from '../messages';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; invoice: InvoiceView }
  | { kind: 'cancel'; invoice: InvoiceView }
  | { kind: 'manual'; invoice: InvoiceView }
  | null;

/** A student's invoices for the office: totals, create/edit/cancel, manual payments, receipt decisions. */
export function Component() {
  const studentId = Number(useParams().id);
  const { data, isPending, error } = useQuery({ ...studentInvoiceQuery(studentId), enabled: studentId > 0 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const crumbs = [
    { label: fa.dashboard.home, to: '/dashboard' },
    { label: fa.dashboard.students, to: '/dashboard/student/list' },
  ];
  return (
    <>
      <PageHeader
        title={data ? `${fa.dashboard.studentInvoice}: ${data.student.fullName}` : fa.dashboard.studentInvoice}
        description={data?.student.groupName ?? undefined}
        crumbs={crumbs}
      />
      {isPending && <Loader aria-label={fa.dashboard.studentInvoice} />}
      {error && <Alert color="red">{error.message}</Alert>}
      {data && (
        <>
          <TotalsCard totals={data.totals} unit={data.moneyUnit} />
          <Group mb="md">
            <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
              {pm.newInvoice}
            </Button>
          </Group>
          {data.invoices.length === 0 && <Alert color="gray">{pm.noInvoices}</Alert>}
          <Stack gap="md">
            {data.invoices.map((inv) => {
              const untouched = inv.payments.every((p) => p.status === 'failed' || p.status === 'rejected');
              const live = inv.status !== 'cancelled';
              return (
                <InvoiceCard
                  key={inv.id}
                  invoice={inv}
                  unit={data.moneyUnit}
                  actions={
                    live ? (
                      <>
                        {inv.remaining > 0 && (
                          <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'manual', invoice: inv })}>
                            {pm.manualPayment}
                          </Button>
                        )}
                        {untouched && (
                          <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'edit', invoice: inv })}>
                            {pm.editInvoice}
                          </Button>
                        )}
                        {inv.paid === 0 && (
                          <Button
                            size="xs"
                            color="red"
                            variant="subtle"
                            onClick={() => setDialog({ kind: 'cancel', invoice: inv })}
                          >
                            {pm.cancelInvoice}
                          </Button>
                        )}
                      </>
                    ) : null
                  }
                  paymentActions={(p) => (
                    <>
                      {p.method === 'card_to_card' && <ReceiptReview payment={p} />}
                      {p.status === 'succeeded' && (
                        <Anchor component={Link} to={`/dashboard/student-invoice/${studentId}/receipt/${p.id}`} fz="xs">
                          {pm.printReceipt}
                        </Anchor>
                      )}
                    </>
                  )}
                />
              );
            })}
          </Stack>
          <InvoiceDialog dialog={dialog} studentId={studentId} unit={data.moneyUnit} onClose={() => setDialog(null)} />
        </>
      )}
    </>
  );
}

function InvoiceDialog({
  dialog,
  studentId,
  unit,
  onClose,
}: {
  dialog: Dialog;
  studentId: number;
  unit: MoneyUnit;
  onClose: () => void;
}) {
  const invoice = dialog && dialog.kind !== 'create' ? dialog.invoice : null;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [opened, setOpened] = useState<Dialog>(null);
  if (dialog !== opened) {
    setOpened(dialog);
    setFields({});
    setTitle(dialog?.kind === 'edit' ? dialog.invoice.title : '');
    setDescription(dialog?.kind === 'edit' ? (dialog.invoice.description ?? '') : '');
    setAmount(
      dialog?.kind === 'edit'
        ? fromRials(dialog.invoice.amount, unit)
        : dialog?.kind === 'manual'
          ? fromRials(dialog.invoice.remaining, unit)
          : '',
    );
    setDueDate(dialog?.kind === 'edit' ? dialog.invoice.dueDate : null);
    setText('');
  }
  const action = useInvoiceAction({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: pm.saved });
      onClose();
    },
    onError: (e) => setFields(e instanceof ApiError && e.fields ? e.fields : { _: e.message }),
  });
  const save = () => {
    if (!dialog) return;
    const rials = toRials(amount, unit) ?? 0;
    const body = { title, description: description || undefined, amount: rials, dueDate: dueDate ?? '' };
    action.mutate(
      dialog.kind === 'create'
        ? { kind: 'create', studentId, body }
        : dialog.kind === 'edit'
          ? { kind: 'edit', invoiceId: dialog.invoice.id, body }
          : dialog.kind === 'cancel'
            ? { kind: 'cancel', invoiceId: dialog.invoice.id, reason: text }
            : { kind: 'manual', invoiceId: dialog.invoice.id, amount: rials, note: text || undefined },
    );
  };
  const titles = { create: pm.newInvoice, edit: pm.editInvoice, cancel: pm.confirmCancel, manual: pm.manualPayment };
  const unitLabel = `${pm.amount} (${pm.unitLabel[unit]})`;
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog ? titles[dialog.kind] : ''} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        noValidate
      >
        <Stack>
          {invoice && <Alert variant="light">{invoice.title}</Alert>}
          {action.error && <Alert color="red">{action.error.message}</Alert>}
          {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
            <>
              <TextInput
                label={pm.title}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                error={fields.title}
                required
                data-autofocus
              />
              <Textarea
                label={pm.description}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                error={fields.description}
                autosize
              />
              <DigitsInput
                label={unitLabel}
                value={amount}
                onChange={setAmount}
                grouped
                error={fields.amount}
                required
              />
              <JalaliDateInput
                label={pm.dueDate}
                value={dueDate}
                onChange={setDueDate}
                error={fields.dueDate}
                required
              />
            </>
          )}
          {dialog?.kind === 'manual' && (
            <>
              <DigitsInput
                label={unitLabel}
                value={amount}
                onChange={setAmount}
                grouped
                error={fields.amount}
                required
                data-autofocus
              />
              <TextInput
                label={pm.note}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={fields.note}
              />
            </>
          )}
          {dialog?.kind === 'cancel' && (
            <Textarea
              label={pm.cancelReason}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={fields.reason}
              required
              autosize
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {pm.cancel}
            </Button>
            <Button type="submit" loading={action.isPending} color={dialog?.kind === 'cancel' ? 'red' : undefined}>
              {dialog?.kind === 'cancel' ? pm.cancelInvoice : pm.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
