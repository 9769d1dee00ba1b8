// Renders the app icon (a school building on the brand colour) to the PNG sizes the manifest,
// favicon and iOS need. Run after changing the drawing: node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve('apps/api/package.json'));
const sharp = require('sharp');
const out = path.resolve('apps/web/public/icons');
mkdirSync(out, { recursive: true });

const building = `
  <path d="M256 100 L420 190 L92 190 Z" fill="#fff"/>
  <circle cx="256" cy="158" r="16" fill="#7b2cbf"/>
  <rect x="112" y="204" width="288" height="22" rx="4" fill="#fff"/>
  <rect x="138" y="240" width="44" height="124" rx="6" fill="#fff"/>
  <rect x="234" y="240" width="44" height="124" rx="6" fill="#fff"/>
  <rect x="330" y="240" width="44" height="124" rx="6" fill="#fff"/>
  <rect x="96" y="378" width="320" height="34" rx="8" fill="#fff"/>`;

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="#7b2cbf"/>${building}</svg>`;
// Maskable: full-bleed background, the drawing inside the 80 % safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#7b2cbf"/>
  <g transform="translate(76.8 76.8) scale(0.7)">${building}</g></svg>`;
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#7b2cbf"/>
  <g transform="translate(38.4 38.4) scale(0.85)">${building}</g></svg>`;

const jobs = [
  [rounded, 192, 'icon-192.png'],
  [rounded, 512, 'icon-512.png'],
  [maskable, 512, 'icon-maskable-512.png'],
  [square, 180, 'apple-touch-icon.png'],
  [rounded, 48, 'favicon.png'],
];
for (const [svg, size, name] of jobs) {
  await sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, name));
  console.log(name);
}
