import { MAIN_TERMS, TERM_LABELS, TERMS, type Term } from '@madreseh/contract/terms';
import { Alert, Group, Paper, Select, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { reportCardsFa as t } from '../messages';
import { GradeGrid } from './grade-grid';

interface ClassOption {
  id: number;
  name: string;
  academicYear: number;
  usesMonthly: boolean;
}

/**
 * The class and term a grade grid shows, kept in the address (`?group=…&term=…`): an unknown term
 * falls back to the first, and a class without monthly grades offers the main terms only.
 */
export function useGridChoice(classes: readonly ClassOption[], fallbackId: number | null = null) {
  const [params, setParams] = useSearchParams();
  const groupId = Number(params.get('group')) || fallbackId;
  const group = classes.find((g) => g.id === groupId) ?? null;
  const termParam = params.get('term') as Term | null;
  const terms = group?.usesMonthly ? TERMS : MAIN_TERMS;
  const term: Term = termParam && terms.includes(termParam) ? termParam : 'first';
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  return { classes, groupId, group, terms, term, setParam };
}

/** The two pickers above a grade grid. */
export function GridChoiceBar({
  choice,
  groupDeselectable,
  widths,
}: {
  choice: ReturnType<typeof useGridChoice>;
  /** Whether the class may be emptied again (the office's grid; a teacher always sees one). */
  groupDeselectable: boolean;
  /** Least widths of the class and the term pickers. */
  widths: [number, number];
}) {
  const { classes, groupId, terms, term, setParam } = choice;
  return (
    <Paper withBorder p="sm" mb="md">
      <Group grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label={t.group}
          placeholder={t.chooseGroup}
          data={classes.map((g) => ({ value: String(g.id), label: `${g.name} (${digitsToPersian(g.academicYear)})` }))}
          value={groupId ? String(groupId) : null}
          onChange={(v) => setParam('group', v)}
          allowDeselect={groupDeselectable}
          miw={widths[0]}
        />
        <Select
          label={t.term}
          data={optionsOf(terms, TERM_LABELS)}
          value={term}
          onChange={(v) => setParam('term', v)}
          allowDeselect={false}
          miw={widths[1]}
        />
      </Group>
    </Paper>
  );
}

/** The grid of the class chosen, or why there is none yet. */
export function ChosenGrid({
  chosen,
  grid,
  none,
  forTeacher,
}: {
  chosen: boolean;
  grid: UseQueryResult<Parameters<typeof GradeGrid>[0]['grid']>;
  /** What stands where no class is chosen. */
  none: string;
  forTeacher?: boolean;
}) {
  if (!chosen) {
    return (
      <Alert color="gray" variant="light">
        {none}
      </Alert>
    );
  }
  if (grid.isPending) return <Skeleton h={300} />;
  if (grid.isError) return <Alert color="red">{grid.error.message}</Alert>;
  return <GradeGrid grid={grid.data} forTeacher={forTeacher} />;
}
