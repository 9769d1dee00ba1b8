import type { FastifyInstance } from 'fastify';
import {
  type AchievementAnswer,
  ask,
  FIRST_ANSWERS,
  type InlineAnswer,
  type NewsCardAnswer,
  type NewsDetailAnswer,
  type PageAnswer,
  type PhotoAnswer,
  type RenderedPage,
  type SchoolAnswer,
} from './page-answers';
import {
  clip,
  contactLines,
  dateOf,
  esc,
  frame,
  hero,
  nameOf,
  newsLd,
  newsList,
  notFoundMain,
  PAGE_TEXT,
  photoGrid,
  plain,
  preRegisterCall,
  preRegisterFrame,
  schoolLd,
  titled,
} from './page-markup';
import { studentHomeScreen } from './student-screen';

/**
 * The one server template step (docs/architecture.md, decision 0012): for each address the web app answers, what its HTML
 * carries before any script runs — title, description, canonical address, Open Graph and Twitter
 * tags, JSON-LD, the first screen's content, and the public API answers that screen needs (inlined
 * as JSON, read by the client instead of asking again: apps/web/src/lib/initial-data.ts) — and
 * whether the address exists at all (404 otherwise).
 */

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

// ---------------------------------------------------------------- the pages

/** What every public page shares: the school's answer and the fields built from it. */
interface PageContext {
  app: FastifyInstance;
  origin: string;
  answers: InlineAnswer[];
  school: SchoolAnswer | null;
  name: string;
  base: Omit<RenderedPage, 'title' | 'description' | 'body'>;
  schoolDescription: string;
}

/** What the HTML of `pathname` carries; origin is the site's address (for absolute links). */
export async function renderPage(
  app: FastifyInstance,
  pathname: string,
  origin: string,
  /** The visitor's session token (the `token` cookie), for the student's home (web/student-screen.ts). */
  token: string | null = null,
): Promise<RenderedPage> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PUBLIC_PAGES[path as keyof typeof PUBLIC_PAGES];
  const newsMatch = /^\/news\/(\d{1,9})$/.exec(path);
  const achievementMatch = /^\/achievements\/(\d{1,9})$/.exec(path);
  if (!page && !newsMatch && !achievementMatch) return appOrUnknown(app, path, token);

  const answers: InlineAnswer[] = [];
  const school = await ask<SchoolAnswer>(app, FIRST_ANSWERS.school, answers);
  const name = nameOf(school);
  const ctx: PageContext = {
    app,
    origin,
    answers,
    school,
    name,
    base: {
      status: 200,
      path,
      image: school?.hero ? `${origin}${school.hero.large}` : school?.logo ? `${origin}${school.logo.large}` : null,
      type: 'website',
      noindex: false,
      jsonLd: school ? [schoolLd(school, origin)] : [],
      answers,
      siteName: name,
    },
    schoolDescription: school
      ? clip([school.name, school.slogan, school.address].filter(Boolean).join(' — '))
      : PAGE_TEXT.defaultDescription,
  };
  if (achievementMatch) return achievementPage(ctx, Number(achievementMatch[1]));
  if (newsMatch) return newsPage(ctx, Number(newsMatch[1]));
  return publicPage(ctx, page ?? 'preRegister');
}

/** An address of the app's own areas (200, left to the client) or of nothing (404). */
async function appOrUnknown(app: FastifyInstance, path: string, token: string | null): Promise<RenderedPage> {
  const known = APP_AREAS.some((re) => re.test(path));
  // The school's name in the title and header; its answer is not inlined (the app areas ask for it),
  // except with the student's home, whose header shows it.
  const answers: InlineAnswer[] = [];
  const school = await ask<SchoolAnswer>(app, FIRST_ANSWERS.school, answers);
  const portal = nameOf(school);
  const student = path === '/student' && token ? await studentHomeScreen(app, token, school) : null;
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
    answers: student ? answers : [],
    ...(student ? { own: student.answers } : {}),
    body: student ? student.body : known ? '' : frame(school, '', notFoundMain()),
  };
}

/** A news item or achievement that does not exist (or is not public). */
function missing({ base, name, schoolDescription, answers, school }: PageContext): RenderedPage {
  return {
    ...base,
    status: 404,
    title: `${PAGE_TEXT.notFound} | ${name}`,
    description: schoolDescription,
    path: null,
    noindex: true,
    answers: answers.filter((a) => a.url === FIRST_ANSWERS.school),
    body: frame(school, '', notFoundMain()),
  };
}

async function achievementPage(ctx: PageContext, id: number): Promise<RenderedPage> {
  const item = id > 0 ? await ask<AchievementAnswer>(ctx.app, FIRST_ANSWERS.achievement(id), ctx.answers) : null;
  if (!item || !ctx.school) return missing(ctx);
  const image = item.image
    ? `<img src="${esc(item.image.large)}" srcset="${esc(item.image.srcSet)}" sizes="(max-width: 48em) 100vw, 860px"` +
      `${item.width && item.height ? ` width="${item.width}" height="${item.height}"` : ''} alt="${esc(item.title)}">`
    : '';
  return {
    ...ctx.base,
    title: `${item.title} | ${ctx.name}`,
    description: clip(item.description) || ctx.schoolDescription,
    image: item.image ? `${ctx.origin}${item.image.large}` : ctx.base.image,
    type: 'article',
    body: frame(
      ctx.school,
      '',
      `<article class="fs-wrap fs-section"><h1>${esc(item.title)}</h1><p class="fs-dim">${esc(dateOf(item.date))}</p>` +
        `<div class="fs-rich">${image}<p>${esc(item.description)}</p></div></article>`,
    ),
  };
}

async function newsPage(ctx: PageContext, id: number): Promise<RenderedPage> {
  const item = id > 0 ? await ask<NewsDetailAnswer>(ctx.app, FIRST_ANSWERS.news(id), ctx.answers) : null;
  if (!item || !ctx.school) return missing(ctx);
  return {
    ...ctx.base,
    title: `${item.title} | ${ctx.name}`,
    description: clip(item.summary || plain(item.bodyHtml)) || ctx.schoolDescription,
    image: item.cover ? `${ctx.origin}${item.cover.large}` : ctx.base.image,
    type: 'article',
    jsonLd: [...ctx.base.jsonLd, newsLd(item, ctx.school, ctx.origin)],
    body: frame(
      ctx.school,
      '',
      `<article class="fs-wrap fs-section"><h1>${esc(item.title)}</h1><p class="fs-dim">${esc(dateOf(item.publishAt))}</p>` +
        `<div class="fs-rich">${item.bodyHtml}</div></article>`,
    ),
  };
}

/** Home, gallery, about, contact and the pre-registration form. */
async function publicPage(
  ctx: PageContext,
  page: (typeof PUBLIC_PAGES)[keyof typeof PUBLIC_PAGES],
): Promise<RenderedPage> {
  const { app, answers, school, name, base, origin, schoolDescription } = ctx;
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
        body: school ? frame(school, '/', hero(school) + preRegisterCall(school) + newsList(news?.items ?? [])) : '',
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
          ? // In a card as wide as the app's, so its text wraps the same and stays the largest paint.
            frame(
              school,
              '/about-us',
              titled(PAGE_TEXT.about, `<div class="fs-card fs-rich">${school.aboutHtml}</div>`),
            )
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
        body: school ? preRegisterFrame(school) : '',
      };
  }
}
