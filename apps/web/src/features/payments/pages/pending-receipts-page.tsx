import { Alert, Anchor, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { digitsToPersian, formatJalaliDateTime, formatNumber } from '../../../lib/format';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { Ltr } from '../../../ui/ltr';
import { PersianPagination, pageCount } from '../../../ui/persian-pagination';
import { pendingReceiptsQuery } from '../api';
import { money } from '../components/money';
import { ReceiptReview } from '../components/receipt-review';
import { pm } from '../messages';

/** Card-to-card receipts of every student waiting for a decision, oldest first, twenty to a page. */
export function Component() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery({ ...pendingReceiptsQuery(page), placeholderData: keepPreviousData });
  const pages = pageCount(data);
  // Deciding the last receipts of the last page leaves it empty: step back to a page that has some.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  return (
    <>
      <DashboardPageHeader title={pm.pendingQueue} description={data ? formatNumber(data.total) : undefined} />
      {isPending && <Loader aria-label={pm.pendingQueue} />}
      {error && <Alert color="red">{error.message}</Alert>}
      {data?.items.length === 0 && <Alert color="gray">{pm.noPending}</Alert>}
      <Stack gap="md">
        {data?.items.map((r) => (
          <Card key={r.id} withBorder radius="md" padding="md" data-testid={`receipt-${r.id}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={`/dashboard/student-invoice/${r.studentId}`} fw={700}>
                {r.studentName}
              </Anchor>
              <Text fw={700}>{money(r.amount, data.moneyUnit)}</Text>
            </Group>
            <Text fz="sm">
              {r.invoiceTitle}
              {r.groupName ? ` · ${r.groupName}` : ''} · {pm.remaining}: {money(r.invoiceRemaining, data.moneyUnit)}
            </Text>
            <Text fz="xs" c="dimmed">
              {pm.submittedAt}: {formatJalaliDateTime(r.submittedAt)}
              {r.trackingNumber && (
                <>
                  {` · ${pm.tracking}: `}
                  <Ltr>{digitsToPersian(r.trackingNumber)}</Ltr>
                </>
              )}
              {r.cardMasked ? ` · ${pm.cardEnding} ${digitsToPersian(r.cardMasked.slice(-4))}` : ''}
            </Text>
            <ReceiptReview payment={r} />
          </Card>
        ))}
      </Stack>
      <PersianPagination of={data} page={page} onChange={setPage} size="sm" justify="flex-start" />
    </>
  );
}
