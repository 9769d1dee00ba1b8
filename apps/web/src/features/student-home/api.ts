import type { attendanceContract } from '@madreseh/contract/attendance/attendance.contract';
import type { newsContract } from '@madreseh/contract/news/news.contract';
import type { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import type { studentsContract } from '@madreseh/contract/students/students.contract';
import { queryOptions } from '@tanstack/react-query';
import { offlineAtOf } from '../../lib/offline';
import { getOwn, ownAnswer, ownQuery, ownRead, urlOf } from '../../lib/own-read';
import { endpointKey } from '../../lib/query-key';

// The home is the student area's first screen: its reads go without zod (lib/own-read.ts,
// docs/decisions/0032); the other pages read the same endpoints parsed, under the same keys.
const me = ownRead<typeof studentsContract.me>('student/me');
const news = ownRead<typeof newsContract.studentList>('student/news');
const invoices = ownRead<typeof paymentsContract.studentInvoices>('student/invoices', { noStore: true });
const notices = ownRead<typeof attendanceContract.notices>('student/notices', { noStore: true });

/** student/me and, when it came from the offline cache, when it was saved. */
export const meQuery = () => {
  const own = ownAnswer(me);
  return queryOptions({
    queryKey: endpointKey(me),
    queryFn: async ({ signal }) => {
      const answer = await getOwn(me, { signal });
      return { me: answer, offlineAt: offlineAtOf(urlOf(me)) };
    },
    // From the answer the server drew the page with, when there is one (not from the offline cache).
    initialData: () => {
      const answer = own();
      return answer ? { me: answer, offlineAt: null } : undefined;
    },
    initialDataUpdatedAt: 0,
  });
};

/** The newest three news items the student may read, pinned first. */
export const latestNewsQuery = () => ownQuery(news, { query: { page: 1, pageSize: 3 } });

/** The student's invoices with their totals (the home page shows what is still owed). */
export const balanceQuery = () => ownQuery(invoices);

/** The student's notices (absences recorded), newest first. */
export const noticesQuery = () => ownQuery(notices);
