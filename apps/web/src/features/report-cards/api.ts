import { assessmentsContract, type FillBody } from '@madreseh/contract/assessments/assessments.contract';
import { groupsContract } from '@madreseh/contract/groups/groups.contract';
import { parentsContract } from '@madreseh/contract/parents/parents.contract';
import type { PublishBody } from '@madreseh/contract/report-cards/report-cards.contract';
import { type GridSave, reportCardsContract } from '@madreseh/contract/report-cards/report-cards.contract';
import { teachersContract } from '@madreseh/contract/teachers/teachers.contract';
import type { Term } from '@madreseh/contract/terms';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, urlFor } from '../../lib/api-client';
import { endpointKey, endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { offlineAtOf } from '../../lib/offline';
import { STUDENT_VIEWER, type Viewer } from '../../lib/viewer';

export const groupsQuery = () => endpointQuery(groupsContract.list);

export const gridQuery = (groupId: number, term: Term) =>
  queryOptions({ ...endpointQuery(reportCardsContract.grid, { query: { groupId, term } }), staleTime: 0 });

/** A teacher's grid of one class and term: the columns of her subjects only (the server cuts them). */
export const teacherGridQuery = (groupId: number, term: Term) =>
  queryOptions({ ...endpointQuery(teachersContract.grid, { query: { groupId, term } }), staleTime: 0 });

/** The caller's classes and subjects (a teacher). */
export const myClassesQuery = () => endpointQuery(teachersContract.myClasses);

/** Saves grid rows: through the staff endpoint, or a teacher's own (her subjects, no remarks). */
export function useSaveGrid(forTeacher = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GridSave) => call(forTeacher ? teachersContract.save : reportCardsContract.save, { body }),
    onSuccess: (grid) =>
      qc.setQueryData(
        (forTeacher ? teacherGridQuery(grid.group.id, grid.term) : gridQuery(grid.group.id, grid.term)).queryKey,
        grid,
      ),
  });
}

/** A teacher fills one subject's term grades from her continuous marks (the school's rule, on the server). */
export function useFillFromMarks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FillBody) => call(assessmentsContract.fill, { body }),
    onSuccess: ({ grid }) => qc.setQueryData(teacherGridQuery(grid.group.id, grid.term).queryKey, grid),
  });
}

export function usePublish() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBody) => call(reportCardsContract.publish, { body }),
    onSuccess: () => invalidateEndpoints(qc, reportCardsContract.grid),
  });
}

/** The caller's report card (latest, or a chosen term) and when it was saved, if it came from the offline cache. */
export const myReportCardQuery = (choice: { academicYear?: number; term?: Term }, v: Viewer = STUDENT_VIEWER) =>
  v.kind === 'parent'
    ? queryOptions({
        // A parent's view of a child's card: the same answer, from the parent's endpoint for that child.
        queryKey: endpointKey(parentsContract.reportCard, { params: { childId: v.childId }, query: choice }),
        queryFn: async ({ signal }) => {
          const params = { childId: v.childId };
          const data = await call(parentsContract.reportCard, { params, query: choice, signal });
          return { ...data, offlineAt: offlineAtOf(urlFor(parentsContract.reportCard, params, choice)) };
        },
      })
    : queryOptions({
        queryKey: endpointKey(reportCardsContract.mine, { query: choice }),
        queryFn: async ({ signal }) => {
          const data = await call(reportCardsContract.mine, { query: choice, signal });
          return { ...data, offlineAt: offlineAtOf(urlFor(reportCardsContract.mine, undefined, choice)) };
        },
      });
