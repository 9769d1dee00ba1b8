import { contract } from '@madreseh/contract/endpoints';
import { beforeAll } from 'vitest';
import { nationalCodeFrom } from '../../db/seed/school-demo';
import { type TestApp, useTestApp } from '../../test/test-app';

/*
 * The app the students test files share the making of: one per file, with an admin's session, the
 * ids of the demo classes هفتم الف and هفتم ب, and the app's log lines. Set by `useStudentsApp()`.
 */
export let t: TestApp;
export let admin: string;
export let seventhA: number;
export let seventhB: number;
let serial = 500_000;
/** A fresh valid national code for each call. */
export const nextCode = () => nationalCodeFrom(String(++serial).padStart(9, '0'));

/** A valid new student of 7A (a fresh national code each time), with `over` replacing any field. */
export const studentBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'رضا',
  lastName: 'امینی',
  nationalCode: nextCode(),
  studentNumber: '',
  groupId: seventhA,
  birthDate: '2013-06-01',
  gender: 'male',
  fatherName: 'کریم',
  parentMobile: '۰۹۱۲۳۴۵۶۷۸۹',
  address: '',
  ...over,
});

export const logs: string[] = [];

/** Opens the app before the file's tests and closes it after. */
export function useStudentsApp(): void {
  t = useTestApp({ logStream: { write: (line) => logs.push(line) } });
  beforeAll(async () => {
    admin = await t.sessionFor('admin');
    const list = (await t.call(contract.group.list, { headers: t.as(admin) })).json();
    seventhA = list.items.find((g: { name: string }) => g.name === 'هفتم الف').id;
    seventhB = list.items.find((g: { name: string }) => g.name === 'هفتم ب').id;
  });
}

export function list(query: Record<string, string> = {}) {
  return t.call(contract.student.list, { query, headers: t.as(admin) });
}
