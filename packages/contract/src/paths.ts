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
