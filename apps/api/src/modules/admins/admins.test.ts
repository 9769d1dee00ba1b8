import { contract } from '@madreseh/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system';
import { sessions, users } from '../../db/schema/users';
import { expectInvalid } from '../../test/expect-invalid';
import { answerOf, useTestApp } from '../../test/test-app';
import { ADMINS_MESSAGES } from './admins.service';

const PERSIAN = /[\u0600-\u06FF]/;
const PASSWORD = 'Office-pass-2024';

const logs: string[] = [];
const t = useTestApp({ logStream: { write: (line) => logs.push(line) } });
let superToken: string;

beforeAll(async () => {
  superToken = await t.sessionFor('superadmin');
});

const post = (payload: object, token = superToken) =>
  t.call(contract.admins.create, { headers: t.as(token), body: payload });
const patch = (id: number, payload: object, token = superToken) =>
  t.call(contract.admins.update, { params: { id }, headers: t.as(token), body: payload });
const setPassword = (id: number, password: string, token = superToken) =>
  t.call(contract.admins.setPassword, { params: { id }, headers: t.as(token), body: { password } });
const checkToken = (token: string) => t.call(contract.auth.checkToken, { body: {}, headers: t.as(token) });
const loginStatus = async (username: string, password: string) =>
  (await t.call(contract.auth.login, { body: { username, password } })).statusCode;

let seq = 0;
/** A fresh account through the API; answers its id. */
async function createAccount(role: 'admin' | 'super-admin' = 'admin', username = `staff${++seq}`): Promise<number> {
  const res = await post({ username, fullName: `کارمند ${seq}`, role, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(201);
  return answerOf(contract.admins.create, res).id;
}

async function activeSuperAdmins(): Promise<number> {
  const rows = await t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'super-admin'), eq(users.active, true)));
  return rows.length;
}

