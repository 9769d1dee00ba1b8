import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServer } from './server';
import { DEMO_PASSWORD, fakeSmsTo, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const server = useServer();

describe('a parent pays both children’s invoices at once', () => {
  it('pays every open invoice in one payment through the test gateway and sees them all paid', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/auth');
    await page.getByLabel('نام کاربری').fill('parent1');
    await page.getByLabel('رمز عبور', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'ورود' }).click();
    await page.waitForURL(/\/parent$/);

    const card = page.getByTestId('pay-all-card');
    await card.waitFor();
    // Both children's open invoices, all checked.
    await card.getByText('ستایش محمدی').waitFor();
    await card.getByText('سارا محمدی').waitFor();
    const boxes = card.getByRole('checkbox');
    const count = await boxes.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) expect(await boxes.nth(i).isChecked()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'parent-pay-all-390.png'), fullPage: true });

    await card.getByRole('button', { name: 'پرداخت یکجا' }).click();
    await page.waitForURL(/\/payment-sandbox\//);
    await page.getByRole('link', { name: 'پرداخت موفق' }).click();
    await page.waitForURL(/\/parent\/payment\/batch\/\d+$/);
    const result = page.getByTestId('batch-result');
    await expect.poll(() => result.getAttribute('data-status')).toBe('succeeded');
    await expect.poll(() => page.getByTestId('batch-item').count()).toBe(count);
    await page.screenshot({ path: path.join(SHOTS, 'parent-pay-all-result-390.png'), fullPage: true });

    // One printable receipt of the whole payment, as the bank's statement shows it: its reference and its
    // total, then each child's invoice with its share.
    const reference = (await page.getByTestId('ref-id').textContent()) ?? '';
    expect(reference).not.toBe('');
    const paid =
      (await result
        .getByText(/تومان|ریال/)
        .first()
        .textContent()) ?? '';
    await page.getByRole('link', { name: 'رسید چاپی این پرداخت' }).click();
    await page.waitForURL(/\/parent\/payment\/batch\/\d+\/receipt$/);
    const receipt = page.getByTestId('batch-receipt');
    await receipt.waitFor();
    expect(await receipt.getByTestId('batch-receipt-ref').textContent()).toContain(reference);
    expect(await receipt.getByTestId('batch-receipt-total').textContent()).toBe(paid);
    expect(await receipt.getByTestId('batch-receipt-item').count()).toBe(count);
    await receipt.getByText('ستایش محمدی').first().waitFor();
    await receipt.getByText('سارا محمدی').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'parent-pay-all-receipt-390.png'), fullPage: true });
    await page.goBack();
    await page.waitForURL(/\/parent\/payment\/batch\/\d+$/);
    await result.waitFor();

    // One «payment confirmed» SMS per child, as the demo's fake provider sent it.
    const confirmed = async () =>
      (await fakeSmsTo('09121234567', server.control))
        .filter((m) => /پرداخت .* تأیید شد/.test(m.text))
        .map((m) => m.text);
    await expect
      .poll(async () => (await confirmed()).filter((t) => t.includes('سارا')).length, { timeout: 20_000 })
      .toBe(1);
    expect((await confirmed()).filter((t) => t.includes('ستایش')).length).toBe(1);

    // Back home: nothing is left to pay, for either child.
    await page.getByRole('link', { name: 'بازگشت به صفحهٔ فرزندان' }).click();
    await page.waitForURL(/\/parent$/);
    await expect.poll(() => page.getByText('بدهی ندارد').count()).toBe(2);
    expect(await card.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
