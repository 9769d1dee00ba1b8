import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { MIGRATIONS_DIR } from '../../db/client';
import { readJournal } from '../../db/migration-status';

/**
 * The portable dump: every row of every table as JSON (one line per row, gzip), read in the same
 * snapshot as the manifest's counts. Used when pg_dump is missing or too old for the server, and
 * when asked for (BACKUP_FORMAT=logical): it restores into PostgreSQL or the embedded database alike,
 * so it also moves a school from the embedded database to a PostgreSQL server.
 *
 * Restore builds the schema by this program's migrations up to the archive's level, loads the rows
 * with the tables' own triggers off (counters and the audit log's guard are data here, not events),
 * parents before children, then sets every identity sequence past its largest id.
 */
export const LOGICAL_DUMP_FILE = 'database.jsonl.gz';

type Row = Record<string, unknown>;
export type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
const qualified = (table: string) => table.split('.').map(quote).join('.');

/** The statement reading a table's rows as JSON text. */
export function rowsSql(table: string): string {
  return `select to_jsonb(t)::text as j from ${qualified(table)} t`;
}

/** Writes the rows (answers of rowsSql, one list per table) as the gzip JSON-lines file. */
export async function writeLogicalDump(file: string, tables: string[], answers: Row[][]): Promise<void> {
  async function* lines() {
    for (const [i, table] of tables.entries()) {
      for (const r of answers[i] ?? []) yield `{"t":${JSON.stringify(table)},"r":${String(r.j)}}\n`;
    }
  }
  await pipeline(lines, createGzip(), fs.createWriteStream(file, { mode: 0o600 }));
}

async function readRows(file: string): Promise<Map<string, unknown[]>> {
  const byTable = new Map<string, unknown[]>();
  const input = fs.createReadStream(file).pipe(createGunzip());
  for await (const line of readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    const { t, r } = JSON.parse(line) as { t: string; r: unknown };
    const list = byTable.get(t);
    if (list) list.push(r);
    else byTable.set(t, [r]);
  }
  return byTable;
}

/** The migrations folder as it was up to and including `last` (the archive's level). */
export function migrationsUpTo(last: string | null, into: string): string {
  const dir = path.join(into, 'migrations');
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const entries = readJournal(MIGRATIONS_DIR);
  const end = last ? entries.findIndex((e) => e.tag === last) + 1 : 0;
  journal.entries = journal.entries.slice(0, end);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Application tables, parents before the tables whose foreign keys point at them. */
async function tablesInOrder(query: Query): Promise<string[]> {
  const tables = (
    await query(`select n.nspname || '.' || c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = 'public' order by 1`)
  ).map((r) => String(r.t));
  const edges = await query(`select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
    from pg_constraint k
    join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
    join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
    where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(String(e.child))?.add(String(e.parent));
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t)) return;
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    done.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}

/**
 * Loads the rows into a database migrated to the archive's level (and nothing else). Runs inside
 * one transaction the caller opened.
 */
export async function loadLogicalDump(query: Query, file: string): Promise<void> {
  const rows = await readRows(file);
  const order = await tablesInOrder(query);
  for (const t of order) await query(`alter table ${qualified(t)} disable trigger user`);
  // Rows a migration wrote (counters, …) give way to the archive's.
  if (order.length) await query(`truncate ${order.map(qualified).join(', ')}`);
  // Generated columns (the Persian sort keys) are computed again by the database, never inserted.
  const stored = await query(`select n.nspname || '.' || c.relname as t, a.attname as col
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = '' order by a.attnum`);
  const columnsOf = new Map<string, string[]>();
  for (const r of stored) columnsOf.set(String(r.t), [...(columnsOf.get(String(r.t)) ?? []), quote(String(r.col))]);
  for (const t of order) {
    const list = rows.get(t) ?? [];
    const columns = (columnsOf.get(t) ?? []).join(', ');
    for (let i = 0; i < list.length; i += 500) {
      await query(
        `insert into ${qualified(t)} (${columns}) overriding system value
         select ${columns} from jsonb_populate_recordset(null::${qualified(t)}, $1::jsonb)`,
        [JSON.stringify(list.slice(i, i + 500))],
      );
    }
  }
  // Identity and serial columns continue after the largest id restored.
  const sequences = await query(`select n.nspname || '.' || c.relname as t, a.attname as col,
      pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as seq
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      and pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) is not null`);
  for (const s of sequences) {
    await query(
      `select setval($1::regclass, coalesce((select max(${quote(String(s.col))}) from ${qualified(String(s.t))}), 0) + 1, false)`,
      [String(s.seq)],
    );
  }
  for (const t of order) await query(`alter table ${qualified(t)} enable trigger user`);
  const unknown = [...rows.keys()].filter((t) => t.startsWith('public.') && !order.includes(t));
  if (unknown.length) throw new Error(`The archive holds tables this database does not have: ${unknown.join(', ')}`);
}
