import {
  attendanceContract,
  type HolidayInput,
  type SheetSave,
} from '@madreseh/contract/attendance/attendance.contract';
import { groupsContract } from '@madreseh/contract/groups/groups.contract';
import { parentsContract } from '@madreseh/contract/parents/parents.contract';
import { teachersContract } from '@madreseh/contract/teachers/teachers.contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { childParamsOf, STUDENT_VIEWER, type Viewer } from '../../lib/viewer';
import { enqueue, flushQueue } from './queue';

/** The classes a teacher may take attendance of (hers), or every class for staff. */
export const myClassesQuery = () => endpointQuery(teachersContract.myClasses);
export const groupsQuery = () => endpointQuery(groupsContract.list);
export const holidaysQuery = () => endpointQuery(attendanceContract.holidays);

export const sheetQuery = (groupId: number, date: string, period: number | null) =>
  queryOptions({
    ...endpointQuery(attendanceContract.sheet, { query: { groupId, date, period: period ?? undefined } }),
    staleTime: 0,
  });

export const classMonthQuery = (groupId: number, year: number, month: number) =>
  endpointQuery(attendanceContract.classMonth, { query: { groupId, year, month } });
export const dayQuery = (date: string) => endpointQuery(attendanceContract.day, { query: { date } });
/** A month of the student's attendance: their own, or a parent's child's (lib/viewer). */
export const myMonthQuery = (year: number, month: number, v: Viewer = STUDENT_VIEWER) =>
  v.kind === 'parent'
    ? endpointQuery(parentsContract.attendance, { params: childParamsOf(v), query: { year, month } })
    : endpointQuery(attendanceContract.mine, { query: { year, month } });
export const noticesQuery = () => endpointQuery(attendanceContract.notices);

/**
 * Saves a sheet. Without a network the save is queued on the phone with its key and answered
 * `{ queued: true }`; it is sent when the network returns (queue.ts).
 */
export function useSaveSheet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SheetSave & { clientKey: string }) => {
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        enqueue(body);
        return { queued: true as const, sheet: null };
      }
      try {
        return { queued: false as const, sheet: await call(attendanceContract.save, { body }) };
      } catch (err) {
        if (err instanceof ApiError && err.isNetwork) {
          enqueue(body);
          return { queued: true as const, sheet: null };
        }
        throw err;
      }
    },
    onSuccess: (r) => {
      if (r.sheet) qc.setQueryData(sheetQuery(r.sheet.group.id, r.sheet.date, r.sheet.period).queryKey, r.sheet);
    },
  });
}

export function useFlushQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: flushQueue,
    onSuccess: (r) => {
      if (r.sent) invalidateEndpoints(qc, attendanceContract.sheet);
    },
  });
}

export function useAddHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HolidayInput) => call(attendanceContract.addHoliday, { body }),
    onSuccess: (data) => qc.setQueryData(holidaysQuery().queryKey, data),
  });
}

export function useRemoveHoliday() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => call(attendanceContract.removeHoliday, { params: { date } }),
    onSuccess: (data) => qc.setQueryData(holidaysQuery().queryKey, data),
  });
}

export function useSetPeriods() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (periodsPerDay: number) => call(attendanceContract.setSettings, { body: { periodsPerDay } }),
    onSuccess: (data) => qc.setQueryData(holidaysQuery().queryKey, data),
  });
}
