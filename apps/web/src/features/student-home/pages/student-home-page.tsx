import { TERM_LABELS, type Term } from '@madreseh/contract/report-card/report-card.contract';
import { Alert, Anchor, Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconReportAnalytics, IconSchool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageHeader } from '../../../ui/page-header';
import { meQuery } from '../api';

const formatAverage = (n: number) => digitsToPersian(String(n)).replace('.', '٫');

/** The student's start page: greeting, class and the latest report-card average. */
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
                  <Text data-testid="class-name">{me.groupName ?? 'هنوز کلاسی برای شما ثبت نشده است.'}</Text>
                </Group>
                {me.studentNumber && (
                  <Text size="sm" c="dimmed">{`شمارهٔ دانش‌آموزی ${digitsToPersian(me.studentNumber)}`}</Text>
                )}
              </Stack>
            </Group>
          </Card>
          <Card withBorder data-testid="average-card">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={48} radius="md" variant="light">
                <IconReportAnalytics size={28} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text c="dimmed" size="sm">
                  آخرین کارنامه
                </Text>
                {me.latestAverage ? (
                  <>
                    <Text fz={28} fw={800} className="tabular" data-testid="latest-average">
                      {me.latestAverage.average === null ? 'توصیفی' : formatAverage(me.latestAverage.average)}
                    </Text>
                    <Text size="sm">{`${TERM_LABELS[me.latestAverage.term as Term] ?? ''} — ${digitsToPersian(me.latestAverage.academicYear)}`}</Text>
                    <Anchor component={Link} to="/student/report-card" size="sm">
                      دیدن کارنامه
                    </Anchor>
                  </>
                ) : (
                  <Text>هنوز کارنامه‌ای منتشر نشده است.</Text>
                )}
              </Stack>
            </Group>
          </Card>
        </SimpleGrid>
      ) : null}
    </>
  );
}
