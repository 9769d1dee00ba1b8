import type { FastifyInstance } from 'fastify';

/**
 * The one server template step (docs/architecture.md, decision 0012): for each address the web app answers, what its HTML
 * carries before any script runs — title, description, canonical address, Open Graph and Twitter
 * tags, JSON-LD, the first screen's content, and the public API answers that screen needs (inlined
 * as JSON, read by the client instead of asking again: apps/web/src/lib/initial-data.ts) — and
 * whether the address exists at all (404 otherwise).
 */

export interface SchoolAnswer {
  name: string;
  slogan: string;
  aboutHtml: string;
  address: string;
  phones: string[];
  email: string;
  hours: string;
  location: { lat: number; lng: number } | null;
  preRegistrationOpen: boolean;
  logo: ImageAnswer | null;
  hero: ImageAnswer | null;
}
interface ImageAnswer {
  thumb: string;
  large: string;
  srcSet: string;
}
interface NewsCardAnswer {
  id: number;
  title: string;
  summary: string;
  cover: ImageAnswer | null;
  pinned: boolean;
  publishAt: string;
}
interface NewsDetailAnswer extends NewsCardAnswer {
  bodyHtml: string;
}
interface AchievementAnswer {
  id: number;
  title: string;
  description: string;
  date: string;
  image: ImageAnswer | null;
  width: number | null;
  height: number | null;
}
interface PageAnswer<T> {
  items: T[];
  total: number;
}
interface PhotoAnswer {
  id: number;
  caption: string;
  image: ImageAnswer;
  width: number;
  height: number;
}

/** One public API answer the page's first screen uses, under the address the client asks for it. */
export interface InlineAnswer {
  url: string;
  body: unknown;
}

export interface RenderedPage {
  status: 200 | 404;
  title: string;
  description: string;
  /** The page's own address (path), for the canonical link and og:url; null for private pages. */
  path: string | null;
  image: string | null;
  type: 'website' | 'article';
  /** Private areas (student, dashboard, login) and missing pages are not for search engines. */
  noindex: boolean;
  jsonLd: object[];
  answers: InlineAnswer[];
  /** The site's name (og:site_name): the school's, or the generic «درگاه مدرسه» while none is set. */
  siteName: string;
  /** The first screen's markup, shown until the app takes over. Empty: the boot splash stays. */
  body: string;
}

const PUBLIC_PAGES = {
  '/': 'home',
  '/Gallery': 'gallery',
  '/about-us': 'about',
  '/contact-us': 'contact',
  '/pre-register': 'preRegister',
} as const;

/** Addresses of the app that are not public pages: answered 200 and left to the client. */
const APP_AREAS = [
  /^\/auth$/,
  /^\/gallery$/,
  /^\/student(\/.*)?$/,
  /^\/parent(\/.*)?$/,
  /^\/teacher(\/.*)?$/,
  /^\/dashboard(\/.*)?$/,
  /^\/payment-sandbox\/[^/]+$/,
];

export const PAGE_TEXT = {
  gallery: 'گالری تصاویر',
  about: 'درباره ما',
  contact: 'تماس با ما',
  preRegister: 'پیش‌ثبت‌نام',
  home: 'خانه',
  news: 'اطلاعیه‌ها',
  notFound: 'صفحه پیدا نشد',
  notFoundText: 'صفحه‌ای که دنبالش بودید وجود ندارد یا جابه‌جا شده است.',
  backHome: 'بازگشت به صفحهٔ اصلی',
  preRegisterOpen: 'پیش‌ثبت‌نام سال تحصیلی جدید باز است.',
  preRegisterClosed: 'پیش‌ثبت‌نام در حال حاضر بسته است.',
  address: 'نشانی',
  phones: 'تلفن',
  email: 'ایمیل',
  hours: 'ساعات کاری',
  login: 'ورود',
  portal: 'درگاه مدرسه',
  defaultDescription: 'درگاه مدرسه: اخبار، گالری، پیش‌ثبت‌نام آنلاین، کارنامه و پرداخت شهریه',
} as const;

