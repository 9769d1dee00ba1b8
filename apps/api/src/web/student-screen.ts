import { digitsToPersian } from '@madreseh/contract/digits';
import { formatMoney, type MoneyUnit } from '@madreseh/contract/money';
import { ROLE_LABELS } from '@madreseh/contract/roles';
import { TERM_LABELS, type Term } from '@madreseh/contract/terms';
import type { FastifyInstance } from 'fastify';
import { notifyFa } from '../../../web/src/features/notifications/messages';
import { studentHomeFa } from '../../../web/src/features/student-home/messages';
import { fa } from '../../../web/src/messages/fa';
import type { InlineAnswer, SchoolAnswer } from './page-answers';
import { esc, nameOf } from './page-markup';

/**
 * The student's home (/student) drawn by the server from the signed-in student's own answers, laid out
 * as the app lays it out (its frame, header, navigation and cards, the same sizes), so a phone paints the
 * page before the app's code arrives and the app replaces it without a shift (docs/decisions/0030).
 * The session is the `token` cookie the web app keeps (decision 0001); the answers are the API's own,
 * asked in process with that token as the app asks them, so a token that is missing, expired or not a
 * student's draws nothing and the app's access check decides as before. The answers go into the page
 * for the app's first queries (apps/web/src/lib/initial-data.ts), which take each one once.
 */

/** The student answers the home's first screen shows, under the addresses the app asks for them. */
export const STUDENT_ANSWERS = {
  me: '/api/v1/student/me',
  news: '/api/v1/student/news?page=1&pageSize=3',
  invoices: '/api/v1/student/invoices',
  notices: '/api/v1/student/notices',
  unread: '/api/v1/student/notifications/unread',
} as const;

interface MeAnswer {
  fullName: string;
  firstName: string;
  photoUrl: string | null;
  groupName: string | null;
  studentNumber: string | null;
  latestAverage: { average: string | number | null; term: string; academicYear: number } | null;
}
interface NewsAnswer {
  items: { id: number; title: string; publishAt: string }[];
}
interface InvoicesAnswer {
  totals: { remaining: number };
  moneyUnit: MoneyUnit;
}
interface NoticesAnswer {
  items: { id: number; title: string }[];
}

/**
 * The app's own words (its messages files hold nothing but text), so the first screen says what the app says
 * when it takes over.
 */
const T = {
  ...studentHomeFa,
  home: fa.student.home,
  greeting: fa.student.greeting,
  nav: 'منوی دانش‌آموز',
  links: [
    ['/student', fa.student.home, 'home'],
    ['/student/news', fa.student.news, 'news'],
    ['/student/report-card', fa.student.reportCard, 'reportAnalytics'],
    ['/student/attendance', fa.student.attendance, 'calendarCheck'],
    ['/student/invoices', fa.student.invoices, 'fileInvoice'],
    ['/student/card-to-card', fa.student.cardToCard, 'creditCard'],
    ['/student/profile', fa.student.profile, 'user'],
  ] as [string, string, keyof typeof ICONS][],
  /** Not in the bottom bar on a phone. */
  sideOnly: ['/student/attendance', '/student/card-to-card'] as string[],
  logout: fa.nav.logout,
  toggle: fa.dashboard.toggleSidebar,
  bell: notifyFa.bell,
  bellUnread: notifyFa.bellUnread,
};

