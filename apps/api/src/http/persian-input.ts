import { normalizeTypedText } from '@madreseh/contract/persian';
import type { FastifyInstance } from 'fastify';

/** Fields kept exactly as typed: a secret must match what was hashed, byte for byte. */
const KEPT = /password|secret|token|signature/i;

/**
 * Every string of a value normalised the way Persian text is stored (Arabic-typed ي/ى/ك as ی/ک,
 * Arabic-Indic digits as Persian), except fields whose name says they are secrets.
 */
export function normalizeInput(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return KEPT.test(key) ? value : normalizeTypedText(value);
  if (Array.isArray(value)) return value.map((v) => normalizeInput(v, key));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normalizeInput(v, k);
    return out;
  }
  return value;
}

/**
 * The one place stored text is normalised: every JSON body (and multipart text field, see
 * storage/multipart.ts) is normalised before the endpoint's schema reads it, so names, addresses,
 * messages, news and settings are stored with Persian ی/ک whatever keyboard typed them.
 */
export function registerPersianInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
      request.body = normalizeInput(request.body);
    }
  });
}
