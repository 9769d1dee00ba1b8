import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Public pages that always exist, in the order a sitemap lists them. */
export const PUBLIC_PATHS = ['/', '/Gallery', '/about-us', '/contact-us', '/pre-register'] as const;

/** At most this many news items in the sitemap (pages of 100 from general/news). */
const MAX_NEWS = 5000;

const xmlEsc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * robots.txt (the private areas and the API are not for crawlers; where the sitemap is) and
 * sitemap.xml (the public pages, every published public news item and every achievement).
 */
export function registerCrawlerFiles(app: FastifyInstance, originOf: (request: FastifyRequest) => string): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const text = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /auth',
      'Disallow: /student',
      'Disallow: /dashboard',
      'Disallow: /parent',
      'Disallow: /teacher',
      'Disallow: /payment-sandbox/',
      'Disallow: /uploads/receipts/',
      'Allow: /',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(text);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const school = await app.inject({ method: 'GET', url: '/api/v1/general/school' });
    const updatedAt = school.statusCode === 200 ? (school.json() as { updatedAt: string | null }).updatedAt : null;
    const urls: { loc: string; lastmod?: string | null }[] = PUBLIC_PATHS.map((p) => ({
      loc: `${origin}${p}`,
      lastmod: updatedAt,
    }));
    for (let page = 1; page <= MAX_NEWS / 100; page++) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/general/news?page=${page}&pageSize=100` });
      if (res.statusCode !== 200) break;
      const body = res.json() as { items: { id: number; publishAt: string }[]; total: number };
      for (const n of body.items) urls.push({ loc: `${origin}/news/${n.id}`, lastmod: n.publishAt });
      if (page * 100 >= body.total || body.items.length === 0) break;
    }
    for (let page = 1; page <= MAX_NEWS / 100; page++) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/general/achievement?page=${page}&pageSize=100` });
      if (res.statusCode !== 200) break;
      const body = res.json() as { items: { id: number }[]; total: number };
      for (const a of body.items) urls.push({ loc: `${origin}/achievements/${a.id}` });
      if (page * 100 >= body.total || body.items.length === 0) break;
    }
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        (u) => `  <url><loc>${xmlEsc(u.loc)}</loc>${u.lastmod ? `<lastmod>${xmlEsc(u.lastmod)}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
}