describe('panel/admins', () => {
  it('lists the staff accounts, never students, with when each was last seen', async () => {
    const res = await t.call(contract.admins.list, { headers: t.as(superToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const items = res.json().items as { username: string; role: string; lastSeenAt: string | null }[];
    const names = items.map((i) => i.username);
    expect(names).toEqual(expect.arrayContaining(['superadmin', 'admin']));
    expect(names).not.toContain('student1');
    expect(items.every((i) => i.role === 'admin' || i.role === 'super-admin')).toBe(true);
    expect(items[0]?.role).toBe('super-admin');
    const me = items.find((i) => i.username === 'superadmin');
    expect(me).toMatchObject({ fullName: 'مریم احمدی', active: true, createdAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(me?.lastSeenAt ?? ''))).toBe(false);
    expect(res.body).not.toMatch(/password|scrypt/i);
  });

  it('creates an account from a username typed with Persian digits; it signs in, and the password is nowhere', async () => {
    const res = await post({
      username: ' Office۱۲ ',
      fullName: ' زهرا  كاظمي ',
      role: 'admin',
      password: 'رمز۱۲۳۴۵۶۷۸',
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({ username: 'office12', fullName: 'زهرا کاظمی', role: 'admin', active: true });
    expect(account.lastSeenAt).toBeNull();
    expect(Object.keys(account).sort()).toEqual(
      ['active', 'createdAt', 'fullName', 'id', 'lastSeenAt', 'role', 'username'].sort(),
    );
    // Digits are Latin in the stored password too, as at login: either way of typing signs in.
    expect(await loginStatus('office۱۲', 'رمز۱۲۳۴۵۶۷۸')).toBe(200);
    expect(await loginStatus('OFFICE12', 'رمز12345678')).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('12345678');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(account.id)));
    expect(audits.map((a) => [a.action, a.entity])).toContainEqual(['create', 'staff_account']);
    expect(JSON.stringify(audits)).not.toContain('12345678');
    expect(logs.join('\n')).not.toContain('12345678');
  });

  it('answers 400 with Persian messages for a bad username, name, role or password', async () => {
    expectInvalid(await post({ username: 'مدیر', fullName: 'الف', role: 'admin', password: PASSWORD }), ['username']);
    expectInvalid(await post({ username: 'ab', fullName: 'الف', role: 'admin', password: PASSWORD }), ['username']);
    expectInvalid(await post({ username: 'ok.name', fullName: '   ', role: 'admin', password: PASSWORD }), [
      'fullName',
    ]);
    expectInvalid(await post({ username: 'ok.name', fullName: 'الف', role: 'student', password: PASSWORD }), ['role']);
    expectInvalid(await post({ username: 'ok.name', fullName: 'الف', role: 'admin', password: '۱۲۳۴' }), ['password']);
    expectInvalid(await post({}), ['username', 'fullName', 'role', 'password']);
    const [created] = await t.db.select().from(users).where(eq(users.username, 'ok.name'));
    expect(created).toBeUndefined();
    const id = await t.userId('admin');
    expectInvalid(await patch(id, {}));
    expectInvalid(await patch(id, { role: 'student' }), ['role']);
    expectInvalid(await setPassword(id, 'short'), ['password']);
  });

  it('refuses a username that is taken, by staff or by a student (409, Persian)', async () => {
    for (const username of ['admin', 'ADMIN', 'student1']) {
      const res = await post({ username, fullName: 'تکراری', role: 'admin', password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMINS_MESSAGES.duplicate);
      expect(res.json().fields.username).toMatch(PERSIAN);
    }
  });

  it('two requests creating the same username at once: one account, the other hears 409', async () => {
    const body = { username: 'twin', fullName: 'دوقلو', role: 'admin', password: PASSWORD };
    const answers = await Promise.all([post(body), post(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.username, 'twin'))).toHaveLength(1);
  });

  it('changes the name and the role', async () => {
    const id = await createAccount();
    const res = await patch(id, { fullName: 'رضا  نوري', role: 'super-admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, fullName: 'رضا نوری', role: 'super-admin', active: true });
    const back = await patch(id, { role: 'admin' });
    expect(back.json()).toMatchObject({ role: 'admin', fullName: 'رضا نوری' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.filter((a) => a.action === 'update')).toHaveLength(2);
  });

  it('deactivating an account ends its sessions and stops its sign-in; activating lets it in again', async () => {
    const id = await createAccount('admin', 'leaver');
    const token = await t.login('leaver', PASSWORD);
    expect((await checkToken(token)).statusCode).toBe(200);
    const res = await patch(id, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().active).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect((await checkToken(token)).statusCode).toBe(401);
    expect(await loginStatus('leaver', PASSWORD)).toBe(401);
    expect((await patch(id, { active: true })).json().active).toBe(true);
    expect(await loginStatus('leaver', PASSWORD)).toBe(200);
  });

  it('demoting a super-admin ends their sessions; renaming does not', async () => {
    const id = await createAccount('super-admin', 'demoted');
    const token = await t.login('demoted', PASSWORD);
    expect((await patch(id, { fullName: 'نام تازه' })).statusCode).toBe(200);
    expect((await checkToken(token)).statusCode).toBe(200);
    expect((await patch(id, { role: 'admin' })).statusCode).toBe(200);
    expect((await checkToken(token)).statusCode).toBe(401);
    const again = await t.login('demoted', PASSWORD);
    expect((await t.call(contract.admins.list, { headers: t.as(again) })).statusCode).toBe(403);
  });

  it('nobody deactivates or demotes themselves (409, Persian)', async () => {
    const me = await t.userId('superadmin');
    const off = await patch(me, { active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(ADMINS_MESSAGES.selfDeactivate);
    const down = await patch(me, { role: 'admin' });
    expect(down.statusCode).toBe(409);
    expect(down.json().message).toBe(ADMINS_MESSAGES.selfDemote);
    // Renaming oneself is fine, and the session stays.
    expect((await patch(me, { fullName: 'مریم احمدی' })).statusCode).toBe(200);
    expect((await checkToken(superToken)).statusCode).toBe(200);
  });

  it('two super-admins taking each other out at once leave one active super-admin', async () => {
    for (let round = 0; round < 4; round++) {
      const other = await createAccount('super-admin', `rival${round}`);
      const otherToken = await t.login(`rival${round}`, PASSWORD);
      const first = await t.userId('superadmin');
      expect(await activeSuperAdmins()).toBe(2);
      const change = round % 2 === 0 ? { active: false } : { role: 'admin' };
      const answers = await Promise.all([patch(other, change, superToken), patch(first, change, otherToken)]);
      const statuses = answers.map((a) => a.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        statuses.join(),
      ).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 200)) {
        // The loser is refused by the rule, or (when its own session already ended) by the guard.
        expect([401, 409]).toContain(a.statusCode);
        if (a.statusCode === 409) expect(a.json().message).toBe(ADMINS_MESSAGES.lastSuperAdmin);
      }
      expect(await activeSuperAdmins()).toBe(1);
      // Put the demo super-admin back in charge for the next round.
      if (statuses[1] === 200) {
        await t.db.update(users).set({ active: true, role: 'super-admin' }).where(eq(users.id, first));
        await t.db.update(users).set({ active: false }).where(eq(users.id, other));
        superToken = await t.sessionFor('superadmin');
      } else {
        await t.db.update(users).set({ active: false }).where(eq(users.id, other));
      }
      expect(await activeSuperAdmins()).toBe(1);
    }
  });

  it('sets a new password: the old one stops working and the account’s sessions end', async () => {
    const id = await createAccount('admin', 'forgetful');
    const token = await t.login('forgetful', PASSWORD);
    const res = await setPassword(id, 'تازه-۹۸۷۶۵۴۳۲');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await checkToken(token)).statusCode).toBe(401);
    expect(await loginStatus('forgetful', PASSWORD)).toBe(401);
    expect(await loginStatus('forgetful', 'تازه-98765432')).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.map((a) => a.action)).toContain('set_password');
    expect(JSON.stringify(audits)).not.toContain('98765432');
    expect(logs.join('\n')).not.toContain('98765432');
  });

  it("a super-admin's own new password keeps the session they set it from and ends their others", async () => {
    const id = await createAccount('super-admin', 'selfreset');
    const here = await t.login('selfreset', PASSWORD);
    const elsewhere = await t.login('selfreset', PASSWORD);
    expect((await setPassword(id, 'another-password-1', here)).statusCode).toBe(200);
    expect((await checkToken(here)).statusCode).toBe(200);
    expect((await checkToken(elsewhere)).statusCode).toBe(401);
    await t.db.update(users).set({ active: false }).where(eq(users.id, id));
  });

  it('answers 404 for a student or an unknown id, and changes nothing', async () => {
    const student = await t.userId('student1');
    for (const res of [
      await patch(student, { active: false }),
      await setPassword(student, 'whatever-123'),
      await patch(999_999, { fullName: 'کسی' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(PERSIAN);
    }
    const [row] = await t.db.select({ active: users.active }).from(users).where(eq(users.id, student));
    expect(row?.active).toBe(true);
  });

  it('refuses an admin (403) on every endpoint', async () => {
    const admin = await t.sessionFor('admin');
    const id = await t.userId('admin');
    for (const res of [
      await t.call(contract.admins.list, { headers: t.as(admin) }),
      await post({ username: 'sneaky', fullName: 'نفوذی', role: 'super-admin', password: PASSWORD }, admin),
      await patch(id, { role: 'super-admin' }, admin),
      await setPassword(id, 'whatever-123', admin),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
    expect(row?.role).toBe('admin');
  });
});
