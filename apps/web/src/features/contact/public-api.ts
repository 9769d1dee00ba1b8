import type { ContactInput } from '@madreseh/contract/contact/contact.contract';
import { useMutation } from '@tanstack/react-query';
import { importWithReload } from '../../app/lazy-route';

/**
 * The contract's schema and client for sending a message, with zod: loaded when the visitor sends it,
 * not with the public page (docs/decisions/0014).
 */
export const contactSending = () =>
  importWithReload(() =>
    Promise.all([
      import('@madreseh/contract/contact/contact.contract'),
      import('../../lib/api-client'),
      import('../../lib/form-errors'),
    ]),
  ).then(([contract, client, forms]) => ({
    /** Field errors of the form in Persian, or null when it may be sent. */
    check: (body: ContactInput) => {
      const parsed = contract.contactInputSchema.safeParse(body);
      return parsed.success ? null : forms.fieldErrorsOf(parsed.error);
    },
    send: (body: ContactInput) => client.call(contract.contactContract.send, { body }),
  }));

/** Sends the visitor's message to the school. */
export function useSendContact(handlers: { onSuccess: () => void; onError: (e: Error) => void }) {
  return useMutation({
    mutationFn: async (body: ContactInput) => (await contactSending()).send(body),
    ...handlers,
  });
}
