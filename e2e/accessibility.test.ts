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
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});
