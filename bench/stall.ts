// The stall probe (bench/README.md): while one heavy request runs (an export, a search, a report), how long a
// static file and general/school take; alone with `npm run bench -- stall`, or within the API run.
import fs from 'node:fs';
import path from 'node:path';
import { prepare, type Request, type Server, startServer, tokenOf } from './school-server';

export interface StallLine {
  heavy: string;
  heavyMs: number;
  staticMs: number | null;
  schoolMs: number;
  /** The server's longest event-loop step while it ran, in CPU ms (Linux; null elsewhere). */
  longestStepMs?: number | null;
}

/** Sends one heavy request and meanwhile asks for a static file and general/school every 20 ms. */
export async function stallProbe(
  s: Server,
  admin: Record<string, string>,
  webDist: string | undefined,
  only?: string[],
) {
  const staticUrl = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? `${s.base}/` : null;
  const heavy: Request[] = [
    { name: 'panel/dashboard', url: `${s.base}/api/v1/panel/dashboard`, headers: admin },
    { name: 'panel/student/export', url: `${s.base}/api/v1/panel/student/export`, headers: admin },
    {
      name: 'panel/invoices/export (a year)',
      url: `${s.base}/api/v1/panel/invoices/export?from=2025-09-01&to=2026-08-31`,
      headers: admin,
    },
    { name: 'panel/student (search)', url: `${s.base}/api/v1/panel/student?q=1400`, headers: admin },
  ];
  const out: StallLine[] = [];
  for (const h of heavy.filter((r) => !only || only.includes(r.name))) {
    await s.longestStep();
    let done = false;
    let worstStatic = 0;
    let worstSchool = 0;
    const t0 = performance.now();
    const main = fetch(h.url, { headers: h.headers })
      .then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      })
      .catch(() => 0)
      .finally(() => {
        done = true;
      });
    // A fresh connection each time; a failed probe counts as stalled for as long as it took.
    const timed = async (url: string) => {
      const t = performance.now();
      try {
        const res = await fetch(url, { headers: { connection: 'close' } });
        await res.arrayBuffer();
        return res.ok ? performance.now() - t : Number.POSITIVE_INFINITY;
      } catch {
        return Number.POSITIVE_INFINITY;
      }
    };
    await new Promise((r) => setTimeout(r, 5));
    do {
      const [a, b] = await Promise.all([
        staticUrl ? timed(staticUrl) : Promise.resolve(0),
        timed(`${s.base}/api/v1/general/school`),
      ]);
      worstStatic = Math.max(worstStatic, a);
      worstSchool = Math.max(worstSchool, b);
      await new Promise((r) => setTimeout(r, 20));
    } while (!done);
    const status = await main;
    out.push({
      heavy: status === 200 ? h.name : `${h.name} (${status})`,
      heavyMs: Math.round(performance.now() - t0),
      staticMs: staticUrl ? Math.round(worstStatic) : null,
      schoolMs: Math.round(worstSchool),
      longestStepMs: await s.longestStep(),
    });
  }
  return out;
}

/**
 * The stall probe alone (`npm run bench -- stall`): the school seeded afresh on each database, the server
 * started, and only the probe's heavy requests (all, or those named), `repeat` times each.
 */
export async function benchStall(o: {
  dbs: ('pglite' | 'postgres')[];
  students: number;
  webDist: string | undefined;
  only?: string[];
  repeat: number;
}): Promise<{ driver: 'pglite' | 'postgres'; stall: StallLine[] }[]> {
  const results: { driver: 'pglite' | 'postgres'; stall: StallLine[] }[] = [];
  for (const driver of o.dbs) {
    console.log(`\n== ${driver}: seeding ${o.students} students …`);
    const large = await prepare(driver, o.students);
    try {
      const s = await startServer(large.target, o.webDist);
      try {
        const admin = { authorization: `Bearer ${await tokenOf(s, 'admin', 'demo1234')}` };
        const stall: StallLine[] = [];
        for (let i = 0; i < o.repeat; i++) stall.push(...(await stallProbe(s, admin, o.webDist, o.only)));
        results.push({ driver, stall });
      } finally {
        await s.stop();
      }
    } finally {
      await large.drop();
    }
  }
  return results;
}
