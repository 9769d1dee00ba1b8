import { groupsContract } from '@madreseh/contract/groups/groups.contract';
import { type TeacherInput, teachersContract } from '@madreseh/contract/teachers/teachers.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

export const teachersQuery = () => endpointQuery(teachersContract.list);
export const groupsQuery = () => endpointQuery(groupsContract.list);
/** The signed-in teacher's classes and subjects. */
export const myClassesQuery = () => endpointQuery(teachersContract.myClasses);

export function useCreateTeacher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TeacherInput) => call(teachersContract.create, { body }),
    onSuccess: () => invalidateEndpoints(qc, teachersContract.list),
  });
}

export function useUpdateTeacher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TeacherInput }) =>
      call(teachersContract.update, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(qc, teachersContract.list),
  });
}

export function useSetTeacherActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      call(teachersContract.setActive, { params: { id }, body: { active } }),
    onSuccess: () => invalidateEndpoints(qc, teachersContract.list),
  });
}

export function useResetTeacherPassword() {
  return useMutation({ mutationFn: (id: number) => call(teachersContract.resetPassword, { params: { id } }) });
}

export function useAssignSubjects() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subjectIds }: { id: number; subjectIds: number[] }) =>
      call(teachersContract.assign, { params: { id }, body: { subjectIds } }),
    onSuccess: () => invalidateEndpoints(qc, teachersContract.list),
  });
}
