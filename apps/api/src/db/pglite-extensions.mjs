// The PostgreSQL extensions every embedded database is opened with (decision 0029). Once a migration has
// created one in a data folder, the folder can only be opened with it loaded: every place that creates a
// PGlite (the worker thread, in-process opening, tests, restore) takes this one list.
// Plain JavaScript: the worker thread (pglite-worker.mjs) imports it without a TypeScript loader.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
