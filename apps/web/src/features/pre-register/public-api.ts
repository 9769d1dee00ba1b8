import { preRegisterContract } from '@madreseh/contract/pre-register/pre-register.contract';
import { call } from '../../lib/api-client';

// What the public pre-registration page asks the API for, apart from the office's api.ts: a visitor's
// first load carries only the client and this contract, not the office's query helpers (budget: 150 KB,
// docs/decisions/0021).

/** A family looks its form's status up by tracking code and national code. */
export const lookupPreRegistration = (query: { trackingCode: string; nationalCode: string }) =>
  call(preRegisterContract.lookup, { query });
