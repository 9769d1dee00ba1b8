import { describe, expect, it } from 'vitest';
import { baseURL, layoutShiftOf, newContext, PHONE, useBrowser, watchErrors, watchLayoutShift } from './support';

/**
 * What a messenger's link preview or a search engine sees — the HTML alone, no script run — and
 * what a visitor's browser does with it (decision 0012).
 */

const browser = useBrowser();

/** Fetches like a crawler: one GET, no JavaScript, no cookies. */
async function crawl(path: string) {
  const res = await fetch(`${baseURL()}${path}`, { headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } });
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') ?? '' };
}
const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];
const ldBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );

async function school() {
  return (await (await fetch(`${baseURL()}/api/v1/general/school`)).json()) as { name: string; slogan: string };
}
async function firstNews() {
  const list = (await (await fetch(`${baseURL()}/api/v1/general/news?page=1&pageSize=1`)).json()) as {
    items: { id: number; title: string }[];
  };
  const item = list.items[0];
  if (!item) throw new Error('the demo data has no public news');
  return item;
}

describe('link previews and crawlers', () => {
  it('every public page names the school in its title and Open Graph tags, with School JSON-LD', async () => {
    const { name } = await school();
    for (const path of ['/', '/Gallery', '/about-us', '/contact-us', '/pre-register']) {
      const { status, html } = await crawl(path);
      expect(status, path).toBe(200);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toContain(name);
      expect(metaContent(html, 'property', 'og:title'), path).toContain(name);
      expect(metaContent(html, 'property', 'og:site_name'), path).toBe(name);
      expect(metaContent(html, 'property', 'og:url'), path).toBe(`${baseURL()}${path}`);
      expect(metaContent(html, 'name', 'description'), path).toBeTruthy();
      expect(metaContent(html, 'name', 'twitter:card'), path).toMatch(/^summary/);
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL()}${path}">`);
      expect(ldBlocks(html)[0], path).toMatchObject({ '@type': ['School', 'EducationalOrganization'], name });
    }
  });

  it('a shared news link previews with the notice title and carries NewsArticle JSON-LD and its text', async () => {
    const item = await firstNews();
    const { status, html } = await crawl(`/news/${item.id}`);
    expect(status).toBe(200);
    expect(metaContent(html, 'property', 'og:title')).toContain(item.title);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(ldBlocks(html).find((l) => l['@type'] === 'NewsArticle')).toMatchObject({ headline: item.title });
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain(`<h1>${item.title}</h1>`);
  });

  it('a shared achievement link previews with its title and has the achievement in the HTML', async () => {
    const list = (await (await fetch(`${baseURL()}/api/v1/general/achievement?page=1&pageSize=1`)).json()) as {
      items: { id: number; title: string }[];
    };
    const item = list.items[0];
    if (!item) throw new Error('the demo data has no achievement');
    const { status, html } = await crawl(`/achievements/${item.id}`);
    expect(status).toBe(200);
    expect(metaContent(html, 'property', 'og:title')).toContain(item.title);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${baseURL()}/achievements/${item.id}`);
    expect(html.slice(html.indexOf('<body>'))).toContain(`<h1>${item.title}</h1>`);
    expect((await crawl('/achievements/999999')).status).toBe(404);
  });

  it('the home page has its content and its first data in the HTML before any script runs', async () => {
    const { name } = await school();
    const { html } = await crawl('/');
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain(`<h1>${name}</h1>`);
    const data = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const answers = (JSON.parse(data ?? '{}') as { answers?: { url: string }[] }).answers ?? [];
    expect(answers.map((a) => a.url)).toContain('/api/v1/general/school');
  });

  it('answers 404 with the not-found page for unknown addresses and missing news', async () => {
    for (const path of ['/no-such-page', '/news/999999']) {
      const { status, html, type } = await crawl(path);
      expect(status, path).toBe(404);
      expect(type, path).toMatch(/text\/html/);
      expect(html, path).toContain('صفحه پیدا نشد');
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('serves robots.txt and a sitemap.xml of the public pages and news', async () => {
    const robots = await crawl('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.html).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    const item = await firstNews();
    const sitemap = await crawl('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.html).toContain(`<loc>${baseURL()}/about-us</loc>`);
    expect(sitemap.html).toContain(`<loc>${baseURL()}/news/${item.id}</loc>`);
  });
});

describe('in the browser', () => {
  it('shows the first screen with scripts off: the school name and the links of the site', async () => {
    const { name } = await school();
    const context = await newContext(browser(), { javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
    // The links are in the markup (on a phone the menu opens only with the app).
    for (const href of ['/Gallery', '/about-us', '/contact-us', '/pre-register'])
      expect(await page.locator(`header a[href="${href}"]`).count(), href).toBe(1);
    await context.close();
  });

  it('an achievement opens from the home page strip on its own address', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    const strip = page.getByTestId('achievements-strip');
    const link = strip.getByRole('link').first();
    const title = (await link.textContent()) ?? '';
    await link.click();
    await page.waitForURL(/\/achievements\/\d+$/);
    await page.getByRole('heading', { name: title }).first().waitFor();
    await page.getByRole('link', { name: 'بازگشت به صفحهٔ اصلی' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the app takes over from the inlined data without asking for it again', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/v1/general/')) asked.push(url.pathname + url.search);
    });
    await page.goto('/');
    await page.getByTestId('home-hero').waitFor();
    await page.getByTestId('achievements-strip').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('nothing moves while the page loads and the app takes over: layout shift below 0.02 on every public page', async () => {
    const item = await firstNews();
    for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
      const context = await newContext(browser(), { viewport });
      await watchLayoutShift(context);
      for (const path of ['/', '/Gallery', '/about-us', '/contact-us', '/pre-register', `/news/${item.id}`]) {
        const page = await context.newPage();
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.locator('main').first().waitFor();
        const shift = await layoutShiftOf(page);
        expect(shift, `${path} at ${viewport.width}`).toBeLessThan(0.02);
        await page.close();
      }
      await context.close();
    }
  });
});
