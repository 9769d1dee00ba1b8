import type { InvoiceView, MoneyUnit } from '@madreseh/contract/payments/payment-schemas';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { DigitsInput } from '../../../ui/digits-input';
import { SubmitForm } from '../../../ui/form-parts';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { useInvoiceAction } from '../api';
import { pm } from '../messages';
import { fromRials, toRials } from './money';

/** What the office is doing to a student's invoices: a new one, or an edit, cancel or payment of one. */
export type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; invoice: InvoiceView }
  | { kind: 'cancel'; invoice: InvoiceView }
  | { kind: 'manual'; invoice: InvoiceView }
  | null;

/** The dialog's fields, filled afresh each time another dialog opens, and the action that sends them. */
function useInvoiceDialog(dialog: Dialog, studentId: number, unit: MoneyUnit, onClose: () => void) {
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
  return {
    action,
    save,
    fields,
    values: { title, description, amount, dueDate, text },
    set: { setTitle, setDescription, setAmount, setDueDate, setText },
  };
}

type DialogState = ReturnType<typeof useInvoiceDialog>;

/** Creates, edits or cancels an invoice, or records a payment made at the office. */
export function InvoiceDialog({
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
  const state = useInvoiceDialog(dialog, studentId, unit, onClose);
  const { action, fields, values, set } = state;
  const titles = { create: pm.newInvoice, edit: pm.editInvoice, cancel: pm.confirmCancel, manual: pm.manualPayment };
  const unitLabel = `${pm.amount} (${pm.unitLabel[unit]})`;
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog ? titles[dialog.kind] : ''} centered>
      <SubmitForm onSubmit={state.save} noValidate>
        <Stack>
          {invoice && <Alert variant="light">{invoice.title}</Alert>}
          {action.error && <Alert color="red">{action.error.message}</Alert>}
          {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
            <InvoiceFields state={state} unitLabel={unitLabel} />
          )}
          {dialog?.kind === 'manual' && <ManualFields state={state} unitLabel={unitLabel} />}
          {dialog?.kind === 'cancel' && (
            <Textarea
              label={pm.cancelReason}
              value={values.text}
              onChange={(e) => set.setText(e.currentTarget.value)}
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
      </SubmitForm>
    </Modal>
  );
}

function InvoiceFields({ state, unitLabel }: { state: DialogState; unitLabel: string }) {
  const { fields, values, set } = state;
  return (
    <>
      <TextInput
        label={pm.title}
        value={values.title}
        onChange={(e) => set.setTitle(e.currentTarget.value)}
        error={fields.title}
        required
        data-autofocus
      />
      <Textarea
        label={pm.description}
        value={values.description}
        onChange={(e) => set.setDescription(e.currentTarget.value)}
        error={fields.description}
        autosize
      />
      <AmountField state={state} unitLabel={unitLabel} />
      <JalaliDateInput
        label={pm.dueDate}
        value={values.dueDate}
        onChange={set.setDueDate}
        error={fields.dueDate}
        required
      />
    </>
  );
}

function ManualFields({ state, unitLabel }: { state: DialogState; unitLabel: string }) {
  const { fields, values, set } = state;
  return (
    <>
      <AmountField state={state} unitLabel={unitLabel} autoFocus />
      <TextInput
        label={pm.note}
        value={values.text}
        onChange={(e) => set.setText(e.currentTarget.value)}
        error={fields.note}
      />
    </>
  );
}

/** The amount, in the school's unit; first in the dialog of a payment made at the office. */
function AmountField({
  state: { fields, values, set },
  unitLabel,
  autoFocus,
}: {
  state: DialogState;
  unitLabel: string;
  autoFocus?: boolean;
}) {
  return (
    <DigitsInput
      label={unitLabel}
      value={values.amount}
      onChange={set.setAmount}
      grouped
      error={fields.amount}
      required
      data-autofocus={autoFocus || undefined}
    />
  );
}
