// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app, so the
// server sends them as they are (apps/api/src/web/spa.ts) instead of compressing on every request.
// Usage: node scripts/precompress.mjs <folder>
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml)$/;
const dir = path.resolve(process.argv[2] ?? 'dist');
let files = 0;
let raw = 0;
let br = 0;

for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 512) continue;
  const b = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const g = gzipSync(data, { level: 9 });
  // A copy that is not smaller is not worth a header.
  if (b.length < data.length) fs.writeFileSync(`${file}.br`, b);
  if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
  files += 1;
  raw += data.length;
  br += Math.min(b.length, data.length);
}
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB (brotli)`);
