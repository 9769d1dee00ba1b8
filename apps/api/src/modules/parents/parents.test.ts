import { contract } from '@madreseh/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parentStudents, parents } from '../../db/schema/parents';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { nationalCodeFrom } from '../../db/seed/school-demo';
import { answerOf, useTestApp } from '../../test/test-app';

const t = useTestApp({ config: { payments: { sandboxGateway: true } } });
let admin: string;

beforeAll(async () => {
  admin = await t.sessionFor('admin');
});

async function studentIdOf(username: string): Promise<number> {
  const res = await t.call(contract.student.me, { headers: t.as(await t.sessionFor(username)) });
  return answerOf(contract.student.me, res).id;
}

async function signInWithSlip(parentId: number): Promise<string> {
  const slip = await t.call(contract.parent.resetPassword, { params: { id: parentId }, headers: t.as(admin) });
  expect(slip.statusCode).toBe(200);
  const { username, password } = answerOf(contract.parent.resetPassword, slip);
  const login = await t.call(contract.auth.login, { body: { username, password } });
  expect(login.statusCode).toBe(200);
  return answerOf(contract.auth.login, login).token;
}

describe('staff link parents to students', () => {
  it('makes a parent of a mobile once and links the same parent to a sibling', async () => {
    const s2 = await studentIdOf('student2');
    const first = await t.call(contract.parent.link, {
      params: { id: s2 },
      headers: t.as(admin),
      body: { mobile: '۰۹۳۵۱۱۱۲۲۳۳', fullName: 'مسعود کریمی', relation: 'father' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: true, parent: { mobile: '09351112233', hasPassword: false } });

    // A sibling: the same mobile links the same parent, no second account.
    const [sibling] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, nationalCodeFrom('003456789')));
    expect(sibling).toBeDefined();
    const siblingStudent = await t.call(contract.student.list, { query: { q: 'زهرا' }, headers: t.as(admin) });
    const zahra = (siblingStudent.json() as { items: { id: number }[] }).items[0]?.id ?? 0;
    const second = await t.call(contract.parent.link, {
      params: { id: zahra },
      headers: t.as(admin),
      body: { mobile: '09351112233', fullName: 'نام دیگر', relation: 'guardian' },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ created: false, parent: { children: 2, relation: 'guardian' } });
    expect(await t.db.select().from(parents).where(eq(parents.mobile, '09351112233'))).toHaveLength(1);

    // The parent signs in, lands on /parent and sees both children.
    const parentId = (first.json() as { parent: { id: number } }).parent.id;
    const token = await signInWithSlip(parentId);
    const home = await t.call(contract.auth.redirect, { headers: t.as(token) });
    expect(home.json()).toEqual({ path: '/parent' });
    const kids = await t.call(contract.parent.children, { headers: t.as(token) });
    expect((kids.json() as { items: { id: number }[] }).items.map((k) => k.id).sort()).toEqual([s2, zahra].sort());

    // Unlinked: the child is gone from the parent's list and her data answers 404.
    const off = await t.call(contract.parent.unlink, { params: { id: zahra, parentId }, headers: t.as(admin) });
    expect(off.statusCode).toBe(200);
    const gone = await t.call(contract.parent.invoices, { params: { childId: zahra }, headers: t.as(token) });
    expect(gone.statusCode).toBe(404);
    const links = await t.db.select().from(parentStudents).where(eq(parentStudents.parentId, parentId));
    expect(links.map((l) => l.studentId)).toEqual([s2]);
  });

  it('refuses a bad mobile or national code with a Persian message', async () => {
    const s1 = await studentIdOf('student1');
    const bad = await t.call(contract.parent.link, {
      params: { id: s1 },
      headers: t.as(admin),
      body: { mobile: '12345', fullName: 'ولی', nationalCode: '1234567890', relation: 'mother' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {})).toEqual(expect.arrayContaining(['mobile', 'nationalCode']));
  });
});

