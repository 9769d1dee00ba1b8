import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  type DemoUser,
  loginByApi,
  newContext,
  PHONE,
  seriousA11yViolations,
  settledPath,
  useBrowser,
} from './support';

const browser = useBrowser();

const PAGES: { path: string; as?: DemoUser }[] = [
  { path: '/' },
  { path: '/auth' },
  { path: '/no-such-page' },
  { path: '/student', as: 'student1' },
  { path: '/dashboard', as: 'superadmin' },
  { path: '/pre-register' },
  { path: '/dashboard/pre-register', as: 'admin' },
  { path: '/dashboard/pre-register/print/1', as: 'admin' },
  // Pages full of coloured status badges and pass/fail marks.
  { path: '/student/invoices', as: 'student1' },
  { path: '/student/report-card', as: 'student1' },
  { path: '/dashboard/student/list', as: 'admin' },
  { path: '/dashboard/payments/pending', as: 'admin' },
  { path: '/dashboard/notifications/message', as: 'admin' },
  { path: '/dashboard/notifications/settings', as: 'superadmin' },
];

describe('accessibility (axe): no serious or critical violations', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const p of PAGES) {
      it(`${p.path}${p.as ? ` as ${p.as}` : ''} at ${viewport.width} px`, async () => {
        const context = await newContext(browser(), { viewport });
        if (p.as) await loginByApi(context, p.as);
        const page = await context.newPage();
        await page.goto(p.path);
        expect(await settledPath(page)).toBe(p.path);
        await page.waitForLoadState('networkidle');
        expect(await seriousA11yViolations(page)).toEqual([]);
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
});
