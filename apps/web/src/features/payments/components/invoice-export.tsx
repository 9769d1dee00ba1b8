import { formatJalaliIso, jalaliMonthLength, jalaliToIso, todayIso, toJalali } from '@madreseh/contract/jalali';
import { exportRangeProblem } from '@madreseh/contract/payments/payment-schemas';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { downloadInvoices } from '../api';
import { pm } from '../messages';

/** The first and last day (ISO) of the current Jalali month. */
function currentMonth(): { from: string; to: string } {
  const { year, month } = toJalali(todayIso());
  return { from: jalaliToIso(year, month, 1), to: jalaliToIso(year, month, jalaliMonthLength(year, month)) };
}

/** `2026-04-21` → `1405-02-01`: the Jalali date for a file name. */
const fileDate = (iso: string) => formatJalaliIso(iso).replaceAll('/', '-');

/** Downloads the XLSX of the invoices due, and the payments sent or decided, in a Jalali date range. */
export function InvoiceExport() {
  const [from, setFrom] = useState<string | null>(() => currentMonth().from);
  const [to, setTo] = useState<string | null>(() => currentMonth().to);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = from && to ? exportRangeProblem(from, to) : null;

  const download = async () => {
    if (!from || !to || problem) return;
    setBusy(true);
    setServerError(null);
    try {
      await downloadInvoices(from, to, `invoices-${fileDate(from)}-${fileDate(to)}.xlsx`);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : pm.exportFailed;
      setServerError(message);
      notifications.show({ color: 'red', message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="invoice-export">
      <Title order={2} fz="h4">
        {pm.exportTitle}
      </Title>
      <Text c="dimmed" fz="sm" mb="sm">
        {pm.exportDescription}
      </Text>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <JalaliDateInput
          label={pm.exportFrom}
          value={from}
          onChange={(v) => {
            setFrom(v);
            setServerError(null);
          }}
          w={170}
          required
        />
        <JalaliDateInput
          label={pm.exportTo}
          value={to}
          onChange={(v) => {
            setTo(v);
            setServerError(null);
          }}
          w={170}
          required
          error={problem ?? serverError ?? undefined}
        />
        <Button
          mt={25}
          variant="light"
          leftSection={<IconDownload size={18} />}
          loading={busy}
          disabled={!from || !to || Boolean(problem)}
          onClick={() => void download()}
        >
          {pm.exportButton}
        </Button>
      </Group>
    </Card>
  );
}
