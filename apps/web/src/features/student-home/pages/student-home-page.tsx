import { TERM_LABELS, type Term } from '@madreseh/contract/terms';
import { Alert, Anchor, Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconNews, IconReceipt2, IconReportAnalytics, IconSchool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { digitsToPersian, formatAcademicYear, formatDecimal, formatJalaliDate, formatMoney } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageHeader } from '../../../ui/page-header';
import { balanceQuery, latestNewsQuery, meQuery, noticesQuery } from '../api';
import { studentHomeFa as t } from '../messages';

/** The student's start page: greeting, class, the latest report-card average, news and what is still owed. */
export function Component() {
  const q = useQuery(meQuery());
  const me = q.data?.me;
  return (
    <>
      <PageHeader title={fa.student.home} description={me ? fa.student.greeting(me.fullName) : undefined} />
      <OfflineNotice at={q.data?.offlineAt ?? null} />
      {q.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : me ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder data-testid="class-card">
            <Group wrap="nowrap">
              <Avatar src={me.photoUrl} size={64} radius="xl" color="brand" alt={me.fullName}>
                {me.firstName.slice(0, 1)}
              </Avatar>
              <Stack gap={2}>
                <Title order={2} fz="h4">
                  {me.fullName}
                </Title>
                <Group gap={6}>
                  <IconSchool size={18} />
                  <Text data-testid="class-name">{me.groupName ?? t.noClass}</Text>
                </Group>
                {me.studentNumber && (
                  <Text size="sm" c="dimmed">
                    {t.studentNumber(digitsToPersian(me.studentNumber))}
                  </Text>
                )}
              </Stack>
            </Group>
          </Card>
          <StatCard testId="average-card" icon={IconReportAnalytics} label={t.latestReportCard}>
            {me.latestAverage ? (
              <>
                <Text fz={28} fw={800} className="tabular" data-testid="latest-average">
                  {me.latestAverage.average === null ? t.descriptive : formatDecimal(me.latestAverage.average)}
                </Text>
                <Text size="sm">{`${TERM_LABELS[me.latestAverage.term as Term] ?? ''} — ${formatAcademicYear(me.latestAverage.academicYear)}`}</Text>
                <Anchor component={Link} to="/student/report-card" size="sm">
                  {t.seeReportCard}
                </Anchor>
              </>
            ) : (
              <Text>{t.noReportCard}</Text>
            )}
          </StatCard>
          <NewsCard />
          <BalanceCard />
          {/* Last: it appears only when there are notices, and would push the cards below it down. */}
          <NoticesCard />
        </SimpleGrid>
      ) : null}
    </>
  );
}

/** The latest notices (an absence recorded), when there are any, with the way to the month's attendance. */
function NoticesCard() {
  const q = useQuery(noticesQuery());
  const latest = q.data?.items.slice(0, 2) ?? [];
  if (latest.length === 0) return null;
  return (
    <StatCard testId="notices-card" icon={IconBell} label={t.notices} color="red" list>
      {latest.map((n) => (
        <Text key={n.id} size="sm" fw={600}>
          {digitsToPersian(n.title)}
        </Text>
      ))}
      <Anchor component={Link} to="/student/attendance" size="sm">
        {t.seeAttendance}
      </Anchor>
    </StatCard>
  );
}

/** The newest news the student may read (pinned first), with a link to all of it. */
function NewsCard() {
  const q = useQuery(latestNewsQuery());
  const latest = q.data?.items ?? [];
  return (
    <StatCard testId="news-card" icon={IconNews} label={t.latestNews} list>
      {q.isPending ? (
        // As tall as the three one-line items it waits for, so the cards below do not move.
        [0, 1, 2].map((i) => (
          <Skeleton key={i}>
            <Text lineClamp={1}>&nbsp;</Text>
          </Skeleton>
        ))
      ) : q.isError ? (
        <Text size="sm">{q.error.message}</Text>
      ) : latest.length === 0 ? (
        <Text>{t.noNews}</Text>
      ) : (
        latest.map((n) => (
          <Anchor key={n.id} component={Link} to={`/student/news/${n.id}`} lineClamp={1}>
            {`${n.title} — ${formatJalaliDate(n.publishAt)}`}
          </Anchor>
        ))
      )}
      <Anchor component={Link} to="/student/news" size="sm">
        {t.allNews}
      </Anchor>
    </StatCard>
  );
}

/** What the student still owes across all invoices, with the way to pay. */
function BalanceCard() {
  const q = useQuery(balanceQuery());
  return (
    <StatCard testId="balance-card" icon={IconReceipt2} label={t.remaining}>
      {q.isPending ? (
        // The figure's and the link's lines, so the card keeps its height when they arrive.
        <Skeleton w={160}>
          <Text fz={24} fw={800}>
            &nbsp;
          </Text>
          <Text size="sm">&nbsp;</Text>
        </Skeleton>
      ) : q.isError ? (
        <Text size="sm">{q.error.message}</Text>
      ) : (
        <>
          <Text fz={24} fw={800} className="tabular" data-testid="balance">
            {q.data.totals.remaining > 0 ? formatMoney(q.data.totals.remaining, q.data.moneyUnit) : t.noDebt}
          </Text>
          <Anchor component={Link} to="/student/invoices" size="sm">
            {q.data.totals.remaining > 0 ? t.invoicesAndPay : t.seeInvoices}
          </Anchor>
        </>
      )}
    </StatCard>
  );
}

/** One card of the start page: a tinted icon, a grey label and what it tells; `list`: lines that fit the card. */
function StatCard({
  testId,
  icon: Icon,
  label,
  color,
  list = false,
  children,
}: {
  testId: string;
  icon: typeof IconBell;
  label: string;
  color?: string;
  list?: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder data-testid={testId}>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <Icon size={28} />
        </ThemeIcon>
        <Stack gap={list ? 6 : 2} style={list ? { minWidth: 0, flex: 1 } : undefined}>
          <Text c="dimmed" size="sm">
            {label}
          </Text>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}
