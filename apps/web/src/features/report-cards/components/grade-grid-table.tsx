import {
  DESCRIPTIVE_GRADES,
  DESCRIPTIVE_LABELS,
  type Grid,
} from '@madreseh/contract/report-cards/report-cards.contract';
import { Button, NativeSelect, Table, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { digitsToPersian, formatDecimal } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { typedDecimal } from '../../../ui/digits-input';
import { TableCard } from '../../../ui/table-card';
import { reportCardsFa as t } from '../messages';
import classes from '../report-cards.module.css';
import { cellKey, type GradeSheet } from './use-grade-sheet';

type Subject = Grid['subjects'][number];
type Row = Grid['rows'][number];

function formatAverage(n: number | null): string {
  return n === null ? '—' : formatDecimal(n, 2);
}

/** Enter moves to the cell below, Shift+Enter to the one above. */
const onKeyDown = (e: KeyboardEvent<HTMLElement>, row: number, col: number) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  const next = document.querySelector<HTMLElement>(`[data-cell="${row + (e.shiftKey ? -1 : 1)}:${col}"]`);
  next?.focus();
  if (next instanceof HTMLInputElement) next.select();
};

type TableProps = {
  grid: Grid;
  sheet: GradeSheet;
  numeric: boolean;
  showRemarks: boolean;
  readOnly: boolean;
  canFill: boolean;
  onFill: (s: Subject) => void;
};

/** The grid itself: a row a student, a column a subject, then the average and the teacher's remarks. */
export function GradeTable(props: TableProps) {
  const { grid, numeric, showRemarks, canFill, onFill } = props;
  return (
    <TableCard minWidth={(showRemarks ? 300 : 140) + grid.subjects.length * 90}>
      <Table withColumnBorders stickyHeader className={classes.grid} data-testid="grade-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.nameCol}>{t.student}</Table.Th>
            {grid.subjects.map((s) => (
              <SubjectHead key={s.id} subject={s} canFill={canFill} onFill={onFill} />
            ))}
            {numeric && <Table.Th ta="center">{t.average}</Table.Th>}
            {showRemarks && <Table.Th miw={180}>{t.remarks}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.rows.map((row, ri) => (
            <GradeRow key={row.studentId} {...props} row={row} ri={ri} />
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

function SubjectHead({
  subject: s,
  canFill,
  onFill,
}: {
  subject: Subject;
  canFill: boolean;
  onFill: (s: Subject) => void;
}) {
  return (
    <Table.Th ta="center">
      <Text size="sm" fw={600} lh={1.3}>
        {s.name}
      </Text>
      <Text size="xs" c="dimmed">
        {`${t.weight} ${digitsToPersian(s.weight)}`}
      </Text>
      {canFill && (
        <Button
          size="compact-xs"
          variant="light"
          mt={4}
          leftSection={<IconWand size={14} />}
          aria-label={t.fillLabel(s.name)}
          onClick={() => onFill(s)}
          data-testid="fill-from-marks"
        >
          {t.fillShort}
        </Button>
      )}
    </Table.Th>
  );
}

function GradeRow({ grid, sheet, numeric, showRemarks, readOnly, row, ri }: TableProps & { row: Row; ri: number }) {
  return (
    <Table.Tr>
      <Table.Td className={classes.nameCol}>
        <Text size="sm" fw={600}>
          {row.fullName}
        </Text>
      </Table.Td>
      {grid.subjects.map((s, ci) => (
        <GradeCell
          key={s.id}
          sheet={sheet}
          numeric={numeric}
          readOnly={readOnly}
          row={row}
          subject={s}
          ri={ri}
          ci={ci}
        />
      ))}
      {numeric && (
        <Table.Td ta="center" className="tabular">
          {formatAverage(row.average)}
        </Table.Td>
      )}
      {showRemarks && (
        <Table.Td p={2}>
          <input
            className={classes.cell}
            style={{ textAlign: 'start' }}
            aria-label={`${t.remarks} — ${row.fullName}`}
            data-cell={`${ri}:${grid.subjects.length}`}
            value={sheet.remarks[row.studentId] ?? ''}
            maxLength={500}
            onChange={(e) => sheet.setRemark(row.studentId, e.currentTarget.value)}
            onKeyDown={(e) => onKeyDown(e, ri, grid.subjects.length)}
          />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function GradeCell({
  sheet,
  numeric,
  readOnly,
  row,
  subject: s,
  ri,
  ci,
}: {
  sheet: GradeSheet;
  numeric: boolean;
  readOnly: boolean;
  row: Row;
  subject: Subject;
  ri: number;
  ci: number;
}) {
  const k = cellKey(row.studentId, s.id);
  const bad = sheet.invalid.has(k) || Boolean(sheet.serverErrors[k]);
  const label = t.cellLabel(row.fullName, s.name);
  return (
    <Table.Td p={2} className={bad ? classes.bad : undefined}>
      {numeric ? (
        <input
          className={classes.cell}
          data-cell={`${ri}:${ci}`}
          aria-label={label}
          aria-invalid={bad}
          title={bad ? (sheet.serverErrors[k] ?? t.badCell) : undefined}
          inputMode="decimal"
          value={sheet.values[k] ?? ''}
          readOnly={readOnly}
          onChange={(e) => sheet.setCell(row.studentId, s.id, typedDecimal(e.currentTarget.value))}
          onKeyDown={(e) => onKeyDown(e, ri, ci)}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : (
        <NativeSelect
          size="xs"
          variant="unstyled"
          data-cell={`${ri}:${ci}`}
          aria-label={label}
          data={[{ value: '', label: '—' }, ...optionsOf(DESCRIPTIVE_GRADES, DESCRIPTIVE_LABELS)]}
          value={sheet.values[k] ?? ''}
          disabled={readOnly}
          onChange={(e) => sheet.setCell(row.studentId, s.id, e.currentTarget.value)}
          onKeyDown={(e) => onKeyDown(e, ri, ci)}
        />
      )}
    </Table.Td>
  );
}
