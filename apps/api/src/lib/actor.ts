import type { Role } from '@madreseh/contract/roles';

/**
 * Who does something, as services see it: the signed-in user (id and role) and the address the
 * request came from, or the server itself. Services take an actor, never the HTTP request, so a
 * command, a scheduled job or a test calls them as a route does; the route builds it with
 * `actorOf` (http/actor.ts).
 */
export interface Actor {
  userId: number | null;
  role: Role | null;
  ip: string | null;
}

/** The server itself: a scheduled job (reconciliation, purges) or a command run on its machine. */
export const SYSTEM_ACTOR: Actor = { userId: null, role: null, ip: null };
