import type { MoneyUnit } from '@madreseh/contract/payments/payment-schemas';
import { ActionIcon, Alert, Card, CopyButton, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { digitsToPersian } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { cardToCardQuery } from '../api';
import { BankBadge } from '../components/bank-badge';
import { PaymentLine } from '../components/invoice-card';
import { ReceiptForm } from '../components/receipt-form';
import { type CardToCardView, useReceiptForm } from '../components/use-receipt-form';
import { pm } from '../messages';

const groupsOf4 = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1-');

/** The school's card and the form that sends a card-to-card receipt, with the student's submissions. */
export function Component() {
  const viewer = useViewer();
  const { data, isPending, error } = useQuery(cardToCardQuery(viewer));
  const form = useReceiptForm(data, viewer);

  return (
    <>
      <PageHeader title={fa.student.cardToCard} />
      {isPending && <Loader aria-label={fa.student.cardToCard} />}
      {error && <Alert color="red">{error.message}</Alert>}
      {data && (
        <Stack gap="lg">
          {data.card ? <SchoolCard card={data.card} /> : <Alert color="yellow">{pm.noCard}</Alert>}
          <ReceiptForm data={data} form={form} />
          <Submissions submissions={data.submissions} unit={form.unit} />
        </Stack>
      )}
    </>
  );
}

/** The school's card number, to copy, with its bank and holder. */
function SchoolCard({ card }: { card: NonNullable<CardToCardView['card']> }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="school-card">
      <Text fz="sm" c="dimmed">
        {pm.destination}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} dir="ltr" style={{ letterSpacing: 1 }}>
          {digitsToPersian(groupsOf4(card.number))}
        </Text>
        <CopyButton value={card.number}>
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
        <BankBadge cardNumber={card.number} fallback={card.bank} />
        {card.holder && <Text fz="sm">{`${pm.holder} ${card.holder}`}</Text>}
      </Group>
    </Card>
  );
}

function Submissions({ submissions, unit }: { submissions: CardToCardView['submissions']; unit: MoneyUnit }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} fz="h4" mb="sm">
        {pm.mySubmissions}
      </Title>
      {submissions.length === 0 && <Text c="dimmed">{pm.noSubmissions}</Text>}
      {submissions.map((s) => (
        <Stack key={s.id} gap={0}>
          <Text fz="sm" fw={500} mt="xs">
            {s.invoiceTitle}
          </Text>
          <PaymentLine payment={s} unit={unit} />
        </Stack>
      ))}
    </Card>
  );
}
