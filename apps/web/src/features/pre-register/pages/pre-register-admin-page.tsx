import {
  PRE_REGISTER_NEXT,
  PRE_REGISTER_STATUS_LABELS,
  PRE_REGISTER_STATUSES,
  type PreRegisterStatus,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS, GRADE_LEVELS } from '@madreseh/contract/settings/settings.contract';
import {
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatJalaliDateTime, formatJalaliShort, formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { CopyableCode } from '../../../ui/copyable-code';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { Ltr } from '../../../ui/ltr';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { useCardList } from '../../../ui/use-card-list';
import { downloadPreRegistrations, preRegistrationQuery, preRegistrationsQuery, useSetPreRegisterStatus } from '../api';
import { fieldSections } from '../fields';
import { preRegFa } from '../messages';

const PAGE_SIZE = 20;
export const STATUS_COLORS: Record<PreRegisterStatus, string> = {
  new: 'blue',
  reviewing: 'indigo',
  accepted: 'green',
  rejected: 'red',
  waitlisted: 'grape',
};

export function Component() {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [grade, setGrade] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [sort, setSort] = useState<'newest' | 'name'>('newest');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const cards = useCardList();

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
  const query = { ...filter, page, pageSize: PAGE_SIZE };
  const list = useQuery(preRegistrationsQuery(query));

  const download = (format: 'xlsx' | 'csv') =>
    downloadPreRegistrations(filter, format).catch(() =>
      notifications.show({ color: 'red', message: preRegFa.exportFailed }),
    );

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader
        title={preRegFa.adminTitle}
        description={list.data ? preRegFa.total(formatNumber(total)) : preRegFa.adminDescription}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }]}
      />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <TextInput
              leftSection={<IconSearch size={16} />}
              aria-label={preRegFa.search}
              placeholder={preRegFa.search}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
            />
            <Select
              aria-label={preRegFa.status}
              placeholder={preRegFa.allStatuses}
              clearable
              data={PRE_REGISTER_STATUSES.map((s) => ({ value: s, label: PRE_REGISTER_STATUS_LABELS[s] }))}
              value={status}
              onChange={setStatus}
            />
            <Select
              aria-label={preRegFa.grade}
              placeholder={preRegFa.allGrades}
              clearable
              data={GRADE_LEVELS.map((g) => ({ value: String(g), label: GRADE_LABELS[g] ?? String(g) }))}
              value={grade}
              onChange={setGrade}
            />
            <JalaliDateInput
              aria-label={preRegFa.from}
              placeholder={preRegFa.from}
              value={from}
              onChange={setFrom}
              clearable
            />
            <JalaliDateInput aria-label={preRegFa.to} placeholder={preRegFa.to} value={to} onChange={setTo} clearable />
          </SimpleGrid>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={preRegFa.sortBy}
              data={[
                { value: 'newest', label: preRegFa.sortNewest },
                { value: 'name', label: preRegFa.sortName },
              ]}
              value={sort}
              onChange={(v) => setSort(v === 'name' ? 'name' : 'newest')}
            />
            <Button size="xs" variant="light" leftSection={<IconDownload size={16} />} onClick={() => download('xlsx')}>
              {preRegFa.exportXlsx}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconDownload size={16} />} onClick={() => download('csv')}>
              {preRegFa.exportCsv}
            </Button>
          </Group>
          {cards ? (
            <Stack gap="xs">
              {items.map((r) => (
                <Paper key={r.id} withBorder radius="md" p="sm" data-testid="pre-register-row">
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <UnstyledButton onClick={() => setOpenId(r.id)} c="brand.7" fw={600}>
                      {r.firstName} {r.lastName}
                    </UnstyledButton>
                    <Badge color={STATUS_COLORS[r.status]} variant="dot" style={{ flexShrink: 0 }}>
                      {PRE_REGISTER_STATUS_LABELS[r.status]}
                    </Badge>
                  </Group>
                  <Group gap="xs" mt={4} wrap="wrap">
                    <Text fz="sm" c="dimmed">
                      {GRADE_LABELS[r.grade]}
                    </Text>
                    <Text fz="sm" c="dimmed" className="tabular" dir="ltr">
                      {digitsToPersian(r.trackingCode)}
                    </Text>
                    <Text fz="sm" c="dimmed" className="tabular">
                      {formatJalaliShort(r.createdAt)}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{preRegFa.student}</Table.Th>
                    <Table.Th>{preRegFa.grade}</Table.Th>
                    <Table.Th>{preRegFa.trackingCode}</Table.Th>
                    <Table.Th>{preRegFa.created}</Table.Th>
                    <Table.Th>{preRegFa.status}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((r) => (
                    <Table.Tr key={r.id} data-testid="pre-register-row">
                      <Table.Td>
                        <UnstyledButton onClick={() => setOpenId(r.id)} c="brand.7" fw={600}>
                          {r.firstName} {r.lastName}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{GRADE_LABELS[r.grade]}</Table.Td>
                      <Table.Td>
                        <CopyableCode code={r.trackingCode} fw={400} />
                      </Table.Td>
                      <Table.Td>{formatJalaliShort(r.createdAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[r.status]} variant="dot">
                          {PRE_REGISTER_STATUS_LABELS[r.status]}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {list.isSuccess && items.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {preRegFa.noResults}
            </Text>
          )}
          <PersianPagination
            pages={Math.ceil(total / PAGE_SIZE)}
            page={page}
            onChange={setPage}
            mt={0}
            justify="flex-start"
          />
        </Stack>
      </Card>
      <DetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function DetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ ...preRegistrationQuery(id ?? 0), enabled: id !== null });
  const [next, setNext] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const r = detail.data;
  useEffect(() => {
    setNext(null);
    setNote(r?.adminNote ?? '');
  }, [r?.adminNote]);
  const setStatus = useSetPreRegisterStatus(id ?? 0);
  const saveStatus = () =>
    setStatus.mutate(
      { status: (next ?? r?.status) as PreRegisterStatus, adminNote: note },
      {
        onSuccess: () => notifications.show({ color: 'green', message: preRegFa.saved }),
        onError: (err) =>
          notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : fa.errors.internalLine }),
      },
    );

  return (
    <Drawer opened={id !== null} onClose={onClose} position="left" size="lg" title={preRegFa.details}>
      {r && (
        <Stack gap="md" data-testid="pre-register-detail">
          <Group justify="space-between">
            <Text fw={700}>
              {preRegFa.trackingCode}: <CopyableCode code={r.trackingCode} fz="inherit" />
            </Text>
            <Badge color={STATUS_COLORS[r.status]} variant="dot" data-testid="detail-status">
              {PRE_REGISTER_STATUS_LABELS[r.status]}
            </Badge>
          </Group>
          {r.statusChangedAt && r.statusChangedBy && (
            <Text fz="sm" c="dimmed">
              {preRegFa.changedBy(r.statusChangedBy, formatJalaliDateTime(r.statusChangedAt))}
            </Text>
          )}
          {r.adminNote && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {preRegFa.adminNote}: {r.adminNote}
            </Text>
          )}
          <Card withBorder padding="sm">
            <Stack gap="xs">
              <Text fw={700}>{preRegFa.changeStatus}</Text>
              <Select
                label={preRegFa.newStatus}
                data={PRE_REGISTER_NEXT[r.status].map((s) => ({ value: s, label: PRE_REGISTER_STATUS_LABELS[s] }))}
                value={next}
                onChange={setNext}
              />
              <Textarea
                label={preRegFa.adminNote}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                autosize
                minRows={2}
              />
              <Group>
                <Button onClick={saveStatus} loading={setStatus.isPending} disabled={!next}>
                  {preRegFa.save}
                </Button>
                <Button
                  component={Link}
                  to={`/dashboard/pre-register/print/${r.id}`}
                  variant="light"
                  leftSection={<IconPrinter size={16} />}
                >
                  {preRegFa.print}
                </Button>
              </Group>
            </Stack>
          </Card>
          {fieldSections(r).map((sec) => (
            <div key={sec.title}>
              <Text fw={700} mb={4}>
                {sec.title}
              </Text>
              <Table withTableBorder>
                <Table.Tbody>
                  {sec.rows.map(([k, v, dir]) => (
                    <Table.Tr key={k}>
                      <Table.Th w="40%">{k}</Table.Th>
                      {/* Plain text: whatever the applicant typed, nothing in it runs. */}
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{dir ? <Ltr>{v}</Ltr> : v}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