/** API addresses the public pages ask for at first (the same query strings the web app sends). */
export const FIRST_ANSWERS = {
  school: '/api/v1/general/school',
  homeNews: '/api/v1/general/news?page=1&pageSize=6',
  homePhotos: '/api/v1/general/gallery?page=1&pageSize=8',
  homeAchievements: '/api/v1/general/achievement?page=1&pageSize=6',
  gallery: '/api/v1/general/gallery?page=1&pageSize=24',
  news: (id: number) => `/api/v1/general/news/${id}`,
  achievement: (id: number) => `/api/v1/general/achievement/${id}`,
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
/** HTML to plain text, for descriptions (the stored HTML is already sanitised). */
export const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const clip = (s: string, n = 160) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`);
const persianDigits = (s: string | number) => String(s).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);

/** Asks the app's own public API, in process; null for anything but a 200. */
async function ask<T>(app: FastifyInstance, url: string, answers: InlineAnswer[]): Promise<T | null> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  if (res.statusCode !== 200) return null;
  const body = res.json() as T;
  answers.push({ url, body });
  return body;
}

function schoolLd(school: SchoolAnswer, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': ['School', 'EducationalOrganization'],
    '@id': `${origin}/#school`,
    name: nameOf(school),
    url: `${origin}/`,
    ...(school.slogan ? { slogan: school.slogan } : {}),
    ...(school.logo ? { logo: `${origin}${school.logo.large}` } : {}),
    ...(school.hero ? { image: `${origin}${school.hero.large}` } : {}),
    ...(school.address
      ? { address: { '@type': 'PostalAddress', streetAddress: school.address, addressCountry: 'IR' } }
      : {}),
    ...(school.phones.length ? { telephone: school.phones[0] } : {}),
    ...(school.email ? { email: school.email } : {}),
    ...(school.location
      ? { geo: { '@type': 'GeoCoordinates', latitude: school.location.lat, longitude: school.location.lng } }
      : {}),
  };
}

function newsLd(item: NewsDetailAnswer, school: SchoolAnswer, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: clip(item.title, 110),
    description: clip(item.summary || plain(item.bodyHtml)),
    datePublished: item.publishAt,
    mainEntityOfPage: `${origin}/news/${item.id}`,
    ...(item.cover ? { image: [`${origin}${item.cover.large}`] } : {}),
    author: { '@type': 'Organization', name: school.name, url: `${origin}/` },
    publisher: {
      '@type': 'Organization',
      name: school.name,
      ...(school.logo ? { logo: { '@type': 'ImageObject', url: `${origin}${school.logo.large}` } } : {}),
    },
  };
}

// ---------------------------------------------------------------- first-screen markup

const jalali = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric', month: 'long', day: 'numeric' });
const dateOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : jalali.format(d);
};

/** The school's name from its settings, or the generic «درگاه مدرسه» where none is set. */
const nameOf = (school: SchoolAnswer | null): string => school?.name.trim() || PAGE_TEXT.portal;

function header(current: string, school: SchoolAnswer | null): string {
  const links: [string, string][] = [
    ['/', PAGE_TEXT.home],
    ['/Gallery', PAGE_TEXT.gallery.split(' ')[0] ?? PAGE_TEXT.gallery],
    ['/about-us', PAGE_TEXT.about],
    ['/contact-us', PAGE_TEXT.contact],
    ['/pre-register', PAGE_TEXT.preRegister],
  ];
  const nav = links
    .map(([to, label]) => `<a href="${to}"${to === current ? ' aria-current="page"' : ''}>${esc(label)}</a>`)
    .join('');
  return (
    `<header class="fs-header"><div class="fs-wrap fs-bar"><a class="fs-brand" href="/">` +
    `<img src="${esc(school?.logo?.thumb ?? '/icons/icon-192.png')}" width="36" height="36" alt=""` +
    ` style="object-fit:contain"><span>${esc(nameOf(school))}</span></a>` +
    `<nav class="fs-nav" aria-label="پیوندهای اصلی">${nav}</nav></div></header>`
  );
}

function footer(school: SchoolAnswer | null): string {
  if (!school) return '';
  const bits = [school.name, school.address, school.phones.map(persianDigits).join('، ')].filter(Boolean);
  return `<footer class="fs-footer"><div class="fs-wrap">${bits.map((b) => `<p>${esc(b)}</p>`).join('')}</div></footer>`;
}

function frame(school: SchoolAnswer | null, current: string, main: string): string {
  return `<div class="fs-page">${header(current, school)}<main class="fs-main">${main}</main>${footer(school)}</div>`;
}

function newsList(items: NewsCardAnswer[]): string {
  if (!items.length) return '';
  const cards = items
    .map(
      (n) =>
        `<article class="fs-card"><p class="fs-dim">${esc(dateOf(n.publishAt))}</p>` +
        `<h3><a href="/news/${n.id}">${esc(n.title)}</a></h3>${n.summary ? `<p>${esc(n.summary)}</p>` : ''}</article>`,
    )
    .join('');
  return `<section class="fs-wrap fs-section"><h2>${esc(PAGE_TEXT.news)}</h2>${cards}</section>`;
}

function hero(school: SchoolAnswer): string {
  return (
    `<section class="fs-hero"><div class="fs-wrap"><h1>${esc(school.name)}</h1>` +
    `${school.slogan ? `<p>${esc(school.slogan)}</p>` : ''}</div></section>`
  );
}

function titled(title: string, inner: string): string {
  return `<div class="fs-wrap fs-section"><h1>${esc(title)}</h1>${inner}</div>`;
}

