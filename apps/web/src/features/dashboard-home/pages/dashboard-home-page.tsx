import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { dashboardContract } from '@madreseh/contract/dashboard/dashboard.contract';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconFileInvoice,
  IconMail,
  IconNews,
  IconPhoto,
  IconReceipt,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { call } from '../../../lib/api-client';
import { digitsToPersian } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { dashboardFa } from '../messages';

const dashboardQuery = () =>
  queryOptions({
    queryKey: ['panel', 'dashboard'],
    queryFn: ({ signal }) => call(dashboardContract.get, { signal }),
  });

function Figure({
  to,
  icon,
  label,
  value,
  detail,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value: number;
  detail?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={to} data-testid="dashboard-card">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text c="dimmed" fz="sm">
            {label}
          </Text>
          <Text fz={32} fw={700} className="tabular">
            {digitsToPersian(value)}
          </Text>
          {detail && (
            <Text fz="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
        <ThemeIcon size={48} radius="md" variant="light">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** The dashboard's start page: one request, a card per figure the server answers. */
export function Component() {
  const { user } = useRouteLoaderData('dashboard') as { user: SessionUser };
  const d = useQuery(dashboardQuery()).data;
  return (
    <>
      <PageHeader title={fa.dashboard.home} description={fa.dashboard.greeting(user.fullName)} />
      {!d && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {d && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {d.messages && (
            <Figure
              to="/dashboard/contact-us"
              icon={<IconMail />}
              label={dashboardFa.unreadMessages}
              value={d.messages.unread}
              detail={dashboardFa.ofTotal(digitsToPersian(d.messages.total))}
            />
          )}
          <Figure
            to="/dashboard/news"
            icon={<IconNews />}
            label={dashboardFa.publishedNews}
            value={d.news.published}
            detail={dashboardFa.newsDetail(digitsToPersian(d.news.scheduled), digitsToPersian(d.news.draft))}
          />
          {d.gallery && (
            <Figure
              to="/dashboard/gallery"
              icon={<IconPhoto />}
              label={dashboardFa.photos}
              value={d.gallery.photos}
              detail={dashboardFa.albums(digitsToPersian(d.gallery.albums))}
            />
          )}
          {d.achievements && (
            <Figure
              to="/dashboard/achievement"
              icon={<IconTrophy />}
              label={dashboardFa.achievements}
              value={d.achievements.total}
            />
          )}
          {d.students && (
            <Figure
              to="/dashboard/student/list"
              icon={<IconUsers />}
              label={dashboardFa.students}
              value={d.students.active}
            />
          )}
          {d.invoices && (
            <Figure
              to="/dashboard/invoices"
              icon={<IconFileInvoice />}
              label={dashboardFa.unpaidInvoices}
              value={d.invoices.unpaid}
            />
          )}
          {d.receipts && (
            <Figure
              to="/dashboard/payments/pending"
              icon={<IconReceipt />}
              label={dashboardFa.pendingReceipts}
              value={d.receipts.pending}
            />
          )}
        </SimpleGrid>
      )}
    </>
  );
}
