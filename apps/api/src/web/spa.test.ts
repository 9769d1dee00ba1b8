import fs from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievements } from '../db/schema/achievements';
import { news, settings } from '../db/schema/site';
import { useTestApp } from '../test/test-app';
import { initialData, SCRIPT, writeDist } from './spa.fixtures';

/**
 * The web app as the server answers it (decision 0012): precompressed files and their
 * caching, the template step (title, Open Graph, JSON-LD, first screen, inline first data), real
 * 404s, robots.txt and sitemap.xml. A small stand-in for apps/web/dist keeps the test independent
 * of a build.
 */

const dist = writeDist();
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({
  config: { webDist: dist, payments: { sandboxGateway: false, publicUrl: 'https://school.example' } },
});
let admin: Record<string, string>;
let published: number;
let draft: number;
let achievement: number;

beforeAll(async () => {
  await t.db.delete(news);
  admin = t.as(await t.sessionFor('admin'));
  const create = async (title: string, status: string) => {
    const res = await t.call(contract.news.create, {
      headers: admin,
      body: {
        title,
        summary: 'خلاصهٔ خبر </script><b>',
        bodyHtml: '<p>متن خبر</p>',
        pinned: false,
        audience: 'public',
        status,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  await t.db.delete(achievements);
  const made = await t.call(contract.achievement.create, {
    headers: admin,
    body: { title: 'مقام اول مسابقات رباتیک', description: 'تیم رباتیک مدرسه اول شد.', date: '2026-11-01' },
  });
  expect(made.statusCode, made.body).toBe(201);
  achievement = (made.json() as { id: number }).id;
  published = await create('اردوی علمی پایهٔ دهم', 'published');
  draft = await create('پیش‌نویس خبر', 'draft');
});

const page = (url: string) => t.inject({ method: 'GET', url });
/** An app area the client decides about: answered 200 with the app, kept out of search engines. */
async function clientArea(url: string) {
  const res = await page(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.body, url).toContain('<meta name="robots" content="noindex">');
  return res;
}
const meta = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );

describe('compression and caching', () => {
  it('sends a hashed asset precompressed, with Vary, cached for a year and immutable', async () => {
    const br = await t.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plainAnswer = await t.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plainAnswer.headers['content-encoding']).toBeUndefined();
    expect(plainAnswer.body).toBe(SCRIPT);
  });

  it('has the service worker revalidated even when sent compressed', async () => {
    const res = await t.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API JSON above 1 KB for a client that asks, and leaves small answers alone', async () => {
    const big = await t.call(contract.settings.publicProfile, { headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(Buffer.byteLength(gunzipSync(big.rawPayload))).toBeGreaterThan(1024);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers.vary).toContain('accept-encoding');
    expect((JSON.parse(gunzipSync(big.rawPayload).toString()) as { name: string }).name).toBeTruthy();

    const small = await t.call(contract.system.health, { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the HTML of a page', async () => {
    const res = await t.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<html lang="fa" dir="rtl">');
  });
});

describe('the HTML of each public address', () => {
  it('names the school on the home page, with Open Graph, Twitter, canonical and School JSON-LD', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const school = (await t.call(contract.settings.publicProfile)).json() as { name: string };
    const html = res.body;
    expect(html).toMatch(new RegExp(`<title>${school.name}[^<]*</title>`));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<meta name="description" content="درگاه مدرسه" />');
    expect(meta(html, 'name', 'description')).toContain(school.name);
    expect(html).toContain('<link rel="canonical" href="https://school.example/">');
    expect(meta(html, 'property', 'og:title')).toContain(school.name);
    expect(meta(html, 'property', 'og:site_name')).toBe(school.name);
    expect(meta(html, 'property', 'og:url')).toBe('https://school.example/');
    expect(meta(html, 'property', 'og:type')).toBe('website');
    expect(meta(html, 'name', 'twitter:card')).toMatch(/^summary/);
    const [ld] = jsonLd(html);
    expect(ld?.['@type']).toEqual(['School', 'EducationalOrganization']);
    expect(ld?.name).toBe(school.name);
    expect(ld?.url).toBe('https://school.example/');
  });

  it('has the first screen in the HTML: header links, the school name in a heading, the notices', async () => {
    const html = (await page('/')).body;
    const body = html.slice(html.indexOf('<body>'));
    expect(body).not.toContain('boot-splash');
    expect(body).toMatch(/<h1>[^<]+<\/h1>/);
    expect(body).toContain('اردوی علمی پایهٔ دهم');
    expect(body).toContain(`href="/news/${published}"`);
    for (const href of ['/Gallery', '/about-us', '/contact-us', '/pre-register'])
      expect(body).toContain(`href="${href}"`);
    expect(body).not.toContain('پیش‌نویس خبر');
    // The header carries the school's own name, not the generic «درگاه مدرسه».
    expect(body).toMatch(/<a class="fs-brand" href="\/"><img [^>]+><span>مدرسهٔ دخترانهٔ فرزانگان امید<\/span>/);
    expect(body).not.toContain('درگاه مدرسه');
  });

  it('inlines the first answers as JSON equal to what the API answers, with nothing that closes the script', async () => {
    const html = (await page('/')).body;
    const data = initialData(html);
    expect(data).not.toBeNull();
    const urls = data?.answers.map((a) => a.url) ?? [];
    // Raw addresses on purpose: the page writes these very strings, which the web app looks up.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/general/school',
        '/api/v1/general/news?page=1&pageSize=6',
        '/api/v1/general/gallery?page=1&pageSize=8',
        '/api/v1/general/achievement?page=1&pageSize=6',
      ]),
    );
    for (const a of data?.answers ?? []) {
      const api = await t.inject({ method: 'GET', url: a.url });
      expect(a.body).toEqual(api.json());
    }
    // The summary carries "</script><b>": escaped inside the JSON, never raw.
    const script = /id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toMatch(/<\/?script/i);
    expect(script).toContain('\\u003c/script\\u003e');
    // Data, not code: no inline script the CSP would have to allow.
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('gives a news item its own title, description, image tags, NewsArticle JSON-LD and body', async () => {
    const res = await page(`/news/${published}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<title>اردوی علمی پایهٔ دهم \| [^<]+<\/title>/);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:url')).toBe(`https://school.example/news/${published}`);
    expect(meta(html, 'name', 'description')).toBe('خلاصهٔ خبر &lt;/script&gt;&lt;b&gt;');
    const article = jsonLd(html).find((l) => l['@type'] === 'NewsArticle');
    expect(article?.headline).toBe('اردوی علمی پایهٔ دهم');
    expect(article?.mainEntityOfPage).toBe(`https://school.example/news/${published}`);
    expect(typeof article?.datePublished).toBe('string');
    expect(html).toContain('<h1>اردوی علمی پایهٔ دهم</h1>');
    expect(html).toContain('<p>متن خبر</p>');
    // The address as the page writes it (a raw string on purpose).
    expect(initialData(html)?.answers.map((a) => a.url)).toContain(`/api/v1/general/news/${published}`);
  });

  it.each([
    ['/Gallery', 'گالری تصاویر'],
    ['/about-us', 'درباره ما'],
    ['/contact-us', 'تماس با ما'],
    ['/pre-register', 'پیش‌ثبت‌نام'],
  ])('%s has its own title, canonical address and Open Graph tags', async (url, title) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(new RegExp(`<title>${title} \\| [^<]+</title>`));
    expect(res.body).toContain(`<link rel="canonical" href="https://school.example${url}">`);
    expect(meta(res.body, 'property', 'og:title')).toContain(title);
    expect(res.body).not.toContain('name="robots"');
  });
});

describe('link previews of a school without a logo or hero photo', () => {
  it.each(['/', '/Gallery', '/about-us', '/contact-us', '/pre-register', '/auth', '/parent'])(
    '%s shows the app icon by its absolute address',
    async (url) => {
      const school = (await t.call(contract.settings.publicProfile)).json() as { logo: unknown; hero: unknown };
      expect([school.logo, school.hero]).toEqual([null, null]);
      const html = (await page(url)).body;
      expect(meta(html, 'property', 'og:image')).toBe('https://school.example/icons/icon-512.png');
      expect(meta(html, 'name', 'twitter:image')).toBe('https://school.example/icons/icon-512.png');
      // A square icon is a small card, not a large photo.
      expect(meta(html, 'name', 'twitter:card')).toBe('summary');
    },
  );

  it('a news item without a photo shows the app icon too', async () => {
    const html = (await page(`/news/${published}`)).body;
    expect(meta(html, 'property', 'og:image')).toBe('https://school.example/icons/icon-512.png');
  });
});

describe('an achievement on its own address', () => {
  it('has its title, description and Open Graph tags, its text in the HTML and its answer inlined', async () => {
    const res = await page(`/achievements/${achievement}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>مقام اول مسابقات رباتیک \| [^<]+<\/title>/);
    expect(meta(res.body, 'property', 'og:url')).toBe(`https://school.example/achievements/${achievement}`);
    expect(meta(res.body, 'name', 'description')).toBe('تیم رباتیک مدرسه اول شد.');
    expect(res.body).toContain('<h1>مقام اول مسابقات رباتیک</h1>');
    // The address as the page writes it (a raw string on purpose).
    expect(initialData(res.body)?.answers.map((a) => a.url)).toContain(`/api/v1/general/achievement/${achievement}`);
  });

  it('answers 404 for an achievement that does not exist', async () => {
    expect((await page(`/achievements/${achievement + 1000}`)).statusCode).toBe(404);
    const api = await t.call(contract.achievement.publicGet, { params: { id: achievement + 1000 } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: 'افتخار پیدا نشد.' });
  });
});

describe('addresses that do not exist', () => {
  it.each(['/no-such-page', '/news/999999', '/news/abc'])(
    '%s answers 404 with the not-found page, not a 200',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('صفحه پیدا نشد');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain('<script type="module"');
    },
  );

  it('answers 404 for a news item that is not published', async () => {
    expect((await page(`/news/${draft}`)).statusCode).toBe(404);
  });

  it('answers 200 for the app areas the client decides about, kept out of search engines', async () => {
    for (const url of [
      '/auth',
      '/student',
      '/student/invoices',
      '/parent',
      '/parent/settings',
      '/teacher',
      '/teacher/attendance',
      '/dashboard/news',
      '/gallery',
    ]) {
      const res = await clientArea(url);
      expect(res.body, url).toContain('<title>مدرسهٔ دخترانهٔ فرزانگان امید</title>');
      expect(res.body, url).not.toContain('درگاه مدرسه');
    }
  });

  it('answers 200 for the parent and teacher areas too, kept out of search engines', async () => {
    for (const url of [
      '/parent',
      '/parent/children/3/news',
      '/teacher',
      '/teacher/grades',
      '/teacher/marks',
      '/teacher/news',
    ]) {
      await clientArea(url);
    }
    const robots = await page('/robots.txt');
    expect(robots.body).toContain('Disallow: /parent');
    expect(robots.body).toContain('Disallow: /teacher');
  });

  it('still answers JSON 404 for an unknown API path and a missing file', async () => {
    // A raw address on purpose: no endpoint has it.
    const api = await page('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(String) });
    expect((await page('/assets/missing-123.js')).statusCode).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the private areas and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /student');
    expect(res.body).toContain('Disallow: /parent');
    expect(res.body).toContain('Disallow: /teacher');
    expect(res.body).toContain('Sitemap: https://school.example/sitemap.xml');
  });

  it('sitemap.xml lists the public pages and the published news, not drafts', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://school.example/',
      'https://school.example/Gallery',
      'https://school.example/about-us',
      'https://school.example/contact-us',
      'https://school.example/pre-register',
      `https://school.example/news/${published}`,
      `https://school.example/achievements/${achievement}`,
    ]);
    expect(locs).not.toContain(`https://school.example/news/${draft}`);
  });
});

describe('a school without a name', () => {
  it('is the generic «درگاه مدرسه» in the header and the titles, and only then', async () => {
    await t.db.delete(settings).where(eq(settings.key, 'school'));
    const home = (await page('/')).body;
    expect((await t.call(contract.settings.publicProfile)).json().name).toBe('');
    expect(home).toContain('<span>درگاه مدرسه</span>');
    expect(home).not.toContain('فرزانگان');
    expect((await page('/auth')).body).toContain('<title>درگاه مدرسه</title>');
  });
});
