import type { Endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import type { Role } from '@madreseh/contract/roles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../db/schema/payments';
import { newsForGroup, placeStudentInGroup } from '../modules/news/news.fixtures';
import { answerOf, type TestApp } from '../test/test-app';
import {
  expectNoData,
  guarded,
  hasPathParams,
  paramsOf,
  t,
  tokens,
  useAuthorizationApp,
} from './authorization.fixtures';

// A parent reaches only their own children.

useAuthorizationApp();

/**
 * Another family: `parent2`, the mother of student2 only (made through the staff endpoint). Every
 * parent endpoint with a path parameter must prove that parent2, given the ids of parent1's child
 * and of that child's records, gets nothing (404), and parent1 gets nothing of student2's.
 */
async function otherFamily(t: TestApp): Promise<{ parent2: string; student2Id: number }> {
  const admin = await t.sessionFor('admin');
  const student2Id = await studentIdOf(t, 'student2');
  const linked = await t.call(contract.parent.link, {
    params: { id: student2Id },
    headers: t.as(admin),
    body: { mobile: '09351239876', fullName: 'مهناز کریمی', relation: 'mother' },
  });
  if (linked.statusCode >= 300) throw new Error(`linking parent2 failed: ${linked.body}`);
  const parentId = answerOf(contract.parent.link, linked).parent.id;
  const slip = await t.call(contract.parent.resetPassword, { params: { id: parentId }, headers: t.as(admin) });
  const { username, password } = answerOf(contract.parent.resetPassword, slip);
  const login = await t.call(contract.auth.login, { body: { username, password } });
  return { parent2: answerOf(contract.auth.login, login).token, student2Id };
}

async function studentIdOf(t: TestApp, username: string): Promise<number> {
  const res = await t.call(contract.student.me, { headers: t.as(await t.sessionFor(username)) });
  return answerOf(contract.student.me, res).id;
}

/** Path parameters naming parent1's child student1 and one of her records, for each parent endpoint. */
async function parent1Params(t: TestApp, ep: Endpoint): Promise<Record<string, string>> {
  const childId = String(await studentIdOf(t, 'student1'));
  if (ep.path.endsWith('/news/:id')) {
    const mine = await placeStudentInGroup(t, 'student1', 'هفتم الف (ماتریس والدین)');
    return { childId, id: String(await newsForGroup(t, mine)) };
  }
  if (ep.path.endsWith('/payment/:id')) {
    const res = await t.call(contract.payments.studentInvoices, { headers: t.as(await t.sessionFor('student1')) });
    const body = res.json() as { invoices: { payments: { id: number }[] }[] };
    return { childId, id: String(body.invoices.flatMap((i) => i.payments)[0]?.id ?? 1) };
  }
  return { childId, id: '1' };
}

/** Like call, with a body that passes validation, so the refusal comes from the ownership check. */
async function callWith(ep: Endpoint, token: string, params: Record<string, string>) {
  const withBody = ep.method !== 'GET' && ep.method !== 'DELETE';
  return t.call(ep, {
    params: paramsOf(ep, params),
    headers: t.as(token),
    ...(withBody ? { body: ep.bodyKind === 'multipart' ? {} : { invoiceId: 1 } } : {}),
  });
}

describe('a parent reaches only their own children', () => {
  let family: { parent2: string; student2Id: number };
  beforeAll(async () => {
    family = await otherFamily(t);
  });
  const parentEndpoints = guarded.filter(
    (ep) => (ep.access as readonly Role[]).includes('parent') && ep.path.startsWith('parent/children/:childId'),
  );

  it('covers every parent endpoint that names a child', () => {
    expect(parentEndpoints.length).toBeGreaterThanOrEqual(8);
    // The one other parent endpoint with an id, a batch of the parent's own, is proven below.
    const others = guarded.filter(
      (ep) => (ep.access as readonly Role[]).includes('parent') && hasPathParams(ep) && !parentEndpoints.includes(ep),
    );
    expect(others.map((ep) => ep.path)).toEqual(['parent/payment/batch/:id']);
  });

  it('pays in one payment only their own children’s invoices, and shows a batch to its payer only', async () => {
    const [theirs] = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.studentId, family.student2Id));
    const mine = await t.call(contract.payments.studentInvoices, { headers: t.as(await t.sessionFor('student1')) });
    const open = (mine.json() as { invoices: { id: number; payable: number }[] }).invoices.find((i) => i.payable > 0);
    if (!theirs || !open) throw new Error('invoices missing');
    const pay = (token: string, invoiceIds: number[]) =>
      t.call(contract.parent.batchPay, { headers: t.as(token), body: { invoiceIds } });
    const foreign = await pay(tokens.parent, [open.id, theirs.id]);
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body);
    expect((await pay(family.parent2, [open.id])).statusCode).toBe(404);
    const started = await pay(tokens.parent, [open.id]);
    expect(started.statusCode).toBe(200);
    const { batchId } = started.json() as { batchId: number };
    const peek = await t.call(contract.parent.batchResult, { params: { id: batchId }, headers: t.as(family.parent2) });
    expect(peek.statusCode).toBe(404);
    expectNoData(peek.body);
  });

  it.each(parentEndpoints.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))(
    '%s gives another family nothing',
    async (_, ep) => {
      // parent2 with parent1's child (and her records): not found.
      const res = await callWith(ep, family.parent2, await parent1Params(t, ep));
      expect(res.statusCode).toBe(404);
      expectNoData(res.body);
      // parent1 with parent2's child: not found either.
      const theirs = await callWith(ep, tokens.parent, { childId: String(family.student2Id), id: '1' });
      expect(theirs.statusCode).toBe(404);
      expectNoData(theirs.body);
    },
  );

  it('lists only the linked children', async () => {
    const mine = await t.call(contract.parent.children, { headers: t.as(tokens.parent) });
    const names = (mine.json() as { items: { fullName: string }[] }).items.map((c) => c.fullName);
    expect(names.sort()).toEqual(['سارا محمدی', 'ستایش محمدی'].sort());
    const theirs = await t.call(contract.parent.children, { headers: t.as(family.parent2) });
    expect((theirs.json() as { items: { id: number }[] }).items.map((c) => c.id)).toEqual([family.student2Id]);
  });
});
