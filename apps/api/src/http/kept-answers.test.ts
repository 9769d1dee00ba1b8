import { randomBytes } from 'node:crypto';
import type { Endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { jalaliToIso } from '@madreseh/contract/jalali';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { achievements } from '../db/schema/achievements';
import { attendance } from '../db/schema/attendance';
import { parentStudents, parents } from '../db/schema/parents';
import { invoices, payments } from '../db/schema/payments';
import { reportCardGrades, reportCards } from '../db/schema/report-cards';
import { groupSubjects, groups, students } from '../db/schema/school';
import { news, newsGroups } from '../db/schema/site';
import { users } from '../db/schema/users';
import { secondInstance } from '../test/second-instance';
import { addressOf, useTestApp } from '../test/test-app';
import { seedKeptStudents } from './kept-answers.fixtures';

/**
 * The answers of a student's own pages and the dashboard's figures kept in memory (http/kept-answers.ts): a
 * kept answer costs no statement, a change to any table it read is seen by the next request on this instance
 * and, a moment later, on another instance of the same database; one student never gets another's answer.
 */

const t = useTestApp();
let other: Awaited<ReturnType<typeof secondInstance>>;
let admin: string;
let tokens: Record<string, string> = {};
let ids = { group: 0, otherGroup: 0, student: 0, card: 0, math: 0, art: 0, invoice: 0 };

type Read = (token: string) => Promise<{ statusCode: number; json: () => unknown }>;
const here =
  (endpoint: Endpoint, query?: Record<string, string>): Read =>
  (token) =>
    t.call(endpoint, { headers: t.as(token), query });
const there =
  (endpoint: Endpoint, query?: Record<string, string>): Read =>
  (token) =>
    other.app.inject({ method: endpoint.method, url: addressOf(endpoint, { query }), headers: t.as(token) });

const me = contract.student.me;
const card = contract.reportCard.mine;
const bills = contract.payments.studentInvoices;
const newsList = contract.news.studentList;

interface Me {
  id: number;
  latestAverage: { average: number | null } | null;
}
interface Card {
  card: {
    groupName: string;
    remarks: string | null;
    subjects: { name: string; score: number | null }[];
    attendance: { absentDays: number };
  } | null;
}
interface Bills {
  invoices: { id: number; title: string; status: string }[];
}
interface News {
  items: { title: string }[];
}

async function json<T>(read: Read, token: string): Promise<T> {
  const res = await read(token);
  expect(res.statusCode).toBe(200);
  return res.json() as T;
}

beforeAll(async () => {
  admin = await t.sessionFor('admin');
  ({ ids, tokens } = await seedKeptStudents(t));
  other = await secondInstance(t);
});

afterAll(async () => {
  await other?.close();
});

describe('kept answers of a student', () => {
  it('answers a kept page without a statement, as the first answer was', async () => {
    for (const read of [here(me), here(card), here(bills), here(newsList)]) {
      const first = await read(tokens.student1 as string);
      expect(first.statusCode).toBe(200);
      const { result, queries } = await t.queriesDuring(() => read(tokens.student1 as string));
      expect(queries).toEqual([]);
      expect(result.json()).toEqual(first.json());
      expect((result as unknown as { headers: Record<string, string> }).headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
    }
  });

  it('never gives one student the answer kept for another', async () => {
    const one = await json<Me>(here(me), tokens.student1 as string);
    const two = await json<Me>(here(me), tokens.student2 as string);
    expect(one.id).toBe(ids.student);
    expect(two.id).not.toBe(ids.student);
    expect((await json<Bills>(here(bills), tokens.student1 as string)).invoices.map((i) => i.id)).toContain(
      ids.invoice,
    );
    expect((await json<Bills>(here(bills), tokens.student2 as string)).invoices).toEqual([]);
    expect((await json<Card>(here(card), tokens.student2 as string)).card).toBeNull();
    expect((await json<Card>(here(card), tokens.student1 as string)).card).not.toBeNull();
  });

  /** Each change, made through this instance's database, and what the page shows once it is seen. */
  const changes: {
    table: string;
    page: (where: typeof here) => Read;
    change: () => Promise<unknown>;
    seen: (answer: never) => boolean;
  }[] = [
    {
      table: 'report_cards',
      page: (at) => at(me),
      change: () => t.db.update(reportCards).set({ average: 17.5 }).where(eq(reportCards.id, ids.card)),
      seen: (a: Me) => a.latestAverage?.average === 17.5,
    },
    {
      table: 'report_cards (remarks)',
      page: (at) => at(card),
      change: () => t.db.update(reportCards).set({ remarks: 'آفرین' }).where(eq(reportCards.id, ids.card)),
      seen: (a: Card) => a.card?.remarks === 'آفرین',
    },
    {
      table: 'report_card_grades',
      page: (at) => at(card),
      change: () => t.db.update(reportCardGrades).set({ score: 19 }).where(eq(reportCardGrades.subjectId, ids.math)),
      seen: (a: Card) => a.card?.subjects.find((s) => s.name === 'ریاضی')?.score === 19,
    },
    {
      table: 'group_subjects',
      page: (at) => at(card),
      change: () => t.db.update(groupSubjects).set({ position: 9 }).where(eq(groupSubjects.id, ids.math)),
      seen: (a: Card) => a.card?.subjects.at(-1)?.name === 'ریاضی',
    },
    {
      table: 'groups',
      page: (at) => at(card),
      change: () => t.db.update(groups).set({ name: 'هفتم نو' }).where(eq(groups.id, ids.group)),
      seen: (a: Card) => a.card?.groupName === 'هفتم نو',
    },
    {
      table: 'attendance',
      page: (at) => at(card),
      change: () =>
        t.db
          .insert(attendance)
          .values({ studentId: ids.student, groupId: ids.group, date: jalaliToIso(1405, 8, 10), state: 'absent' }),
      seen: (a: Card) => a.card?.attendance.absentDays === 1,
    },
    {
      table: 'invoices',
      page: (at) => at(bills),
      change: () => t.db.update(invoices).set({ title: 'شهریهٔ مهر' }).where(eq(invoices.id, ids.invoice)),
      seen: (a: Bills) => a.invoices.some((i) => i.title === 'شهریهٔ مهر'),
    },
    {
      table: 'payments',
      page: (at) => at(bills),
      change: () =>
        t.db
          .insert(payments)
          .values({ invoiceId: ids.invoice, method: 'manual', amount: 1_000_000, status: 'succeeded' }),
      seen: (a: Bills) => a.invoices.find((i) => i.id === ids.invoice)?.status === 'paid',
    },
    {
      table: 'news',
      page: (at) => at(newsList),
      change: () => t.db.insert(news).values({ title: 'خبر تازه', audience: 'students', status: 'published' }),
      seen: (a: News) => a.items.some((n) => n.title === 'خبر تازه'),
    },
    {
      table: 'news_groups',
      page: (at) => at(newsList),
      change: async () => {
        const [n] = await t.db
          .insert(news)
          .values({ title: 'خبر کلاس', audience: 'groups', status: 'published' })
          .returning({ id: news.id });
        await t.db.insert(newsGroups).values({ newsId: n?.id ?? 0, groupId: ids.group });
      },
      seen: (a: News) => a.items.some((n) => n.title === 'خبر کلاس'),
    },
    {
      table: 'students',
      page: (at) => at(newsList),
      change: () => t.db.update(students).set({ groupId: ids.otherGroup }).where(eq(students.id, ids.student)),
      seen: (a: News) => !a.items.some((n) => n.title === 'خبر کلاس'),
    },
  ];

  for (const c of changes) {
    it(`sees a change to ${c.table} at once here and a moment later on another instance`, async () => {
      const token = tokens.student1 as string;
      const seen = c.seen as (a: unknown) => boolean;
      // Kept on both instances first (the second read of each is from memory).
      for (const at of [here, there]) {
        await json(c.page(at), token);
        expect(seen(await json(c.page(at), token))).toBe(false);
      }
      await c.change();
      expect(seen(await json(c.page(here), token))).toBe(true);
      await vi.waitFor(async () => expect(seen(await json(c.page(there), token))).toBe(true), { timeout: 5000 });
    });
  }

  it('shows an invoice paid right after a payment is recorded', async () => {
    const [inv] = await t.db
      .insert(invoices)
      .values({ studentId: ids.student, title: 'اردو', amount: 500_000, dueDate: '2099-02-01' })
      .returning({ id: invoices.id });
    const statusOf = async () =>
      (await json<Bills>(here(bills), tokens.student1 as string)).invoices.find((i) => i.id === inv?.id)?.status;
    expect(await statusOf()).toBe('unpaid');
    expect(await statusOf()).toBe('unpaid');
    const paid = await t.call(contract.payments.manualPayment, {
      params: { id: inv?.id },
      headers: t.as(admin),
      body: { amount: 500_000 },
    });
    expect(paid.statusCode).toBeLessThan(300);
    expect(await statusOf()).toBe('paid');
  });

  it('shows a scheduled news item once it is due, with no change in between', async () => {
    const title = 'خبر زمان‌دار';
    await t.db
      .insert(news)
      .values({ title, audience: 'students', status: 'published', publishAt: sql`now() + interval '1 second'` });
    const listed = async () =>
      (await json<News>(here(newsList), tokens.student1 as string)).items.some((n) => n.title === title);
    expect(await listed()).toBe(false);
    expect(await listed()).toBe(false);
    await vi.waitFor(async () => expect(await listed()).toBe(true), { timeout: 5000, interval: 200 });
  });
});

describe('kept answers read by a parent', () => {
  it("gives a parent the child's own kept answers, sees a change at once, and finds no other family's child", async () => {
    const tag = randomBytes(4).toString('hex');
    const mobile = `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const [u] = await t.db
      .insert(users)
      .values({ username: `kept-parent-${tag}`, passwordHash: '!', role: 'parent', fullName: 'ولی' })
      .returning({ id: users.id });
    const [p] = await t.db
      .insert(parents)
      .values({ userId: u?.id ?? 0, mobile, fullName: 'ولی' })
      .returning({ id: parents.id });
    await t.db.insert(parentStudents).values({ parentId: p?.id ?? 0, studentId: ids.student, relation: 'mother' });
    const parent = await t.sessionFor(`kept-parent-${tag}`);
    const childId = String(ids.student);
    const childCard: Read = (token) =>
      t.call(contract.parent.reportCard, { params: { childId }, headers: t.as(token) });
    const childNews: Read = (token) =>
      t.call(contract.parent.news, { params: { childId }, query: { page: '1', pageSize: '10' }, headers: t.as(token) });

    // The student's kept answers are the parent's: reading one costs only the look-up of the child.
    const studentCard = await json<Card>(here(card), tokens.student1 ?? '');
    expect(await json<Card>(childCard, parent)).toEqual(studentCard);
    const { result, queries } = await t.queriesDuring(() => childCard(parent));
    expect(queries).toHaveLength(1);
    expect(result.json()).toEqual(studentCard);
    expect(await json<News>(childNews, parent)).toEqual(
      await json<News>(here(newsList, { page: '1', pageSize: '10' }), tokens.student1 ?? ''),
    );

    const childBills: Read = (token) => t.call(contract.parent.invoices, { params: { childId }, headers: t.as(token) });
    expect(await json<Bills>(childBills, parent)).toEqual(await json<Bills>(here(bills), tokens.student1 ?? ''));
    expect((await t.queriesDuring(() => childBills(parent))).queries).toHaveLength(1);

    // A grade changes: the parent sees it on the next request.
    await t.db.update(reportCardGrades).set({ score: 12.5 }).where(eq(reportCardGrades.subjectId, ids.art));
    const after = await json<Card>(childCard, parent);
    expect(after.card?.subjects.find((x) => x.name === 'هنر')?.score).toBe(12.5);

    // Another family's parent is refused the child, however kept the child's answers are.
    const stranger = await t.sessionFor('parent1');
    expect((await childCard(stranger)).statusCode).toBe(404);
    expect((await childNews(stranger)).statusCode).toBe(404);
    expect((await childBills(stranger)).statusCode).toBe(404);
  });
});

describe('kept dashboard figures', () => {
  it('shares one load among requests arriving together, and sees a change to a counted table', async () => {
    const figures = () => t.call(contract.dashboard.get, { headers: t.as(admin) });
    await figures();
    const { result, queries } = await t.queriesDuring(() => Promise.all(Array.from({ length: 20 }, figures)));
    expect(result.every((r) => r.statusCode === 200)).toBe(true);
    expect(queries.length).toBeLessThanOrEqual(1);
    const totalOf = (res: { json: () => unknown }) =>
      (res.json() as { achievements: { total: number } }).achievements.total;
    const before = totalOf(result[0] ?? (await figures()));
    const elsewhere = async () =>
      ((await there(contract.dashboard.get)(admin)).json() as { achievements: { total: number } }).achievements.total;
    expect(await elsewhere()).toBe(before);
    await t.db.insert(achievements).values({ title: 'مدال المپیاد', date: '2026-01-01' });
    expect(((await figures()).json() as { achievements: { total: number } }).achievements.total).toBe(before + 1);
    await vi.waitFor(async () => expect(await elsewhere()).toBe(before + 1), { timeout: 5000 });
  });
});

describe('kept totals of the students list', () => {
  it('counts one search once, and sees a student added or renamed here and on another instance', async () => {
    // A word of Persian letters only, new to the shared test database.
    const letters = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی';
    const word = Array.from(randomBytes(8), (b) => letters[b % letters.length]).join('');
    const query = { q: word, pageSize: '1', page: '2' };
    const list = contract.student.list;
    const totalHere = async () => (await json<{ total: number }>(here(list, query), admin)).total;
    const totalThere = async () => (await json<{ total: number }>(there(list, query), admin)).total;
    const add = async (n: number) => {
      const [u] = await t.db
        .insert(users)
        .values({ username: `kept-total-${word}-${n}`, passwordHash: '!', role: 'student', fullName: word })
        .returning({ id: users.id });
      const [s] = await t.db
        .insert(students)
        .values({
          userId: u?.id ?? 0,
          firstName: word,
          lastName: 'الف'.repeat(n),
          nationalCode: String(Math.floor(Math.random() * 9e9) + 1e9),
          searchText: `${word} ${'الف'.repeat(n)}`,
        })
        .returning({ id: students.id });
      return s?.id ?? 0;
    };
    const first = await add(1);
    await add(2);
    expect(await totalHere()).toBe(2);
    expect(await totalThere()).toBe(2);
    // The second page of the same search reads its rows, not the count again.
    const { queries } = await t.queriesDuring(() => totalHere());
    expect(queries.some((q) => /count\(\*\)/i.test(q))).toBe(false);

    await add(3);
    expect(await totalHere()).toBe(3);
    await vi.waitFor(async () => expect(await totalThere()).toBe(3), { timeout: 5000 });

    await t.db.update(students).set({ searchText: 'نام دیگر' }).where(eq(students.id, first));
    expect(await totalHere()).toBe(2);
    await vi.waitFor(async () => expect(await totalThere()).toBe(2), { timeout: 5000 });
  });
});
