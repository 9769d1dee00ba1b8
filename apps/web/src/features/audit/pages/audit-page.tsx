import type { AuditEntry } from '@madreseh/contract/audit/audit.contract';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditDetailsLine } from '@madreseh/contract/audit/audit-labels';
import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { Badge, Button, Card, Checkbox, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { digitsToPersian, formatJalaliDateTime } from '../../../lib/format';
import { EmptyNote } from '../../../ui/empty-note';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { toastError } from '../../../ui/toasts';
import { useCardList } from '../../../ui/use-card-list';
import { type AuditFilter, auditQuery, downloadAudit } from '../api';
import { auditFa as m } from '../messages';

const PAGE_SIZE = 25;

/** The recorded fields in one short line (a change as `before ← after`), with Persian digits. */
export function detailsLine(details: AuditEntry['details']): string {
  return digitsToPersian(auditDetailsLine(details));
}

const actionOf = (e: AuditEntry) => AUDIT_ACTION_LABELS[e.action] ?? e.action;
const entityOf = (e: AuditEntry) => AUDIT_ENTITY_LABELS[e.entity] ?? e.entity;
const recordOf = (e: AuditEntry) => `${entityOf(e)}${e.entityId ? ` ${digitsToPersian(e.entityId)}` : ''}`;
const whoOf = (e: AuditEntry) => (e.user ? e.user.fullName : m.system);

function ActionBadge({ e }: { e: AuditEntry }) {
  return (
    <Badge color={e.money ? 'orange' : 'gray'} variant={e.money ? 'filled' : 'light'} data-money={e.money || undefined}>
      {actionOf(e)}
    </Badge>
  );
}

/** `/dashboard/audit`: the audit log, newest first, with filters, pages and an XLSX export. */
export function Component() {
  const { user } = useRouteLoaderData('dashboard') as { user: SessionUser };
  const superAdmin = user.role === 'super-admin';
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const cards = useCardList();
  const list = useQuery(auditQuery(filter, page, PAGE_SIZE));
  const data = list.data;

  const change = (patch: Partial<AuditFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      await downloadAudit(filter);
    } catch (err) {
      toastError(err, m.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader title={m.title} description={superAdmin ? m.descriptionAll : m.descriptionOwn} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <AuditFilters
            filter={filter}
            data={data}
            superAdmin={superAdmin}
            exporting={exporting}
            onChange={change}
            onExport={exportFile}
          />
          {data && (
            <Text fz="sm" c="dimmed">
              {m.total(digitsToPersian(data.total))}
            </Text>
          )}
          {!data && <Skeleton h={240} />}
          {data && cards && <AuditCards items={data.items} />}
          {data && !cards && <AuditTable items={data.items} />}
          {data && data.items.length === 0 && <EmptyNote py="md">{m.none}</EmptyNote>}
          <PersianPagination of={data} page={page} onChange={setPage} mt={0} justify="flex-start" />
        </Stack>
      </Card>
    </>
  );
}

/** The log's filters (a person for the super-admin only) and the export of what they keep. */
function AuditFilters({
  filter,
  data,
  superAdmin,
  exporting,
  onChange,
  onExport,
}: {
  filter: AuditFilter;
  data: { people: { id: number; fullName: string }[]; entities: string[] } | undefined;
  superAdmin: boolean;
  exporting: boolean;
  onChange: (patch: Partial<AuditFilter>) => void;
  onExport: () => void;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {superAdmin && (
        <Select
          label={m.person}
          placeholder={m.allPeople}
          clearable
          w={200}
          data={(data?.people ?? []).map((p) => ({ value: String(p.id), label: p.fullName }))}
          value={filter.userId ? String(filter.userId) : null}
          onChange={(v) => onChange({ userId: v ? Number(v) : undefined })}
        />
      )}
      <Select
        label={m.entity}
        placeholder={m.allEntities}
        clearable
        w={180}
        data={(data?.entities ?? []).map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] ?? e }))}
        value={filter.entity ?? null}
        onChange={(v) => onChange({ entity: v ?? undefined })}
      />
      <JalaliDateInput
        label={m.from}
        value={filter.from ?? null}
        onChange={(v) => onChange({ from: v ?? undefined })}
        clearable
        w={160}
      />
      <JalaliDateInput
        label={m.to}
        value={filter.to ?? null}
        onChange={(v) => onChange({ to: v ?? undefined })}
        clearable
        w={160}
      />
      <Checkbox
        mb={8}
        label={m.moneyOnly}
        checked={filter.money === '1'}
        onChange={(e) => onChange({ money: e.currentTarget.checked ? '1' : undefined })}
      />
      <Button variant="light" leftSection={<IconFileSpreadsheet size={18} />} loading={exporting} onClick={onExport}>
        {m.export}
      </Button>
    </Group>
  );
}

/** The entries as cards, for phones. */
function AuditCards({ items }: { items: AuditEntry[] }) {
  return (
    <Stack gap="sm">
      {items.map((e) => (
        <Card key={e.id} withBorder radius="md" padding="sm" data-testid="audit-row">
          <Group justify="space-between" gap="xs">
            <ActionBadge e={e} />
            <Text fz="xs" c="dimmed">
              {formatJalaliDateTime(e.at)}
            </Text>
          </Group>
          <Text fz="sm" mt={6}>
            {whoOf(e)} — {recordOf(e)}
          </Text>
          {e.details && (
            <Text fz="xs" c="dimmed" mt={4}>
              {detailsLine(e.details)}
            </Text>
          )}
          {e.ip && (
            <Text fz="xs" c="dimmed" dir="ltr" ta="right">
              {e.ip}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** The entries as a table, on wide screens. */
function AuditTable({ items }: { items: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.when}</Table.Th>
            <Table.Th>{m.who}</Table.Th>
            <Table.Th>{m.what}</Table.Th>
            <Table.Th>{m.record}</Table.Th>
            <Table.Th>{m.details}</Table.Th>
            <Table.Th>{m.ip}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr key={e.id} data-testid="audit-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatJalaliDateTime(e.at)}</Table.Td>
              <Table.Td>{whoOf(e)}</Table.Td>
              <Table.Td>
                <ActionBadge e={e} />
              </Table.Td>
              <Table.Td>{recordOf(e)}</Table.Td>
              <Table.Td maw={360}>
                <Text fz="sm" lineClamp={2}>
                  {detailsLine(e.details)}
                </Text>
              </Table.Td>
              <Table.Td dir="ltr" style={{ textAlign: 'right' }}>
                {e.ip ?? ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
