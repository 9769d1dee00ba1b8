import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerCrawlerFiles } from './crawler';
import { headTags } from './page-markup';
import { renderPage } from './pages';
import { tokenCookie } from './student-screen';

/** Files that must be checked on every visit: the service worker, the manifest and the HTML. */
const REVALIDATE = new Set(['sw.js', 'manifest.webmanifest', 'index.html', 'registerSW.js']);

/**
 * Answers the HTML of an app address (a promise), or false when the request is not for one (API
 * paths, missing files, other methods): the caller then answers a plain 404.
 */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => false | Promise<FastifyReply>;

/** The installed app's name: the school's, when it has one. */
export type AppIdentity = () => Promise<{ name: string; description: string } | null>;

export interface SpaOptions {
  /** The site's public address (PUBLIC_URL) for canonical and Open Graph links; else the request's host. */
  publicUrl?: string | undefined;
  /** The school's name for the installed app's manifest (built from the settings). */
  identity?: AppIdentity | undefined;
}

/** The start and end of the first-screen slot in index.html (apps/web/index.html). */
const SLOT = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;

/**
 * Serves the built web app: text files precompressed (brotli, gzip), hashed assets cached for a year
 * and immutable, the service worker and manifest revalidated, robots.txt and sitemap.xml from the
 * published content, and for every app address index.html through the template step (web/pages.ts):
 * its own title, description, Open Graph tags, JSON-LD, first screen and first data — with 404 for
 * an address the app does not have.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  options: SpaOptions = {},
): Promise<SpaFallback | null> {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`The web app is not built (${indexPath} missing): run "npm run build". Only the API is served.`);
    return null;
  }
  const template = fs
    .readFileSync(indexPath, 'utf8')
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '');
  const fontPreloads = fontsToPreload(webDist);
  const manifestPath = path.join(webDist, 'manifest.webmanifest');
  const identity = options.identity;
  if (identity && fs.existsSync(manifestPath)) {
    // The manifest is built from the settings: a phone installs «دبیرستان …», not «درگاه مدرسه».
    const built = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.url.split('?')[0] !== '/manifest.webmanifest') return;
      const school = await identity().catch(() => null);
      const manifest = school
        ? { ...built, name: school.name, short_name: shortNameOf(school.name), description: school.description }
        : built;
      return reply
        .header('content-type', 'application/manifest+json')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(manifest));
    });
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // dist/ holds a .br and a .gz copy of every text file (scripts/precompress.mjs): sent as they are.
    preCompressed: true,
    setHeaders(res, filePath) {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (REVALIDATE.has(name)) res.header('cache-control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else res.header('cache-control', 'public, max-age=86400');
      if (name.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
    },
  });

  const originOf = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.host}`;
  registerCrawlerFiles(app, originOf);

  return (request, reply) => {
    const [pathname = '/'] = request.url.split('?');
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    const looksLikeFile = /\.[a-z0-9]{2,12}$/i.test(pathname);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi || looksLikeFile) return false;
    return (async () => {
      const origin = originOf(request);
      const page = await renderPage(app, safeDecode(pathname), origin, tokenCookie(request.headers.cookie));
      const heroPreload =
        page.answers.find((a) => a.url.endsWith('/general/school')) && page.path === '/' ? hero(page) : '';
      const head = headTags(page, origin, page.siteName, [...fontPreloads, heroPreload].filter(Boolean).join('\n    '));
      const html = template
        .replace('</head>', `  ${head}\n  </head>`)
        .replace(SLOT, (slot) => (page.body ? page.body : slot));
      // A page with the visitor's own answers in it is kept by no cache (the browser's back button aside).
      reply
        .status(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', page.own ? 'private, no-store' : 'no-cache');
      return sendCompressed(request, reply, html);
    })();
  };
}

/** A home-screen label: the name without its school-type word when that keeps it short. */
export function shortNameOf(name: string): string {
  if (name.length <= 12) return name;
  const words = name.split(' ');
  const rest = words.slice(1).join(' ');
  return rest && rest.length <= 24 ? rest : name.slice(0, 12);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The page's HTML, compressed for a browser that asks (the compression plugin only sees routes; app
 * pages are answered by the not-found handler).
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
  return reply.send(html);
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The home's hero picture (a CSS background the browser would find late): asked for at once. */
function hero(page: { answers: { url: string; body: unknown }[] }): string {
  const school = page.answers[0]?.body as { hero?: { large: string; srcSet: string } | null } | undefined;
  if (!school?.hero) return '';
  return `<link rel="preload" as="image" href="${school.hero.large}" fetchpriority="high">`;
}

/**
 * The four weights of the Persian subset the portal uses (text, links, titles, the brand; about 21 KB
 * each): asked for with the HTML, so on a fast connection they are there by the first paint. Their
 * faces are `font-display: optional`: a font that is late is not swapped in (the home page shifted by up
 * to 1.01 that way); the visit stays in the fallback font. docs/decisions/0012, 0028.
 */
function fontsToPreload(webDist: string): string[] {
  const faces = fontFaces(webDist);
  return [...preloadLinks(webDist), ...(faces ? [`<style>${faces}</style>`] : [])];
}

/**
 * The @font-face rules of those fonts, copied from the built stylesheet into the page's head, so the
 * server's first screen uses each font the moment it has arrived rather than when the app's stylesheet
 * (which declares them too) does: until then it would lay out in a fallback font and re-flow (a school
 * name wrapping on two lines in the fallback and one in Vazirmatn moved the home page by 0.037).
 */
function fontFaces(webDist: string): string {
  const dir = path.join(webDist, 'assets');
  if (!fs.existsSync(dir)) return '';
  const faces = new Set<string>();
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.css'))) {
    for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/@font-face\s*\{[^}]*\}/g)) {
      if (PRELOADED_FONT.test(m[0].match(/vazirmatn-[\w-]+\.woff2/)?.[0] ?? '')) faces.add(m[0]);
    }
  }
  return [...faces].join('');
}

/** The Persian and Latin subsets (Persian text takes its spaces from the Latin one), every weight in each. */
const PRELOADED_FONT = /^vazirmatn-(arabic|latin)-wght-normal-[\w-]+\.woff2$/;

function preloadLinks(webDist: string): string[] {
  const dir = path.join(webDist, 'assets');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => PRELOADED_FONT.test(f))
    .sort()
    .map((f) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${f}" crossorigin>`);
}
