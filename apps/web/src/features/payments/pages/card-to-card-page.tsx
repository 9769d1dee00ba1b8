import { todayIso } from '@madreseh/contract/jalali';
import { digitsToLatin } from '@madreseh/contract/text';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  CopyButton,
  FileInput,
  Group,
  Loader,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconPhoto } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatJalaliDate } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { fa } from '../../../messages/fa';
import { DigitsInput, TimeInput24, timeOf } from '../../../ui/digits-input';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import { cardToCardQuery, invalidatePayments, sendCardToCard } from '../api';
import { BankBadge } from '../components/bank-badge';
import { PaymentLine } from '../components/invoice-card';
import { fromRials, money, toRials } from '../components/money';
import { pm } from '../messages';

const groupsOf4 = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1-');

/** The school's card and the form that sends a card-to-card receipt, with the student's submissions. */
export function Component() {
  const viewer = useViewer();
  const { data, isPending, error } = useQuery(cardToCardQuery(viewer));
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [invoiceId, setInvoiceId] = useState<string | null>(search.get('invoice'));
  const [amount, setAmount] = useState('');
  const [last4, setLast4] = useState('');
  const [tracking, setTracking] = useState('');
  const [date, setDate] = useState<string | null>(todayIso());
  const [time, setTime] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const unit = data?.moneyUnit ?? 'toman';
  const chosen = data?.invoices.find((i) => String(i.id) === invoiceId);
  useEffect(() => {
    // The remaining amount, ready to send as it is (shown grouped, «۱٬۲۵۰٬۰۰۰»).
    if (chosen) setAmount(fromRials(chosen.remaining, unit));
  }, [chosen, unit]);
  useEffect(() => {
    if (data && invoiceId && !data.invoices.some((i) => String(i.id) === invoiceId)) setInvoiceId(null);
  }, [data, invoiceId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const rials = toRials(amount, unit);
    if (!invoiceId) next.invoiceId = pm.chooseInvoice;
    if (!rials) next.amount = 'مبلغ را درست وارد کنید.';
    const t = timeOf(time) ?? '';
    if (!t) next.transferredAt = pm.timeInvalid;
    if (!date) next.transferredAt = pm.dateRequired;
    if (!file) next.file = pm.photoRequired;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length || !file || !rials || !date) return;
    const [hh, mm] = t.split(':');
    const transferredAt = new Date(`${date}T${hh}:${mm}:00+03:30`).toISOString();
    setProgress(0);
    try {
      await sendCardToCard(viewer, {
        file,
        fields: {
          invoiceId: invoiceId ?? undefined,
          amount: String(rials),
          cardLast4: last4,
          trackingNumber: tracking,
          transferredAt,
        },
        onProgress: setProgress,
      });
      notifications.show({ color: 'teal', message: pm.submitted });
      setInvoiceId(null);
      setAmount('');
      setLast4('');
      setTracking('');
      setTime('');
      setFile(null);
      await invalidatePayments(queryClient);
    } catch (err) {
      if (err instanceof ApiError) {
        setFormError(err.message);
        if (err.fields) setErrors(err.fields);
      } else throw err;
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <PageHeader title={fa.student.cardToCard} />
      {isPending && <Loader aria-label={fa.student.cardToCard} />}
      {error && <Alert color="red">{error.message}</Alert>}
      {data && (
        <Stack gap="lg">
          {data.card ? (
            <Card withBorder radius="md" padding="md" data-testid="school-card">
              <Text fz="sm" c="dimmed">
                {pm.destination}
              </Text>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} dir="ltr" style={{ letterSpacing: 1 }}>
                  {digitsToPersian(groupsOf4(data.card.number))}
                </Text>
                <CopyButton value={data.card.number}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? pm.copied : pm.copy}>
                      <ActionIcon variant="light" onClick={copy} aria-label={pm.copy} size="lg">
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Group gap="xs">
                <BankBadge cardNumber={data.card.number} fallback={data.card.bank} />
                {data.card.holder && <Text fz="sm">{`${pm.holder} ${data.card.holder}`}</Text>}
              </Group>
            </Card>
          ) : (
            <Alert color="yellow">{pm.noCard}</Alert>
          )}

          <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} noValidate>
            <Title order={2} fz="h4" mb="sm">
              {pm.submitReceipt}
            </Title>
            {data.invoices.length === 0 ? (
              (() => {
                // Everything owed is covered by receipts still being reviewed: say so, with the amount.
                const waiting = data.submissions.filter((s) => s.status === 'pending');
                const total = waiting.reduce((sum, s) => sum + s.amount, 0);
                return waiting.length ? (
                  <Alert color="yellow" variant="light" data-testid="awaiting-review">
                    {pm.awaitingReview(money(total, unit))}
                  </Alert>
                ) : (
                  <Text c="dimmed">{pm.nothingPayable}</Text>
                );
              })()
            ) : (
              <Stack gap="sm">
                {formError && <Alert color="red">{formError}</Alert>}
                <Select
                  label={pm.invoice}
                  placeholder={pm.chooseInvoice}
                  data={data.invoices.map((i) => ({
                    value: String(i.id),
                    label: `${i.title} — ${money(i.remaining, unit)} (${formatJalaliDate(i.dueDate)})`,
                  }))}
                  value={invoiceId}
                  onChange={setInvoiceId}
                  error={errors.invoiceId}
                  required
                  allowDeselect={false}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <DigitsInput
                    label={`${pm.amount} (${pm.unitLabel[unit]})`}
                    value={amount}
                    onChange={setAmount}
                    grouped
                    error={errors.amount}
                    required
                  />
                  <DigitsInput
                    label={pm.cardLast4}
                    value={last4}
                    onChange={(v) => setLast4(v.slice(0, 4))}
                    error={errors.cardLast4}
                    required
                  />
                  <TextInput
                    label={pm.tracking}
                    value={digitsToPersian(tracking)}
                    onChange={(e) => setTracking(digitsToLatin(e.currentTarget.value))}
                    error={errors.trackingNumber}
                    dir="ltr"
                    styles={{ input: { textAlign: 'right' } }}
                    required
                  />
                  <Group grow align="flex-start" gap="xs">
                    <JalaliDateInput
                      label={pm.transferDate}
                      value={date}
                      onChange={setDate}
                      maxDate={todayIso()}
                      error={errors.transferredAt}
                      required
                    />
                    <TimeInput24 label={pm.transferTime} value={time} onChange={setTime} required />
                  </Group>
                </SimpleGrid>
                <FileInput
                  label={pm.receiptPhoto}
                  placeholder={pm.choosePhoto}
                  accept="image/jpeg,image/png,image/webp"
                  leftSection={<IconPhoto size={18} />}
                  value={file}
                  onChange={setFile}
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
            )}
          </Card>

          <Card withBorder radius="md" padding="md">
            <Title order={2} fz="h4" mb="sm">
              {pm.mySubmissions}
            </Title>
            {data.submissions.length === 0 && <Text c="dimmed">{pm.noSubmissions}</Text>}
            {data.submissions.map((s) => (
              <Stack key={s.id} gap={0}>
                <Text fz="sm" fw={500} mt="xs">
                  {s.invoiceTitle}
                </Text>
                <PaymentLine payment={s} unit={unit} />
              </Stack>
            ))}
          </Card>
        </Stack>
      )}
    </>
  );
}
