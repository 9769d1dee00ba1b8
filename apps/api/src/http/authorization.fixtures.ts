import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint } from '@madreseh/contract/endpoint';
import { allEndpoints } from '@madreseh/contract/endpoints';
import { ROLES, type Role } from '@madreseh/contract/roles';
import { beforeAll, expect } from 'vitest';
import { type TestApp, useTestApp } from '../test/test-app';

/*
 * What the authorization test files share: the app (one per file, set by `useAuthorizationApp()`),
 * a session for each role, the contract's endpoints and how to call one.
 */

export const DEMO_USER_OF: Record<Role, string> = {
  student: 'student1',
  admin: 'admin',
  'super-admin': 'superadmin',
  teacher: 'teacher1',
  parent: 'parent1',
};

export const keyOf = (method: string, url: string) => `${method} ${url}`;

/** Every path parameter of an endpoint: the given ones, and 1 for the rest. */
export function paramsOf(ep: Endpoint, params: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries([...ep.path.matchAll(/:([A-Za-z]+)/g)].map(([, name = '']) => [name, params[name] ?? '1']));
}

export function hasPathParams(ep: Endpoint): boolean {
  return /:[A-Za-z]+/.test(ep.path);
}

/** A refusal carries an error and nothing else. */
export function expectNoData(body: string) {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json).sort()).toEqual(['code', 'message']);
  expect(typeof json.message).toBe('string');
}

export let t: TestApp;
export const tokens = {} as Record<Role, string>;

/** Opens the app before the file's tests, with a session for each role, and closes it after. */
export function useAuthorizationApp(): void {
  // With backups on, as a real server has them: the download button makes one.
  t = useTestApp({ backups: { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-authz-backups-')) } });
  beforeAll(async () => {
    for (const role of ROLES) tokens[role] = await t.sessionFor(DEMO_USER_OF[role]);
  });
}

export const endpoints = allEndpoints();
export const guarded = endpoints.filter((ep) => ep.access !== 'public');

export async function call(ep: Endpoint, token?: string, params?: Record<string, string>) {
  const withBody = ep.method !== 'GET' && ep.method !== 'DELETE';
  return t.call(ep, {
    params: paramsOf(ep, params),
    headers: token ? t.as(token) : {},
    ...(withBody ? { body: {} } : {}),
  });
}
