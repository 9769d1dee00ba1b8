import { createInterface } from 'node:readline/promises';
import { superAdminInputSchema } from '../control/commands';
import { SYSTEM_ACTOR } from '../lib/actor';
import { createStaff } from '../modules/admins/admins.service';
import { readConfig, runThroughServer, stop } from './through-server';

/**
 * npm run create-admin — creates a super-admin account from ADMIN_USERNAME / ADMIN_PASSWORD /
 * ADMIN_FULL_NAME, or asks for them. While the server runs, the server creates it.
 */
async function main() {
  const config = readConfig();
  let username = process.env.ADMIN_USERNAME;
  let password = process.env.ADMIN_PASSWORD;
  const fullName = process.env.ADMIN_FULL_NAME?.trim() || 'مدیر ارشد';
  if (!username || !password) {
    if (!process.stdin.isTTY) stop('Set ADMIN_USERNAME and ADMIN_PASSWORD, or run this in a terminal.');
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    username ||= await rl.question('Username: ');
    password ||= await rl.question('Password (at least 8 characters): ');
    rl.close();
  }
  // The same rules as the dashboard's form (the contract's schema), checked before anything opens.
  const parsed = superAdminInputSchema.safeParse({ username, password, fullName });
  if (!parsed.success) stop(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('\n'));

  await runThroughServer<{ id: number; username: string }>(
    {
      name: 'create-admin',
      input: parsed.data,
      direct: async ({ db }) => {
        const account = await createStaff(db, SYSTEM_ACTOR, { ...parsed.data, role: 'super-admin' });
        return { id: account.id, username: account.username };
      },
      print: (account, via) => console.log(`Super-admin "${account.username}" created (through ${via}).`),
    },
    config,
  );
}

main().catch((err) => {
  console.error((err as Error).message ?? err);
  process.exit(1);
});
