import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../apps/web/src/app/router';
import {
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  type DemoUser,
  landmarkViolations,
  loginByApi,
  newContext,
  PHONE,
  schoolDay,
  seriousA11yViolations,
  settledPath,
  signInByApi,
  useBrowser,
} from './support';

const browser = useBrowser();

/** Every address of the web app's router, as written there (`:id` and the like left in). */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const here = r.path ? `${parent.replace(/\/$/, '')}/${r.path}` : parent || '/';
    const own = r.index || (r.path && !r.children) ? [here] : [];
    return [...own, ...(r.children ? routePaths(r.children, here) : [])];
  });
}

/** The ids a walk needs, read from the demo school through the API. */
interface Ids {
  news: number;
  achievement: number;
  child: number;
  childPayment: number;
  studentPayment: number;
  /** The demo teacher's first class. */
  group: number;
}

/** A page to walk: the address to open, as whom, and what it needs before axe reads it. */
interface Walk {
  open: (ids: Ids) => string;
  as?: DemoUser;
  /** A login slip reads the accounts it prints from the navigation's state (as the lists send them). */
  state?: unknown;
}

const slip = { username: 'ta-1404-17', password: 'Kf7-mq2-Lp9', fullName: 'زهرا کریمی' };
const at = (path: string, as?: DemoUser): Walk => ({ open: () => path, ...(as ? { as } : {}) });

/**
 * What to open for each address of the router. An address the router gains and this table lacks
 * fails the test: a new page is walked, or the test says it was forgotten.
 */
