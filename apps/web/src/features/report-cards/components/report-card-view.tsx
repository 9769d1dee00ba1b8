import { DESCRIPTIVE_LABELS, type ReportCard } from '@madreseh/contract/report-cards/report-cards.contract';
import { TERM_LABELS } from '@madreseh/contract/terms';
import { Table, Text } from '@mantine/core';
import { digitsToPersian, formatAcademicYear, formatDecimal } from '../../../lib/format';
import { reportCardsFa as t } from '../messages';
import classes from '../report-cards.module.css';

export function formatScore(n: number | null): string {
  return n === null ? '—' : formatDecimal(n);
}

export const termTitle = (card: { term: ReportCard['term']; academicYear: number }) =>
  `${TERM_LABELS[card.term]} — سال تحصیلی ${formatAcademicYear(card.academicYear)}`;

/** The subjects table of a report card: weights, scores or descriptive grades, fails highlighted. */
export function ReportCardTable({ card, striped = true }: { card: ReportCard; striped?: boolean }) {
  const numeric = card.gradingScale === 'numeric';
  return (
    <Table withTableBorder withColumnBorders striped={striped} data-testid="report-card-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.subject}</Table.Th>
          <Table.Th ta="center">{t.weight}</Table.Th>
          <Table.Th ta="center">{t.score}</Table.Th>
          {numeric && <Table.Th ta="center">{t.result}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {card.subjects.map((s) => (
          <Table.Tr key={s.name}>
            <Table.Td>{s.name}</Table.Td>
            <Table.Td ta="center" className="tabular">
              {digitsToPersian(s.weight)}
            </Table.Td>
            <Table.Td
              ta="center"
              className={`tabular ${s.passed === false ? classes.fail : ''}`}
              data-failed={s.passed === false || undefined}
            >
              {numeric ? formatScore(s.score) : s.descriptive ? DESCRIPTIVE_LABELS[s.descriptive] : '—'}
            </Table.Td>
            {numeric && (
              <Table.Td ta="center">
                <Text
                  size="sm"
                  c={
                    s.passed === false
                      ? 'var(--mantine-color-red-light-color)'
                      : 'var(--mantine-color-green-light-color)'
                  }
                  fw={600}
                >
                  {s.passed === null ? '—' : s.passed ? t.pass : t.fail}
                </Text>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {numeric && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={2}>{t.weightedAverage}</Table.Th>
            <Table.Th
              ta="center"
              className={`tabular ${card.passed === false ? classes.fail : ''}`}
              data-testid="average"
            >
              {formatScore(card.average)}
            </Table.Th>
            <Table.Th ta="center">{card.passed === null ? '—' : card.passed ? t.pass : t.fail}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}
