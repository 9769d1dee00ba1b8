import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { initialData, writeDist } from './spa.fixtures';

/** The signed-in student's home as the server draws it from the session (web/student-screen.ts). */

const dist = writeDist();
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const t = useTestApp({ config: { webDist: dist } });

describe("the student's home drawn from the session (decision 0030)", () => {
  const home = (cookie?: string) => t.inject({ method: 'GET', url: '/student', headers: cookie ? { cookie } : {} });

  it("draws the frame and the cards from the signed-in student's own answers, inlined once and kept by no cache", async () => {
    const token = await t.sessionFor('student1');
    const res = await home(`user=%7B%7D; token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('class="fs-page fs-area"');
    expect(res.body).toContain('<h1>پیشخوان</h1>');
    expect(res.body).toContain('سلام سارا محمدی، خوش آمدید');
    expect(res.body).toContain('data-fs="balance-card"');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    const data = initialData(res.body) as { answers: { url: string }[]; own?: { url: string; body: unknown }[] };
    expect(data.answers.map((a) => a.url)).toEqual(['/api/v1/general/school']);
    expect(data.own?.map((a) => a.url).sort()).toEqual([
      '/api/v1/student/invoices',
      '/api/v1/student/me',
      '/api/v1/student/news?page=1&pageSize=3',
      '/api/v1/student/notices',
      '/api/v1/student/notifications/unread',
    ]);
    // The very answers the API gives that student.
    for (const a of data.own ?? []) {
      const api = await t.inject({ method: 'GET', url: a.url, headers: t.as(token) });
      expect(a.body, a.url).toEqual(api.json());
    }
  });

  it("draws nothing without a token, with one that opens nothing, or with one that is not a student's", async () => {
    const admin = await t.sessionFor('admin');
    for (const cookie of [
      undefined,
      'user=%7B%22role%22%3A%22student%22%7D',
      'token=not-a-real-token-at-all',
      `token=${admin}`,
    ]) {
      const res = await home(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.headers['cache-control'], cookie).toBe('no-cache');
      expect(res.body, cookie).toContain('class="boot-splash"');
      expect(res.body, cookie).not.toContain('fs-area');
      expect(res.body, cookie).not.toContain('"own"');
    }
  });

  it('draws only the home: the other student addresses keep the loading bar', async () => {
    const token = await t.sessionFor('student1');
    const res = await t.inject({ method: 'GET', url: '/student/invoices', headers: { cookie: `token=${token}` } });
    expect(res.body).toContain('class="boot-splash"');
    expect(res.body).not.toContain('"own"');
  });
});
