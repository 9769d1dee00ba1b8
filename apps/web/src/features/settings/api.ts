import { settingsContract } from '@madreseh/contract/settings/settings.contract';
import { endpointQuery } from '../../lib/endpoint-query';

export const settingsQueries = {
  all: () => endpointQuery(settingsContract.get),
};
