import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, loginByApi, newContext, useBrowser, watchErrors } from './support';

const browser = useBrowser();

const order = (page: Page) =>
  page.getByTestId('admin-photo').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-photo-id'))));

async function publicOrder(n: number): Promise<number[]> {
  const res = await fetch(`${baseURL()}/api/v1/general/gallery?pageSize=${n}`);
  return ((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id);
}

describe('ordering the gallery', () => {
  it('an admin drags a photo to a new place, or moves it by keyboard; the public gallery follows', async () => {
    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/gallery');
    await expect.poll(() => page.getByTestId('admin-photo').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const before = await order(page);
    const [a, b, c] = before as [number, number, number];

    // Drag the third photo onto the first: it takes the first place.
    await page.getByTestId('photo-handle').nth(2).dragTo(page.getByTestId('admin-photo').nth(0));
    const dragged = [c, a, b, ...before.slice(3)];
    await expect.poll(() => order(page)).toEqual(dragged);
    expect(await page.getByTestId('reorder-status').textContent()).toBe('عکس به جایگاه ۱ رفت.');
    await page.reload();
    await expect.poll(() => order(page)).toEqual(dragged);
    expect(await publicOrder(before.length)).toEqual(dragged);

    // The same by keyboard: the first photo's "move to next" button.
    await page.getByTestId('admin-photo').nth(0).getByRole('button', { name: 'جابه‌جایی به بعد' }).focus();
    await page.keyboard.press('Enter');
    const moved = [a, c, b, ...before.slice(3)];
    await expect.poll(() => order(page)).toEqual(moved);
    expect(await page.getByTestId('reorder-status').textContent()).toBe('عکس به جایگاه ۲ رفت.');
    await expect.poll(() => publicOrder(before.length)).toEqual(moved);
    expect(errors).toEqual([]);
    await context.close();
  });
});
