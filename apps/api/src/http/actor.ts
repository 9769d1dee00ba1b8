import type { FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor';

/** The actor of a request: its signed-in user (none on a public endpoint) and its address. */
export function actorOf(request: FastifyRequest): Actor {
  return { userId: request.auth?.userId ?? null, role: request.auth?.role ?? null, ip: request.ip };
}
