import { contract } from '@madreseh/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/site';
import { auditLog } from '../../db/schema/system';
import { answerOf, useTestApp } from '../../test/test-app';

const t = useTestApp();

async function signIn(username: string, password: string) {
  const res = await t.call(contract.auth.login, { body: { username, password } });
  expect(res.statusCode).toBe(200);
  return answerOf(contract.auth.login, res);
}

const check = async (token: string) =>
  (await t.call(contract.auth.checkToken, { headers: t.as(token) })).json().user as { demoPassword?: boolean };

describe('the demo password prompt of a super-admin', () => {
  it('is asked of the demo super-admin (login and check-token), not of an admin or a student', async () => {
    const superadmin = await signIn('superadmin', 'demo1234');
    expect(superadmin.user.demoPassword).toBe(true);
    expect((await check(superadmin.token)).demoPassword).toBe(true);
    // Persian digits are the same password, as at login.
    expect((await signIn('superadmin', 'demo۱۲۳۴')).user.demoPassword).toBe(true);
    for (const username of ['admin', 'student1']) {
      const s = await signIn(username, 'demo1234');
      expect(s.user.demoPassword).toBe(false);
      expect((await check(s.token)).demoPassword).toBe(false);
    }
  });

  it('refuses a wrong current password with a Persian 4xx and changes nothing', async () => {
    const { token } = await signIn('superadmin', 'demo1234');
    const res = await t.call(contract.auth.changeOwnPassword, {
      headers: t.as(token),
      body: { currentPassword: 'not-the-one', newPassword: 'a-new-secret-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.currentPassword).toBe('رمز عبور فعلی درست نیست.');
    expect((await check(token)).demoPassword).toBe(true);
    const short = await t.call(contract.auth.changeOwnPassword, {
      headers: t.as(token),
      body: { currentPassword: 'demo1234', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect((await check(token)).demoPassword).toBe(true);
  });

  it('is gone once the password is changed; the change is audited', async () => {
    const { token } = await signIn('superadmin', 'demo1234');
    const res = await t.call(contract.auth.changeOwnPassword, {
      headers: t.as(token),
      body: { currentPassword: 'demo۱۲۳۴', newPassword: 'a-new-secret-۱' },
    });
    expect(res.statusCode).toBe(200);
    expect((await check(token)).demoPassword).toBe(false);
    const again = await signIn('superadmin', 'a-new-secret-1');
    expect(again.user.demoPassword).toBe(false);
    const id = await t.userId('superadmin');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'set_password'), eq(auditLog.entityId, String(id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(id);
  });

  it('is not asked on a database that is not a demo', async () => {
    const { token } = await signIn('admin', 'demo1234');
    // A second super-admin with the demo password, on a database without the demo mark.
    const made = await t.call(contract.admins.create, {
      headers: t.as(await t.sessionFor('superadmin')),
      body: { username: 'head2', fullName: 'مدیر دوم', role: 'super-admin', password: 'demo1234' },
    });
    expect(made.statusCode).toBe(201);
    expect((await signIn('head2', 'demo1234')).user.demoPassword).toBe(true);
    await t.db.delete(settings).where(eq(settings.key, 'demo'));
    const s = await signIn('head2', 'demo1234');
    expect(s.user.demoPassword).toBe(false);
    expect((await check(s.token)).demoPassword).toBe(false);
    expect((await check(token)).demoPassword).toBe(false);
  });
});
