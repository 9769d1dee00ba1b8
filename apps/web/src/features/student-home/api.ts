import { studentContract } from '@madreseh/contract/student/student.contract';
import { queryOptions } from '@tanstack/react-query';
import { call, urlFor } from '../../lib/api-client';
import { offlineAtOf } from '../../lib/offline';

/** student/me and, when it came from the offline cache, when it was saved. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['student-me'],
    queryFn: async ({ signal }) => {
      const me = await call(studentContract.me, { signal });
      return { me, offlineAt: offlineAtOf(urlFor(studentContract.me)) };
    },
  });
