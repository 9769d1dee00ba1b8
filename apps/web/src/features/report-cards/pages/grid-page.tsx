import { MAIN_TERMS, TERM_LABELS, TERMS, type Term } from '@madreseh/contract/report-cards/report-cards.contract';
import { Alert, Group, Paper, Select, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { gridQuery, groupsQuery } from '../api';
import { GradeGrid } from '../components/grade-grid';
import { reportCardsFa as t } from '../messages';

export function Component() {
  const [params, setParams] = useSearchParams();
  const groups = useQuery(groupsQuery());
  const groupId = Number(params.get('group')) || null;
  const group = groups.data?.items.find((g) => g.id === groupId) ?? null;
  const termParam = params.get('term') as Term | null;
  const terms = group?.usesMonthly ? TERMS : MAIN_TERMS;
  const term: Term = termParam && terms.includes(termParam) ? termParam : 'first';
  const grid = useQuery({ ...gridQuery(groupId ?? 0, term), enabled: group !== null });

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };

  return (
    <>
      <PageHeader
        title={t.adminTitle}
        description={t.adminDescription}
        crumbs={[
          { label: fa.dashboard.home, to: '/dashboard' },
          { label: fa.dashboard.classes, to: '/dashboard/group' },
        ]}
      />
      <Paper withBorder p="sm" mb="md">
        <Group grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label={t.group}
            placeholder={t.chooseGroup}
            data={(groups.data?.items ?? []).map((g) => ({
              value: String(g.id),
              label: `${g.name} (${digitsToPersian(g.academicYear)})`,
            }))}
            value={groupId ? String(groupId) : null}
            onChange={(v) => setParam('group', v)}
            miw={200}
          />
          <Select
            label={t.term}
            data={terms.map((x) => ({ value: x, label: TERM_LABELS[x] }))}
            value={term}
            onChange={(v) => setParam('term', v)}
            allowDeselect={false}
            miw={160}
          />
        </Group>
      </Paper>
      {!group ? (
        <Alert color="gray" variant="light">
          {t.chooseGroup}
        </Alert>
      ) : grid.isPending ? (
        <Skeleton h={300} />
      ) : grid.isError ? (
        <Alert color="red">{grid.error.message}</Alert>
      ) : (
        <GradeGrid grid={grid.data} />
      )}
    </>
  );
}