const WALKS: Record<string, Walk | 'redirect' | 'not found'> = {
  '/': at('/'),
  '/Gallery': at('/Gallery'),
  '/gallery': 'redirect',
  '/news/:id': { open: (i) => `/news/${i.news}` },
  '/achievements/:id': { open: (i) => `/achievements/${i.achievement}` },
  '/about-us': at('/about-us'),
  '/contact-us': at('/contact-us'),
  '/pre-register': at('/pre-register'),
  '/auth': at('/auth'),
  '/*': at('/no-such-page'),

  '/student': at('/student', 'student1'),
  '/student/news': at('/student/news', 'student1'),
  '/student/news/:id': { open: (i) => `/student/news/${i.news}`, as: 'student1' },
  '/student/report-card': at('/student/report-card', 'student1'),
  '/student/attendance': at('/student/attendance', 'student1'),
  '/student/invoices': at('/student/invoices', 'student1'),
  '/student/card-to-card': at('/student/card-to-card', 'student1'),
  '/student/payment/result/:id': { open: (i) => `/student/payment/result/${i.studentPayment}`, as: 'student1' },
  '/student/profile': at('/student/profile', 'student1'),
  '/student/*': 'not found',
  '/student/report-card/print': at('/student/report-card/print', 'student1'),
  '/student/payment/receipt/:id': { open: (i) => `/student/payment/receipt/${i.studentPayment}`, as: 'student1' },

  '/teacher': at('/teacher', 'teacher1'),
  '/teacher/grades': at('/teacher/grades', 'teacher1'),
  '/teacher/marks': at('/teacher/marks', 'teacher1'),
  // A school day's sheet of the teacher's class, its rows full of state buttons.
  '/teacher/attendance': { open: (i) => `/teacher/attendance?group=${i.group}&date=${schoolDay()}`, as: 'teacher1' },
  '/teacher/news': at('/teacher/news', 'teacher1'),
  '/teacher/*': 'not found',

  '/parent': at('/parent', 'parent1'),
  '/parent/settings': at('/parent/settings', 'parent1'),
  '/parent/payment/batch/:id': at('/parent/payment/batch/1', 'parent1'),
  '/parent/payment/batch/:id/receipt': at('/parent/payment/batch/1/receipt', 'parent1'),
  '/parent/:childId': { open: (i) => `/parent/${i.child}`, as: 'parent1' },
  '/parent/:childId/news': { open: (i) => `/parent/${i.child}/news`, as: 'parent1' },
  '/parent/:childId/news/:id': { open: (i) => `/parent/${i.child}/news/${i.news}`, as: 'parent1' },
  '/parent/:childId/report-card': { open: (i) => `/parent/${i.child}/report-card`, as: 'parent1' },
  '/parent/:childId/attendance': { open: (i) => `/parent/${i.child}/attendance`, as: 'parent1' },
  '/parent/:childId/invoices': { open: (i) => `/parent/${i.child}/invoices`, as: 'parent1' },
  '/parent/:childId/card-to-card': { open: (i) => `/parent/${i.child}/card-to-card`, as: 'parent1' },
  '/parent/:childId/payment/result/:id': {
    open: (i) => `/parent/${i.child}/payment/result/${i.childPayment}`,
    as: 'parent1',
  },
  '/parent/*': 'not found',
  '/parent/:childId/report-card/print': { open: (i) => `/parent/${i.child}/report-card/print`, as: 'parent1' },
  '/parent/:childId/payment/receipt/:id': {
    open: (i) => `/parent/${i.child}/payment/receipt/${i.childPayment}`,
    as: 'parent1',
  },

  '/dashboard': at('/dashboard', 'superadmin'),
  '/dashboard/contact-us': at('/dashboard/contact-us', 'admin'),
  '/dashboard/news': at('/dashboard/news', 'admin'),
  '/dashboard/achievement': at('/dashboard/achievement', 'admin'),
  '/dashboard/gallery': at('/dashboard/gallery', 'admin'),
  '/dashboard/pre-register': at('/dashboard/pre-register', 'admin'),
  '/dashboard/student/list': at('/dashboard/student/list', 'admin'),
  '/dashboard/student-invoice/:id': { open: (i) => `/dashboard/student-invoice/${i.child}`, as: 'admin' },
  '/dashboard/invoices': at('/dashboard/invoices', 'admin'),
  '/dashboard/payments/pending': at('/dashboard/payments/pending', 'admin'),
  '/dashboard/group': at('/dashboard/group', 'admin'),
  '/dashboard/teachers': at('/dashboard/teachers', 'admin'),
  '/dashboard/attendance': at('/dashboard/attendance', 'admin'),
  '/dashboard/attendance/take': {
    open: (i) => `/dashboard/attendance/take?group=${i.group}&date=${schoolDay()}`,
    as: 'admin',
  },
  '/dashboard/report-card': at('/dashboard/report-card', 'admin'),
  '/dashboard/settings': at('/dashboard/settings', 'admin'),
  '/dashboard/notifications/message': at('/dashboard/notifications/message', 'admin'),
  '/dashboard/notifications/settings': at('/dashboard/notifications/settings', 'superadmin'),
  '/dashboard/audit': at('/dashboard/audit', 'admin'),
  '/dashboard/sign-in': at('/dashboard/sign-in', 'admin'),
  '/dashboard/admins': at('/dashboard/admins', 'superadmin'),
  '/dashboard/*': 'not found',
  '/dashboard/pre-register/print/:id': at('/dashboard/pre-register/print/1', 'admin'),
  '/dashboard/student-invoice/:id/receipt/:paymentId': {
    open: (i) => `/dashboard/student-invoice/${i.child}/receipt/${i.childPayment}`,
    as: 'admin',
  },
  '/dashboard/teachers/login-slip': {
    ...at('/dashboard/teachers/login-slip', 'admin'),
    state: { credentials: slip },
  },
  '/dashboard/student/login-slip': {
    ...at('/dashboard/student/login-slip', 'admin'),
    state: { credentials: [{ ...slip, studentId: 1, groupName: 'هفتم ۱' }] },
  },
  '/payment-sandbox/:authority': at('/payment-sandbox/A00000000000000000000000000000000001'),
};

