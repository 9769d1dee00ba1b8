import { config } from 'zod';

// zod would try to compile its parsers with `new Function`, which the strict CSP refuses (the browser
// reports it as a policy violation, and Lighthouse's best practices count it): it parses without
// compiling instead. Imported first by app/start.tsx, before any schema is built.
config({ jitless: true });