/** The Tabler icons the app draws there (outline, 24 × 24), as one path each. */
const ICONS = {
  home: 'M5 12l-2 0l9 -9l9 9l-2 0M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-7M9 21v-6a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v6',
  news: 'M16 6h3a1 1 0 0 1 1 1v11a2 2 0 0 1 -4 0v-13a1 1 0 0 0 -1 -1h-10a1 1 0 0 0 -1 1v12a3 3 0 0 0 3 3h11M8 8l4 0M8 12l4 0M8 16l4 0',
  reportAnalytics:
    'M9 5h-2a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-12a2 2 0 0 0 -2 -2h-2M9 5a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2a2 2 0 0 1 -2 2h-2a2 2 0 0 1 -2 -2M9 17v-5M12 17v-1M15 17v-3',
  calendarCheck:
    'M11.5 21h-5.5a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v6M16 3v4M8 3v4M4 11h16M15 19l2 2l4 -4',
  fileInvoice:
    'M14 3v4a1 1 0 0 0 1 1h4M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2M9 7l1 0M9 13l6 0M13 17l2 0',
  creditCard:
    'M3 8a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v8a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3l0 -8M3 10l18 0M7 15l.01 0M11 15l2 0',
  user: 'M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0M6 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2',
  bell: 'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6M9 17v1a3 3 0 0 0 6 0v-1',
  school: 'M22 9l-10 -4l-10 4l10 4l10 -4v6M6 10.6v5.4a6 3 0 0 0 12 0v-5.4',
  receipt2:
    'M5 21v-16a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v16l-3 -2l-2 2l-2 -2l-2 2l-2 -2l-3 2M14 8h-2.5a1.5 1.5 0 0 0 0 3h1a1.5 1.5 0 0 1 0 3h-2.5m2 0v1.5m0 -9v1.5',
  chevronDown: 'M6 9l6 6l6 -6',
  sidebar: 'M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2l0 -12M15 4v16M9 10l2 2l-2 2',
  logout: 'M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2M9 12h12l-3 -3M18 15l3 -3',
} as const;

/**
 * The screen's own styles (sent only with it), in the app's measures: Mantine's AppShell (header 60 px,
 * side menu 260 px from 48em, bottom bar 64 px on a phone), the theme's cards (radius 16 px, border,
 * small shadow), its type scale and colours (apps/web/src/app/theme.ts).
 */
