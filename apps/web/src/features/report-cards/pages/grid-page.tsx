import { useQuery } from '@tanstack/react-query';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { gridQuery, groupsQuery } from '../api';
import { ChosenGrid, GridChoiceBar, useGridChoice } from '../components/grid-choice';
import { reportCardsFa as t } from '../messages';

export function Component() {
  const groups = useQuery(groupsQuery());
  const choice = useGridChoice(groups.data?.items ?? []);
  const { group, groupId, term } = choice;
  const grid = useQuery({ ...gridQuery(groupId ?? 0, term), enabled: group !== null });

  return (
    <>
      <DashboardPageHeader
        title={t.adminTitle}
        description={t.adminDescription}
        crumbs={[{ label: fa.dashboard.classes, to: '/dashboard/group' }]}
      />
      <GridChoiceBar choice={choice} groupDeselectable widths={[200, 160]} />
      <ChosenGrid chosen={group !== null} grid={grid} none={t.chooseGroup} />
    </>
  );
}
