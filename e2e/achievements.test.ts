import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, loginByApi, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();

describe('achievements', () => {
  it('an admin creates an achievement with an image and it shows on the home page', async () => {
    const title = 'مدال طلای مسابقات شطرنج استان';
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c99a2e' } })
      .jpeg()
      .toBuffer();

    const admin = await newContext(browser(), { viewport: DESKTOP });
    await loginByApi(admin, 'admin');
    const page = await admin.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/achievement');
    await page.getByRole('button', { name: 'افتخار تازه' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^عنوان/ }).fill(title);
    await dialog.getByLabel('توضیح').fill('<script>alert(1)</script>تیم شطرنج مدرسه');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'medal.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByText('medal.jpg').waitFor();
    await dialog.getByRole('button', { name: 'ذخیره' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'افتخار ذخیره شد.' }).first().waitFor();
    const row = page.getByTestId('admin-achievement').filter({ hasText: title });
    await row.locator('img').waitFor();
    expect(await row.locator('img').getAttribute('src')).toMatch(
      /^\/uploads\/achievement\/\d{4}\/[0-9a-f]{24}-400\.webp$/,
    );

    const visitor = await newContext(browser(), { viewport: PHONE });
    const pub = await visitor.newPage();
    const pubErrors = watchErrors(pub);
    await pub.goto('/');
    const card = pub.getByTestId('achievement').filter({ hasText: title });
    await card.waitFor();
    // Below the gallery strip on a phone: the lazy image loads once it is scrolled to.
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/uploads\/achievement\/.+-400\.webp$/);
    expect(await card.innerText()).toContain('تیم شطرنج مدرسه');
    expect(await card.innerText()).not.toContain('<script>');
    // The section fits a phone: no sideways scrolling.
    expect(await pub.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    expect(pubErrors).toEqual([]);
    await admin.close();
    await visitor.close();
  });
});
