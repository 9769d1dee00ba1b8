import type { Endpoint } from '@madreseh/contract/endpoint';
import { API_PREFIX } from '@madreseh/contract/paths';

export interface CallInput {
  params?: Record<string, string | number | undefined>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The address inject asks for: `/api/v1/<path>` with parameters filled in and the query string. */
export function addressOf(endpoint: Endpoint, input: Pick<CallInput, 'params' | 'query'> = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) search.set(k, String(v));
  const qs = search.toString();
  // Filled as a template string would be: a missing value is sent as "undefined", for the server to refuse.
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(input.params?.[name])),
  );
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}
