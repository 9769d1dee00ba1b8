import type { DefaultError, UseMutationOptions } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import { importWithReload } from '../../app/lazy-route';
import { toBody, type Values } from './form-values';

// What the public pre-registration page asks the API for, apart from the office's api.ts. The contract's
// schema (with zod) and the client are loaded on the first touch of the form, not with the page: a
// visitor's first load carries neither (budget: 150 KB, docs/decisions/0014, 0021).

/** The contract's schema of the form, and the calls that send it and look a form's status up. */
export const preRegisterClient = () =>
  importWithReload(() =>
    Promise.all([import('@madreseh/contract/pre-register/pre-register.contract'), import('../../lib/api-client')]),
  ).then(([contract, client]) => ({
    schema: contract.preRegisterBodySchema,
    submit: (v: Values) => client.call(contract.preRegisterContract.submit, { body: toBody(v) }),
    lookup: (query: LookupQuery) => client.call(contract.preRegisterContract.lookup, { query }),
  }));

type Client = Awaited<ReturnType<typeof preRegisterClient>>;
type LookupQuery = { trackingCode: string; nationalCode: string };
type Options<Answer, Input> = Omit<UseMutationOptions<Answer, DefaultError, Input>, 'mutationFn'>;

/** Sends the filled-in form; the answer is its tracking code. */
export const useSubmitPreRegistration = (options: Options<Awaited<ReturnType<Client['submit']>>, Values>) =>
  useMutation({ mutationFn: async (v: Values) => (await preRegisterClient()).submit(v), ...options });

/** A family looks its form's status up by tracking code and national code. */
export const useLookupPreRegistration = (options: Options<Awaited<ReturnType<Client['lookup']>>, LookupQuery>) =>
  useMutation({ mutationFn: async (q: LookupQuery) => (await preRegisterClient()).lookup(q), ...options });
