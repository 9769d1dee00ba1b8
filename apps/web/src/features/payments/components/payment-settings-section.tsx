import { bankOfCard, bankOfSheba, isValidCardNumber, isValidSheba, shebaOf } from '@madreseh/contract/bank';
import type { MoneyUnit } from '@madreseh/contract/payments/payment-schemas';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian } from '../../../lib/format';
import { onlyDigits } from '../../../ui/digits-input';
import { FormCard } from '../../../ui/form-parts';
import { paymentSettingsQuery, useSavePaymentSettings } from '../api';
import { pm } from '../messages';
import { BankBadge } from './bank-badge';

interface SettingsForm {
  moneyUnit: MoneyUnit;
  cardNumber: string;
  cardHolder: string;
  bankName: string;
  sheba: string;
}

/** Payment settings (money unit, destination card) — a section for the dashboard's settings page. */
export function PaymentSettingsSection() {
  const { data } = useQuery(paymentSettingsQuery());
  const [form, setForm] = useState<SettingsForm | null>(null);
  if (data && !form) {
    setForm({
      moneyUnit: data.moneyUnit,
      cardNumber: data.cardNumber ?? '',
      cardHolder: data.cardHolder ?? '',
      bankName: data.bankName ?? '',
      sheba: data.sheba ?? '',
    });
  }
  const save = useSavePaymentSettings({ onSuccess: () => notifications.show({ color: 'teal', message: pm.saved }) });
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  if (!form) return null;
  return (
    <FormCard onSubmit={() => save.mutate(form)}>
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
        <CardFields form={form} setForm={setForm} fields={fields} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {pm.save}
          </Button>
        </Group>
      </Stack>
    </FormCard>
  );
}

/** The school's destination card and account: number, holder, bank and SHEBA. */
function CardFields({
  form,
  setForm,
  fields,
}: {
  form: SettingsForm;
  setForm: (f: SettingsForm) => void;
  fields: Record<string, string>;
}) {
  // Checked as typed: a wrong check digit shows before saving (the server checks the same).
  const cardError =
    form.cardNumber.length === 16 && !isValidCardNumber(form.cardNumber) ? pm.cardInvalid : fields.cardNumber;
  const sheba = shebaOf(form.sheba);
  const shebaError = sheba.length >= 26 && !isValidSheba(sheba) ? pm.shebaInvalid : fields.sheba;
  return (
    <>
      <TextInput
        label={pm.cardNumber}
        value={digitsToPersian(form.cardNumber.replace(/(\d{4})(?=\d)/g, '$1-'))}
        onChange={(e) => setForm({ ...form, cardNumber: onlyDigits(e.currentTarget.value).slice(0, 16) })}
        error={cardError}
        description={<BankBadge cardNumber={form.cardNumber} />}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        inputMode="numeric"
        dir="ltr"
        className="tabular"
        styles={{ input: { textAlign: 'right' } }}
      />
      <TextInput
        label={pm.cardHolder}
        value={form.cardHolder}
        onChange={(e) => setForm({ ...form, cardHolder: e.currentTarget.value })}
        error={fields.cardHolder}
      />
      <TextInput
        label={pm.bankName}
        placeholder={bankOfCard(form.cardNumber)?.name ?? ''}
        description={pm.bankNameHint}
        value={form.bankName}
        onChange={(e) => setForm({ ...form, bankName: e.currentTarget.value })}
        error={fields.bankName}
      />
      <TextInput
        label={pm.sheba}
        placeholder="IR000000000000000000000000"
        value={form.sheba}
        onChange={(e) => setForm({ ...form, sheba: e.currentTarget.value.toUpperCase() })}
        error={shebaError}
        description={isValidSheba(sheba) ? (bankOfSheba(sheba) ?? undefined) : undefined}
        dir="ltr"
        className="tabular"
        styles={{ input: { textAlign: 'right' } }}
      />
    </>
  );
}
