import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from '../lib/db-errors';

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

/** A transaction on the worker: its id, and the engine (generation) it began on. */
interface Tx {
  id: number;
  generation: number;
}

/** A database error raised on the worker, with PostgreSQL's fields (code, constraint, detail…) kept. */
export class RemoteDatabaseError extends Error {}

function errorFrom(e: Record<string, unknown>): Error {
  const err = new RemoteDatabaseError(String(e.message));
  for (const [k, v] of Object.entries(e))
    if (k !== 'message' && k !== 'stack') (err as unknown as Record<string, unknown>)[k] = v;
  err.name = String(e.name ?? 'DatabaseError');
  return err;
}

/**
 * The engine on the worker can no longer be trusted after this error: a PANIC or FATAL (PostgreSQL would
 * restart), a full disk or an I/O error under it (measured: after a failed WAL write the engine spins
 * and never answers again), an internal error, or the WebAssembly itself aborting.
 */
function breaksEngine(err: Error): boolean {
  const e = err as Error & { severity?: unknown; code?: unknown };
  return (
    e.severity === 'PANIC' ||
    e.severity === 'FATAL' ||
    ['53100', '58030', 'XX000'].includes(String(e.code)) ||
    e.name === 'RuntimeError'
  );
}

/** After a reopen failed (the disk still full), calls fail at once for this long before the next try. */
const REOPEN_PAUSE_MS = 2000;

export class RemotePGlite {
  private worker: Worker;
  /** Grows at every reopen: a transaction of an earlier engine is gone with it. */
  private generation = 0;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** Set when the engine stopped: closed for good, or broken and to be reopened (only a data folder can be). */
  private failure: Error | null = null;
  private closed = false;
  private reopening: Promise<void> | null = null;
  private lastReopenFailedAt = Number.NEGATIVE_INFINITY;

  private constructor(private readonly dir: string | null) {
    this.worker = this.startWorker();
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url));
    worker.on('message', (m: Message) => {
      if (worker !== this.worker) return;
      if ('notify' in m) {
        for (const cb of this.listeners.get(m.notify) ?? []) cb(m.payload);
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (!m.error) {
        p.resolve(m.result);
        return;
      }
      const err = errorFrom(m.error);
      // The caller hears what happened (a full disk: 507); everything else waits for a new engine.
      if (breaksEngine(err)) this.broken(err);
      p.reject(err);
    });
    worker.on('error', (err) => {
      if (worker === this.worker) this.broken(err);
    });
    worker.on('exit', (code) => {
      if (worker === this.worker && !this.closed) {
        this.broken(new Error(`The embedded database's thread stopped (exit code ${code})`));
      }
    });
    return worker;
  }

  /**
   * The engine stopped or cannot be trusted: its thread is ended (it may be spinning), the statements
   * waiting for it fail as "unavailable", and the next call reopens the data folder (crash recovery, as
   * after a kill: committed data is all there).
   */
  private broken(cause: Error): void {
    if (this.failure) return;
    this.failure = new DatabaseUnavailableError('The embedded database stopped; it is being reopened', { cause });
    const worker = this.worker;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
    void worker.terminate();
  }

  /** A new engine on the same data folder; at most one attempt at a time, and none right after a failed one. */
  private reopen(): Promise<void> {
    if (this.closed || !this.dir) return Promise.reject(this.failure);
    if (Date.now() - this.lastReopenFailedAt < REOPEN_PAUSE_MS) return Promise.reject(this.failure);
    this.reopening ??= (async () => {
      this.generation += 1;
      this.worker = this.startWorker();
      const failure = this.failure;
      this.failure = null;
      try {
        await this.send({ op: 'open', dir: this.dir });
        for (const channel of this.listeners.keys()) await this.send({ op: 'listen', channel });
      } catch (err) {
        this.lastReopenFailedAt = Date.now();
        this.broken(err as Error);
        throw this.failure ?? failure;
      }
    })().finally(() => {
      this.reopening = null;
    });
    return this.reopening;
  }

  /** Opens a data folder (created when missing), memory when dir is null, or a copy of a dumped data folder. */
  static async create(dir: string | null, options: { loadDataDir?: Uint8Array } = {}): Promise<RemotePGlite> {
    const db = new RemotePGlite(dir);
    try {
      await db.send({ op: 'open', dir, loadDataDir: options.loadDataDir });
    } catch (err) {
      db.closed = true;
      await db.worker.terminate();
      throw err;
    }
    return db;
  }

  private send<T>(message: Record<string, unknown>, id = this.next++): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Sends to the engine, reopening it first when it broke (the disk was full, the thread died). */
  private async call<T>(message: Record<string, unknown>, id = this.next++, generation?: number): Promise<T> {
    if (generation !== undefined && (generation !== this.generation || this.failure)) {
      // A transaction never outlives its engine: it was rolled back by the recovery of the data folder.
      throw new DatabaseUnavailableError('The embedded database stopped; this transaction is gone');
    }
    if (this.reopening) await this.reopening;
    else if (this.failure && !this.closed) await this.reopen();
    return this.send<T>(message, id);
  }

  private static options(options: QueryOptions | undefined) {
    // Drizzle passes parsers that keep date and time values as text; the worker applies the same ones.
    return { rowMode: options?.rowMode ?? 'object', rawTimes: Boolean(options?.parsers) };
  }

  query<T = unknown>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: Tx) {
    return this.call<RemoteResults & { rows: T[] }>(
      { op: 'query', sql, params, tx: tx?.id, ...RemotePGlite.options(options) },
      undefined,
      tx?.generation,
    );
  }

  exec(sql: string, options?: QueryOptions, tx?: Tx): Promise<RemoteResults[]> {
    return this.call<RemoteResults[]>(
      { op: 'exec', sql, tx: tx?.id, ...RemotePGlite.options(options) },
      undefined,
      tx?.generation,
    );
  }

  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = this.next++;
    await this.call({ op: 'begin' }, id);
    const own: Tx = { id, generation: this.generation };
    let closed = false;
    const tx: RemoteTransaction = {
      query: (sql, params, options) => {
        if (closed) return Promise.reject(new Error('The transaction has already ended'));
        return this.query(sql, params, options, own);
      },
      exec: (sql, options) => {
        if (closed) return Promise.reject(new Error('The transaction has already ended'));
        return this.exec(sql, options, own);
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
      // A transaction of an engine that broke ended with it (rolled back by its recovery).
      if (!this.failure && own.generation === this.generation) await this.send({ op: 'end', tx: id, commit: false });
      throw err;
    }
    closed = true;
    await this.call({ op: 'end', tx: id, commit: true }, undefined, own.generation);
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
    await this.reopening?.catch(() => {});
    if (!this.failure) await this.send({ op: 'close' }).catch(() => {});
    this.closed = true;
    this.failure ??= new Error('The embedded database is closed');
    await this.worker.terminate();
  }
}
