import { pidAlive } from '../db/data-dir-lock';
import { CONTROL_PATH } from './control.routes';
import { readControlFile } from './control-file';

export type ServerAnswer = { reached: false } | { reached: true; status: number; body: unknown };

/**
 * Gives a command to the server running on this machine with this DATA_DIR (control-file.ts).
 * Answers `{ reached: false }` when no server runs there (no control file, or one left by a
 * server that is gone), so the command may open the database itself.
 */
export async function askRunningServer(
  dataDir: string,
  command: string,
  input: unknown,
  timeoutMs = 10 * 60_000,
): Promise<ServerAnswer> {
  const control = readControlFile(dataDir);
  if (!control || !pidAlive(control.pid)) return { reached: false };
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
