/** Addresses of the API, without zod: the public pages' code builds them too (docs/decisions/0014). */

export const API_PREFIX = '/api/v1/';

/** Fills `:name` parameters of an endpoint path. */
export function pathWith(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/**
 * Page addresses the server names in redirects and links (the app's router declares the same
 * routes from these), so a page can move without a hard-coded copy left behind.
 */
export const PAGES = {
  /** Where a gateway's callback sends the payer: the result of payment `:id` (0 = not found). */
  paymentResult: '/student/payment/result/:id',
  /** The same for a payment a parent started for their child `:childId`. */
  parentPaymentResult: '/parent/:childId/payment/result/:id',
  /** The same for a parent's one payment of several invoices (batch `:id`). */
  parentBatchResult: '/parent/payment/batch/:id',
  /** The printable receipt of that whole payment: its reference, its total and each invoice's share. */
  parentBatchReceipt: '/parent/payment/batch/:id/receipt',
  /** The test gateway's own payment page, for payment `:authority`. */
  paymentSandbox: '/payment-sandbox/:authority',
} as const;

/** The API address of an endpoint path, with its parameters filled. */
export function apiPath(path: string, params?: Record<string, string | number>): string {
  return API_PREFIX + pathWith(path, params);
}
