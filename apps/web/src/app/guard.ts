import type { authContract } from '@madreseh/contract/auth/auth.contract';
import type { Infer } from '@madreseh/contract/endpoint';
import { type Role, SUPER_ADMIN } from '@madreseh/contract/roles';
import { redirect } from 'react-router';
import { readToken, readUser } from '../lib/cookies';
import { importWithReload } from './lazy-route';

export type Area = 'student' | 'teacher' | 'parent' | 'dashboard';

type CheckToken = typeof authContract.checkToken;

const AREA_ROLES: Record<Area, readonly Role[]> = {
  student: ['student'],
  teacher: ['teacher'],
  parent: ['parent'],
  dashboard: ['admin', 'super-admin'],
};

/**
 * The access check for one area (decision 0002): to /auth when the user cookie or the token cookie is
 * missing, when the role does not fit the area, when auth/check-token answers nothing, or when it
 * fails (the error is logged). Otherwise the page opens with the user the server vouched for.
 */
export async function checkAccess(area: Area, roles: readonly Role[] = AREA_ROLES[area]) {
  const user = readUser();
  const token = readToken();
  if (!user || !token) throw redirect('/auth');
  if (!roles.includes(user.role)) throw redirect('/auth');
  // The answer is used as the server sent it, without zod (the server checks it against the contract
  // before sending): an area's first screen builds no schema (docs/decisions/0032).
  const { send, urlFor } = await importWithReload(() => import('../lib/http'));
  let answer: Infer<CheckToken['response']> | null;
  try {
    const path: CheckToken['path'] = 'auth/check-token';
    answer = (await send({
      method: 'POST',
      url: urlFor({ path }),
      headers: { 'content-type': 'application/json' },
      body: '{}',
      noStore: true,
    })) as Infer<CheckToken['response']> | null;
  } catch (err) {
    console.error('Token check failed', err);
    throw redirect('/auth');
  }
  if (!answer?.valid || !roles.includes(answer.user.role)) throw redirect('/auth');
  return { user: answer.user };
}

export const studentLoader = () => checkAccess('student');
export const teacherLoader = () => checkAccess('teacher');
export const parentLoader = () => checkAccess('parent');
export const dashboardLoader = () => checkAccess('dashboard');
/**
 * Dashboard pages for the super-admin only. Someone signed out goes to /auth as anywhere in the
 * dashboard; an admin stays signed in and is told plainly the page is the super-admin's (403).
 */
export const superAdminLoader = async () => {
  const access = await checkAccess('dashboard');
  if (!SUPER_ADMIN.includes(access.user.role)) throw new Response(null, { status: 403 });
  return access;
};
/** The check runs on every visit inside the area, not only on the first. */
export const alwaysRevalidate = () => true;
