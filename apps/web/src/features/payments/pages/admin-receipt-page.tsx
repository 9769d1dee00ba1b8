import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/school-profile';
import { paymentSettingsQuery, studentInvoiceQuery } from '../api';
import { pm } from '../messages';
import { ReceiptSheet } from './receipt-page';

/** The office prints the receipt of one of a student's payments from the student's invoice page. */
export function Component() {
  const params = useParams();
  const studentId = Number(params.id);
  const paymentId = Number(params.paymentId);
  const q = useQuery({ ...studentInvoiceQuery(studentId), enabled: Number.isInteger(studentId) && studentId > 0 });
  const settings = useQuery(paymentSettingsQuery());
  usePageTitle(pm.receiptTitle);
  if (q.isPending || settings.isPending) return <Skeleton h={400} />;
  const invoice = q.data?.invoices.find((i) => i.payments.some((p) => p.id === paymentId));
  const payment = invoice?.payments.find((p) => p.id === paymentId) ?? null;
  return (
    <ReceiptSheet
      payment={payment}
      found={Boolean(payment)}
      studentName={q.data?.student.fullName ?? '—'}
      invoiceTitle={invoice?.title ?? ''}
      unit={settings.data?.moneyUnit ?? 'toman'}
      back={`/dashboard/student-invoice/${studentId}`}
    />
  );
}