const CSS = [
  '.fs-area{color:#000;background:#f8f7fb}.fs-area p{margin:0}.fs-area a{text-decoration:none}',
  '.fs-ah{position:fixed;top:0;inset-inline:0;height:60px;z-index:100;background:#fff;border-bottom:1px solid #dee2e6;display:flex;align-items:center;justify-content:space-between;gap:16px;padding:0 16px}',
  '.fs-ah-start{display:flex;align-items:center;gap:12px;min-width:0}.fs-ah-end{display:flex;align-items:center;gap:10px;flex:none}',
  '.fs-burger{width:28px;height:28px;padding:5px;display:flex;align-items:center;flex:none}',
  '.fs-burger span,.fs-burger span::before,.fs-burger span::after{display:block;width:18px;height:1px;background:#000;position:relative}',
  '.fs-burger span::before,.fs-burger span::after{content:"";position:absolute}.fs-burger span::before{top:-6px}.fs-burger span::after{top:6px}',
  '.fs-toggle{display:none;width:34px;height:34px;align-items:center;justify-content:center;color:#495057;flex:none}',
  '.fs-abrand{display:flex;align-items:center;gap:10px;min-width:0;color:#59208a;font-weight:800;font-size:16px}',
  '.fs-abrand img{border-radius:7px;object-fit:contain;flex:none}.fs-abrand span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}',
  '.fs-bell{position:relative;width:44px;height:44px;display:flex;align-items:center;justify-content:center;color:#212529}',
  '.fs-bell-count{position:absolute;top:6px;right:6px;transform:translate(50%,-50%);min-width:18px;height:18px;padding:0 4px;border-radius:9px;background:#fa5252;color:#fff;font-size:11px;line-height:18px;text-align:center}',
  '.fs-user{display:flex;align-items:center;gap:8px}.fs-user-text{display:flex;flex-direction:column}',
  '.fs-user-name{font-size:14px;font-weight:600;line-height:1.45;white-space:nowrap}.fs-user-role{font-size:12px;line-height:1.4;color:#5c5f66}',
  '.fs-avatar{display:inline-flex;align-items:center;justify-content:center;border-radius:50%;background:#e7d9f3;color:#471a6f;font-weight:700;flex:none;object-fit:cover}',
  '.fs-avatar-34{width:34px;height:34px;font-size:13.6px}.fs-avatar-64{width:64px;height:64px;font-size:25.6px}',
  '.fs-side{display:none}',
  '.fs-amain{padding:72px 12px 76px}',
  '.fs-ahead{display:flex;flex-direction:column;gap:4px;margin-bottom:20px}.fs-ahead h1{margin:0;font-size:22px;font-weight:700;line-height:1.3}',
  '.fs-agrid{display:grid;grid-template-columns:minmax(0,1fr);gap:16px}',
  '.fs-acard{background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05),0 7px 7px -5px rgba(0,0,0,.04)}',
  '.fs-row{display:flex;align-items:center;gap:16px}.fs-top{align-items:flex-start}',
  '.fs-stack{display:flex;flex-direction:column}.fs-gap2{gap:2px}.fs-gap6{gap:6px}.fs-grow{flex:1;min-width:0}',
  '.fs-name{margin:0;font-size:18px;font-weight:700;line-height:1.35}.fs-inline{display:flex;align-items:center;gap:6px}',
  '.fs-sm{font-size:14px;line-height:1.45}.fs-dimmed{color:#5c5f66}.fs-bold{font-weight:600}.fs-link{color:#7b2cbf}',
  '.fs-figure{font-size:28px;font-weight:800}.fs-figure.fs-figure-24{font-size:24px}',
  '.fs-clamp{display:-webkit-box;-webkit-line-clamp:1;-webkit-box-orient:vertical;overflow:hidden}',
  '.fs-ticon{width:48px;height:48px;border-radius:8px;background:#e7d9f3;color:#471a6f;display:flex;align-items:center;justify-content:center;flex:none}',
  '.fs-ticon-red{background:#ffe3e3;color:#b02525}',
  '.fs-bottom{position:fixed;bottom:0;inset-inline:0;height:64px;z-index:200;background:#fff;border-top:1px solid #dee2e6;display:flex;padding-bottom:env(safe-area-inset-bottom)}',
  '.fs-bottom a{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;font-size:11px;color:#495057}',
  '.fs-bottom a[aria-current=page]{color:#6a26a4}',
  '@media (min-width:48em){.fs-burger,.fs-bottom{display:none}.fs-toggle{display:flex}.fs-abrand{font-size:18px}',
  '.fs-side{display:flex;flex-direction:column;position:fixed;top:60px;bottom:64px;inset-inline-start:0;width:260px;padding:12px;background:#fff;border-inline-end:1px solid #dee2e6;z-index:100}',
  '.fs-side-links{flex:1}.fs-side a,.fs-logout{display:flex;align-items:center;gap:12px;padding:8px 12px;border-radius:8px;color:#000;font-size:14px;line-height:25px}',
  '.fs-side a[aria-current=page]{background:#e7d9f3;color:#471a6f}.fs-side-end{border-top:1px solid #dee2e6;margin-top:12px;padding-top:12px}.fs-logout{color:#c92a2a}',
  '.fs-amain{padding:80px 20px 84px;padding-inline-start:280px}.fs-ahead h1{font-size:26px}.fs-agrid{grid-template-columns:repeat(2,minmax(0,1fr))}}',
].join('');

const icon = (name: keyof typeof ICONS, size: number, stroke = 2) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${stroke}"` +
  ` stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${ICONS[name]}"/></svg>`;

/** Asks one of the student's own answers in process, with the visitor's token; null for anything but a 200. */
async function askAs<T>(app: FastifyInstance, token: string, url: string, answers: InlineAnswer[]): Promise<T | null> {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) return null;
  const body = res.json() as T;
  answers.push({ url, body });
  return body;
}

/** The `token` cookie of a request's Cookie header, or null. */
export function tokenCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== 'token') continue;
    const value = rest.join('=');
    try {
      return /^[\w.~+/=-]{16,512}$/.test(decodeURIComponent(value)) ? decodeURIComponent(value) : null;
    } catch {
      return null;
    }
  }
  return null;
}

