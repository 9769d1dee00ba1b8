import { groupContract } from '@madreseh/contract/group/group.contract';
import { type TeacherInput, teacherContract } from '@madreseh/contract/teacher/teacher.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

export const teachersQuery = () => endpointQuery(teacherContract.list);
export const groupsQuery = () => endpointQuery(groupContract.list);
/** The signed-in teacher's classes and subjects. */
export const myClassesQuery = () => endpointQuery(teacherContract.myClasses);

export function useCreateTeacher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TeacherInput) => call(teacherContract.create, { body }),
    onSuccess: () => invalidateEndpoints(qc, teacherContract.list),
  });
}

export function useUpdateTeacher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TeacherInput }) =>
      call(teacherContract.update, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(qc, teacherContract.list),
  });
}

export function useSetTeacherActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      call(teacherContract.setActive, { params: { id }, body: { active } }),
    onSuccess: () => invalidateEndpoints(qc, teacherContract.list),
  });
}

export function useResetTeacherPassword() {
  return useMutation({ mutationFn: (id: number) => call(teacherContract.resetPassword, { params: { id } }) });
}

export function useAssignSubjects() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subjectIds }: { id: number; subjectIds: number[] }) =>
      call(teacherContract.assign, { params: { id }, body: { subjectIds } }),
    onSuccess: () => invalidateEndpoints(qc, teacherContract.list),
  });
}
