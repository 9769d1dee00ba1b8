import type { FastifyInstance } from 'fastify';

/** The public API answers a server-rendered page reads, and how it asks for them. */

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
  academicYear: number;
  logo: ImageAnswer | null;
  hero: ImageAnswer | null;
}
export interface ImageAnswer {
  thumb: string;
  large: string;
  srcSet: string;
}
export interface NewsCardAnswer {
  id: number;
  title: string;
  summary: string;
  cover: ImageAnswer | null;
  pinned: boolean;
  publishAt: string;
}
export interface NewsDetailAnswer extends NewsCardAnswer {
  bodyHtml: string;
}
export interface AchievementAnswer {
  id: number;
  title: string;
  description: string;
  date: string;
  image: ImageAnswer | null;
  width: number | null;
  height: number | null;
}
export interface PageAnswer<T> {
  items: T[];
  total: number;
}
export interface PhotoAnswer {
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
  /**
   * The signed-in visitor's own answers the first screen shows (the student's home): the page is then
   * private (not stored by any cache) and the app takes each answer once (apps/web/src/lib/initial-data.ts).
   */
  own?: InlineAnswer[];
  /** The site's name (og:site_name): the school's, or the generic «درگاه مدرسه» while none is set. */
  siteName: string;
  /** The first screen's markup, shown until the app takes over. Empty: the boot splash stays. */
  body: string;
}

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

/** Asks the app's own public API, in process; null for anything but a 200. */
export async function ask<T>(app: FastifyInstance, url: string, answers: InlineAnswer[]): Promise<T | null> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  if (res.statusCode !== 200) return null;
  const body = res.json() as T;
  answers.push({ url, body });
  return body;
}
