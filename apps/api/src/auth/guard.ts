import type { Endpoint } from '@madreseh/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { type AuthContext, resolveSession, type SessionPolicy } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The API-wide role guard. Every route under /api/ must carry the endpoint it implements (from the
 * contract); a route without one is refused. The role always comes from the session row.
 */
export function registerGuard(app: FastifyInstance, db: Db, policy: SessionPolicy): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    // Decide by the matched route, not the raw URL: the router decodes the path, so '/%61pi/v1/…'
    // reaches the route '/api/v1/…' while request.url does not start with '/api/'.
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/') && !request.url.startsWith('/api/')) return;
    if (route.startsWith('/api/docs')) return;
    const ep = request.routeOptions.config.endpoint;
    if (!ep) throw AppError.forbidden();
    const token = bearerToken(request);
    if (token) request.auth = await resolveSession(db, token, policy);
    if (ep.access === 'public') return;
    if (!request.auth) throw AppError.unauthorized();
    if (!ep.access.includes(request.auth.role)) throw AppError.forbidden();
  });
}

/** The caller's auth context inside a handler of a non-public endpoint. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}
