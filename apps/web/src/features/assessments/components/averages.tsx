import {
  continuousAverage,
  type Markbook,
  scaledTo20,
  type TakenMark,
  termGradeOf,
  termRange,
} from '@madreseh/contract/assessments/assessments.contract';
import { MAIN_TERMS, TERM_LABELS, TERMS, type Term } from '@madreseh/contract/terms';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { optionsOf } from '../../../lib/options';
import { TableCard } from '../../../ui/table-card';
import { formatScore, ruleText } from '../marks-format';
import { assessmentsFa as t } from '../messages';

/** Each student's continuous average, exam and term grade in the chosen term, by the school's rule. */
export function Averages({ book, term, onTerm }: { book: Markbook; term: Term; onTerm: (t: Term) => void }) {
  const terms = book.group.usesMonthly ? TERMS : MAIN_TERMS;
  const rows = useMemo(() => {
    const { from, to } = termRange(book.group.academicYear, term);
    const inTerm = book.assessments.filter((a) => a.date >= from && a.date <= to);
    const examHeld = inTerm.some((a) => a.kind === 'exam');
    return book.students.map((s) => {
      const taken: TakenMark[] = inTerm.flatMap((a) => {
        const score = a.marks[String(s.id)];
        return score === undefined ? [] : [{ kind: a.kind, score, maxScore: a.maxScore }];
      });
      const exams = taken.filter((m) => m.kind === 'exam');
      return {
        student: s,
        continuous: continuousAverage(taken, book.rule),
        exam: exams.length ? exams.reduce((x, m) => x + scaledTo20(m.score, m.maxScore), 0) / exams.length : null,
        grade: termGradeOf(taken, book.rule, term, examHeld),
      };
    });
  }, [book, term]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t.term}
          data={optionsOf(terms, TERM_LABELS)}
          value={term}
          onChange={(v) => v && onTerm(v as Term)}
          allowDeselect={false}
          w={170}
        />
        <Button
          component={Link}
          to={`/teacher/grades?group=${book.group.id}&term=${term}`}
          variant="light"
          leftSection={<IconReportAnalytics size={18} />}
        >
          {t.toGrades}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="rule-line">
        {t.ruleLine(ruleText(book.rule))}
      </Text>
      <TableCard minWidth={330}>
        <Table striped data-testid="averages">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.student}</Table.Th>
              <Table.Th ta="center">{t.continuous}</Table.Th>
              {MAIN_TERMS.includes(term) && <Table.Th ta="center">{t.exam}</Table.Th>}
              <Table.Th ta="center">{t.termGrade}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.student.id}>
                <Table.Td>
                  <Text size="sm">{r.student.fullName}</Text>
                </Table.Td>
                <Table.Td ta="center" className="tabular">
                  {formatScore(r.continuous)}
                </Table.Td>
                {MAIN_TERMS.includes(term) && (
                  <Table.Td ta="center" className="tabular">
                    {formatScore(r.exam)}
                  </Table.Td>
                )}
                <Table.Td ta="center" className="tabular" fw={700}>
                  {formatScore(r.grade)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
    </Stack>
  );
}
