import { amountInWords } from '@madreseh/contract/bank';
import { PAGES, pathWith } from '@madreseh/contract/paths';
import type { MoneyUnit, PaymentView } from '@madreseh/contract/payments/payment-schemas';
import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { readUser } from '../../../lib/cookies';
import { formatJalaliDateTime } from '../../../lib/format';
import { usePageTitle, useSchoolName } from '../../../lib/school-profile';
import { useViewer, viewerPath } from '../../../lib/viewer';
import { CopyableCode } from '../../../ui/copyable-code';
import { ReceiptFoot, ReceiptHead, ReceiptRow, ReceiptTable } from '../../../ui/receipt-table';
import { childrenQuery, paymentResultQuery } from '../api';
import { money } from '../components/money';
import { pm } from '../messages';

/**
 * A printable receipt of one of the student's payments: the school's letterhead, the student, the
 * invoice, the amount in digits and in Persian words, the method, the reference and the date.
 */
export function Component() {
  const viewer = useViewer();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...paymentResultQuery(id, viewer), enabled: valid });
  const children = useQuery({ ...childrenQuery(), enabled: viewer.kind === 'parent' });
  const childName =
    viewer.kind === 'parent' ? children.data?.items.find((c) => c.id === viewer.childId)?.fullName : undefined;
  usePageTitle(pm.receiptTitle);
  if (valid && q.isPending) return <Skeleton h={400} />;
  const p = q.data;
  return (
    <ReceiptSheet
      payment={p ?? null}
      found={Boolean(p)}
      studentName={(viewer.kind === 'parent' ? childName : readUser()?.fullName) ?? '—'}
      invoiceTitle={p?.invoiceTitle ?? ''}
      unit={p?.moneyUnit ?? 'toman'}
      back={viewerPath(viewer, 'invoices')}
      wholeReceipt={
        viewer.kind === 'parent' && p?.batchId ? pathWith(PAGES.parentBatchReceipt, { id: p.batchId }) : undefined
      }
    />
  );
}

/** The receipt itself, for the student's and the office's print pages alike. */
export function ReceiptSheet({
  payment: p,
  found,
  studentName,
  invoiceTitle,
  unit,
  back,
  wholeReceipt,
}: {
  payment: PaymentView | null;
  found: boolean;
  studentName: string;
  invoiceTitle: string;
  unit: MoneyUnit;
  back: string;
  /** A share of a pay-all: where the receipt of the whole payment is (when this reader may open it). */
  wholeReceipt?: string | undefined;
}) {
  const schoolName = useSchoolName();
  if (p?.status !== 'succeeded') {
    return (
      <Stack>
        <Alert color="gray">{found ? pm.receiptNotPaid : pm.unknownPayment}</Alert>
        <Anchor component={Link} to={back}>
          {pm.backToInvoices}
        </Anchor>
      </Stack>
    );
  }
  const whole = unit === 'toman' ? Math.floor(p.amount / 10) : p.amount;
  return (
    <Stack gap="md" data-testid="payment-receipt" maw={720} mx="auto">
      <ReceiptHead back={back} backLabel={pm.backToInvoices} printLabel={pm.printReceipt} title={pm.receiptTitle} />
      <ReceiptTable>
        <ReceiptRow label={pm.receiptStudent} value={studentName} />
        <ReceiptRow label={pm.invoice} value={invoiceTitle} />
        <ReceiptRow label={pm.amount} value={money(p.amount, unit)} testId="receipt-amount" />
        <ReceiptRow
          label={pm.amountInWords}
          value={`${amountInWords(whole)} ${pm.unitLabel[unit]}`}
          testId="receipt-words"
        />
        <ReceiptRow label={pm.receiptMethod} value={pm.method[p.method]} />
        {p.batchId && (
          <ReceiptRow
            label={pm.receiptShare}
            testId="receipt-share"
            value={
              <>
                {pm.receiptShareOf}{' '}
                {wholeReceipt && (
                  <Anchor component={Link} to={wholeReceipt} className="no-print">
                    {pm.receiptWhole}
                  </Anchor>
                )}
              </>
            }
          />
        )}
        {p.referenceId && <ReceiptRow label={pm.refId} value={<CopyableCode code={p.referenceId} fw={500} />} />}
        {p.trackingNumber && (
          <ReceiptRow label={pm.tracking} value={<CopyableCode code={p.trackingNumber} fw={500} />} />
        )}
        <ReceiptRow label={pm.receiptDate} value={formatJalaliDateTime(p.decidedAt ?? p.submittedAt)} />
      </ReceiptTable>
      <ReceiptFoot signature={pm.receiptSignature} line={pm.receiptFoot(schoolName)} />
    </Stack>
  );
}
