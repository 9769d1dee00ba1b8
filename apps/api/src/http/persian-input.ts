import { normalizeTypedText } from '@madreseh/contract/persian';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** No form nests this deep; a body that does is refused (400) rather than walked to the end of the stack. */
const MAX_DEPTH = 32;

/** Fields kept exactly as typed: a secret must match what was hashed, byte for byte. */
const KEPT = /password|secret|token|signature/i;

/**
 * Every string of a value normalised the way Persian text is stored (Arabic-typed ي/ى/ك as ی/ک,
 * Arabic-Indic digits as Persian), except fields whose name says they are secrets.
 */
export function normalizeInput(value: unknown, key = '', depth = 0): unknown {
  if (typeof value === 'string') return KEPT.test(key) ? value : normalizeTypedText(value);
  if (depth >= MAX_DEPTH && value && typeof value === 'object') {
    throw AppError.badRequest('ساختار درخواست بیش از اندازه تودرتو است.');
  }
  if (Array.isArray(value)) return value.map((v) => normalizeInput(v, key, depth + 1));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normalizeInput(v, k, depth + 1);
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
