import { amountInWords } from '@madreseh/contract/bank';
import { PAGES, pathWith } from '@madreseh/contract/paths';
import { Alert, Anchor, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { readUser } from '../../../lib/cookies';
import { formatJalaliDateTime, formatMoney } from '../../../lib/format';
import { usePageTitle, useSchoolName } from '../../../lib/school-profile';
import { CopyableCode } from '../../../ui/copyable-code';
import { ReceiptFoot, ReceiptHead, ReceiptRow, ReceiptTable } from '../../../ui/receipt-table';
import { batchResultQuery } from '../api';
import { parentFa as t } from '../messages';

/**
 * The printable receipt of a parent's one payment of several invoices: the whole payment as the
 * bank's statement shows it (its reference, its total, the payer, the date), then what it paid on
 * each child's invoice.
 */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending } = useQuery({ ...batchResultQuery(id), enabled: valid });
  const schoolName = useSchoolName();
  usePageTitle(t.batchReceiptTitle);
  if (valid && isPending) return <Skeleton h={400} />;
  const back = pathWith(PAGES.parentBatchResult, { id: valid ? id : 0 });
  if (data?.status !== 'succeeded') {
    return (
      <Stack>
        <Alert color="gray">{data ? t.batchReceiptNotPaid : t.batchUnknown}</Alert>
        <Anchor component={Link} to={data ? back : '/parent'}>
          {data ? t.batchTitle : t.backHome}
        </Anchor>
      </Stack>
    );
  }
  const unit = data.moneyUnit;
  const whole = unit === 'toman' ? Math.floor(data.amount / 10) : data.amount;
  return (
    <Stack gap="md" data-testid="batch-receipt" maw={720} mx="auto">
      <ReceiptHead back={back} backLabel={t.batchTitle} printLabel={t.printReceipt} title={t.batchReceiptTitle} />
      <ReceiptTable>
        <ReceiptRow label={t.payer} value={readUser()?.fullName ?? '—'} />
        <ReceiptRow label={t.total} value={formatMoney(data.amount, unit)} testId="batch-receipt-total" />
        <ReceiptRow label={t.amountInWords} value={`${amountInWords(whole)} ${t.unitLabel[unit]}`} />
        <ReceiptRow label={t.method} value={t.onlineMethod} />
        {data.referenceId && (
          <ReceiptRow
            label={t.refId}
            value={<CopyableCode code={data.referenceId} fw={500} />}
            testId="batch-receipt-ref"
          />
        )}
        {data.decidedAt && <ReceiptRow label={t.date} value={formatJalaliDateTime(data.decidedAt)} />}
      </ReceiptTable>
      <Text fw={700}>{t.batchCovered}</Text>
      <Table withTableBorder withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.child}</Table.Th>
            <Table.Th>{t.invoice}</Table.Th>
            <Table.Th>{t.share}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((item) => (
            <Table.Tr key={item.paymentId} data-testid="batch-receipt-item">
              <Table.Td>{item.childName}</Table.Td>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td className="tabular">{formatMoney(item.amount, unit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ReceiptFoot signature={t.signature} line={t.receiptFoot(schoolName)} />
    </Stack>
  );
}
