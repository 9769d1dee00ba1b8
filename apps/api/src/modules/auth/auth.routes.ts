import { authContract } from '@madreseh/contract/auth/auth.contract';
import { homePathOf } from '@madreseh/contract/roles';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import { endSession, type SessionPolicy } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { implement } from '../../http/implement';
import { login } from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, db: Db, policy: SessionPolicy): void {
  implement(app, authContract.login, async ({ body, request }) =>
    login(db, policy, body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  implement(app, authContract.logout, async ({ request }) => {
    await endSession(db, requireAuth(request).sessionId);
    return { ok: true as const };
  });

  implement(app, authContract.checkToken, async ({ request }) => {
    const { userId, role, fullName } = requireAuth(request);
    return { valid: true as const, user: { id: userId, role, fullName } };
  });

  implement(app, authContract.redirect, async ({ request }) => ({ path: homePathOf(requireAuth(request).role) }));
}
