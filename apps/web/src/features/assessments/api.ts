import {
  type AssessmentCreate,
  type AssessmentFields,
  type AveragingRule,
  assessmentsContract,
  type MarksSave,
} from '@madreseh/contract/assessments/assessments.contract';
import { teachersContract } from '@madreseh/contract/teachers/teachers.contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

/** The signed-in teacher's classes and subjects. */
export const myClassesQuery = () => endpointQuery(teachersContract.myClasses);

/** One (class, subject) of the teacher: students, assessments with marks, the school's rule. */
export const markbookQuery = (groupId: number, subjectId: number) =>
  queryOptions({ ...endpointQuery(assessmentsContract.markbook, { query: { groupId, subjectId } }), staleTime: 0 });

/** The school's averaging rule (staff). */
export const ruleQuery = () => endpointQuery(assessmentsContract.rule);

export function useCreateAssessment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AssessmentCreate) => call(assessmentsContract.create, { body }),
    onSuccess: () => invalidateEndpoints(qc, assessmentsContract.markbook),
  });
}

export function useUpdateAssessment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AssessmentFields }) =>
      call(assessmentsContract.update, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(qc, assessmentsContract.markbook),
  });
}

export function useDeleteAssessment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(assessmentsContract.remove, { params: { id } }),
    onSuccess: () => invalidateEndpoints(qc, assessmentsContract.markbook),
  });
}

export function useSaveMarks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MarksSave }) =>
      call(assessmentsContract.saveMarks, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(qc, assessmentsContract.markbook),
  });
}

export function useSetRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AveragingRule) => call(assessmentsContract.setRule, { body }),
    onSuccess: (rule) => qc.setQueryData(ruleQuery().queryKey, rule),
  });
}
