import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServer } from './server';
import { DEMO_PASSWORD, loginByApi, newContext, PHONE, signInByApi, useBrowser, watchErrors } from './support';

/**
 * The staff's lists on a phone: cards that fit 390 px, with a menu per card that a background refetch does
 * not move or close. This file runs its own server: its new news item reaches no other browser test.
 */

const browser = useBrowser();
const server = useServer();
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

const adminToken = async () => (await signInByApi('admin', DEMO_PASSWORD, server.url)).token;

/** Elements inside the page's main area that scroll sideways (or the page itself). */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push('page');
    for (const el of document.querySelectorAll('main *')) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      }
    }
    return found;
  });
}

describe('admin lists on a phone', () => {
  it('news, messages, pre-registrations and achievements are cards that fit 390 px; a news card has its menu', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    await loginByApi(context, 'admin', server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const lists: [string, string][] = [
      ['/dashboard/news', 'news-row'],
      ['/dashboard/contact-us', 'message-row'],
      ['/dashboard/pre-register', 'pre-register-row'],
      ['/dashboard/achievement', 'admin-achievement'],
    ];
    for (const [url, row] of lists) {
      await page.goto(url);
      await page.getByTestId(row).first().waitFor();
      expect(await page.locator('main table').count(), url).toBe(0);
      expect(await sidewaysScrollers(page), url).toEqual([]);
    }

    await page.goto('/dashboard/news');
    const card = page.getByTestId('news-row').filter({ hasText: 'برگزاری جشن شکوفه‌ها' });
    const text = await card.innerText();
    expect(text).toContain('منتشرشده');
    expect(text).toContain('اطلاعیهٔ عمومی');
    expect(text).toMatch(/[۰-۹]{1,2} [آ-ی]+ [۰-۹]{4}/);
    expect(text).not.toMatch(/[0-9]/);
    // Every answer of the page in (the list's second load among them): a menu opened earlier can be closed
    // by the list re-rendering under it.
    await page.waitForLoadState('networkidle');
    await card.getByRole('button', { name: 'عملیات: برگزاری جشن شکوفه‌ها' }).click();
    await page.getByRole('menuitem', { name: 'ویرایش خبر' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'عنوان', exact: true }).inputValue())
      .toBe('برگزاری جشن شکوفه‌ها');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a news card's menu stays open while the list refetches under it, and its item still answers a tap", async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE, hasTouch: true });
    await loginByApi(context, 'admin', server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.clock.install();
    await page.goto('/dashboard/news');
    const card = page.getByTestId('news-row').filter({ hasText: 'برگزاری جشن شکوفه‌ها' });
    await card.waitFor();
    const target = card.getByRole('button', { name: 'عملیات: برگزاری جشن شکوفه‌ها' });
    await target.tap();
    const edit = page.getByRole('menuitem', { name: 'ویرایش خبر' });
    await edit.waitFor();
    // Meanwhile another admin pins a new item; once the list is stale, coming back to the tab refetches it.
    // The new card would land above the open menu's, moving it from under the finger (or out of sight,
    // which hides the menu): the list keeps its rows until the menu closes.
    const title = 'اطلاعیهٔ تازهٔ بازگشایی';
    const created = await fetch(`${server.url}/api/v1/panel/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ title, audience: 'public', status: 'published', pinned: true }),
    });
    expect(created.status).toBe(201);
    const before = await target.boundingBox();
    await page.clock.fastForward(31_000);
    const refetched = page.waitForResponse((r) => r.url().includes('/api/v1/panel/news?'));
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    expect(((await (await refetched).json()) as { items: { title: string }[] }).items[0]?.title).toBe(title);
    await page.waitForTimeout(300);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'news-menu-refetched-390.png') });
    expect(await target.boundingBox()).toEqual(before);
    expect(await page.getByRole('menu').count()).toBe(1);
    expect(await target.getAttribute('aria-expanded')).toBe('true');
    await edit.tap();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'عنوان', exact: true }).inputValue())
      .toBe('برگزاری جشن شکوفه‌ها');
    // Once the menu is closed, the list shows the new item.
    await page.keyboard.press('Escape');
    await page.getByTestId('news-row').filter({ hasText: title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