const jalali = new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const decimal = (v: string | number) => digitsToPersian(String(v)).replace('.', '٫');
const year = (start: number) => `${digitsToPersian(start)}\u200f–\u200f${digitsToPersian(start + 1)}`;

/**
 * The first screen of /student for the visitor whose token cookie this is, with the answers it used;
 * null when the token does not open the student's answers (no screen: the app decides).
 */
export async function studentHomeScreen(
  app: FastifyInstance,
  token: string,
  school: SchoolAnswer | null,
): Promise<{ body: string; answers: InlineAnswer[] } | null> {
  const answers: InlineAnswer[] = [];
  const me = await askAs<MeAnswer>(app, token, STUDENT_ANSWERS.me, answers);
  if (!me) return null;
  const [news, invoices, notices, unread] = await Promise.all([
    askAs<NewsAnswer>(app, token, STUDENT_ANSWERS.news, answers),
    askAs<InvoicesAnswer>(app, token, STUDENT_ANSWERS.invoices, answers),
    askAs<NoticesAnswer>(app, token, STUDENT_ANSWERS.notices, answers),
    askAs<{ count: number }>(app, token, STUDENT_ANSWERS.unread, answers),
  ]);
  // Something the app would show as an error or a skeleton: the app draws it itself.
  if (!news || !invoices || !notices || !unread) return null;
  return { body: frame(school, me, unread.count, home(me, news, invoices, notices)), answers };
}

function frame(school: SchoolAnswer | null, me: MeAnswer, unread: number, main: string): string {
  const count = digitsToPersian(unread > 99 ? '99+' : unread);
  const bell =
    `<span class="fs-bell" aria-label="${esc(unread ? T.bellUnread(digitsToPersian(unread)) : T.bell)}" role="img">` +
    `${icon('bell', 24, 1.6)}${unread ? `<span class="fs-bell-count">${esc(count)}</span>` : ''}</span>`;
  const user =
    `<span class="fs-user"><span class="fs-avatar fs-avatar-34">${esc(me.fullName.slice(0, 1))}</span>` +
    `<span class="fs-user-text"><span class="fs-user-name">${esc(me.fullName)}</span><span class="fs-user-role">${ROLE_LABELS.student}</span></span>` +
    `${icon('chevronDown', 14)}</span>`;
  const side = T.links
    .map(
      ([to, label, i]) =>
        `<a href="${to}"${to === '/student' ? ' aria-current="page"' : ''}>${icon(i, 20, 1.6)}<span>${esc(label)}</span></a>`,
    )
    .join('');
  const bottom = T.links
    .filter(([to]) => !T.sideOnly.includes(to))
    .map(
      ([to, label, i]) =>
        `<a href="${to}"${to === '/student' ? ' aria-current="page"' : ''}>${icon(i, 22, 1.6)}${esc(label)}</a>`,
    )
    .join('');
  return (
    `<style>${CSS}</style><div class="fs-page fs-area"><header class="fs-ah"><div class="fs-ah-start">` +
    `<span class="fs-burger" aria-hidden="true"><span></span></span>` +
    `<span class="fs-toggle" aria-hidden="true">${icon('sidebar', 22)}</span>` +
    `<a class="fs-abrand" href="/"><img src="${esc(school?.logo?.thumb ?? '/icons/icon-192.png')}" width="32" height="32" alt="">` +
    `<span>${esc(nameOf(school))}</span></a></div><div class="fs-ah-end">${bell}${user}</div></header>` +
    `<nav class="fs-side" aria-label="${T.nav}"><div class="fs-side-links">${side}</div>` +
    `<div class="fs-side-end"><span class="fs-logout">${icon('logout', 20, 1.6)}<span>${T.logout}</span></span></div></nav>` +
    `<main class="fs-amain">${main}</main><nav class="fs-bottom" aria-label="${T.nav}">${bottom}</nav></div>`
  );
}

const card = (testId: string, inner: string) => `<div class="fs-acard" data-fs="${testId}">${inner}</div>`;
const themeIcon = (name: keyof typeof ICONS, red = false) =>
  `<span class="fs-ticon${red ? ' fs-ticon-red' : ''}">${icon(name, 28)}</span>`;

