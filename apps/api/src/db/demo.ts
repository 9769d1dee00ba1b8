import { eq, inArray } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords';
import type { Db, Tx } from './client';
import { settings } from './schema/site';
import { users } from './schema/users';

/** The demo accounts' published password (README) and their usernames. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERNAMES = ['superadmin', 'admin', 'student1', 'student2', 'teacher1', 'parent1'] as const;

const DEMO_MARK = 'demo';

/** Marks the database as a demo (seed-demo.ts): the test gateway follows this mark unless configured. */
export async function markDemo(tx: Tx): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: DEMO_MARK, value: { loadedAt: new Date().toISOString() } })
    .onConflictDoNothing();
}

export async function isDemoDatabase(db: Db): Promise<boolean> {
  const rows = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_MARK));
  return rows.length > 0;
}

/** Demo accounts that are active and still open with the published password. */
export async function openDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, hash: users.passwordHash, active: users.active })
    .from(users)
    .where(inArray(users.username, [...DEMO_USERNAMES]));
  const open: string[] = [];
  for (const r of rows) if (r.active && (await verifyPassword(DEMO_PASSWORD, r.hash))) open.push(r.username);
  return open.sort();
}

/** Why a production server must not start, or null when it may. */
export function productionRefusal(env: string, openAccounts: string[]): string | null {
  if (env !== 'production' || openAccounts.length === 0) return null;
  return (
    `These demo accounts are active with the published password "${DEMO_PASSWORD}": ${openAccounts.join(', ')}.\n` +
    'Anyone who has read the README can sign in with them. In production the server does not start until each one ' +
    'has a new password or is deactivated (start once without NODE_ENV=production and do it in /dashboard/admins ' +
    'and the student list), or use a database without demo data.'
  );
}

/** The loud start-up notice of a demo database. */
export function demoBanner(openAccounts: string[], sandboxGateway: boolean): string {
  const line = '='.repeat(78);
  return [
    '',
    line,
    '  DEMO — THIS IS A DEMONSTRATION DATABASE, NOT FOR A REAL SCHOOL',
    line,
    openAccounts.length
      ? `  Demo accounts open with the published password "${DEMO_PASSWORD}": ${openAccounts.join(', ')}`
      : '  The demo accounts have new passwords or are deactivated.',
    sandboxGateway ? '  The test payment gateway is on: "payments" move no money.' : '',
    '  Anyone who can reach this server and has read the README can sign in as the super-admin.',
    '  For a real school: NODE_ENV=production and an empty database, then npm run create-admin.',
    line,
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}
