import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A small stand-in for apps/web/dist, so the tests of the server's pages do not depend on a build: the
 * template with its first-screen marker, one hashed script (precompressed) and the service worker.
 */
export const INDEX = `<!doctype html>
<html lang="fa" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="درگاه مدرسه" />
    <title>مدرسه</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"><!--first-screen--><div class="boot-splash"></div><!--/first-screen--></div>
  </body>
</html>
`;
export const SCRIPT = `console.log(${JSON.stringify('مدرسه '.repeat(400))});\n`;

/** Writes the stand-in to a new temporary folder and answers its path. */
export function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'sw.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(SCRIPT));
  return dist;
}

/** The first answers a page inlines (and, on the student's home, the student's own). */
export const initialData = (html: string) => {
  const m = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] ?? 'null') as { at: string; answers: { url: string; body: unknown }[] }) : null;
};
