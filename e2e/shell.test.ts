import { describe, expect, it } from 'vitest';
import { arrivesAt, baseURL, loginByApi, newContext, PHONE, settledPath, useBrowser, watchErrors } from './support';

const browser = useBrowser();

describe('the RTL shell', () => {
  it('is Persian, right-to-left, with the theme colour and the school font', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors = watchErrors(page);
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('fa');
    expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#ffffff');
    // The app's own hero (the server's first screen has the same links, but not the theme yet).
    await page.getByTestId('home-hero').waitFor();
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Vazirmatn');
    // Every weight from one variable file per subset, the Persian and the Latin one (for the space), each
    // asked once: the server's preload and the stylesheet's rule name the same file (docs/decisions/0032).
    await page.waitForLoadState('networkidle');
    expect(fonts.map((f) => f.replace(/-[\w-]{8}\.woff2$/, '.woff2')).sort()).toEqual([
      '/assets/vazirmatn-arabic-wght-normal.woff2',
      '/assets/vazirmatn-latin-wght-normal.woff2',
    ]);
    for (const weight of [400, 500, 700, 800]) {
      expect(await page.evaluate((w) => document.fonts.check(`${w} 16px Vazirmatn`, 'مدرسه'), weight)).toBe(true);
    }
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim(),
    );
    expect(primary.toLowerCase()).toBe('#7b2cbf');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the menu drawer on a phone and follows its links', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'منو' }).click();
    const nav = page.getByRole('navigation', { name: 'پیوندهای اصلی' });
    await nav.waitFor();
    // The drawer's code arrives when the menu is first opened: each link is waited for, not sampled.
    for (const name of ['خانه', 'گالری', 'درباره ما', 'تماس با ما', 'پیش‌ثبت‌نام']) {
      await nav.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
    }
    await nav.getByRole('link', { name: 'درباره ما', exact: true }).click();
    expect(await arrivesAt(page, '/about-us')).toBe('/about-us');
    await nav.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes no request to any other host', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const hosts = new Set<string>();
    page.on('request', (r) => hosts.add(new URL(r.url()).host));
    for (const path of ['/', '/auth', '/Gallery', '/pre-register']) {
      await page.goto(path);
      await settledPath(page);
    }
    expect([...hosts]).toEqual([new URL(baseURL()).host]);
    await context.close();
  });

  it('shows "Page Not Found" for an unknown path, with a way home', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByText('Page Not Found').waitFor();
    await page.getByText('صفحه‌ای که دنبال آن بودید پیدا نشد.').waitFor();
    await page.getByRole('link', { name: 'رفتن به صفحهٔ اصلی' }).click();
    expect(await arrivesAt(page, '/')).toBe('/');
    await context.close();
  });

  it('shows "Page Not Found" for an unknown path inside an area, after the access check', async () => {
    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    await page.goto('/dashboard/no-such-section');
    await page.getByText('Page Not Found').waitFor();
    await context.close();
  });

  it('sends /gallery to /Gallery', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/gallery');
    expect(await arrivesAt(page, '/Gallery')).toBe('/Gallery');
    await context.close();
  });

  it('a public visitor never downloads the student or dashboard code', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    for (const path of ['/', '/Gallery', '/about-us', '/contact-us', '/pre-register', '/auth']) {
      await page.goto(path);
      await settledPath(page);
    }
    expect(scripts.length).toBeGreaterThan(0);
    // The contract's modules are shared code, not an area's: the sign-in page's auth contract uses the
    // student contract's password schema, which the bundler puts in a chunk named after that module.
    expect(scripts.filter((s) => /dashboard|student(?!s?\.contract-)|area-shell/.test(s))).toEqual([]);
    await context.close();
  });

  it('a chunk that fails to load reloads the page once, then shows "Internal Server Error" instead of looping', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // Count document requests, not 'load' events: the reload may start before the first load event.
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents++;
    });
    await page.route(/\/assets\/login-page-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto('/auth');
    await page.getByText('Internal Server Error').waitFor({ timeout: 15_000 });
    expect(documents).toBe(2);
    await context.close();
  });

  it('shows the loading bar (#c398f1) while a page is loading', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/');
    await settledPath(page);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/login-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'ورود' }).first().click();
    const bar = page.locator('.route-progress[data-state="loading"]');
    await bar.waitFor();
    const color = await page.locator('.route-progress__bar').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(color).toBe('rgb(195, 152, 241)');
    release();
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.locator('.route-progress[data-state="idle"]').waitFor();
    await context.close();
  });

  it('scrolls the page back to the top after a page change', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    await settledPath(page);
    await page.evaluate(() => {
      document.body.style.minHeight = '5000px';
      window.scrollTo(0, 3000);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.evaluate(() => {
      history.pushState({}, '', '/about-us');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    // Back on the first page (a change too): to the top again.
    await page.evaluate(() => window.scrollTo(0, 3000));
    await page.evaluate(() => {
      history.pushState({}, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    await context.close();
  });

  it('leaves the page it was opened on where the visitor scrolled it', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    // The visitor scrolls as soon as the page is drawn, before the app could have scrolled it.
    await page.addInitScript(() => {
      addEventListener('DOMContentLoaded', () => {
        document.body.style.minHeight = '5000px';
        window.scrollTo(0, 3000);
      });
    });
    await page.goto('/');
    await settledPath(page);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await context.close();
  });
});
