import { settingsContract } from '@madreseh/contract/settings/settings.contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export const settingsQueries = {
  all: () =>
    queryOptions({
      queryKey: ['panel', 'settings'],
      queryFn: ({ signal }) => call(settingsContract.get, { signal }),
    }),
};
