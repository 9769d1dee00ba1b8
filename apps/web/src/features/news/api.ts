import type { InferInput } from '@madreseh/contract/endpoint';
import { groupsContract } from '@madreseh/contract/groups/groups.contract';
import { type NewsInput, newsContract, type TeacherNewsInput } from '@madreseh/contract/news/news.contract';
import { parentsContract } from '@madreseh/contract/parents/parents.contract';
import { teachersContract } from '@madreseh/contract/teachers/teachers.contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { uploadFile } from '../../lib/upload';
import { STUDENT_VIEWER, type Viewer } from '../../lib/viewer';

export type AdminNewsQuery = NonNullable<InferInput<typeof newsContract.list.query>>;

export const newsQueries = {
  /** The classes a news item can be addressed to. */
  groups: () => endpointQuery(groupsContract.list),
  admin: (query: AdminNewsQuery) => endpointQuery(newsContract.list, { query }),
  /** The news the viewer may read: the student's own, or a parent's child's. */
  studentList: (page: number, v: Viewer = STUDENT_VIEWER) =>
    v.kind === 'parent'
      ? endpointQuery(parentsContract.news, { params: { childId: v.childId }, query: { page, pageSize: 10 } })
      : endpointQuery(newsContract.studentList, { query: { page, pageSize: 10 } }),
  studentItem: (id: number, v: Viewer = STUDENT_VIEWER) =>
    v.kind === 'parent'
      ? endpointQuery(parentsContract.newsItem, { params: { childId: v.childId, id } })
      : endpointQuery(newsContract.studentGet, { params: { id } }),
  /** The signed-in teacher's own items, and her classes (the ones she may write to). */
  teacherList: (page: number) => endpointQuery(newsContract.teacherList, { query: { page, pageSize: 20 } }),
  teacherClasses: () => endpointQuery(teachersContract.myClasses),
};

/** After a news item is saved or deleted, every list and item of news may have changed. */
export const invalidateNews = (qc: QueryClient) =>
  invalidateEndpoints(qc, ...Object.values(newsContract).filter((ep) => ep.method === 'GET'));

/** Creates (id null) or updates a news item, then uploads its new cover if one was chosen. */
export function useSaveNews(id: number | null, onProgress: (fraction: number | null) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, cover }: { body: NewsInput; cover: File | null }) => {
      const saved =
        id === null
          ? await call(newsContract.create, { body })
          : await call(newsContract.update, { params: { id }, body });
      if (cover) {
        onProgress(0);
        await uploadFile(newsContract.uploadCover, { file: cover, params: { id: saved.id }, onProgress });
      }
      return saved;
    },
    onSuccess: () => invalidateNews(qc),
    onError: () => onProgress(null),
  });
}

export function useDeleteNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(newsContract.remove, { params: { id } }),
    onSuccess: () => invalidateNews(qc),
  });
}

/** A teacher publishes (id null) or edits her own item, then uploads its new image if one was chosen. */
export function useSaveTeacherNews(id: number | null, onProgress: (fraction: number | null) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, cover }: { body: TeacherNewsInput; cover: File | null }) => {
      const saved =
        id === null
          ? await call(newsContract.teacherCreate, { body })
          : await call(newsContract.teacherUpdate, { params: { id }, body });
      if (cover) {
        onProgress(0);
        await uploadFile(newsContract.teacherUploadCover, { file: cover, params: { id: saved.id }, onProgress });
      }
      return saved;
    },
    onSuccess: () => invalidateNews(qc),
    onError: () => onProgress(null),
  });
}

export function useDeleteTeacherNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(newsContract.teacherRemove, { params: { id } }),
    onSuccess: () => invalidateNews(qc),
  });
}
