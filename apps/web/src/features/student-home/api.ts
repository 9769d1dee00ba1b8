import { attendanceContract } from '@madreseh/contract/attendance/attendance.contract';
import { newsContract } from '@madreseh/contract/news/news.contract';
import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { studentsContract } from '@madreseh/contract/students/students.contract';
import { queryOptions } from '@tanstack/react-query';
import { call, urlFor } from '../../lib/api-client';
import { endpointKey, endpointQuery } from '../../lib/endpoint-query';
import { offlineAtOf } from '../../lib/offline';

/** student/me and, when it came from the offline cache, when it was saved. */
export const meQuery = () =>
  queryOptions({
    queryKey: endpointKey(studentsContract.me),
    queryFn: async ({ signal }) => {
      const me = await call(studentsContract.me, { signal });
      return { me, offlineAt: offlineAtOf(urlFor(studentsContract.me)) };
    },
  });

/** The newest three news items the student may read, pinned first. */
export const latestNewsQuery = () => endpointQuery(newsContract.studentList, { query: { page: 1, pageSize: 3 } });

/** The student's invoices with their totals (the home page shows what is still owed). */
export const balanceQuery = () => endpointQuery(paymentsContract.studentInvoices);

/** The student's notices (absences recorded), newest first. */
export const noticesQuery = () => endpointQuery(attendanceContract.notices);
