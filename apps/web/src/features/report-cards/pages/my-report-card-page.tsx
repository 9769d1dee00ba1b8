import { TERMS, type Term } from '@madreseh/contract/terms';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { useViewer, viewerPath, wordsFor } from '../../../lib/viewer';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageHeader } from '../../../ui/page-header';
import { myReportCardQuery } from '../api';
import { ReportCardTable, termTitle } from '../components/report-card-view';
import { reportCardsFa as t } from '../messages';

/** Reads `?year=1405&term=first` (both or neither) into the report-card query. */
export function useTermChoice() {
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || undefined;
  const termParam = params.get('term');
  const term = termParam && (TERMS as readonly string[]).includes(termParam) ? (termParam as Term) : undefined;
  const choice = year && term ? { academicYear: year, term } : {};
  return { choice, params, setParams };
}

export function Component() {
  const viewer = useViewer();
  const { choice, params, setParams } = useTermChoice();
  const q = useQuery(myReportCardQuery(choice, viewer));
  const card = q.data?.card ?? null;
  return (
    <>
      <PageHeader title={t.title} description={card ? termTitle(card) : undefined} />
      <OfflineNotice at={q.data?.offlineAt ?? null} />
      {q.isPending ? (
        <Skeleton h={320} radius="md" />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : !card ? (
        <Alert color="gray" variant="light" data-testid="no-report-card">
          {wordsFor(viewer, t.none)}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="xs">
            {q.data.terms.length > 1 ? (
              <Select
                label={t.chooseTerm}
                data={q.data.terms.map((x) => ({ value: `${x.academicYear}:${x.term}`, label: termTitle(x) }))}
                value={`${card.academicYear}:${card.term}`}
                onChange={(v) => {
                  if (!v) return;
                  const [year, term] = v.split(':');
                  setParams({ year: year ?? '', term: term ?? '' });
                }}
                allowDeselect={false}
                w={{ base: '100%', xs: 320 }}
              />
            ) : (
              <span />
            )}
            <Button
              component={Link}
              to={`${viewerPath(viewer, 'report-card/print')}${params.toString() ? `?${params}` : ''}`}
              variant="light"
              leftSection={<IconPrinter size={18} />}
            >
              {t.print}
            </Button>
          </Group>
          <Card withBorder p={0}>
            <ReportCardTable card={card} />
          </Card>
          <Text size="sm" c="dimmed">
            {t.passMark(digitsToPersian(card.passMark))}
          </Text>
          <Text size="sm" data-testid="term-attendance">
            {`${t.absentDays}: ${digitsToPersian(card.attendance.absentDays)} — ${t.lates}: ${digitsToPersian(card.attendance.lates)}`}
          </Text>
          {card.remarks && (
            <Card withBorder>
              <Text fw={600} mb={4}>
                {t.remarks}
              </Text>
              <Text data-testid="remarks">{card.remarks}</Text>
            </Card>
          )}
        </Stack>
      )}
    </>
  );
}
