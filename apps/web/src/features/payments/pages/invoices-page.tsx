import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { digitsToPersian, formatNumber } from '../../../lib/format';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { groupsQuery, paymentSettingsQuery } from '../api';
import { BulkInvoiceIssue } from '../components/bulk-invoice-issue';
import { GroupInvoiceList } from '../components/group-invoice-list';
import { InvoiceExport } from '../components/invoice-export';
import { pm } from '../messages';

/**
 * Invoices of a class: bulk issue (one invoice or installments), bulk due-date change and cancel;
 * the XLSX export of invoices and payments for a date range.
 */
export function Component() {
  const groups = useQuery(groupsQuery());
  const settings = useQuery(paymentSettingsQuery());
  const unit = settings.data?.moneyUnit ?? 'toman';
  const [groupId, setGroupId] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const chosenGroup = (groups.data ?? []).find((g) => String(g.id) === groupId);

  return (
    <>
      <DashboardPageHeader title={pm.invoicesTitle} />
      <Stack gap="lg">
        <InvoiceExport />
        <Select
          label={pm.group}
          placeholder={pm.chooseGroup}
          data={(groups.data ?? []).map((g) => ({
            value: String(g.id),
            label: `${g.name} (${digitsToPersian(String(g.academicYear))}) — ${pm.studentsCount(formatNumber(g.students))}`,
          }))}
          value={groupId}
          onChange={(v) => {
            setGroupId(v);
            setSelected([]);
          }}
          maw={480}
        />
        <BulkInvoiceIssue groupId={groupId} chosenGroup={chosenGroup} unit={unit} />
        <GroupInvoiceList groupId={groupId} unit={unit} selected={selected} onSelect={setSelected} />
      </Stack>
    </>
  );
}
