import { type Config, ConfigError, loadConfig } from '../config';
import { askRunningServer } from '../control/control-client';
import type { Database } from '../db/client';
import { DatabaseLockedError, databaseIdentity, openConfiguredDatabase } from '../db/open';

/**
 * A command that needs the database (`npm run payments:reconcile`, `npm run create-admin`, backups).
 * While a server runs on this machine with the same DATA_DIR and serves the very database the
 * command was given, the command is given to it (control/control.routes.ts) with every option it
 * was given (the server refuses options it cannot apply), and the command never opens the database
 * itself. Otherwise the command opens its own database: PostgreSQL beside any server, the embedded
 * one only when no other process has it (data folder lock), else it stops with a clear message and
 * exit code 1.
 */
export interface ServerCommand<R> {
  /** The control command's name; also names this process in the data folder lock. */
  name: string;
  /** Everything the server needs to do exactly what this command was asked, options included. */
  input: unknown;
  /** The same work, done here when no server runs. */
  direct(database: Database, config: Config): Promise<R>;
  /** Leaves the database as it is (by default a command migrates it first, as the server does). */
  readOnly?: boolean;
  /** Prints the result (from the server's JSON answer or from `direct`). */
  print(result: R, via: 'the running server' | 'this command'): void;
}

export function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

export async function runThroughServer<R>(command: ServerCommand<R>, config = readConfig()): Promise<void> {
  const answer = await askRunningServer(config, command.name, command.input);
  if (!answer.reached && answer.otherDatabase) {
    const other = answer.otherDatabase;
    console.warn(
      `A server runs with this DATA_DIR (pid ${other.pid}) but serves another database (${other.database}); ` +
        `this command acts on its own: ${databaseIdentity(config)}.`,
    );
  }
  if (answer.reached) {
    const body = answer.body as { result?: R; message?: string } | string;
    if (answer.status >= 200 && answer.status < 300 && typeof body === 'object' && 'result' in body) {
      command.print(body.result as R, 'the running server');
      return;
    }
    const message = typeof body === 'object' ? (body.message ?? JSON.stringify(body)) : body;
    stop(`The running server refused "${command.name}" (HTTP ${answer.status}): ${message}`);
  }
  let database: Database;
  try {
    database = await openConfiguredDatabase(config, command.name);
  } catch (err) {
    if (err instanceof DatabaseLockedError) stop(err.message);
    throw err;
  }
  try {
    if (!command.readOnly) await database.migrate();
    command.print(await command.direct(database, config), 'this command');
  } finally {
    await database.close();
  }
}

export function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) stop(err.message);
    throw err;
  }
}

/**
 * The settings of `names` this command's environment sets explicitly, with their values as the
 * configuration reads them: sent with the command, so a server with other values refuses it rather
 * than doing something else than asked (control/commands.ts).
 */
export function givenSettings(values: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => process.env[name]?.trim()));
}
