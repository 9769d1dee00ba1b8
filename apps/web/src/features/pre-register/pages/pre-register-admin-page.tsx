import {
  PRE_REGISTER_STATUS_LABELS,
  PRE_REGISTER_STATUSES,
  type PreRegisterExportFormat,
  type PreRegisterSort,
  type PreRegisterStatus,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS, GRADE_LEVELS } from '@madreseh/contract/settings/settings.contract';
import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { EmptyNote } from '../../../ui/empty-note';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PersianPagination } from '../../../ui/persian-pagination';
import { SearchInput } from '../../../ui/search-input';
import { useCardList } from '../../../ui/use-card-list';
import { downloadPreRegistrations, preRegistrationsQuery } from '../api';
import { DetailDrawer } from '../components/detail-drawer';
import { PreRegisterCards, PreRegisterTable } from '../components/pre-register-list';
import { preRegFa } from '../messages';

const PAGE_SIZE = 20;

/** The office's filters (a new filter starts at page one), the page of the list, and its export. */
function usePreRegisterFilter() {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [grade, setGrade] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [sort, setSort] = useState<PreRegisterSort>('newest');
  const [page, setPage] = useState(1);

  const filter = {
    q: debounced || undefined,
    status: (status ?? undefined) as PreRegisterStatus | undefined,
    grade: grade ? Number(grade) : undefined,
    from: from ?? undefined,
    to: to ?? undefined,
    sort,
  };
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page one
  useEffect(() => setPage(1), [filterKey]);
  const list = useQuery(preRegistrationsQuery({ ...filter, page, pageSize: PAGE_SIZE }));

  const download = (format: PreRegisterExportFormat) =>
    downloadPreRegistrations(filter, format).catch(() =>
      notifications.show({ color: 'red', message: preRegFa.exportFailed }),
    );
  const fields = { q, setQ, status, setStatus, grade, setGrade, from, setFrom, to, setTo, sort, setSort };
  return { fields, page, setPage, list, download };
}

type Filter = ReturnType<typeof usePreRegisterFilter>;

export function Component() {
  const { fields, page, setPage, list, download } = usePreRegisterFilter();
  const [openId, setOpenId] = useState<number | null>(null);
  const cards = useCardList();
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <DashboardPageHeader
        title={preRegFa.adminTitle}
        description={list.data ? preRegFa.total(formatNumber(total)) : preRegFa.adminDescription}
      />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <FilterFields f={fields} />
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={preRegFa.sortBy}
              data={[
                { value: 'newest', label: preRegFa.sortNewest },
                { value: 'name', label: preRegFa.sortName },
              ]}
              value={fields.sort}
              onChange={(v) => fields.setSort(v === 'name' ? 'name' : 'newest')}
            />
            <Button size="xs" variant="light" leftSection={<IconDownload size={16} />} onClick={() => download('xlsx')}>
              {preRegFa.exportXlsx}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconDownload size={16} />} onClick={() => download('csv')}>
              {preRegFa.exportCsv}
            </Button>
          </Group>
          {cards ? (
            <PreRegisterCards items={items} onOpen={setOpenId} />
          ) : (
            <PreRegisterTable items={items} onOpen={setOpenId} />
          )}
          {list.isSuccess && items.length === 0 && <EmptyNote py="md">{preRegFa.noResults}</EmptyNote>}
          <PersianPagination of={list.data} page={page} onChange={setPage} mt={0} justify="flex-start" />
        </Stack>
      </Card>
      <DetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

/** Search, status, grade and the dates between which a form was sent. */
function FilterFields({ f }: { f: Filter['fields'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
      <SearchInput label={preRegFa.search} value={f.q} onChange={f.setQ} />
      <Select
        aria-label={preRegFa.status}
        placeholder={preRegFa.allStatuses}
        clearable
        data={optionsOf(PRE_REGISTER_STATUSES, PRE_REGISTER_STATUS_LABELS)}
        value={f.status}
        onChange={f.setStatus}
      />
      <Select
        aria-label={preRegFa.grade}
        placeholder={preRegFa.allGrades}
        clearable
        data={GRADE_LEVELS.map((g) => ({ value: String(g), label: GRADE_LABELS[g] ?? String(g) }))}
        value={f.grade}
        onChange={f.setGrade}
      />
      <JalaliDateInput
        aria-label={preRegFa.from}
        placeholder={preRegFa.from}
        value={f.from}
        onChange={f.setFrom}
        clearable
      />
      <JalaliDateInput aria-label={preRegFa.to} placeholder={preRegFa.to} value={f.to} onChange={f.setTo} clearable />
    </SimpleGrid>
  );
}