function home(me: MeAnswer, news: NewsAnswer, invoices: InvoicesAnswer, notices: NoticesAnswer): string {
  const avatar = me.photoUrl
    ? `<img class="fs-avatar fs-avatar-64" src="${esc(me.photoUrl)}" width="64" height="64" alt="${esc(me.fullName)}">`
    : `<span class="fs-avatar fs-avatar-64">${esc(me.firstName.slice(0, 1))}</span>`;
  const classCard = card(
    'class-card',
    `<div class="fs-row">${avatar}<div class="fs-stack fs-gap2"><h2 class="fs-name">${esc(me.fullName)}</h2>` +
      `<div class="fs-inline">${icon('school', 18)}<p>${esc(me.groupName ?? T.noClass)}</p></div>` +
      `${me.studentNumber ? `<p class="fs-sm fs-dimmed">${esc(T.studentNumber(digitsToPersian(me.studentNumber)))}</p>` : ''}</div></div>`,
  );
  const avg = me.latestAverage;
  const averageCard = card(
    'average-card',
    `<div class="fs-row fs-top">${themeIcon('reportAnalytics')}<div class="fs-stack fs-gap2">` +
      `<p class="fs-sm fs-dimmed">${T.latestReportCard}</p>` +
      (avg
        ? `<p class="fs-figure">${esc(avg.average === null ? T.descriptive : decimal(avg.average))}</p>` +
          `<p class="fs-sm">${esc(`${TERM_LABELS[avg.term as Term] ?? ''} — ${year(avg.academicYear)}`)}</p>` +
          `<a class="fs-sm fs-link" href="/student/report-card">${T.seeReportCard}</a>`
        : `<p>${T.noReportCard}</p>`) +
      `</div></div>`,
  );
  const newsCard = card(
    'news-card',
    `<div class="fs-row fs-top">${themeIcon('news')}<div class="fs-stack fs-gap6 fs-grow">` +
      `<p class="fs-sm fs-dimmed">${T.latestNews}</p>` +
      (news.items.length
        ? news.items
            .map(
              (n) =>
                `<a class="fs-link fs-clamp" href="/student/news/${n.id}">${esc(`${n.title} — ${jalali.format(new Date(n.publishAt))}`)}</a>`,
            )
            .join('')
        : `<p>${T.noNews}</p>`) +
      `<a class="fs-sm fs-link" href="/student/news">${T.allNews}</a></div></div>`,
  );
  const owed = invoices.totals.remaining > 0;
  const balanceCard = card(
    'balance-card',
    `<div class="fs-row fs-top">${themeIcon('receipt2')}<div class="fs-stack fs-gap2">` +
      `<p class="fs-sm fs-dimmed">${T.remaining}</p>` +
      `<p class="fs-figure fs-figure-24">${esc(owed ? formatMoney(invoices.totals.remaining, invoices.moneyUnit) : T.noDebt)}</p>` +
      `<a class="fs-sm fs-link" href="/student/invoices">${owed ? T.invoicesAndPay : T.seeInvoices}</a></div></div>`,
  );
  const latest = notices.items.slice(0, 2);
  const noticesCard = latest.length
    ? card(
        'notices-card',
        `<div class="fs-row fs-top">${themeIcon('bell', true)}<div class="fs-stack fs-gap6 fs-grow">` +
          `<p class="fs-sm fs-dimmed">${T.notices}</p>` +
          latest.map((n) => `<p class="fs-sm fs-bold">${esc(digitsToPersian(n.title))}</p>`).join('') +
          `<a class="fs-sm fs-link" href="/student/attendance">${T.seeAttendance}</a></div></div>`,
      )
    : '';
  return (
    `<div class="fs-ahead"><h1>${T.home}</h1><p class="fs-dimmed">${esc(T.greeting(me.fullName))}</p></div>` +
    `<div class="fs-agrid">${classCard}${averageCard}${newsCard}${balanceCard}${noticesCard}</div>`
  );
}
