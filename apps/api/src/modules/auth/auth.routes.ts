import { authContract } from '@madreseh/contract/auth/auth.contract';
import { homePathOf } from '@madreseh/contract/roles';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import { endSession, type SessionPolicy } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { audit } from '../../lib/audit';
import { changePassword } from '../students/student-self.service';
import { hasDemoPassword, login } from './auth.service';
import { type OtpSender, requestOtp, verifyOtp } from './otp.service';
import { clearSlowing, deviceCookie, deviceIdFrom, slowedAccounts } from './sign-in-throttle';

/** `sendOtp` takes a parent's sign-in code to their phone (the notification system's SMS provider), after the answer. */
export function registerAuthRoutes(app: FastifyInstance, db: Db, policy: SessionPolicy, sendOtp: OtpSender): void {
  implement(app, authContract.login, async ({ body, request, reply }) => {
    const { deviceId, ...answer } = await login(db, policy, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      deviceId: deviceIdFrom(request.headers.cookie),
    });
    reply.header('set-cookie', deviceCookie(deviceId, request.protocol === 'https'));
    return answer;
  });

  implement(app, authContract.otpRequest, async ({ body, request }) =>
    requestOtp(db, (task) => app.background.run(task), sendOtp, body.mobile, request.ip),
  );
  implement(app, authContract.otpVerify, async ({ body, request }) =>
    verifyOtp(db, policy, body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  implement(app, authContract.logout, async ({ request }) => {
    await endSession(db, requireAuth(request).sessionId);
    return { ok: true as const };
  });

  implement(app, authContract.checkToken, async ({ request }) => {
    const { userId, role, fullName } = requireAuth(request);
    const demoPassword = await hasDemoPassword(db, userId, role);
    return { valid: true as const, user: { id: userId, role, fullName, demoPassword } };
  });

  implement(app, authContract.changeOwnPassword, async ({ request, body }) => {
    const auth = requireAuth(request);
    await changePassword(db, auth, body, (tx) =>
      audit(tx, actorOf(request), 'set_password', 'staff_account', auth.userId, { own: true }),
    );
    return { ok: true as const };
  });

  implement(app, authContract.redirect, async ({ request }) => ({ path: homePathOf(requireAuth(request).role) }));

  implement(app, authContract.slowedList, async () => ({ items: await slowedAccounts(db) }));

  implement(app, authContract.slowedClear, async ({ params, request }) => {
    await clearSlowing(db, actorOf(request), params.id);
    return { ok: true as const };
  });
}
