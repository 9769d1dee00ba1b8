import type { Markbook } from '@madreseh/contract/assessments/assessments.contract';
import { Alert, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatNumber } from '../../../lib/format';
import { averageOf, formatScore } from '../marks-format';
import { assessmentsFa as t } from '../messages';
import { KindAndDate } from './kind-and-date';

/** The assessments of a (class, subject): each with how many were marked and their average. */
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
                <KindAndDate a={a} />
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
