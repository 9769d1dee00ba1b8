import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const PERSIAN = /[\u0600-\u06FF]/;

/**
 * Asserts a validation failure: 400, a Persian message, and a Persian message for each field named
 * (`pageSize`, `id`, `school.name`, …).
 */
export function expectInvalid(res: LightMyRequestResponse, fields: string[] = []): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; fields?: Record<string, string> };
  expect(body.message).toMatch(PERSIAN);
  for (const field of fields) expect(body.fields?.[field], `${field} in ${res.body}`).toMatch(PERSIAN);
}
