import { todayIso } from '@madreseh/contract/jalali';
import { digitsToLatin } from '@madreseh/contract/text';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { digitsToPersian, formatJalaliDate } from '../../../lib/format';
import { DigitsInput, TimeInput24 } from '../../../ui/digits-input';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { pm } from '../messages';
import { money } from './money';
import type { CardToCardView, ReceiptForm as Form } from './use-receipt-form';

/** The card that sends a card-to-card receipt, or says why there is nothing to pay. */
export function ReceiptForm({ data, form }: { data: CardToCardView; form: Form }) {
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={form.submit} noValidate>
      <Title order={2} fz="h4" mb="sm">
        {pm.submitReceipt}
      </Title>
      {data.invoices.length === 0 ? <NothingPayable data={data} /> : <ReceiptFields data={data} form={form} />}
    </Card>
  );
}

/** Everything owed is covered by receipts still being reviewed: say so, with the amount. */
function NothingPayable({ data }: { data: CardToCardView }) {
  const waiting = data.submissions.filter((s) => s.status === 'pending');
  const total = waiting.reduce((sum, s) => sum + s.amount, 0);
  return waiting.length ? (
    <Alert color="yellow" variant="light" data-testid="awaiting-review">
      {pm.awaitingReview(money(total, data.moneyUnit))}
    </Alert>
  ) : (
    <Text c="dimmed">{pm.nothingPayable}</Text>
  );
}

function ReceiptFields({ data, form }: { data: CardToCardView; form: Form }) {
  const { unit, errors, formError, progress, fields: f, set } = form;
  return (
    <Stack gap="sm">
      {formError && <Alert color="red">{formError}</Alert>}
      <Select
        label={pm.invoice}
        placeholder={pm.chooseInvoice}
        data={data.invoices.map((i) => ({
          value: String(i.id),
          label: `${i.title} — ${money(i.remaining, unit)} (${formatJalaliDate(i.dueDate)})`,
        }))}
        value={f.invoiceId}
        onChange={set.setInvoiceId}
        error={errors.invoiceId}
        required
        allowDeselect={false}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DigitsInput
          label={`${pm.amount} (${pm.unitLabel[unit]})`}
          value={f.amount}
          onChange={set.setAmount}
          grouped
          error={errors.amount}
          required
        />
        <DigitsInput
          label={pm.cardLast4}
          value={f.last4}
          onChange={(v) => set.setLast4(v.slice(0, 4))}
          error={errors.cardLast4}
          required
        />
        <TextInput
          label={pm.tracking}
          value={digitsToPersian(f.tracking)}
          onChange={(e) => set.setTracking(digitsToLatin(e.currentTarget.value))}
          error={errors.trackingNumber}
          dir="ltr"
          styles={{ input: { textAlign: 'right' } }}
          required
        />
        <Group grow align="flex-start" gap="xs">
          <JalaliDateInput
            label={pm.transferDate}
            value={f.date}
            onChange={set.setDate}
            maxDate={todayIso()}
            error={errors.transferredAt}
            required
          />
          <TimeInput24 label={pm.transferTime} value={f.time} onChange={set.setTime} required />
        </Group>
      </SimpleGrid>
      <FileInput
        label={pm.receiptPhoto}
        placeholder={pm.choosePhoto}
        accept="image/jpeg,image/png,image/webp"
        leftSection={<IconPhoto size={18} />}
        value={f.file}
        onChange={set.setFile}
        error={errors.file}
        clearable
        required
      />
      {progress !== null && (
        <Stack gap={2}>
          <Text fz="xs">{pm.uploading}</Text>
          <Progress value={Math.round(progress * 100)} animated aria-label={pm.uploading} />
        </Stack>
      )}
      <Group>
        <Button type="submit" loading={progress !== null}>
          {pm.submitReceipt}
        </Button>
      </Group>
    </Stack>
  );
}
