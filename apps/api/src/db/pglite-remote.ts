import { Worker } from 'node:worker_threads';

/**
 * The embedded database on a worker thread (pglite-worker.mjs), seen from the server's thread: the part of
 * PGlite's interface that Drizzle's PGlite driver and the migrator use (query, exec, transaction), plus
 * notifications. Statements, their planning and result parsing all run on the worker, so a slow statement
 * never blocks the event loop; statements still run one at a time, and a transaction runs exclusively, as
 * in-process PGlite does.
 */
export interface RemoteResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

interface RemoteTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<RemoteResults>;
  exec(sql: string, options?: QueryOptions): Promise<RemoteResults[]>;
  readonly closed: boolean;
}

type Message = { id: number; result?: unknown; error?: Record<string, unknown> } | { notify: string; payload: string };

/** A database error raised on the worker, with PostgreSQL's fields (code, constraint, detail…) kept. */
export class RemoteDatabaseError extends Error {}

function errorFrom(e: Record<string, unknown>): Error {
  const err = new RemoteDatabaseError(String(e.message));
  for (const [k, v] of Object.entries(e))
    if (k !== 'message' && k !== 'stack') (err as unknown as Record<string, unknown>)[k] = v;
  err.name = String(e.name ?? 'DatabaseError');
  return err;
}

export class RemotePGlite {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private failure: Error | null = null;

  private constructor() {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url));
    this.worker.on('message', (m: Message) => {
      if ('notify' in m) {
        for (const cb of this.listeners.get(m.notify) ?? []) cb(m.payload);
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(errorFrom(m.error));
      else p.resolve(m.result);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /** Opens a data folder (created when missing), memory when dir is null, or a copy of a dumped data folder. */
  static async create(dir: string | null, options: { loadDataDir?: Uint8Array } = {}): Promise<RemotePGlite> {
    const db = new RemotePGlite();
    try {
      await db.call({ op: 'open', dir, loadDataDir: options.loadDataDir });
    } catch (err) {
      await db.worker.terminate();
      throw err;
    }
    return db;
  }

  private call<T>(message: Record<string, unknown>, id = this.next++): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private static options(options: QueryOptions | undefined) {
    // Drizzle passes parsers that keep date and time values as text; the worker applies the same ones.
    return { rowMode: options?.rowMode ?? 'object', rawTimes: Boolean(options?.parsers) };
  }

  query<T = unknown>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) {
    return this.call<RemoteResults & { rows: T[] }>({ op: 'query', sql, params, tx, ...RemotePGlite.options(options) });
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<RemoteResults[]> {
    return this.call<RemoteResults[]>({ op: 'exec', sql, tx, ...RemotePGlite.options(options) });
  }

  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = this.next++;
    await this.call({ op: 'begin' }, id);
    let closed = false;
    const tx: RemoteTransaction = {
      query: (sql, params, options) => {
        if (closed) return Promise.reject(new Error('The transaction has already ended'));
        return this.query(sql, params, options, id);
      },
      exec: (sql, options) => {
        if (closed) return Promise.reject(new Error('The transaction has already ended'));
        return this.exec(sql, options, id);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: false });
      throw err;
    }
    closed = true;
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Calls back with the payload of every NOTIFY on the channel. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => void> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return () => set.delete(callback);
  }

  /** The data folder as a tar file (to copy a prepared database). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.call<Uint8Array<ArrayBuffer>>({ op: 'dump' });
    return new Blob([bytes]);
  }

  /**
   * Runs the queries and dumps the data folder (gzip) with no transaction running meanwhile, so the
   * answers and the dump see the same data (a backup's row counts and its database file). Without
   * the dump (`dump: false`), only the queries' answers, from one moment.
   */
  snapshot<D extends boolean = true>(
    queries: string[],
    options: { dump?: D } = {},
  ): Promise<{ answers: Record<string, unknown>[][]; dump: D extends false ? null : Uint8Array }> {
    return this.call({ op: 'snapshot', queries, dump: options.dump ?? true });
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' }).catch(() => {});
    this.failure ??= new Error('The embedded database is closed');
    await this.worker.terminate();
  }
}
