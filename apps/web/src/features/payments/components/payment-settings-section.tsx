import type { MoneyUnit } from '@madreseh/contract/payments/payments.contract';
import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, call } from '../../../lib/api-client';
import { digitsToPersian } from '../../../lib/format';
import { paymentKeys, paymentSettingsQuery, paymentsEndpoints } from '../api';
import { pm } from '../messages';

/** Payment settings (money unit, destination card) — a section for the dashboard's settings page. */
export function PaymentSettingsSection() {
  const { data } = useQuery(paymentSettingsQuery());
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{
    moneyUnit: MoneyUnit;
    cardNumber: string;
    cardHolder: string;
    bankName: string;
  } | null>(null);
  if (data && !form) {
    setForm({
      moneyUnit: data.moneyUnit,
      cardNumber: digitsToPersian(data.cardNumber ?? ''),
      cardHolder: data.cardHolder ?? '',
      bankName: data.bankName ?? '',
    });
  }
  const save = useMutation({
    mutationFn: () => call(paymentsEndpoints.putSettings, { body: form ?? { moneyUnit: 'toman', cardNumber: '' } }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: pm.saved });
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  if (!form) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      noValidate
    >
      <Title order={2} fz="h4" mb="sm">
        {pm.settingsTitle}
      </Title>
      <Stack gap="sm">
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {pm.moneyUnit}
          </Text>
          <SegmentedControl
            value={form.moneyUnit}
            onChange={(v) => setForm({ ...form, moneyUnit: v as MoneyUnit })}
            data={[
              { value: 'toman', label: pm.unitLabel.toman },
              { value: 'rial', label: pm.unitLabel.rial },
            ]}
            w="fit-content"
          />
        </Stack>
        <TextInput
          label={pm.cardNumber}
          value={form.cardNumber}
          onChange={(e) => setForm({ ...form, cardNumber: e.currentTarget.value })}
          error={fields.cardNumber}
          inputMode="numeric"
          dir="ltr"
        />
        <TextInput
          label={pm.cardHolder}
          value={form.cardHolder}
          onChange={(e) => setForm({ ...form, cardHolder: e.currentTarget.value })}
          error={fields.cardHolder}
        />
        <TextInput
          label={pm.bankName}
          value={form.bankName}
          onChange={(e) => setForm({ ...form, bankName: e.currentTarget.value })}
          error={fields.bankName}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {pm.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
