// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so a slow
// statement never blocks the server's event loop. The main thread talks to it through pglite-remote.ts.
// Plain JavaScript on purpose: a worker thread loads it as it is, under any TypeScript loader or none.
import { parentPort } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.mjs';

// The parsers Drizzle's PGlite driver asks for: date and time values stay text, Drizzle maps them itself.
const raw = (v) => v;
const RAW_TIME_PARSERS = {
  [types.TIMESTAMP]: raw,
  [types.TIMESTAMPTZ]: raw,
  [types.INTERVAL]: raw,
  [types.DATE]: raw,
  1231: raw,
  1115: raw,
  1185: raw,
  1187: raw,
  1182: raw,
};

const port = parentPort;
/** @type {PGlite} */
let pg;
/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();

function errorOf(err) {
  const out = { message: err instanceof Error ? err.message : String(err), name: err?.name ?? 'Error' };
  if (err && typeof err === 'object') {
    for (const [k, v] of Object.entries(err)) {
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    }
  }
  return out;
}

function optionsOf(m) {
  return { rowMode: m.rowMode, ...(m.rawTimes ? { parsers: RAW_TIME_PARSERS } : {}) };
}

async function run(m) {
  switch (m.op) {
    case 'open': {
      const dump = m.loadDataDir ? new Blob([m.loadDataDir]) : undefined;
      pg = await PGlite.create(m.dir ?? undefined, {
        extensions: PGLITE_EXTENSIONS,
        ...(dump ? { loadDataDir: dump } : {}),
      });
      return null;
    }
    case 'query': {
      const target = m.tx ? transactions.get(m.tx)?.tx : pg;
      if (!target) throw new Error('The transaction has already ended');
      const r = await target.query(m.sql, m.params, optionsOf(m));
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec': {
      const target = m.tx ? transactions.get(m.tx)?.tx : pg;
      if (!target) throw new Error('The transaction has already ended');
      const rs = await target.exec(m.sql, optionsOf(m));
      return rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin': {
      // PGlite runs a transaction exclusively: other statements wait until it ends, as they would in-process.
      return new Promise((begun, failed) => {
        const entry = {};
        entry.done = pg
          .transaction(
            (tx) =>
              new Promise((commit, rollback) => {
                Object.assign(entry, { tx, commit, rollback });
                transactions.set(m.id, entry);
                begun(null);
              }),
          )
          .finally(() => transactions.delete(m.id));
        // Before it began, a failure answers the begin; after, the end answers it.
        entry.done.catch(failed);
      });
    }
    case 'end': {
      const entry = transactions.get(m.tx);
      if (!entry) throw new Error('The transaction has already ended');
      const { done } = entry;
      if (m.commit) entry.commit(null);
      else entry.rollback(Object.assign(new Error('rollback'), { rollbackOnly: true }));
      try {
        await done;
      } catch (err) {
        if (!err?.rollbackOnly) throw err;
      }
      return null;
    }
    case 'listen': {
      await pg.listen(m.channel, (payload) => port.postMessage({ notify: m.channel, payload }));
      return null;
    }
    case 'dump': {
      const blob = await pg.dumpDataDir(m.compression ?? 'none');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'snapshot': {
      // No transaction runs meanwhile (PGlite runs one at a time), and each single statement is whole:
      // the queries' answers and the dump see the same data.
      return pg.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        const answers = [];
        for (const q of m.queries) answers.push((await tx.query(q)).rows);
        if (m.dump === false) return { answers, dump: null };
        const blob = await pg.dumpDataDir('gzip');
        return { answers, dump: new Uint8Array(await blob.arrayBuffer()) };
      });
    }
    case 'close': {
      await pg.close();
      return null;
    }
    default:
      throw new Error(`Unknown operation ${m.op}`);
  }
}

port.on('message', (m) => {
  run(m).then(
    (result) => port.postMessage({ id: m.id, result }),
    (err) => port.postMessage({ id: m.id, error: errorOf(err) }),
  );
});
