import type { FastifyRequest } from 'fastify';

/**
 * What a request log line says about the request: method and path, and only the names of query
 * parameters (a query may carry a national code or a tracking code). Headers are never logged,
 * so tokens and cookies are not either.
 */
export function requestSerializer(req: FastifyRequest) {
  const [path, query] = req.url.split('?', 2);
  const keys = query ? [...new URLSearchParams(query).keys()] : [];
  return {
    method: req.method,
    url: keys.length ? `${path}?${keys.map((k) => `${k}=…`).join('&')}` : path,
    remoteAddress: req.ip,
  };
}
