import { ASSESSMENT_KIND_LABELS, type Assessment } from '@madreseh/contract/assessments/assessments.contract';
import { Badge, Group, Text } from '@mantine/core';
import { formatJalaliDate } from '../../../lib/format';
import { KIND_COLORS } from '../marks-format';

/** An assessment's kind, as a coloured badge, and its Jalali date. */
export function KindAndDate({ a, mb }: { a: Assessment; mb?: number }) {
  return (
    <Group gap="xs" mb={mb}>
      <Badge color={KIND_COLORS[a.kind]} variant="light">
        {ASSESSMENT_KIND_LABELS[a.kind]}
      </Badge>
      <Text size="sm" c="dimmed">
        {formatJalaliDate(a.date)}
      </Text>
    </Group>
  );
}