function contactLines(school: SchoolAnswer): string {
  const rows: [string, string][] = [
    [PAGE_TEXT.address, school.address],
    [PAGE_TEXT.phones, school.phones.map(persianDigits).join('، ')],
    [PAGE_TEXT.email, school.email],
    [PAGE_TEXT.hours, school.hours],
  ];
  return rows
    .filter(([, v]) => v)
    .map(([k, v]) => `<p><strong>${esc(k)}:</strong> ${esc(v)}</p>`)
    .join('');
}

function photoGrid(photos: PhotoAnswer[]): string {
  return `<div class="fs-grid">${photos
    .map(
      (p, i) =>
        `<img src="${esc(p.image.thumb)}" srcset="${esc(p.image.srcSet)}" sizes="(min-width: 48em) 25vw, 50vw"` +
        ` width="${p.width}" height="${p.height}" alt="${esc(p.caption)}"${i >= 4 ? ' loading="lazy"' : ''}>`,
    )
    .join('')}</div>`;
}

// ---------------------------------------------------------------- the pages

/** What the HTML of `pathname` carries; origin is the site's address (for absolute links). */
export async function renderPage(app: FastifyInstance, pathname: string, origin: string): Promise<RenderedPage> {
  const answers: InlineAnswer[] = [];
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PUBLIC_PAGES[path as keyof typeof PUBLIC_PAGES];
  const newsMatch = /^\/news\/(\d{1,9})$/.exec(path);
  const achievementMatch = /^\/achievements\/(\d{1,9})$/.exec(path);

  if (!page && !newsMatch && !achievementMatch) {
    const known = APP_AREAS.some((re) => re.test(path));
    // The school's name in the title and header; its answer is not inlined (the app areas ask for it).
    const school = await ask<SchoolAnswer>(app, FIRST_ANSWERS.school, []);
    const portal = nameOf(school);
    return {
      status: known ? 200 : 404,
      title: known ? portal : `${PAGE_TEXT.notFound} | ${portal}`,
      siteName: portal,
      description: school?.name.trim()
        ? clip([school.name, school.slogan].filter(Boolean).join(' — '))
        : PAGE_TEXT.defaultDescription,
      path: null,
      image: null,
      type: 'website',
      noindex: true,
      jsonLd: [],
      answers: [],
      body: known
        ? ''
        : frame(
            school,
            '',
            titled(
              PAGE_TEXT.notFound,
              `<p>${esc(PAGE_TEXT.notFoundText)}</p><p><a href="/">${esc(PAGE_TEXT.backHome)}</a></p>`,
            ),
          ),
    };
  }

  const school = await ask<SchoolAnswer>(app, FIRST_ANSWERS.school, answers);
  const name = nameOf(school);
  const base = {
    status: 200 as const,
    path,
    image: school?.hero ? `${origin}${school.hero.large}` : school?.logo ? `${origin}${school.logo.large}` : null,
    type: 'website' as const,
    noindex: false,
    jsonLd: school ? [schoolLd(school, origin)] : [],
    answers,
    siteName: name,
  };
  const schoolDescription = school
    ? clip([school.name, school.slogan, school.address].filter(Boolean).join(' — '))
    : PAGE_TEXT.defaultDescription;

  const missing = (): RenderedPage => ({
    ...base,
    status: 404,
    title: `${PAGE_TEXT.notFound} | ${name}`,
    description: schoolDescription,
    path: null,
    noindex: true,
    answers: answers.filter((a) => a.url === FIRST_ANSWERS.school),
    body: frame(
      school,
      '',
      titled(
        PAGE_TEXT.notFound,
        `<p>${esc(PAGE_TEXT.notFoundText)}</p><p><a href="/">${esc(PAGE_TEXT.backHome)}</a></p>`,
      ),
    ),
  });

  if (achievementMatch) {
    const id = Number(achievementMatch[1]);
    const item = id > 0 ? await ask<AchievementAnswer>(app, FIRST_ANSWERS.achievement(id), answers) : null;
    if (!item || !school) return missing();
    const image = item.image
      ? `<img src="${esc(item.image.large)}" srcset="${esc(item.image.srcSet)}" sizes="(max-width: 48em) 100vw, 860px"` +
        `${item.width && item.height ? ` width="${item.width}" height="${item.height}"` : ''} alt="${esc(item.title)}">`
      : '';
    return {
      ...base,
      title: `${item.title} | ${name}`,
      description: clip(item.description) || schoolDescription,
      image: item.image ? `${origin}${item.image.large}` : base.image,
      type: 'article',
      body: frame(
        school,
        '',
        `<article class="fs-wrap fs-section"><h1>${esc(item.title)}</h1><p class="fs-dim">${esc(dateOf(item.date))}</p>` +
          `<div class="fs-rich">${image}<p>${esc(item.description)}</p></div></article>`,
      ),
    };
  }

  if (newsMatch) {
    const id = Number(newsMatch[1]);
    const item = id > 0 ? await ask<NewsDetailAnswer>(app, FIRST_ANSWERS.news(id), answers) : null;
    if (!item || !school) return missing();
    return {
      ...base,
      title: `${item.title} | ${name}`,
      description: clip(item.summary || plain(item.bodyHtml)) || schoolDescription,
      image: item.cover ? `${origin}${item.cover.large}` : base.image,
      type: 'article',
      jsonLd: [...base.jsonLd, newsLd(item, school, origin)],
      body: frame(
        school,
        '',
        `<article class="fs-wrap fs-section"><h1>${esc(item.title)}</h1><p class="fs-dim">${esc(dateOf(item.publishAt))}</p>` +
          `<div class="fs-rich">${item.bodyHtml}</div></article>`,
      ),
    };
  }

  switch (page) {
    case 'home': {
      const [news] = await Promise.all([
        ask<PageAnswer<NewsCardAnswer>>(app, FIRST_ANSWERS.homeNews, answers),
        ask(app, FIRST_ANSWERS.homePhotos, answers),
        ask(app, FIRST_ANSWERS.homeAchievements, answers),
      ]);
      return {
        ...base,
        title: school?.slogan ? `${name} | ${school.slogan}` : name,
        description: schoolDescription,
        body: school ? frame(school, '/', hero(school) + newsList(news?.items ?? [])) : '',
      };
    }
    case 'gallery': {
      const photos = await ask<PageAnswer<PhotoAnswer>>(app, FIRST_ANSWERS.gallery, answers);
      return {
        ...base,
        title: `${PAGE_TEXT.gallery} | ${name}`,
        description: clip(`${PAGE_TEXT.gallery} ${name}`),
        image: photos?.items[0] ? `${origin}${photos.items[0].image.large}` : base.image,
        body: school ? frame(school, '/Gallery', titled(PAGE_TEXT.gallery, photoGrid(photos?.items ?? []))) : '',
      };
    }
    case 'about':
      return {
        ...base,
        title: `${PAGE_TEXT.about} | ${name}`,
        description: school?.aboutHtml ? clip(plain(school.aboutHtml)) : schoolDescription,
        body: school
          ? frame(school, '/about-us', titled(PAGE_TEXT.about, `<div class="fs-rich">${school.aboutHtml}</div>`))
          : '',
      };
    case 'contact':
      return {
        ...base,
        title: `${PAGE_TEXT.contact} | ${name}`,
        description: school
          ? clip([`${PAGE_TEXT.contact} ${name}`, school.address, school.phones.join('، ')].filter(Boolean).join(' — '))
          : schoolDescription,
        body: school ? frame(school, '/contact-us', titled(PAGE_TEXT.contact, contactLines(school))) : '',
      };
    default:
      return {
        ...base,
        title: `${PAGE_TEXT.preRegister} | ${name}`,
        description: clip(
          `${PAGE_TEXT.preRegister} ${name}: ${school?.preRegistrationOpen ? PAGE_TEXT.preRegisterOpen : PAGE_TEXT.preRegisterClosed}`,
        ),
        body: '',
      };
  }
}

