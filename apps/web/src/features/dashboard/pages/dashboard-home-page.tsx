import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import type { Dashboard } from '@madreseh/contract/dashboard/dashboard.contract';
import { academicYearLabel } from '@madreseh/contract/jalali';
import {
  PRE_REGISTER_STATUS_LABELS,
  PRE_REGISTER_STATUSES,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS, GRADE_LEVELS } from '@madreseh/contract/settings/settings.contract';
import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClipboardList,
  IconFileInvoice,
  IconMail,
  IconNews,
  IconPhoto,
  IconReceipt,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { dashboardQuery } from '../api';
import { dashboardFa } from '../messages';

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

/** A horizontal bar chart in plain CSS; each bar is a list item that names its figure. */
function Bars({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card withBorder radius="md" padding="md" data-testid="bar-chart">
      <Title order={2} fz="h5" mb="sm">
        {title}
      </Title>
      {rows.length === 0 && <Text c="dimmed">{dashboardFa.none}</Text>}
      <Stack gap={8} role="list">
        {rows.map((r) => (
          <Box key={r.label} role="listitem" aria-label={`${r.label}: ${digitsToPersian(r.count)}`}>
            <Group justify="space-between" mb={2}>
              <Text fz="sm">{r.label}</Text>
              <Text fz="sm" fw={700} className="tabular">
                {digitsToPersian(r.count)}
              </Text>
            </Group>
            <Box bg="gray.1" h={10} style={{ borderRadius: 5 }}>
              <Box bg="brand.6" h={10} w={`${(r.count / max) * 100}%`} style={{ borderRadius: 5 }} />
            </Box>
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * The dashboard's start page: one request, a card per figure the server answers. `superAdminCards`
 * come from other features (the backups card: app/pages/dashboard-home.tsx) and show to the super-admin only.
 */
export function DashboardHomePage({ superAdminCards }: { superAdminCards?: ReactNode }) {
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
      {d && <Figures d={d} />}
      {user.role === 'super-admin' && superAdminCards}
      {d?.preRegistrations && <PreRegisterBars d={d} />}
    </>
  );
}

/** One card per figure the server answered (a feature's figure only for those who may see it). */
function Figures({ d }: { d: Dashboard }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {d.preRegistrations && (
        <Figure
          to="/dashboard/pre-register"
          icon={<IconClipboardList />}
          label={dashboardFa.preRegisterTotal(digitsToPersian(academicYearLabel(d.preRegistrations.academicYear)))}
          value={d.preRegistrations.total}
          detail={dashboardFa.lastWeek(digitsToPersian(d.preRegistrations.lastWeek))}
        />
      )}
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
  );
}

/** The year's pre-registrations by status and by grade. */
function PreRegisterBars({ d }: { d: Dashboard }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
      <Bars
        title={dashboardFa.byStatus}
        rows={PRE_REGISTER_STATUSES.filter((st) => d.preRegistrations?.byStatus[st]).map((st) => ({
          label: PRE_REGISTER_STATUS_LABELS[st],
          count: d.preRegistrations?.byStatus[st] ?? 0,
        }))}
      />
      <Bars
        title={dashboardFa.byGrade}
        rows={GRADE_LEVELS.filter((g) => d.preRegistrations?.byGrade[g]).map((g) => ({
          label: GRADE_LABELS[g] ?? digitsToPersian(g),
          count: d.preRegistrations?.byGrade[g] ?? 0,
        }))}
      />
    </SimpleGrid>
  );
}
