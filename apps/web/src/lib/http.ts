import { ERROR_CODES, ERROR_MESSAGES, ProblemError } from '@madreseh/contract/error-messages';
import { API_PREFIX, pathWith } from '@madreseh/contract/paths';
import { readToken } from './cookies';
import { noteOffline } from './offline';

/**
 * Sending a request to the API and reading its answer, without zod: shared by the contract client
 * (api-client.ts, which parses every answer with its endpoint's schema) and the public pages' reads
 * (public-api.ts), whose code stays small (docs/decisions/0014).
 */

/** An error answer of the API, or a network failure (status 0). */
export class ApiError extends ProblemError {
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export function urlFor(
  ep: { path: string },
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const qs = search.toString();
  return `${API_PREFIX}${pathWith(ep.path, params)}${qs ? `?${qs}` : ''}`;
}

/** The API's error body: `{ code, message, fields? }`, or null for anything else. */
function errorBodyOf(json: unknown): { code: string; message: string; fields?: Record<string, string> } | null {
  if (!json || typeof json !== 'object') return null;
  const { code, message, fields } = json as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return null;
  if (!Object.values(fields).every((v) => typeof v === 'string')) return null;
  return { code, message, fields: fields as Record<string, string> };
}

export interface SendOptions {
  method: string;
  url: string;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  noStore?: boolean;
  /** Called once the server answered (any status), not on a network failure. */
  onAnswered?: () => void;
}

/**
 * Sends one request with the bearer token from the `token` cookie and gives back the answer's JSON
 * (null for an empty body); an error answer or a network failure is thrown as ApiError.
 */
export async function send({
  method,
  url,
  body,
  headers: extra,
  signal,
  noStore,
  onAnswered,
}: SendOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body,
      signal,
      cache: noStore ? 'no-store' : 'default',
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', ERROR_MESSAGES.network);
  }
  onAnswered?.();
  noteOffline(url, res.headers);
  const text = await res.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!res.ok) {
    const error = errorBodyOf(json);
    if (error) throw new ApiError(res.status, error.code, error.message, error.fields);
    throw new ApiError(res.status, ERROR_CODES.internal, ERROR_MESSAGES.unexpected);
  }
  return json;
}
