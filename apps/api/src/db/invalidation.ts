import type { Db } from './client';

/**
 * What may be kept in a process's memory, and when it must be dropped. Several instances of the server may
 * share one PostgreSQL, so a row kept here must be forgotten as soon as any instance changes it: triggers
 * (migration 0011) send `NOTIFY madreseh_changed, '<table>:<key>'` when a session ends, a user's role, name,
 * password or state changes, a student's record or a class changes, or the school's settings change. PostgreSQL delivers a notification after the
 * change commits, to every instance listening, this one included. While this instance is not listening
 * (no channel, or its connection lost), nothing is kept. PGlite delivers a notification before the statement
 * that caused it answers; on PostgreSQL it comes a moment later on another connection, so the instance that
 * makes a change also drops its copies as it sends the statement (keptTableWrittenBy): what it reads after its
 * own change is never an older copy. Another instance may answer from its copy for the few milliseconds until
 * the notification arrives.
 */
export const CHANGED_CHANNEL = 'madreseh_changed';

/** How a database delivers notifications: live() tells whether none can be missed right now. */
export interface NotificationSource {
  subscribe(channel: string, callback: (payload: string) => void): Promise<void>;
  /** Called with no payload when the source (re)connects or loses its connection: forget everything. */
  onReset(callback: () => void): void;
  live(): boolean;
}

const sources = new WeakMap<object, NotificationSource>();

/** Tables whose rows are kept in memory somewhere (their triggers are in migration 0011). */
const KEPT_ROW_TABLES = new Set(['users', 'sessions', 'students', 'groups', 'settings', 'payment_settings']);
/**
 * Tables that kept answers read (a student's own pages, the dashboard's figures; their triggers are in
 * migration 0026). A write to one of them through this process drops only the answers that read the table.
 */
const KEPT_ANSWER_TABLES = new Set([
  'invoices',
  'payments',
  'report_cards',
  'report_card_grades',
  'group_subjects',
  'attendance',
  'news',
  'news_groups',
  'gallery_photos',
  'achievements',
  'contact_messages',
  'pre_registrations',
  'figures',
]);
const KEPT_TABLES = new Set([...KEPT_ROW_TABLES, ...KEPT_ANSWER_TABLES]);
const WRITE =
  /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?([a-z_]+)"?(\s+set\s+"last_seen_at"\s*=\s*[^,]*\s+where)?/i;

/**
 * The kept table a statement writes, if any (a session's last-seen time alone is not kept). PostgreSQL
 * delivers the notification of a change on another connection, so a little after the change: the process
 * that makes the change drops its own copies as it sends the statement (client.ts).
 */
export function keptTableWrittenBy(query: string): string | null {
  const m = WRITE.exec(query);
  if (!m?.[1] || !KEPT_TABLES.has(m[1]) || m[2]) return null;
  return m[1];
}

/**
 * What this process drops when it writes `table` (keptTableWrittenBy): everything for the tables whose rows
 * are kept by key, only what read the table for the others (the tag their statement-level triggers send).
 */
export function dropTagOfWrite(table: string): string | null {
  return KEPT_ANSWER_TABLES.has(table) ? table : null;
}

const invalidations = new WeakMap<object, Invalidation>();

/** Says how the database delivers notifications (client.ts does this when it opens one). */
export function setNotificationSource(db: Db, source: NotificationSource): void {
  sources.set(db, source);
}

type Listener = (tag: string | null) => void;

export class Invalidation {
  /** Grows at every drop: a row read while it changed is used once, not kept. */
  generation = 0;
  private readonly listeners = new Set<Listener>();
  private subscribed = false;

  constructor(private readonly source: NotificationSource | undefined) {
    source?.onReset(() => this.drop(null));
  }

  /** Whether rows may be kept now. */
  canKeep(): boolean {
    return this.subscribed && Boolean(this.source?.live());
  }

  async start(): Promise<void> {
    if (!this.source || this.subscribed) return;
    await this.source.subscribe(CHANGED_CHANNEL, (payload) => this.drop(payload));
    this.subscribed = true;
  }

  /** tag `table:key`, or null for everything. */
  drop(tag: string | null): void {
    this.generation++;
    for (const l of this.listeners) l(tag);
  }

  on(listener: Listener): void {
    this.listeners.add(listener);
  }
}

/** The one invalidation feed of a database (no feed, so nothing kept, when its client gave no source). */
export function invalidationOf(db: Db): Invalidation {
  let inv = invalidations.get(db);
  if (!inv) {
    inv = new Invalidation(sources.get(db));
    invalidations.set(db, inv);
  }
  return inv;
}

/** How a RowCache keeps its rows, and which changes drop which rows. */
export interface KeepOptions<K, V> {
  ttlMs: number;
  max: number;
  /**
   * Rows dropped by a change: dropWhen is asked about every kept row, for any change, or when `tables` is
   * given for a change to one of them only (a notification names `<table>:<key>` or `<table>`; one naming
   * another table then costs nothing).
   */
  dropWhen?: (tag: string, key: K, value: V) => boolean;
  tables?: readonly string[];
  /**
   * Or, for many rows and many notifications: the exact tags that drop each row (an index finds them), and
   * the tags that drop every row.
   */
  tags?: { of: (value: V) => readonly string[]; all: (tag: string) => boolean };
  /** The instant (ms) a value stops being true whatever changes, when sooner than ttlMs (a time in its answer). */
  expiresAt?: (value: V) => number;
}

