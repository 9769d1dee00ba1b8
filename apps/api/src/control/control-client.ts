import type { Config } from '../config';
import { pidAlive } from '../db/data-dir-lock';
import { databaseIdentity } from '../db/open';
import { CONTROL_PATH } from './control.routes';
import { readControlFile } from './control-file';

export type ServerAnswer =
  | {
      reached: false;
      /** A server runs with this DATA_DIR but serves another database than the command's (not asked). */
      otherDatabase?: { pid: number; database: string };
    }
  | { reached: true; status: number; body: unknown };

/**
 * Gives a command to the server running on this machine with this DATA_DIR (control-file.ts), when
 * that server serves the very database the command was given (DATABASE_URL, or the embedded one of
 * DATA_DIR). Answers `{ reached: false }` when no server runs there (no control file, or one left by a
 * server that is gone) or when it serves another database, so the command acts on its own database.
 */
export async function askRunningServer(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  command: string,
  input: unknown,
  timeoutMs = 10 * 60_000,
): Promise<ServerAnswer> {
  const control = readControlFile(config.dataDir);
  if (!control || !pidAlive(control.pid)) return { reached: false };
  if (control.database !== databaseIdentity(config)) {
    return { reached: false, otherDatabase: { pid: control.pid, database: control.database } };
  }
  let res: Response;
  try {
    res = await fetch(`${control.url}${CONTROL_PATH}${encodeURIComponent(command)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return { reached: false };
    throw new Error(
      `The running server (pid ${control.pid}, ${control.url}) did not answer: ${(err as Error).message}`,
    );
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { reached: true, status: res.status, body };
}