describe('the student import creates or links parents', () => {
  it('gives two siblings one father and says how many parents were made and linked', async () => {
    const header = ['نام', 'نام خانوادگی', 'کد ملی', 'نام پدر', 'همراه پدر', 'همراه مادر'];
    const rows = [
      ['آرش', 'توکلی', nationalCodeFrom('111222333'), 'بهرام', '09127770001', '09127770002'],
      ['آرمان', 'توکلی', nationalCodeFrom('111222444'), 'بهرام', '۰۹۱۲۷۷۷۰۰۰۱', ''],
      ['رها', 'ملکی', nationalCodeFrom('111222555'), 'کاوه', '', ''],
    ];
    const csv = [header, ...rows].map((r) => r.join(',')).join('\r\n');
    const res = await t.call(contract.student.import, {
      headers: t.as(admin),
      body: { fileName: 'siblings.csv', data: Buffer.from(csv).toString('base64'), commit: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, parentsCreated: 2, parentsLinked: 3, errors: [] });
    const [father] = await t.db.select().from(parents).where(eq(parents.mobile, '09127770001'));
    expect(father?.fullName).toBe('بهرام توکلی');
    const links = await t.db
      .select()
      .from(parentStudents)
      .where(eq(parentStudents.parentId, father?.id ?? 0));
    expect(links).toHaveLength(2);
    expect(links.every((l) => l.relation === 'father')).toBe(true);
  });

  it('reports a bad parent mobile on its row and saves nothing', async () => {
    const csv = ['نام,نام خانوادگی,کد ملی,همراه مادر', `سینا,رادمنش,${nationalCodeFrom('111222666')},0912`].join(
      '\r\n',
    );
    const res = await t.call(contract.student.import, {
      headers: t.as(admin),
      body: { fileName: 'bad.csv', data: Buffer.from(csv).toString('base64'), commit: true },
    });
    expect(res.json()).toMatchObject({ created: 0, errors: [{ row: 2 }] });
    expect(res.json().errors[0].messages.join(' ')).toContain('همراه مادر');
  });
});

describe('a parent pays a child’s invoice', () => {
  it('records the parent as payer and returns to the parent’s result page', async () => {
    const parent = await t.sessionFor('parent1');
    const kids = (await t.call(contract.parent.children, { headers: t.as(parent) })).json() as {
      items: { id: number; fullName: string }[];
    };
    const setayesh = kids.items.find((k) => k.fullName === 'ستایش محمدی');
    if (!setayesh) throw new Error('demo child missing');
    const list = (
      await t.call(contract.parent.invoices, { params: { childId: setayesh.id }, headers: t.as(parent) })
    ).json() as { invoices: { id: number; payable: number }[] };
    const inv = list.invoices.find((i) => i.payable > 0);
    if (!inv) throw new Error('no open invoice');
    const start = await t.call(contract.parent.directPay, {
      params: { childId: setayesh.id },
      headers: t.as(parent),
      body: { invoiceId: inv.id },
    });
    expect(start.statusCode).toBe(200);
    const { paymentId, redirectUrl } = answerOf(contract.parent.directPay, start);
    const authority = redirectUrl.split('/').pop();
    const info = await t.call(contract.payments.sandboxInfo, { params: { authority } });
    expect(info.json()).toMatchObject({ amount: inv.payable });
    const cb = await t.inject({ method: 'GET', url: `${info.json().callbackUrl}&Status=OK` });
    expect(cb.headers.location).toBe(`/parent/${setayesh.id}/payment/result/${paymentId}`);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'succeeded', submittedBy: await t.userId('parent1') });

    // Another child's invoice id through this child: not found, nothing started.
    const s1 = kids.items.find((k) => k.fullName === 'سارا محمدی');
    const cross = await t.call(contract.parent.directPay, {
      params: { childId: s1?.id },
      headers: t.as(parent),
      body: { invoiceId: inv.id },
    });
    expect(cross.statusCode).toBe(404);
    const started = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, inv.id), eq(payments.status, 'pending')));
    expect(started).toHaveLength(0);
  });
});

describe('a parent sees a child’s attendance by month', () => {
  it('answers the linked child’s month through the attendance service and 404 for another child', async () => {
    const parent = await t.sessionFor('parent1');
    const student1 = await studentIdOf('student1');
    const student2 = await studentIdOf('student2');
    const own = await t.call(contract.attendance.mine, { headers: t.as(await t.sessionFor('student1')) });
    const { year, month } = answerOf(contract.attendance.mine, own);
    const mine = await t.call(contract.parent.attendance, {
      params: { childId: student1 },
      query: { year, month },
      headers: t.as(parent),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    // The same month the child sees.
    expect(mine.json()).toEqual(own.json());
    const foreign = await t.call(contract.parent.attendance, { params: { childId: student2 }, headers: t.as(parent) });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.call(contract.parent.attendance, {
      params: { childId: student1 },
      query: { month: 13 },
      headers: t.as(parent),
    });
    expect(bad.statusCode).toBe(400);
  });
});
