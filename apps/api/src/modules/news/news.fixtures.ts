import { eq } from 'drizzle-orm';
import { groups, students } from '../../db/schema/school';
import { news, newsGroups } from '../../db/schema/site';
import type { TestApp } from '../../test/test-app';

/** Puts a demo student in a new group (creating their student record if needed); answers the group id. */
export async function placeStudentInGroup(t: TestApp, username: string, groupName: string): Promise<number> {
  const [group] = await t.db
    .insert(groups)
    .values({ name: groupName, gradeLevel: 7, academicYear: 1405 })
    .returning({ id: groups.id });
  if (!group) throw new Error('no group');
  const userId = await t.userId(username);
  const [existing] = await t.db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  if (existing) await t.db.update(students).set({ groupId: group.id }).where(eq(students.id, existing.id));
  else {
    // Distinct valid national codes per user (check digit computed).
    const base = String(100_000_000 + userId * 7919).slice(0, 9);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(base[i]) * (10 - i);
    const rest = sum % 11;
    const code = `${base}${rest < 2 ? rest : 11 - rest}`;
    await t.db.insert(students).values({
      userId,
      firstName: 'دانش‌آموز',
      lastName: username,
      nationalCode: code,
      groupId: group.id,
    });
  }
  return group.id;
}

/** A published news item for one group only; answers its id. */
export async function newsForGroup(t: TestApp, groupId: number, title = 'اردوی کلاس'): Promise<number> {
  const [row] = await t.db
    .insert(news)
    .values({
      title,
      audience: 'groups',
      status: 'published',
      bodyHtml: '<p>متن</p>',
      publishAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: news.id });
  if (!row) throw new Error('no news');
  await t.db.insert(newsGroups).values({ newsId: row.id, groupId });
  return row.id;
}
