import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How a command on the same machine finds the running server and proves it may give it orders:
 * `DATA_DIR/control.json`, written at start-up with mode 0600 (readable by the server's own user
 * only) and removed at shutdown. It holds the local address and a random secret made anew at each
 * start, and which database the server serves (never a password). See docs/decisions/0007-one-process-per-database-and-local-control.md.
 */
export interface ControlFile {
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  token: string;
  pid: number;
  /**
   * The database this server serves, without secrets (db/open.ts `databaseIdentity`): a command goes
   * through the server only when it was given the very same database.
   */
  database: string;
}

export const CONTROL_FILE_NAME = 'control.json';

export function controlFilePath(dataDir: string): string {
  return path.join(dataDir, CONTROL_FILE_NAME);
}

export function newControlToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address a local command reaches the server at, from the address it listens on. */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '' || host === 'localhost') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

export function writeControlFile(dataDir: string, content: ControlFile): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = controlFilePath(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(content)}\n`, { mode: 0o600 });
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
}

export function readControlFile(dataDir: string): ControlFile | null {
  try {
    const c = JSON.parse(fs.readFileSync(controlFilePath(dataDir), 'utf8')) as Partial<ControlFile>;
    if (typeof c.url !== 'string' || typeof c.token !== 'string' || typeof c.pid !== 'number') return null;
    // A file without it comes from an older server: its database is unknown, so no command goes through it.
    return {
      url: c.url,
      token: c.token,
      pid: c.pid,
      database: typeof c.database === 'string' ? c.database : 'unknown',
    };
  } catch {
    return null;
  }
}

/** Removes the control file if it is still this server's (another instance may have replaced it). */
export function removeControlFile(dataDir: string, token: string): void {
  if (readControlFile(dataDir)?.token === token) fs.rmSync(controlFilePath(dataDir), { force: true });
}
