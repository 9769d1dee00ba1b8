import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, PHONE, settledPath, useBrowser } from './support';

const browser = useBrowser();

/** «آفلاین — اطلاعات <Jalali date>، ساعت hh:mm»: what the page shows was saved then. */
const SAVED_NOTICE = /^آفلاین — اطلاعات .*ساعت [۰-۹]{2}:[۰-۹]{2}$/;

async function captions(page: Page): Promise<string[]> {
  const photos = page.getByTestId('gallery-photo');
  await photos.first().waitFor();
  return photos.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

describe('the public site offline', () => {
  it('opens visited pages with their last data and a notice; the forms say they need the network', async () => {
    const context = await newContext(browser(), { serviceWorkers: 'allow', viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Visit again under the service worker's control, so it sees the pages' code and answers.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The school's name as the server has it; the heading shows it once the profile has arrived.
    const name = await page.evaluate(
      async () => ((await (await fetch('/api/v1/general/school')).json()) as { name: string }).name,
    );
    expect(name).toMatch(/[\u0600-\u06FF]/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const notice = (await page.getByTestId('home-news').first().getByRole('heading').textContent()) ?? '';
    expect(notice).not.toBe('');
    expect(await page.getByTestId('offline-notice').count()).toBe(0);
    await settledPath(page);

    await page.goto('/Gallery');
    const online = await captions(page);
    expect(online.filter((c) => /[\u0600-\u06FF]/.test(c)).length).toBeGreaterThan(0);
    await settledPath(page);
    await page.goto('/about-us');
    // Other journeys may have changed the about text: whatever it is now must show offline too.
    const about = (await page.getByTestId('about-text').textContent()) ?? '';
    expect(about).not.toBe('');
    await settledPath(page);

    await context.setOffline(true);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByTestId('home-news').getByRole('heading', { name: notice }).first().waitFor();
    const banner = page.getByTestId('offline-notice');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(SAVED_NOTICE);

    await page.goto('/Gallery');
    expect(await captions(page)).toEqual(online);
    expect(await banner.textContent()).toMatch(SAVED_NOTICE);

    await page.goto('/about-us');
    await page.getByTestId('about-text').waitFor();
    expect(await page.getByTestId('about-text').textContent()).toBe(about);
    expect(await banner.textContent()).toMatch(SAVED_NOTICE);

    // Never visited online: their code is part of the precached public shell.
    await page.goto('/contact-us');
    const contactForm = page.getByTestId('offline-form');
    await contactForm.waitFor();
    expect(await contactForm.textContent()).toContain('فرستادن پیام به اینترنت نیاز دارد');
    expect(await page.getByRole('button', { name: 'ارسال پیام' }).isDisabled()).toBe(true);
    // The school's phones and address still show, from the saved profile.
    await page.getByRole('heading', { level: 2, name }).waitFor();

    await page.goto('/pre-register');
    const preForm = page.getByTestId('offline-form');
    await preForm.waitFor();
    expect(await preForm.textContent()).toContain('فرستادن این فرم به اینترنت نیاز دارد');

    // Back online: the notice goes once the server answers again.
    await context.setOffline(false);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await settledPath(page);
    expect(await page.getByTestId('offline-notice').count()).toBe(0);
    await context.close();
  });

  it('says so too when the browser believes it is online but the server cannot be reached', async () => {
    const context = await newContext(browser(), { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/Gallery');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const online = await captions(page);
    await settledPath(page);

    // A network that does not reach the server (captive portal, cut link): the API fails, the page loads.
    await context.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    expect(await captions(page)).toEqual(online);
    const banner = page.getByTestId('offline-notice');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(SAVED_NOTICE);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await context.unrouteAll();
    await context.close();
  });
});
