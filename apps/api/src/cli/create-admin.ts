import { createInterface } from 'node:readline/promises';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { users } from '../db/schema/users';

/** Creates a super-admin account: from ADMIN_USERNAME / ADMIN_PASSWORD, or asks for them. */
async function main() {
  const config = loadConfig();
  let username = process.env.ADMIN_USERNAME?.trim().toLowerCase();
  let password = process.env.ADMIN_PASSWORD;
  const fullName = process.env.ADMIN_FULL_NAME?.trim() || 'مدیر ارشد';
  if (!username || !password) {
    if (!process.stdin.isTTY)
      throw new ConfigError('Set ADMIN_USERNAME and ADMIN_PASSWORD, or run this in a terminal.');
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    username ||= (await rl.question('Username: ')).trim().toLowerCase();
    password ||= await rl.question('Password (at least 8 characters): ');
    rl.close();
  }
  if (!/^[a-z0-9._-]{3,64}$/.test(username))
    throw new ConfigError('The username must be 3–64 latin letters, digits, ".", "_" or "-".');
  if (password.length < 8) throw new ConfigError('The password must have at least 8 characters.');

  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (existing) throw new ConfigError(`A user named "${username}" already exists.`);
    await database.db
      .insert(users)
      .values({ username, passwordHash: await hashPassword(password), role: 'super-admin', fullName });
    console.log(`Super-admin "${username}" created.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
