import { groupsContract } from '@madreseh/contract/groups/groups.contract';
import { type ParentLinkBody, parentsContract } from '@madreseh/contract/parents/parents.contract';
import {
  type StudentInput,
  type StudentListQuery,
  studentsContract,
} from '@madreseh/contract/students/students.contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, urlFor } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { uploadFile } from '../../lib/upload';

export const studentsQuery = (query: StudentListQuery) =>
  queryOptions({ ...endpointQuery(studentsContract.list, { query }), placeholderData: keepPreviousData });

export const groupOptionsQuery = () => endpointQuery(groupsContract.list);

function useInvalidateStudents() {
  const qc = useQueryClient();
  return () => invalidateEndpoints(qc, studentsContract.list, groupsContract.list);
}

export function useSaveStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: StudentInput }) =>
      id === null
        ? call(studentsContract.create, { body })
        : { student: await call(studentsContract.update, { params: { id }, body }), credentials: null },
    onSuccess: invalidate,
  });
}

export function useMultiDelete() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (ids: number[]) => call(studentsContract.multiDelete, { body: { ids } }),
    onSuccess: invalidate,
  });
}

export function useResetPassword() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (id: number) => call(studentsContract.resetPassword, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useIssuePasswords() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (ids: number[]) => call(studentsContract.issuePasswords, { body: { ids } }),
    onSuccess: invalidate,
  });
}

export function useSetStatus() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'inactive' }) =>
      call(studentsContract.setStatus, { params: { id }, body: { status } }),
    onSuccess: invalidate,
  });
}

export function useImport() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (body: { fileName: string; data: string; commit: boolean }) => call(studentsContract.import, { body }),
    onSuccess: (result) => {
      if (result.created > 0) void invalidate();
    },
  });
}

export const exportUrl = (query: Omit<StudentListQuery, 'page' | 'pageSize'>) =>
  urlFor(studentsContract.export, undefined, query as Record<string, unknown>);
export const templateUrl = () => urlFor(studentsContract.importTemplate);

/** A file's bytes as base64, for the import endpoint. */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Sets (file) or removes (null) a student's photo. */
export function useStudentPhoto() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File | null; onProgress?: (f: number) => void }) =>
      file
        ? uploadFile(studentsContract.uploadPhoto, { file, params: { id }, onProgress })
        : call(studentsContract.removePhoto, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** A student's linked parents (the drawer's parents section). */
export const studentParentsQuery = (id: number) => endpointQuery(parentsContract.ofStudent, { params: { id } });

export function useParentLinks(studentId: number) {
  const qc = useQueryClient();
  const invalidate = () => invalidateEndpoints(qc, parentsContract.ofStudent);
  return {
    link: useMutation({
      mutationFn: (body: ParentLinkBody) => call(parentsContract.link, { params: { id: studentId }, body }),
      onSuccess: invalidate,
    }),
    unlink: useMutation({
      mutationFn: (parentId: number) => call(parentsContract.unlink, { params: { id: studentId, parentId } }),
      onSuccess: invalidate,
    }),
    resetPassword: useMutation({
      mutationFn: (parentId: number) => call(parentsContract.resetPassword, { params: { id: parentId } }),
      onSuccess: invalidate,
    }),
  };
}
