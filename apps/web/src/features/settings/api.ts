import { contract } from '@madreseh/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export const settingsQueries = {
  all: () =>
    queryOptions({
      queryKey: ['panel', 'settings'],
      queryFn: ({ signal }) => call(contract.settings.get, { signal }),
    }),
};
