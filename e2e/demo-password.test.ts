import { describe, expect, it } from 'vitest';
import {
  arrivesAt,
  baseURL,
  DEMO_PASSWORD,
  DESKTOP,
  loginByApi,
  newContext,
  PHONE,
  setSessionCookies,
  useBrowser,
  watchErrors,
} from './support';

const browser = useBrowser();
const WARNING = 'این رمز نمایشی است و همه آن را می‌دانند';

/** Signs in through the API with any account and password (the demo accounts are shared: not changed here). */
async function signIn(username: string, password: string) {
  const res = await fetch(`${baseURL()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; user: { demoPassword?: boolean } };
}

describe('the demo password prompt', () => {
  it('asks a super-admin on the demo password for a new one; after it, the prompt is gone', async () => {
    // A super-admin of its own with the demo password: the shared `superadmin` keeps its password.
    const boss = await newContext(browser(), { viewport: DESKTOP });
    const { token: bossToken } = await loginByApi(boss, 'superadmin');
    const username = `head${Date.now().toString(36)}`;
    const made = await fetch(`${baseURL()}/api/v1/panel/admins`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bossToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username, fullName: 'مدیر آزمایشی', role: 'super-admin', password: DEMO_PASSWORD }),
    });
    expect(made.status).toBe(201);

    // The shared superadmin sees it too, and «بعداً» hides it for this page only.
    const bossPage = await boss.newPage();
    await bossPage.goto('/dashboard');
    const bossPrompt = bossPage.getByTestId('demo-password-prompt');
    await bossPrompt.waitFor();
    await bossPrompt.getByRole('button', { name: 'بعداً' }).click();
    await bossPrompt.waitFor({ state: 'hidden' });
    await bossPage.goto('/dashboard/news');
    await bossPage.getByTestId('demo-password-prompt').waitFor();

    for (const viewport of [PHONE, DESKTOP]) {
      const context = await newContext(browser(), { viewport });
      const session = await signIn(username, DEMO_PASSWORD);
      expect(session.user.demoPassword).toBe(true);
      await setSessionCookies(context, session.token, session.user);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/dashboard');
      expect(await arrivesAt(page, '/dashboard')).toBe('/dashboard');
      const prompt = page.getByTestId('demo-password-prompt');
      await prompt.waitFor();
      expect(await prompt.innerText()).toContain(WARNING);
      if (viewport === DESKTOP) {
        await prompt.getByRole('button', { name: 'گذاشتن رمز تازه' }).click();
        const dialog = page.getByRole('dialog', { name: 'گذاشتن رمز تازه' });
        await dialog.getByLabel('رمز عبور فعلی').fill('wrong-password');
        await dialog.getByLabel(/^رمز عبور تازه/).fill('a-new-secret-۱');
        await dialog.getByLabel('تکرار رمز عبور تازه').fill('a-new-secret-1');
        await dialog.getByRole('button', { name: 'گذاشتن رمز' }).click();
        await dialog.getByText('رمز عبور فعلی درست نیست.').waitFor();
        await dialog.getByLabel('رمز عبور فعلی').fill('demo۱۲۳۴');
        await dialog.getByRole('button', { name: 'گذاشتن رمز' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await prompt.waitFor({ state: 'hidden' });
        await page.goto('/dashboard/news');
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByTestId('demo-password-prompt').count()).toBe(0);
        expect((await signIn(username, 'a-new-secret-1')).user.demoPassword).toBe(false);
      }
      // The wrong current password is refused on purpose (400); nothing else may fail.
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
      await context.close();
    }
    await boss.close();
  });
});
