import type { InvoiceView } from '@madreseh/contract/payments/payment-schemas';
import { Alert, Anchor, Button, Group, Loader } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { studentInvoiceQuery } from '../api';
import { InvoiceList, TotalsCard } from '../components/invoice-card';
import { type Dialog, InvoiceDialog } from '../components/invoice-dialog';
import { ReceiptReview } from '../components/receipt-review';
import { pm } from '../messages';

/** A student's invoices for the office: totals, create/edit/cancel, manual payments, receipt decisions. */
export function Component() {
  const studentId = Number(useParams().id);
  const { data, isPending, error } = useQuery({ ...studentInvoiceQuery(studentId), enabled: studentId > 0 });
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <>
      <DashboardPageHeader
        title={data ? `${fa.dashboard.studentInvoice}: ${data.student.fullName}` : fa.dashboard.studentInvoice}
        description={data?.student.groupName ?? undefined}
        crumbs={[{ label: fa.dashboard.students, to: '/dashboard/student/list' }]}
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
          <InvoiceList
            invoices={data.invoices}
            unit={data.moneyUnit}
            // A cancelled invoice has no actions (and no actions bar).
            actions={(inv) =>
              inv.status !== 'cancelled' ? <InvoiceActions invoice={inv} onDialog={setDialog} /> : null
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
          <InvoiceDialog dialog={dialog} studentId={studentId} unit={data.moneyUnit} onClose={() => setDialog(null)} />
        </>
      )}
    </>
  );
}

/** What the office may do to a live invoice: take a payment, edit it while untouched, cancel it while unpaid. */
function InvoiceActions({ invoice: inv, onDialog }: { invoice: InvoiceView; onDialog: (d: Dialog) => void }) {
  const untouched = inv.payments.every((p) => p.status === 'failed' || p.status === 'rejected');
  return (
    <>
      {inv.remaining > 0 && (
        <Button size="xs" variant="light" onClick={() => onDialog({ kind: 'manual', invoice: inv })}>
          {pm.manualPayment}
        </Button>
      )}
      {untouched && (
        <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'edit', invoice: inv })}>
          {pm.editInvoice}
        </Button>
      )}
      {inv.paid === 0 && (
        <Button size="xs" color="red" variant="subtle" onClick={() => onDialog({ kind: 'cancel', invoice: inv })}>
          {pm.cancelInvoice}
        </Button>
      )}
    </>
  );
}
