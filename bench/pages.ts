// Page measurements (bench/README.md): Lighthouse with its mobile preset (simulated slow 4G, 4× slower
// CPU, a phone's screen) in Debian's Chromium on every public page and on /student, /parent and /dashboard
// signed in, and the gzipped JavaScript each first visit downloads, read from the browser's network log.
// Needs `npm run build`.
// Called by bench/run.ts (`npm run bench -- pages`); results under bench/results/pages-*.json and in
// bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type CookieData } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startServer } from '../e2e/server';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'bench/results');
/** Lighthouse wants the new headless mode. */
const FLAGS = CHROMIUM_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag));

type Report = (name: string, value: string, budget: string, ok: boolean) => void;

export interface PageResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Compressed JavaScript the page downloaded, as Lighthouse's network log records it (brotli here). */
  jsTransferKB: number;
  /** The same page's JavaScript when the browser accepts only gzip: the budget's measure. */
  jsGzipKB: number;
  jsFiles: number;
  /** Audits below full marks in the accessibility, best-practices and SEO categories, and why a metric is missing. */
  notes: string[];
}

interface LhResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      title: string;
      numericValue?: number;
      errorMessage?: string;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

const score = (lhr: LhResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const num = (lhr: LhResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Gzipped bytes of JavaScript a fresh visit downloads (no service worker, no cache), from the network log. */
async function gzipJs(browser: Browser, url: string, cookies: CookieData[]) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (cookies.length) await context.setCookie(...cookies);
  await page.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
  const client = await page.createCDPSession();
  await client.send('Network.enable');
  // Bytes of each script's body as sent (compressed), without its headers.
  const headerBytes = new Map<string, number>();
  let bytes = 0;
  client.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') headerBytes.set(e.requestId, e.response.encodedDataLength);
  });
  client.on('Network.loadingFinished', (e) => {
    const headers = headerBytes.get(e.requestId);
    if (headers !== undefined) bytes += e.encodedDataLength - headers;
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await context.close();
  return { kb: bytes / 1024, files: headerBytes.size };
}

export async function benchPages(report: Report): Promise<PageResult[]> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.log('skip  pages: run "npm run build" first');
    report('pages: the web app is built', 'no', 'npm run build', false);
    return [];
  }
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  const results: PageResult[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const news = (await (await fetch(`${server.url}/api/v1/general/news?page=1&pageSize=1`)).json()) as {
      items: { id: number }[];
    };
    // The two cookies the web app keeps after signing in (apps/web/src/lib/cookies.ts), per demo user.
    const domain = new URL(server.url).hostname;
    const cookiesOf = async (username: string): Promise<CookieData[]> => {
      const login = (await (
        await fetch(`${server.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'demo1234' }),
        })
      ).json()) as { token: string; user: unknown };
      return [
        { name: 'token', value: login.token, domain, path: '/' },
        { name: 'user', value: encodeURIComponent(JSON.stringify(login.user)), domain, path: '/' },
      ];
    };
    // The signed-in areas: the student's home (budgeted), the parent's and the staff's first screens
    // (measured, no budget yet).
    const pages: { path: string; user?: string }[] = [
      { path: '/' },
      { path: '/Gallery' },
      { path: '/about-us' },
      { path: '/contact-us' },
      { path: '/pre-register' },
      ...(news.items[0] ? [{ path: `/news/${news.items[0].id}` }] : []),
      { path: '/student', user: 'student1' },
      { path: '/parent', user: 'parent1' },
      { path: '/dashboard', user: 'admin' },
    ];
    // BENCH_PAGES=/student,/about-us measures only those pages (a quick before/after); the README's
    // table is then left as it is.
    const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
    for (const p of only ? pages.filter((q) => only.includes(q.path)) : pages) {
      const url = `${server.url}${p.path}`;
      const cookies = p.user ? await cookiesOf(p.user) : [];
      const measure = async (): Promise<LhResult> => {
        const page = await browser.newPage();
        if (p.user) {
          // Storage is kept for the signed-in run, so the cache, the service worker and its caches left by
          // the public runs are emptied by hand: a first visit.
          const cdp = await page.createCDPSession();
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Storage.clearDataForOrigin', {
            origin: server.url,
            storageTypes: 'service_workers,cache_storage,local_storage,indexeddb',
          });
          await cdp.detach();
          await browser.setCookie(...cookies);
        }
        const run = await lighthouse(
          url,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            // Keep the signed-in user's cookies; public pages start from an empty browser.
            disableStorageReset: Boolean(p.user),
          },
          undefined,
          page,
        );
        if (p.user) {
          const cdp = await page.createCDPSession();
          await cdp.send('Network.clearBrowserCookies');
          await cdp.detach();
        }
        await page.close();
        const lhr = run?.lhr as unknown as LhResult | undefined;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${p.path}`);
        return lhr;
      };
      // A run Lighthouse could not finish (it happens about once in ten here) is run once more.
      let lhr = await measure();
      if (lhr.runtimeError) {
        console.log(`      lighthouse ${p.path}: ${lhr.runtimeError.code}, once more`);
        lhr = await measure();
      }
      // BENCH_LHR_DIR=<folder> keeps each page's whole Lighthouse report, to see why a score is what it is.
      const reports = process.env.BENCH_LHR_DIR;
      if (reports) fs.mkdirSync(reports, { recursive: true });
      if (reports) fs.writeFileSync(path.join(reports, `${p.path.replace(/\//g, '_')}.json`), JSON.stringify(lhr));
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const js = requests.filter((r) => r.resourceType === 'Script');
      const gz = await gzipJs(browser, url, cookies);
      results.push({
        path: p.path,
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
        fcpMs: Math.round(num(lhr, 'first-contentful-paint')),
        lcpMs: Math.round(num(lhr, 'largest-contentful-paint')),
        tbtMs: Math.round(num(lhr, 'total-blocking-time')),
        cls: Math.round(num(lhr, 'cumulative-layout-shift') * 1000) / 1000,
        jsTransferKB: Math.round(js.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 102.4) / 10,
        jsGzipKB: Math.round(gz.kb * 10) / 10,
        jsFiles: js.length,
        notes: notesOf(lhr),
      });
      console.log(`      lighthouse ${p.path}: done`);
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
  }

  const table = pagesTable(results);
  const started = new Date();
  const record = {
    kind: 'pages',
    startedAt: started.toISOString(),
    machine: {
      cpu: `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}`,
      node: process.version,
      chromium: await chromiumVersion(),
      lighthouse: '13.5.0, mobile preset (simulated throttling)',
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    results,
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  fs.writeFileSync(path.join(RESULTS, `pages-${stamp}.json`), `${JSON.stringify(record, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS, 'pages-latest.json'), `${JSON.stringify(record, null, 2)}\n`);
  const heading =
    `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${record.machine.cpu}, Node ${record.machine.node}, ` +
    `${record.machine.chromium}, Lighthouse ${record.machine.lighthouse}; load average at start ` +
    `${record.machine.loadAverageAtStart.join(' ')}.`;
  console.log(`\n${heading}\n\n${table}\n`);
  if (!process.env.BENCH_PAGES) updateReadme(`${heading}\n\n${table}`);

  for (const r of results) {
    const student = r.path === '/student';
    // The parent's and the staff's first screens are measured without a budget yet (bench/README.md).
    const unbudgeted = r.path === '/parent' || r.path === '/dashboard';
    const signedIn = student || unbudgeted;
    const perf = student ? 90 : 95;
    if (!unbudgeted)
      report(`lighthouse ${r.path}: performance`, String(r.performance), `≥ ${perf}`, r.performance >= perf);
    report(`lighthouse ${r.path}: CLS`, String(r.cls), '< 0.02', r.cls < 0.02);
    for (const [name, value] of [
      ['accessibility', r.accessibility],
      ['best practices', r.bestPractices],
      ['SEO', r.seo],
    ] as const) {
      // SEO of a signed-in area: it is noindex on purpose.
      if (signedIn && name === 'SEO') continue;
      report(`lighthouse ${r.path}: ${name}`, String(value), '100', value === 100);
    }
    if (unbudgeted) continue;
    const budget = student ? 250 : 150;
    report(`first load ${r.path} (JS, gzip)`, `${r.jsGzipKB} KB`, `≤ ${budget} KB`, r.jsGzipKB <= budget);
  }
  return results;
}

function notesOf(lhr: LhResult): string[] {
  const notes: string[] = [];
  if (lhr.runtimeError) notes.push(`runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  for (const cat of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        notes.push(`${cat}: ${ref.id} (${audit.title})`);
    }
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]) {
    const e = lhr.audits[id]?.errorMessage;
    if (e) notes.push(`${id}: ${e}`);
  }
  return notes;
}

function pagesTable(results: PageResult[]): string {
  const rows = [
    '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB (br, with headers) | JS KB (gzip) | JS files |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results)
    rows.push(
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.jsTransferKB} | ${r.jsGzipKB} | ${r.jsFiles} |`,
    );
  const notes = results.flatMap((r) => r.notes.map((n) => `- ${r.path}: ${n}`));
  return [...rows, ...(notes.length ? ['', 'Below full marks:', '', ...notes] : [])].join('\n');
}

async function chromiumVersion(): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'Chromium';
  }
}

/** Keeps the README's page-results block equal to the last run's table. */
function updateReadme(text: string) {
  const readme = path.join(ROOT, 'bench/README.md');
  const body = fs.readFileSync(readme, 'utf8');
  const start = '<!-- pages-results:start -->';
  const end = '<!-- pages-results:end -->';
  const a = body.indexOf(start);
  const b = body.indexOf(end);
  if (a < 0 || b < a) return;
  fs.writeFileSync(readme, `${body.slice(0, a + start.length)}\n${text}\n${body.slice(b)}`);
}
