import { describe, expect, it } from 'vitest';
import {
  arrivesAt,
  checkToken,
  DEMO_PASSWORD,
  type DemoUser,
  newContext,
  PHONE,
  useBrowser,
  watchErrors,
} from './support';

const browser = useBrowser();

const CASES: { username: DemoUser; typed: string; home: string; role: string }[] = [
  { username: 'superadmin', typed: 'superadmin', home: '/dashboard', role: 'super-admin' },
  { username: 'admin', typed: 'admin', home: '/dashboard', role: 'admin' },
  { username: 'student1', typed: 'student1', home: '/student', role: 'student' },
  // Persian digits in the username and password are accepted.
  { username: 'student2', typed: 'student۲', home: '/student', role: 'student' },
];

describe('login and logout round trip', () => {
  for (const c of CASES) {
    it(`${c.username} logs in, lands on ${c.home}, and logs out`, async () => {
      const context = await newContext(browser());
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/auth');
      await page.getByLabel('نام کاربری').fill(c.typed);
      await page.getByLabel('رمز عبور', { exact: true }).fill(c.typed === 'student۲' ? 'demo۱۲۳۴' : DEMO_PASSWORD);
      await page.getByRole('button', { name: 'ورود' }).click();
      await page.waitForURL((u) => u.pathname === c.home);
      await page.getByTestId('user-name').waitFor();
      expect(await page.getByTestId('user-name').textContent()).toBeTruthy();

      const cookies = await context.cookies();
      const token = cookies.find((k) => k.name === 'token');
      const user = cookies.find((k) => k.name === 'user');
      expect(token?.value.length).toBeGreaterThanOrEqual(40);
      expect(token?.path).toBe('/');
      expect(token?.sameSite).toBe('Lax');
      expect(user?.path).toBe('/');
      const userJson = JSON.parse(decodeURIComponent(user?.value ?? ''));
      expect(userJson).toMatchObject({ role: c.role });
      expect(typeof userJson.id).toBe('number');
      expect(typeof userJson.fullName).toBe('string');
      const tokenValue = decodeURIComponent(token?.value ?? '');
      expect(await checkToken(tokenValue)).toBe(200);

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'خروج' }).click();
      await page.waitForURL((u) => u.pathname === '/auth');
      const after = await context.cookies();
      expect(after.find((k) => k.name === 'token')).toBeUndefined();
      expect(after.find((k) => k.name === 'user')).toBeUndefined();
      // The server ended the session too.
      expect(await checkToken(tokenValue)).toBe(401);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a wrong password shows a Persian error toast at the bottom right, gone after signing in', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/auth');
    // The heading names the school the portal is of.
    await page.getByRole('heading', { name: 'ورود به مدرسهٔ دخترانهٔ فرزانگان امید' }).waitFor();
    await page.getByLabel('نام کاربری').fill('admin');
    await page.getByLabel('رمز عبور', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'ورود' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'نام کاربری یا رمز عبور درست نیست.' });
    await toast.waitFor();
    expect(await arrivesAt(page, '/auth')).toBe('/auth');
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      // Bottom-right corner of the viewport, whatever the text direction.
      expect(box.x + box.width).toBeGreaterThan(PHONE.width - 40);
      expect(box.y + box.height).toBeGreaterThan(PHONE.height - 120);
    }
    // The right password next: signed in, the stale error toast is gone.
    await page.getByLabel('رمز عبور', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'ورود' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await toast.waitFor({ state: 'detached' });
    await context.close();
  });

  it('empty fields are refused in the browser with Persian messages, without a request', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/auth/login')) loginCalls++;
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'ورود' }).click();
    await page.getByText('نام کاربری را وارد کنید.').waitFor();
    await page.getByText('رمز عبور را وارد کنید.').waitFor();
    expect(loginCalls).toBe(0);
    await context.close();
  });

  it('the password visibility toggle shows and hides the password', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/auth');
    const input = page.getByLabel('رمز عبور', { exact: true });
    await input.fill('secret');
    expect(await input.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'نمایش رمز عبور' }).click();
    expect(await input.getAttribute('type')).toBe('text');
    await context.close();
  });
});
