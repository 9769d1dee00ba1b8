import { Alert, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../ui/page-header';
import { myClassesQuery, teacherGridQuery } from '../api';
import { ChosenGrid, GridChoiceBar, useGridChoice } from '../components/grid-choice';
import { reportCardsFa as t } from '../messages';

/** /teacher/grades: the admin's grade grid, cut to the teacher's subjects of the class chosen. */
export function Component() {
  const classes = useQuery(myClassesQuery());
  const items = (classes.data?.items ?? []).map((g) => ({ ...g, id: g.groupId, name: g.groupName }));
  const choice = useGridChoice(items, items[0]?.id ?? null);
  const { group, groupId, term } = choice;
  const grid = useQuery({ ...teacherGridQuery(groupId ?? 0, term), enabled: group !== null });

  return (
    <>
      <PageHeader title={t.teacherTitle} description={t.teacherDescription} />
      <GridChoiceBar choice={choice} groupDeselectable={false} widths={[160, 140]} />
      {classes.isPending ? (
        <Skeleton h={300} />
      ) : classes.isError ? (
        <Alert color="red">{classes.error.message}</Alert>
      ) : (
        <ChosenGrid chosen={group !== null} grid={grid} none={items.length ? t.chooseGroup : t.noClasses} forTeacher />
      )}
    </>
  );
}
