import { contract } from '@madreseh/contract/endpoints';
import type { Group } from '@madreseh/contract/groups/groups.contract';
import { answerOf, type TestApp } from './test-app';

/** The demo's classes as staff list them (panel/group/list): one of them by its name. */
export async function demoClasses(t: TestApp, token: string): Promise<(name: string) => Group> {
  const { items } = answerOf(contract.group.list, await t.call(contract.group.list, { headers: t.as(token) }));
  return (name) => {
    const group = items.find((g) => g.name === name);
    if (!group) throw new Error(`no demo class ${name}`);
    return group;
  };
}

/**
 * The demo's two seventh-grade classes, where the teaching tests work (teacher1 teaches some of
 * هفتم الف's subjects), read with an admin session that the test keeps for its own calls.
 */
export async function seventhGrades(t: TestApp): Promise<{ admin: string; seventhA: Group; seventhB: Group }> {
  const admin = await t.sessionFor('admin');
  const classNamed = await demoClasses(t, admin);
  return { admin, seventhA: classNamed('هفتم الف'), seventhB: classNamed('هفتم ب') };
}

/** The id of a class's subject by its name. */
export function subjectOf(group: Pick<Group, 'subjects'>, name: string): number {
  const s = group.subjects.find((x) => x.name === name);
  if (!s) throw new Error(`no subject ${name}`);
  return s.id;
}
