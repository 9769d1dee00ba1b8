import { describe, expect, it } from 'vitest';
import { baseURL, loginByApi, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();

describe('a parent looking at a child', () => {
  it('is told «برای این فرزند», not the student’s «برای شما», when the child has no report card', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const { token } = await loginByApi(context, 'parent1');
    const res = await fetch(`${baseURL()}/api/v1/parent/children`, { headers: { authorization: `Bearer ${token}` } });
    const { items } = (await res.json()) as { items: { id: number; fullName: string }[] };
    // The younger daughter has no report card yet.
    const setayesh = items.find((c) => c.fullName === 'ستایش محمدی');
    expect(setayesh).toBeDefined();
    await page.goto(`/parent/${setayesh?.id}/report-card`);
    const none = page.getByTestId('no-report-card');
    await none.waitFor();
    expect(await none.textContent()).toBe('هنوز کارنامه‌ای برای این فرزند منتشر نشده است.');
    await page.goto(`/parent/${setayesh?.id}/report-card/print`);
    await page.getByText('هنوز کارنامه‌ای برای این فرزند منتشر نشده است.').waitFor();
    expect(await page.getByText('برای شما').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
