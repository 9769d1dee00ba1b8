import { z } from 'zod';
import type { Role } from './roles';

// Default validation messages in Persian for every schema that does not bring its own.
z.config(z.locales.fa());

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: everybody, or a list of roles. Anything else is denied. */
export type Access = 'public' | readonly Role[];

export interface Endpoint {
  method: HttpMethod;
  /** Path under /api/v1/, spelled as in the specification; `:name` marks a parameter. */
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of a 2xx JSON answer. Absent for endpoints that answer a file. */
  response?: z.ZodType;
  /** How the body travels: JSON (default) or multipart form data (uploads). */
  bodyKind?: 'json' | 'multipart';
  /** The endpoint answers a file (export) instead of JSON. */
  file?: boolean;
  /** Extra response headers this endpoint always sets, for documentation. */
  noStore?: boolean;
  /**
   * Changes money: accepts an `Idempotency-Key` header (8–200 visible ASCII characters), and a
   * retry with the same key answers the first answer again without a second effect.
   */
  idempotent?: boolean;
}

export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

export type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type InferInput<T> = T extends z.ZodType ? z.input<T> : undefined;