// ---------------------------------------------------------------- into the HTML

/** JSON that may stand inside a <script> element: nothing in it can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The tags for <head>. */
export function headTags(page: RenderedPage, origin: string, siteName: string, extra: string): string {
  const url = page.path ? `${origin}${page.path === '/' ? '/' : page.path}` : null;
  const tags = [
    `<title>${esc(page.title)}</title>`,
    `<meta name="description" content="${esc(page.description)}">`,
    page.noindex ? '<meta name="robots" content="noindex">' : '',
    url ? `<link rel="canonical" href="${esc(url)}">` : '',
    `<meta property="og:type" content="${page.type}">`,
    `<meta property="og:site_name" content="${esc(siteName)}">`,
    `<meta property="og:locale" content="fa_IR">`,
    `<meta property="og:title" content="${esc(page.title)}">`,
    `<meta property="og:description" content="${esc(page.description)}">`,
    url ? `<meta property="og:url" content="${esc(url)}">` : '',
    page.image ? `<meta property="og:image" content="${esc(page.image)}">` : '',
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(page.title)}">`,
    `<meta name="twitter:description" content="${esc(page.description)}">`,
    page.image ? `<meta name="twitter:image" content="${esc(page.image)}">` : '',
    ...page.jsonLd.map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`),
    page.answers.length
      ? `<script type="application/json" id="initial-data">${scriptJson({ at: new Date().toISOString(), answers: page.answers })}</script>`
      : '',
    extra,
  ];
  return tags.filter(Boolean).join('\n    ');
}
