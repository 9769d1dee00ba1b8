import { todayIso } from '@madreseh/contract/jalali';
import type { cardToCardViewSchema } from '@madreseh/contract/payments/payment-schemas';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import type { Viewer } from '../../../lib/viewer';
import { timeOf } from '../../../ui/digits-input';
import { invalidatePayments, sendCardToCard } from '../api';
import { pm } from '../messages';
import { fromRials, toRials } from './money';

export type CardToCardView = z.infer<typeof cardToCardViewSchema>;

/**
 * The card-to-card receipt form: its fields (the invoice from `?invoice=`, its remaining amount filled
 * in), the checks before sending, the upload with its progress and the server's refusals.
 */
export function useReceiptForm(data: CardToCardView | undefined, viewer: Viewer) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [invoiceId, setInvoiceId] = useState<string | null>(search.get('invoice'));
  const [amount, setAmount] = useState('');
  const [last4, setLast4] = useState('');
  const [tracking, setTracking] = useState('');
  const [date, setDate] = useState<string | null>(todayIso());
  const [time, setTime] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const unit = data?.moneyUnit ?? 'toman';
  const chosen = data?.invoices.find((i) => String(i.id) === invoiceId);
  useEffect(() => {
    // The remaining amount, ready to send as it is (shown grouped, «۱٬۲۵۰٬۰۰۰»).
    if (chosen) setAmount(fromRials(chosen.remaining, unit));
  }, [chosen, unit]);
  useEffect(() => {
    if (data && invoiceId && !data.invoices.some((i) => String(i.id) === invoiceId)) setInvoiceId(null);
  }, [data, invoiceId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const rials = toRials(amount, unit);
    if (!invoiceId) next.invoiceId = pm.chooseInvoice;
    if (!rials) next.amount = pm.amountInvalid;
    const t = timeOf(time) ?? '';
    if (!t) next.transferredAt = pm.timeInvalid;
    if (!date) next.transferredAt = pm.dateRequired;
    if (!file) next.file = pm.photoRequired;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length || !file || !rials || !date) return;
    const [hh, mm] = t.split(':');
    const transferredAt = new Date(`${date}T${hh}:${mm}:00+03:30`).toISOString();
    setProgress(0);
    try {
      await sendCardToCard(viewer, {
        file,
        fields: {
          invoiceId: invoiceId ?? undefined,
          amount: String(rials),
          cardLast4: last4,
          trackingNumber: tracking,
          transferredAt,
        },
        onProgress: setProgress,
      });
      notifications.show({ color: 'teal', message: pm.submitted });
      setInvoiceId(null);
      setAmount('');
      setLast4('');
      setTracking('');
      setTime('');
      setFile(null);
      await invalidatePayments(queryClient);
    } catch (err) {
      if (err instanceof ApiError) {
        setFormError(err.message);
        if (err.fields) setErrors(err.fields);
      } else throw err;
    } finally {
      setProgress(null);
    }
  }

  return {
    unit,
    submit,
    errors,
    formError,
    progress,
    fields: { invoiceId, amount, last4, tracking, date, time, file },
    set: { setInvoiceId, setAmount, setLast4, setTracking, setDate, setTime, setFile },
  };
}

export type ReceiptForm = ReturnType<typeof useReceiptForm>;