const tableOf = (tag: string) => {
  const colon = tag.indexOf(':');
  return colon < 0 ? tag : tag.slice(0, colon);
};

/**
 * A small map of rows kept for at most ttlMs, dropped by the invalidation feed. `get` answers a kept value
 * or loads it; a value whose load overlapped a drop is answered but not kept. Callers asking for the same key
 * while it loads share that load, as long as nothing was dropped since it began (so what they get is no older
 * than a kept value would be): a hundred requests arriving together run one query, not a hundred.
 */
export class RowCache<K, V> {
  private readonly rows = new Map<K, { value: V; until: number }>();
  private readonly loading = new Map<K, { generation: number; promise: Promise<V> }>();
  /** With options.tags: the keys of the rows each tag drops. */
  private readonly byTag = new Map<string, Set<K>>();
  private readonly tables: ReadonlySet<string> | null;
  /**
   * Grows at every change that concerns this cache. A load that overlapped one is answered but not kept;
   * with options.tags, only a change to every row (`allAt`) or one naming a tag of the loaded value
   * (`tagAt`, the last 10,000 tags) spoils it, so a burst of changes to other rows keeps nothing
   * from being kept.
   */
  private generation = 0;
  private allAt = 0;
  private readonly tagAt = new Map<string, number>();

  constructor(
    private readonly inv: Invalidation,
    private readonly options: KeepOptions<K, V>,
  ) {
    this.tables = options.tables ? new Set(options.tables) : null;
    inv.on((tag) => {
      const { tags, dropWhen } = this.options;
      if (tag === null || tags?.all(tag)) {
        this.allAt = ++this.generation;
        this.clear();
      } else if (tags) {
        this.tagAt.set(tag, ++this.generation);
        if (this.tagAt.size > 10_000) {
          // Forgotten tags count as a change to every row for the loads running now.
          this.tagAt.clear();
          this.allAt = this.generation;
        }
        for (const k of this.byTag.get(tag) ?? []) this.delete(k);
      } else if (!this.tables || this.tables.has(tableOf(tag))) {
        this.allAt = ++this.generation;
        if (dropWhen) for (const [k, e] of this.rows) if (dropWhen(tag, k, e.value)) this.delete(k);
      }
    });
  }

  peek(key: K, now = Date.now()): V | undefined {
    const e = this.rows.get(key);
    if (!e) return undefined;
    if (now >= e.until) {
      this.delete(key);
      return undefined;
    }
    return e.value;
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const kept = this.peek(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const canKeep = this.inv.canKeep();
    const running = this.loading.get(key);
    if (canKeep && running && running.generation === generation) return running.promise;
    const promise = load();
    if (canKeep) {
      const entry = { generation, promise };
      this.loading.set(key, entry);
      const done = () => {
        if (this.loading.get(key) === entry) this.loading.delete(key);
      };
      promise.then(done, done);
    }
    const value = await promise;
    if (value !== undefined && value !== null && this.inv.canKeep() && this.unchangedSince(generation, value))
      this.set(key, value);
    return value;
  }

  /** Whether nothing that concerns `value` changed since `generation`. */
  private unchangedSince(generation: number, value: V): boolean {
    if (this.allAt > generation) return false;
    const { tags } = this.options;
    if (!tags) return true;
    return tags.of(value).every((tag) => (this.tagAt.get(tag) ?? 0) <= generation);
  }

  set(key: K, value: V): void {
    this.delete(key);
    if (this.rows.size >= this.options.max) {
      const oldest = this.rows.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    const until = Date.now() + this.options.ttlMs;
    this.rows.set(key, { value, until: Math.min(until, this.options.expiresAt?.(value) ?? until) });
    for (const tag of this.options.tags?.of(value) ?? []) {
      const keys = this.byTag.get(tag);
      if (keys) keys.add(key);
      else this.byTag.set(tag, new Set([key]));
    }
  }

  delete(key: K): void {
    const e = this.rows.get(key);
    if (!e) return;
    this.rows.delete(key);
    for (const tag of this.options.tags?.of(e.value) ?? []) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private clear(): void {
    this.rows.clear();
    this.byTag.clear();
  }
}

/**
 * Rows read from the database and kept by key until a change named by dropWhen or tags (or ttlMs, or the
 * value's expiresAt). Inside a transaction, or on a database without a notification source, they are read every time.
 */
export function keptRows<K, V>(options: Partial<KeepOptions<K, V>>) {
  const caches = new WeakMap<object, RowCache<K, V>>();
  return (db: object, key: K, load: () => Promise<V>): Promise<V> => {
    if (!sources.has(db)) return load();
    let cache = caches.get(db);
    if (!cache) {
      cache = new RowCache<K, V>(invalidationOf(db as Db), {
        ...options,
        ttlMs: options.ttlMs ?? 30_000,
        max: options.max ?? 10_000,
      });
      caches.set(db, cache);
    }
    return cache.get(key, load);
  };
}

/** A value kept until `table` changes (or ttlMs passes), e.g. the school's settings. */
export function keptUntilChanged<V>(table: string, ttlMs = 30_000) {
  const kept = keptRows<string, V>({ ttlMs, max: 1, tables: [table], dropWhen: (tag) => tag === table });
  return (db: object, load: () => Promise<V>): Promise<V> => kept(db, table, load);
}
