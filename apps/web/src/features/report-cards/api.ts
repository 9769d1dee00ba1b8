import { groupContract } from '@madreseh/contract/group/group.contract';
import type { PublishBody } from '@madreseh/contract/report-card/report-card.contract';
import { type GridSave, reportCardContract, type Term } from '@madreseh/contract/report-card/report-card.contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, urlFor } from '../../lib/api-client';
import { offlineAtOf } from '../../lib/offline';

export const groupsQuery = () =>
  queryOptions({ queryKey: ['groups'], queryFn: ({ signal }) => call(groupContract.list, { signal }) });

export const gridQuery = (groupId: number, term: Term) =>
  queryOptions({
    queryKey: ['report-card-grid', groupId, term],
    queryFn: ({ signal }) => call(reportCardContract.grid, { query: { groupId, term }, signal }),
    staleTime: 0,
  });

export function useSaveGrid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GridSave) => call(reportCardContract.save, { body }),
    onSuccess: (grid) => qc.setQueryData(['report-card-grid', grid.group.id, grid.term], grid),
  });
}

export function usePublish() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBody) => call(reportCardContract.publish, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['report-card-grid'] }),
  });
}

/** The caller's report card (latest, or a chosen term) and when it was saved, if it came from the offline cache. */
export const myReportCardQuery = (choice: { academicYear?: number; term?: Term }) =>
  queryOptions({
    queryKey: ['my-report-card', choice],
    queryFn: async ({ signal }) => {
      const data = await call(reportCardContract.mine, { query: choice, signal });
      return { ...data, offlineAt: offlineAtOf(urlFor(reportCardContract.mine, undefined, choice)) };
    },
  });
