// zod would try to compile its parsers with `new Function`, which the strict CSP refuses (the browser
// reports it as a policy violation, and Lighthouse's best practices count it): it parses without
// compiling instead. Imported first by app/start.tsx, before any schema is built. zod takes its settings
// from this global when it first loads (zod/v4/core), so the start chunk sets it without carrying zod's
// code: the public pages load none of it (docs/decisions/0014). zod-jitless.test.ts checks zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
