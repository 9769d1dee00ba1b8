import { digitsToPersian } from '@madreseh/contract/digits';
import type { NewsCardAnswer, NewsDetailAnswer, PhotoAnswer, RenderedPage, SchoolAnswer } from './page-answers';

/** The first screen's HTML, the page's <head> tags and its JSON-LD, as strings (everything escaped). */

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
  preRegisterYear: (year: string) => `پیش‌ثبت‌نام سال تحصیلی ${year} باز است`,
  preRegisterCta: 'شروع پیش‌ثبت‌نام',
  preRegisterForm: (year: string) => `فرم پیش‌ثبت‌نام سال تحصیلی ${year}`,
  preRegisterLine: 'فرم پیش‌ثبت‌نام را آنلاین پر کنید و کد پیگیری بگیرید.',
  address: 'نشانی',
  phones: 'تلفن',
  email: 'ایمیل',
  hours: 'ساعات کاری',
  login: 'ورود',
  portal: 'درگاه مدرسه',
  defaultDescription: 'درگاه مدرسه: اخبار، گالری، پیش‌ثبت‌نام آنلاین، کارنامه و پرداخت شهریه',
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
export const clip = (s: string, n = 160) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`);
export const persianDigits = (s: string | number) => String(s).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);

/** The not-found page's content. */
export function notFoundMain(): string {
  return titled(
    PAGE_TEXT.notFound,
    `<p>${esc(PAGE_TEXT.notFoundText)}</p><p><a href="/">${esc(PAGE_TEXT.backHome)}</a></p>`,
  );
}

// ---------------------------------------------------------------- structured data

export function schoolLd(school: SchoolAnswer, origin: string): object {
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

export function newsLd(item: NewsDetailAnswer, school: SchoolAnswer, origin: string): object {
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
export const dateOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : jalali.format(d);
};

/** The school's name from its settings, or the generic «درگاه مدرسه» where none is set. */
export const nameOf = (school: SchoolAnswer | null): string => school?.name.trim() || PAGE_TEXT.portal;

export function header(current: string, school: SchoolAnswer | null): string {
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
    `<header class="fs-header"><div class="fs-wrap fs-bar">${brand(school)}` +
    `<nav class="fs-nav" aria-label="پیوندهای اصلی">${nav}</nav></div></header>`
  );
}

/** The school's mark and name, linking home, at the start of every header. */
function brand(school: SchoolAnswer | null): string {
  return (
    `<a class="fs-brand" href="/"><img src="${esc(school?.logo?.thumb ?? '/icons/icon-192.png')}" width="36" height="36"` +
    ` alt="" style="object-fit:contain"><span>${esc(nameOf(school))}</span></a>`
  );
}

export function footer(school: SchoolAnswer | null): string {
  if (!school) return '';
  const bits = [school.name, school.address, school.phones.map(persianDigits).join('، ')].filter(Boolean);
  return `<footer class="fs-footer"><div class="fs-wrap">${bits.map((b) => `<p>${esc(b)}</p>`).join('')}</div></footer>`;
}

/**
 * The pre-registration form's first screen, as its own focused layout draws it (the school's mark and
 * the way home, no site menu): the title and the line under it, the form's largest text, so the page
 * paints before the app's code arrives (docs/decisions/0028). The form itself comes with the app.
 */
export function preRegisterFrame(school: SchoolAnswer): string {
  const year = digitsToPersian(`${school.academicYear}-${school.academicYear + 1}`);
  const line = `${nameOf(school)} — ${PAGE_TEXT.preRegisterForm(year)}`;
  return (
    `<div class="fs-page"><header class="fs-header"><div class="fs-wrap fs-bar fs-narrow">${brand(school)}` +
    `<a class="fs-back" href="/">${esc(PAGE_TEXT.backHome)}</a></div></header><main class="fs-main">` +
    `<div class="fs-wrap fs-section fs-narrow"><h1>${esc(PAGE_TEXT.preRegister)}</h1><p class="fs-lead">${esc(line)}</p>` +
    `${school.preRegistrationOpen ? '' : `<p>${esc(PAGE_TEXT.preRegisterClosed)}</p>`}</div></main></div>`
  );
}

export function frame(school: SchoolAnswer | null, current: string, main: string): string {
  return `<div class="fs-page">${header(current, school)}<main class="fs-main">${main}</main>${footer(school)}</div>`;
}

export function newsList(items: NewsCardAnswer[]): string {
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

export function hero(school: SchoolAnswer): string {
  // The app's two buttons under the slogan, so the page below keeps its place when the app takes over.
  const actions =
    `<div class="fs-actions">${school.preRegistrationOpen ? `<a class="fs-btn fs-btn-white" href="/pre-register">${esc(PAGE_TEXT.preRegister)}</a>` : ''}` +
    `<a class="fs-btn fs-btn-outline" href="/auth">${esc(PAGE_TEXT.login)}</a></div>`;
  return (
    `<section class="fs-hero"><div class="fs-wrap"><h1>${esc(school.name)}</h1>` +
    `${school.slogan ? `<p>${esc(school.slogan)}</p>` : ''}${actions}</div></section>`
  );
}

/**
 * The home's call to pre-register, when it is open: in the app it is the first screen's largest text,
 * so the server draws it too, as large, and the page's largest paint is this first one.
 */
export function preRegisterCall(school: SchoolAnswer): string {
  if (!school.preRegistrationOpen) return '';
  const year = digitsToPersian(`${school.academicYear}-${school.academicYear + 1}`);
  return (
    `<section class="fs-wrap fs-section"><div class="fs-card fs-call"><div><h2>${esc(PAGE_TEXT.preRegisterYear(year))}</h2>` +
    `<p class="fs-lead">${esc(PAGE_TEXT.preRegisterLine)}</p></div><a class="fs-btn fs-btn-brand" href="/pre-register">${esc(PAGE_TEXT.preRegisterCta)}</a></div></section>`
  );
}

export function titled(title: string, inner: string): string {
  return `<div class="fs-wrap fs-section"><h1>${esc(title)}</h1>${inner}</div>`;
}

export function contactLines(school: SchoolAnswer): string {
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

export function photoGrid(photos: PhotoAnswer[]): string {
  return `<div class="fs-grid">${photos
    .map(
      (p, i) =>
        `<img src="${esc(p.image.thumb)}" srcset="${esc(p.image.srcSet)}" sizes="(min-width: 48em) 25vw, 50vw"` +
        ` width="${p.width}" height="${p.height}" alt="${esc(p.caption)}"${i >= 4 ? ' loading="lazy"' : ''}>`,
    )
    .join('')}</div>`;
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

/** The app's own icon (apps/web/public), the link preview of a school without a photo. */
const APP_ICON = '/icons/icon-512.png';

/** The tags for <head>. */
export function headTags(page: RenderedPage, origin: string, siteName: string, extra: string): string {
  const url = page.path ? `${origin}${page.path === '/' ? '/' : page.path}` : null;
  // Without the school's own photo a link preview shows the app icon (square: the small card).
  const image = page.image ?? `${origin}${APP_ICON}`;
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
    `<meta property="og:image" content="${esc(image)}">`,
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(page.title)}">`,
    `<meta name="twitter:description" content="${esc(page.description)}">`,
    `<meta name="twitter:image" content="${esc(image)}">`,
    ...page.jsonLd.map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`),
    page.answers.length || page.own?.length
      ? `<script type="application/json" id="initial-data">${scriptJson({ at: new Date().toISOString(), answers: page.answers, ...(page.own ? { own: page.own } : {}) })}</script>`
      : '',
    extra,
  ];
  return tags.filter(Boolean).join('\n    ');
}
