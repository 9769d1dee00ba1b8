import {
  ASSESSMENT_KIND_LABELS,
  type AveragingMethod,
  type AveragingRule,
  averagingRuleSchema,
  CONTINUOUS_KINDS,
} from '@madreseh/contract/assessments/assessments.contract';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useFormState } from '../../../lib/use-form-state';
import { FormCard } from '../../../ui/form-parts';
import { PersianNumberInput } from '../../../ui/persian-number-input';
import { ruleQuery, useSetRule } from '../api';
import { assessmentsFa as t } from '../messages';

/** The school's averaging rule of continuous marks — a section for the dashboard's settings page. */
export function AssessmentRuleSection() {
  const { data } = useQuery(ruleQuery());
  return data ? <RuleForm initial={data} /> : null;
}

type RuleFormState = ReturnType<typeof useFormState<AveragingRule>>;
const numberOf = (v: number | '', fallback: number) => (v === '' ? fallback : v);

function RuleForm({ initial }: { initial: AveragingRule }) {
  const form = useFormState<AveragingRule>(initial);
  const save = useSetRule();
  const rule = form.values;
  const set = (patch: Partial<AveragingRule>) => form.setValues({ ...rule, ...patch });
  return (
    <FormCard
      data-testid="assessment-rule"
      onSubmit={() => {
        if (!form.check(averagingRuleSchema, rule)) return;
        save.mutate(rule, {
          onSuccess: () => notifications.show({ color: 'teal', message: t.rule.saved }),
          onError: (err) => {
            form.showServerErrors(err);
            notifications.show({ color: 'red', message: err.message });
          },
        });
      }}
    >
      <Title order={2} fz="h4" mb={4}>
        {t.rule.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t.rule.description}
      </Text>
      <Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="averaging-method">
            {t.rule.method}
          </Text>
          <SegmentedControl
            aria-labelledby="averaging-method"
            value={rule.method}
            onChange={(v) => set({ method: v as AveragingMethod })}
            data={[
              { value: 'simple', label: t.rule.simple },
              { value: 'by-kind', label: t.rule.byKind },
            ]}
          />
        </Stack>
        {rule.method === 'by-kind' && <KindWeights form={form} set={set} />}
        <PersianNumberInput
          label={t.rule.share}
          description={t.rule.shareHint}
          rightSection={t.rule.percent}
          value={rule.continuousShare}
          onChange={(v) => set({ continuousShare: numberOf(v, 0) })}
          error={form.errors.continuousShare}
          maw={260}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t.rule.save}
          </Button>
        </Group>
      </Stack>
    </FormCard>
  );
}

/** The weight of each kind of assessment, for the weighted average. */
function KindWeights({ form, set }: { form: RuleFormState; set: (patch: Partial<AveragingRule>) => void }) {
  const rule = form.values;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t.rule.weights}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {CONTINUOUS_KINDS.map((k) => (
          <PersianNumberInput
            key={k}
            label={ASSESSMENT_KIND_LABELS[k]}
            value={rule.kindWeights[k]}
            onChange={(v) => set({ kindWeights: { ...rule.kindWeights, [k]: numberOf(v, 0) } })}
          />
        ))}
      </SimpleGrid>
      {form.errors.kindWeights && (
        <Text size="sm" c="red">
          {form.errors.kindWeights}
        </Text>
      )}
    </Stack>
  );
}
