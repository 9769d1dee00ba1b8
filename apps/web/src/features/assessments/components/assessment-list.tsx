import { ASSESSMENT_KIND_LABELS, type Markbook } from '@madreseh/contract/assessments/assessments.contract';
import { Alert, Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatJalaliDate, formatNumber } from '../../../lib/format';
import { averageOf, formatScore, KIND_COLORS } from '../marks-format';
import { assessmentsFa as t } from '../messages';

export function AssessmentList({ book, onOpen }: { book: Markbook; onOpen: (id: number) => void }) {
  if (book.assessments.length === 0)
    return (
      <Alert color="gray" variant="light">
        {t.empty}
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="assessments">
      {book.assessments.map((a) => (
        <UnstyledButton key={a.id} onClick={() => onOpen(a.id)} data-testid="assessment">
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Badge color={KIND_COLORS[a.kind]} variant="light">
                    {ASSESSMENT_KIND_LABELS[a.kind]}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {formatJalaliDate(a.date)}
                  </Text>
                </Group>
                <Text fw={600} truncate>
                  {a.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {t.taken(formatNumber(Object.keys(a.marks).length), formatNumber(book.students.length))}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed">
                  {t.average}
                </Text>
                <Text fw={700} className="tabular">
                  {formatScore(averageOf(a))}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.outOf(formatScore(a.maxScore))}
                </Text>
              </Stack>
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
