import { MAIN_TERMS, TERM_LABELS, TERMS, type Term } from '@madreseh/contract/report-cards/report-cards.contract';
import { Alert, Group, Paper, Select, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { PageHeader } from '../../../ui/page-header';
import { myClassesQuery, teacherGridQuery } from '../api';
import { GradeGrid } from '../components/grade-grid';
import { reportCardsFa as t } from '../messages';

/** /teacher/grades: the admin's grade grid, cut to the teacher's subjects of the class chosen. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const classes = useQuery(myClassesQuery());
  const items = classes.data?.items ?? [];
  const groupId = Number(params.get('group')) || items[0]?.groupId || null;
  const group = items.find((g) => g.groupId === groupId) ?? null;
  const termParam = params.get('term') as Term | null;
  const terms = group?.usesMonthly ? TERMS : MAIN_TERMS;
  const term: Term = termParam && terms.includes(termParam) ? termParam : 'first';
  const grid = useQuery({ ...teacherGridQuery(groupId ?? 0, term), enabled: group !== null });

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };

  return (
    <>
      <PageHeader title={t.teacherTitle} description={t.teacherDescription} />
      <Paper withBorder p="sm" mb="md">
        <Group grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label={t.group}
            placeholder={t.chooseGroup}
            data={items.map((g) => ({
              value: String(g.groupId),
              label: `${g.groupName} (${digitsToPersian(g.academicYear)})`,
            }))}
            value={groupId ? String(groupId) : null}
            onChange={(v) => setParam('group', v)}
            allowDeselect={false}
            miw={160}
          />
          <Select
            label={t.term}
            data={terms.map((x) => ({ value: x, label: TERM_LABELS[x] }))}
            value={term}
            onChange={(v) => setParam('term', v)}
            allowDeselect={false}
            miw={140}
          />
        </Group>
      </Paper>
      {classes.isPending ? (
        <Skeleton h={300} />
      ) : classes.isError ? (
        <Alert color="red">{classes.error.message}</Alert>
      ) : !group ? (
        <Alert color="gray" variant="light">
          {items.length ? t.chooseGroup : t.noClasses}
        </Alert>
      ) : grid.isPending ? (
        <Skeleton h={300} />
      ) : grid.isError ? (
        <Alert color="red">{grid.error.message}</Alert>
      ) : (
        <GradeGrid grid={grid.data} forTeacher />
      )}
    </>
  );
}
