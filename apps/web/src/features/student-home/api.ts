import { attendanceContract } from '@madreseh/contract/attendance/attendance.contract';
import type { Infer } from '@madreseh/contract/endpoint';
import { newsContract } from '@madreseh/contract/news/news.contract';
import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { studentsContract } from '@madreseh/contract/students/students.contract';
import { queryOptions } from '@tanstack/react-query';
import { call, urlFor } from '../../lib/api-client';
import { endpointKey, endpointQuery, ownInitialData } from '../../lib/endpoint-query';
import { offlineAtOf } from '../../lib/offline';

/** student/me and, when it came from the offline cache, when it was saved. */
export const meQuery = () => {
  const own = ownInitialData<Infer<typeof studentsContract.me.response>>(
    studentsContract.me,
    urlFor(studentsContract.me),
  );
  return queryOptions({
    queryKey: endpointKey(studentsContract.me),
    queryFn: async ({ signal }) => {
      const me = await call(studentsContract.me, { signal });
      return { me, offlineAt: offlineAtOf(urlFor(studentsContract.me)) };
    },
    // From the answer the server drew the page with, when there is one (not from the offline cache).
    initialData: () => {
      const me = own.initialData();
      return me ? { me, offlineAt: null } : undefined;
    },
    initialDataUpdatedAt: 0,
  });
};

/** The newest three news items the student may read, pinned first. */
export const latestNewsQuery = () => endpointQuery(newsContract.studentList, { query: { page: 1, pageSize: 3 } });

/** The student's invoices with their totals (the home page shows what is still owed). */
export const balanceQuery = () => endpointQuery(paymentsContract.studentInvoices);

/** The student's notices (absences recorded), newest first. */
export const noticesQuery = () => endpointQuery(attendanceContract.notices);
