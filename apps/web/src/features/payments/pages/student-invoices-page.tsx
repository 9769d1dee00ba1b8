import { Alert, Anchor, Button, Loader } from '@mantine/core';
import { IconCreditCard, IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useViewer, viewerPath } from '../../../lib/viewer';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { studentInvoicesQuery, useDirectPay } from '../api';
import { InvoiceList, TotalsCard } from '../components/invoice-card';
import { pm } from '../messages';

/** The student's invoices, payments and balance, with online and card-to-card payment. */
export function Component() {
  const viewer = useViewer();
  const { data, isPending, error } = useQuery(studentInvoicesQuery(viewer));
  const [payingId, setPayingId] = useState<number | null>(null);
  const pay = useDirectPay(viewer, { onStart: setPayingId, onFailed: () => setPayingId(null) });
  const online = data?.gateways[0];
  return (
    <>
      <PageHeader title={fa.student.invoices} />
      {isPending && <Loader aria-label={fa.student.invoices} />}
      {error && <Alert color="red">{error.message}</Alert>}
      {pay.error && (
        <Alert color="red" mb="md">
          {pay.error.message}
        </Alert>
      )}
      {data && (
        <>
          <TotalsCard totals={data.totals} unit={data.moneyUnit} />
          {online?.test && (
            <Alert color="yellow" variant="light" mb="md">
              {pm.testGatewayNote}
            </Alert>
          )}
          <InvoiceList
            invoices={data.invoices}
            unit={data.moneyUnit}
            paymentActions={(p) =>
              p.status === 'succeeded' ? (
                <Anchor component={Link} to={viewerPath(viewer, `payment/receipt/${p.id}`)} fz="xs">
                  {pm.printReceipt}
                </Anchor>
              ) : null
            }
            actions={(inv) =>
              inv.payable > 0 ? (
                <>
                  {online && (
                    <Button
                      leftSection={<IconWorldWww size={18} />}
                      loading={payingId === inv.id}
                      disabled={payingId !== null && payingId !== inv.id}
                      onClick={() => pay.mutate(inv.id)}
                    >
                      {pm.payOnline}
                    </Button>
                  )}
                  <Button
                    variant="light"
                    leftSection={<IconCreditCard size={18} />}
                    component={Link}
                    to={`${viewerPath(viewer, 'card-to-card')}?invoice=${inv.id}`}
                  >
                    {pm.cardToCard}
                  </Button>
                </>
              ) : null
            }
          />
        </>
      )}
    </>
  );
}