async function api<T>(token: string | null, url: string): Promise<T> {
  const res = await fetch(`${baseURL()}/api/v1/${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Payments = { invoices: { payments: { id: number; status: string }[] }[] };
const succeeded = (p: Payments) => p.invoices.flatMap((i) => i.payments).find((x) => x.status === 'succeeded')?.id ?? 0;

let ids: Ids;
beforeAll(async () => {
  const parent = await signInByApi('parent1');
  const student = await signInByApi('student1');
  const teacher = await signInByApi('teacher1');
  const children = await api<{ items: { id: number }[] }>(parent.token, 'parent/children');
  const child = children.items[0]?.id ?? 0;
  ids = {
    news: (await api<{ items: { id: number }[] }>(null, 'general/news')).items[0]?.id ?? 0,
    achievement: (await api<{ items: { id: number }[] }>(null, 'general/achievement')).items[0]?.id ?? 0,
    child,
    childPayment: succeeded(await api<Payments>(parent.token, `parent/children/${child}/invoices`)),
    studentPayment: succeeded(await api<Payments>(student.token, 'student/invoices')),
    group: (await api<{ items: { groupId: number }[] }>(teacher.token, 'teacher/classes')).items[0]?.groupId ?? 0,
  };
  expect(
    Object.values(ids).every((id) => id > 0),
    JSON.stringify(ids),
  ).toBe(true);
});

const addresses = routePaths(routes);

describe('the walk covers the router', () => {
  it('knows every address of the web app, and nothing the router lost', () => {
    expect(addresses.filter((a) => !(a in WALKS))).toEqual([]);
    expect(Object.keys(WALKS).filter((a) => !addresses.includes(a))).toEqual([]);
  });
});

describe('accessibility (axe): no serious or critical violation and no landmark finding on every page', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const [route, walk] of Object.entries(WALKS)) {
      if (typeof walk === 'string') continue;
      it(`${route}${walk.as ? ` as ${walk.as}` : ''} at ${viewport.width} px`, async () => {
        const context = await newContext(browser(), { viewport });
        if (walk.as) await loginByApi(context, walk.as);
        const page = await context.newPage();
        const path = walk.open(ids);
        await page.goto(path);
        if (walk.state) {
          await page.evaluate((usr) => history.replaceState({ usr, key: 'walk', idx: 0 }, ''), walk.state);
          await page.reload();
        }
        expect(await settledPath(page)).toBe(path.split('?')[0]);
        await page.waitForLoadState('networkidle');
        // Axe reads colours as painted: wait until nothing is still fading or sliding in.
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(await landmarkViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('dialogs', () => {
  it('a modal and a drawer have no serious axe finding, their close buttons named', async () => {
    const context = await newContext(browser(), { viewport: DESKTOP });
    await loginByApi(context, 'admin');
    const page = await context.newPage();

    await page.goto('/dashboard/news');
    await page.getByRole('button', { name: 'خبر تازه' }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await modal.getByRole('button', { name: 'بستن' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/dashboard/student/list');
    await page.getByRole('button', { name: 'دانش‌آموز تازه' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    // Axe reads colours as painted: wait until the drawer has slid in over the sidebar.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await drawer.getByRole('button', { name: 'بستن' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('the welcome toast after signing in has a named close button and no serious axe finding', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('نام کاربری').fill('student1');
    await page.getByLabel('رمز عبور', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'ورود' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'خوش آمدید' });
    await toast.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await toast.getByRole('button', { name: 'بستن' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('the state buttons of an attendance row are at least 44 px for a thumb, their text readable', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    await loginByApi(context, 'teacher1');
    const page = await context.newPage();
    await page.goto(`/teacher/attendance?group=${ids.group}&date=${schoolDay()}`);
    const row = page.getByTestId('attendance-row').first();
    await row.waitFor();
    const targets = await row.evaluate((el) =>
      [...el.querySelectorAll('button, label')].map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, width: Math.round(r.width), height: Math.round(r.height) };
      }),
    );
    expect(targets.length).toBeGreaterThanOrEqual(5);
    expect(targets.filter((t) => t.width < 44 || t.height < 44)).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
