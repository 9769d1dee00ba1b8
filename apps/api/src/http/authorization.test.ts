import { allEndpoints, contract } from '@madreseh/contract/endpoints';
import { ROLES, type Role } from '@madreseh/contract/roles';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, registeredApiRoutes } from '../app';
import { newsForGroup, placeStudentInGroup } from '../modules/news/news.fixtures';
import { addressOf, type TestApp, useTestApp } from '../test/test-app';
import {
  call,
  DEMO_USER_OF,
  endpoints,
  expectNoData,
  guarded,
  hasPathParams,
  keyOf,
  t,
  tokens,
  useAuthorizationApp,
} from './authorization.fixtures';
import { urlOf } from './implement';

/**
 * The authorization matrix: every endpoint declared in the contract, every route the server
 * registered, and every caller who must be turned away. A new endpoint is covered the day it is
 * declared; a route registered without a declaration fails here (and is refused by the guard).
 */

/**
 * Student endpoints that take an id in their path must prove here that another student gets
 * nothing: `make` creates a record owned by `student1` and answers the path parameters that name it.
 * An endpoint for students with a path parameter and no entry here fails the matrix.
 */
const OWNED_BY_STUDENT: Record<string, { make(t: TestApp): Promise<Record<string, string>> }> = {
  'GET student/payment/:id': {
    // A card-to-card receipt of student1 (demo data holds one per demo student).
    async make(t) {
      const res = await t.call(contract.payments.studentInvoices, { headers: t.as(await t.sessionFor('student1')) });
      const body = res.json() as { invoices: { payments: { id: number }[] }[] };
      const id = body.invoices.flatMap((i) => i.payments)[0]?.id;
      if (!id) throw new Error('student1 has no payment in the demo data');
      return { id: String(id) };
    },
  },
  'GET student/news/:id': {
    // News for student1's group only; student2 is in another group.
    async make(t) {
      const mine = await placeStudentInGroup(t, 'student1', 'هفتم الف (ماتریس)');
      await placeStudentInGroup(t, 'student2', 'هفتم ب (ماتریس)');
      return { id: String(await newsForGroup(t, mine)) };
    },
  },
};

/** Routes registered under /api/ that no contract endpoint declares (HEAD twins and the docs aside). */
export function undeclaredRoutes(app: FastifyInstance): string[] {
  const declared = new Set(allEndpoints().map((ep) => keyOf(ep.method, urlOf(ep))));
  return registeredApiRoutes(app)
    .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
    .map((r) => keyOf(r.method, r.url))
    .filter((k) => !declared.has(k));
}

useAuthorizationApp();

describe('the contract and the server agree', () => {
  it('declares each endpoint once', () => {
    const keys = endpoints.map((ep) => keyOf(ep.method, ep.path));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('registers a route for every declared endpoint', () => {
    const registered = new Set(registeredApiRoutes(t.app).map((r) => keyOf(r.method, r.url)));
    const missing = endpoints.map((ep) => keyOf(ep.method, urlOf(ep))).filter((k) => !registered.has(k));
    expect(missing).toEqual([]);
  });

  it('has no registered route without a declaration', () => {
    expect(undeclaredRoutes(t.app)).toEqual([]);
  });
});

describe('a route left undeclared', () => {
  const rogue = useTestApp({
    configure: (app) => {
      // A raw address on purpose: this route is registered behind the contract's back.
      app.get('/api/v1/panel/secret', async () => ({ secret: 'national codes' }));
    },
  });

  it('is found by the matrix', () => {
    expect(undeclaredRoutes(rogue.app)).toEqual(['GET /api/v1/panel/secret']);
  });

  it('is refused by the guard, even to a super-admin', async () => {
    const token = await rogue.sessionFor('superadmin');
    for (const headers of [{}, rogue.as(token)]) {
      const res = await rogue.inject({ method: 'GET', url: '/api/v1/panel/secret', headers });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('national codes');
      expectNoData(res.body);
    }
  });
});

describe.each(guarded.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))('%s', (_, ep) => {
  it('answers 401 and no data to an anonymous caller or an unknown token', async () => {
    for (const token of [undefined, 'not-a-real-token-0123456789abcdef0123456789']) {
      const res = await call(ep, token);
      expect(res.statusCode).toBe(401);
      expectNoData(res.body);
    }
  });

  const wrongRoles = ROLES.filter((role) => !(ep.access as readonly Role[]).includes(role));
  if (wrongRoles.length) {
    it.each(wrongRoles)('answers 403 and no data to a %s', async (role) => {
      const res = await call(ep, tokens[role]);
      expect(res.statusCode).toBe(403);
      expectNoData(res.body);
    });
  }

  if ((ep.access as readonly Role[]).includes('student') && hasPathParams(ep)) {
    it('gives another student nothing of what a student owns', async () => {
      const fixture = OWNED_BY_STUDENT[keyOf(ep.method, ep.path)];
      expect(fixture, `add ${ep.method} ${ep.path} to OWNED_BY_STUDENT`).toBeDefined();
      if (!fixture) return;
      const params = await fixture.make(t);
      const other = await t.sessionFor('student2');
      const res = await call(ep, other, params);
      expect([403, 404]).toContain(res.statusCode);
      expectNoData(res.body);
    });
  }
});

describe('nothing personal lingers in a cache', () => {
  it.each(guarded.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))(
    '%s answers a signed-in caller with Cache-Control: no-store',
    async (_, ep) => {
      const role = (ep.access as readonly Role[])[0] as Role;
      // A session of its own: auth/logout ends the one it is called with.
      const res = await call(ep, await t.sessionFor(DEMO_USER_OF[role]));
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    },
  );

  it('refusals are not stored either, and every answer carries the Permissions-Policy', async () => {
    // The last address names no endpoint on purpose: the headers come on a 404 too.
    for (const url of [addressOf(contract.student.me), addressOf(contract.student.list), '/api/v1/no-such-endpoint']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    const open = await t.call(contract.settings.publicProfile);
    expect(open.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\)/);
    // A public answer may be cached (revalidated), but not when a signed-in caller gets it.
    expect(open.headers['cache-control']).toBe('no-cache');
    const student = await t.sessionFor('student1');
    const signedIn = await t.call(contract.settings.publicProfile, { headers: t.as(student) });
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });
});

describe('public endpoints', () => {
  it('are the ones meant for everybody', () => {
    const open = endpoints.filter((ep) => ep.access === 'public').map((ep) => `${ep.method} ${ep.path}`);
    // Every public endpoint is listed here on purpose: opening one to the world is a decision.
    expect(open.every((k) => /^(GET|POST) (auth\/login|auth\/otp\/(request|verify)|health|general\/)/.test(k))).toBe(
      true,
    );
  });
});
