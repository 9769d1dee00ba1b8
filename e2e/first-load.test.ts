import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, loginByApi, newContext, PHONE, useBrowser } from './support';

/**
 * The first-load budget (DESIGN §8, issue 10 item 3): the gzipped JavaScript a first visit
 * downloads, read from the browser's network log — no service worker, an empty cache, a browser that
 * accepts only gzip. Bytes, not timing. The measured numbers and what is left: docs/decisions/0012.
 */

const browser = useBrowser();

/** DESIGN §8, in KB of gzipped JavaScript. */
const FIRST_LOAD_BUDGET_KB = { public: 150, student: 250 };

/**
 * What each public page may not exceed today, in KB: its measured first load (issue 10, after the
 * work of docs/decisions/0012) plus 4 KB. The public pages are still above the 150 KB budget —
 * React, its router, Mantine and zod alone are about 130 KB; the decision says what would close the
 * gap. Lower these as pages get lighter; raise one only with the reason beside it.
 */
const PUBLIC_CEILING_KB: Record<string, number> = {
  // Raised by 3–4 KB on every page when the shareable achievement pages and the demo-password
  // prompt's session flag (issues 10 and 11) grew the shared chunks; /pre-register also by 5 KB for
  // the Persian inputs of issue 13 (digits while typing, the date picker's keyboard, the stepper).
  '/': 198,
  '/Gallery': 212,
  '/about-us': 187,
  '/contact-us': 197,
  '/pre-register': 261,
  '/news/1': 189,
};

/** Gzipped bytes of every script the page at `path` downloads until the network is quiet. */
async function firstLoadJs(context: BrowserContext, path: string): Promise<{ kb: number; files: string[] }> {
  const page = await context.newPage();
  const requests: import('playwright-core').Request[] = [];
  page.on('requestfinished', (r) => requests.push(r));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  const files: string[] = [];
  for (const r of requests) {
    const res = await r.response();
    if (!res || r.resourceType() !== 'script') continue;
    expect(res.headers()['content-encoding'], r.url()).toBe('gzip');
    bytes += (await r.sizes()).responseBodySize;
    files.push(new URL(r.url()).pathname);
  }
  await page.close();
  return { kb: bytes / 1024, files };
}

const gzipOnly = { viewport: PHONE, extraHTTPHeaders: { 'accept-encoding': 'gzip' } };

describe('first-load JavaScript', () => {
  it.each(['/', '/Gallery', '/about-us', '/contact-us', '/pre-register', '/news/1'])(
    'a first visit to %s stays within its ceiling (the public budget once reached)',
    async (path) => {
      const context = await newContext(browser(), gzipOnly);
      const { kb, files } = await firstLoadJs(context, path);
      console.log(`first load ${path}: ${kb.toFixed(1)} KB of gzipped JavaScript in ${files.length} files`);
      expect(files.length).toBeGreaterThan(0);
      expect(kb).toBeLessThanOrEqual(Math.max(FIRST_LOAD_BUDGET_KB.public, PUBLIC_CEILING_KB[path] ?? 0));
      await context.close();
    },
  );

  it('a first visit to the student area stays within its budget', async () => {
    const context = await newContext(browser(), gzipOnly);
    await loginByApi(context, 'student1', baseURL());
    const { kb, files } = await firstLoadJs(context, '/student');
    console.log(`first load /student: ${kb.toFixed(1)} KB of gzipped JavaScript in ${files.length} files`);
    expect(files.some((f) => f.includes('student'))).toBe(true);
    expect(kb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB.student);
    await context.close();
  });
});
