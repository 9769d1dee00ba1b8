import sharp from 'sharp';
import type { Tx } from '../../db/client';
import { galleryPhotos } from '../../db/schema/site';
import { removeImage, storeImage } from '../../storage/images';
import type { Storage } from '../../storage/storage';

/**
 * Demo photos of the gallery, drawn here rather than shipped or downloaded: each is a simple
 * illustrated scene (SVG), rendered to JPEG as a camera would give it, and then sent through the
 * same checks and re-encoding as an upload.
 */

const W = 1200;
const H = 800;

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}` +
  '<radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="70%" stop-color="#000" stop-opacity="0"/>' +
  `<stop offset="100%" stop-color="#000" stop-opacity=".28"/></radialGradient></defs>${body}` +
  `<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`;

const sky = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

const cloud = (x: number, y: number, s: number, o = 0.9) =>
  `<g fill="#fff" opacity="${o}" transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="60" ry="26"/>` +
  '<ellipse cx="45" cy="-14" rx="44" ry="30"/><ellipse cx="-40" cy="-8" rx="36" ry="22"/><ellipse cx="85" cy="4" rx="36" ry="20"/></g>';

const tree = (x: number, y: number, s: number, leaf = '#3f8f4f') =>
  `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-7" y="-10" width="14" height="60" rx="4" fill="#7a5233"/>` +
  `<circle cx="0" cy="-40" r="42" fill="${leaf}"/><circle cx="-26" cy="-18" r="28" fill="${leaf}"/>` +
  `<circle cx="26" cy="-16" r="30" fill="${leaf}"/><circle cx="-10" cy="-58" r="22" fill="#fff" opacity=".08"/></g>`;

/** A two-storey school with a porch, windows and a flag; `glow` lights the windows (evening). */
function building(wall: string, roof: string, glow: boolean) {
  const windows: string[] = [];
  for (const row of [0, 1]) {
    for (let i = 0; i < 8; i++) {
      if (row === 1 && (i === 3 || i === 4)) continue;
      const x = 262 + i * 86;
      const y = 330 + row * 120;
      const fill = glow ? ((i + row) % 3 === 0 ? '#3b2f4a' : '#ffd77a') : '#9fd3f0';
      windows.push(
        `<rect x="${x}" y="${y}" width="56" height="72" rx="4" fill="${fill}" stroke="#fff" stroke-width="5"/>` +
          `<line x1="${x + 28}" y1="${y}" x2="${x + 28}" y2="${y + 72}" stroke="#fff" stroke-width="3"/>`,
      );
    }
  }
  return (
    `<rect x="230" y="300" width="740" height="330" fill="${wall}"/>` +
    `<polygon points="210,305 600,215 990,305" fill="${roof}"/>` +
    `<rect x="230" y="300" width="740" height="14" fill="#000" opacity=".12"/>${windows.join('')}` +
    `<rect x="540" y="470" width="120" height="160" rx="6" fill="${roof}"/>` +
    '<rect x="552" y="482" width="44" height="148" fill="#fff" opacity=".18"/><rect x="604" y="482" width="44" height="148" fill="#fff" opacity=".18"/>' +
    `<rect x="520" y="440" width="160" height="24" rx="4" fill="${roof}"/>` +
    '<circle cx="600" cy="262" r="22" fill="#fff"/><line x1="600" y1="262" x2="600" y2="248" stroke="#444" stroke-width="3"/>' +
    '<line x1="600" y1="262" x2="612" y2="266" stroke="#444" stroke-width="3"/>' +
    '<line x1="940" y1="300" x2="940" y2="150" stroke="#ddd" stroke-width="6"/>' +
    '<rect x="943" y="152" width="78" height="16" fill="#239f40"/><rect x="943" y="168" width="78" height="16" fill="#fff"/>' +
    '<rect x="943" y="184" width="78" height="16" fill="#da0000"/>'
  );
}

/** One shelf of book spines of varied widths, heights and colours. */
function shelf(row: number) {
  const colors = ['#7b2cbf', '#2c7bbf', '#d94f3d', '#f2b134', '#3f8f4f', '#5a3d8a', '#e07a5f', '#26867d'];
  const y = 110 + row * 150;
  const spines: string[] = [];
  let x = 130;
  for (let i = 0; ; i++) {
    const w = 22 + ((i * 7 + row * 5) % 4) * 6;
    const h = 90 + ((i * 13 + row * 3) % 5) * 8;
    if (x + w > 1070) break;
    spines.push(
      `<rect x="${x}" y="${y + 130 - h}" width="${w}" height="${h}" rx="3" fill="${colors[(i * 3 + row) % colors.length]}"/>` +
        `<rect x="${x + 4}" y="${y + 150 - h}" width="${w - 8}" height="6" fill="#fff" opacity=".5"/>`,
    );
    x += w + 4;
  }
  return `${spines.join('')}<rect x="110" y="${y + 130}" width="980" height="18" fill="#8a5a35"/>`;
}

const SCENES: { caption: string; album: string; svg: string }[] = [
  {
    caption: 'ساختمان مدرسه در نخستین صبح مهر',
    album: 'ساختمان و فضای مدرسه',
    svg: svg(
      `${sky('s', '#7ec8f2', '#fde9c8')}<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8bc26a"/><stop offset="1" stop-color="#4f8f3c"/></linearGradient>`,
      `<rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="170" cy="150" r="70" fill="#ffe08a"/>` +
        `<circle cx="170" cy="150" r="110" fill="#ffe08a" opacity=".25"/>${cloud(420, 120, 1.1)}${cloud(880, 90, 0.8)}` +
        `<rect y="610" width="${W}" height="190" fill="url(#g)"/><polygon points="540,800 660,800 630,630 570,630" fill="#d9c9a8"/>` +
        `${building('#e9dcc6', '#7b2cbf', false)}${tree(120, 600, 1.3)}${tree(1080, 610, 1.2, '#4d9a58')}${tree(200, 660, 0.9, '#5aa865')}`,
    ),
  },
  {
    caption: 'مدرسه در غروب پاییز',
    album: 'ساختمان و فضای مدرسه',
    svg: svg(
      sky('s', '#3c1064', '#f6a35c'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="1000" cy="520" r="90" fill="#ffcf7a" opacity=".9"/>` +
        `${cloud(300, 160, 1.2, 0.25)}${cloud(760, 230, 0.9, 0.2)}<rect y="610" width="${W}" height="190" fill="#2e1d3f"/>` +
        `${building('#5b4a72', '#2a1840', true)}${tree(120, 600, 1.3, '#241532')}${tree(1090, 610, 1.2, '#241532')}`,
    ),
  },
  {
    caption: 'زمین فوتبال مدرسه پیش از مسابقهٔ بین کلاسی',
    album: 'ورزش',
    svg: svg(
      `${sky('s', '#6ab7ea', '#d8eefb')}<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4c9b45"/><stop offset="1" stop-color="#2f7a35"/></linearGradient>`,
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${cloud(260, 110, 1)}${cloud(900, 150, 1.2)}` +
        `<polygon points="0,330 1200,330 1200,800 0,800" fill="url(#f)"/>` +
        [0, 1, 2, 3, 4, 5]
          .map(
            (i) =>
              `<polygon points="${i * 200},330 ${i * 200 + 100},330 ${i * 200 - 60},800 ${i * 200 - 240},800" fill="#fff" opacity=".05"/>`,
          )
          .join('') +
        '<polygon points="170,380 1030,380 1180,760 20,760" fill="none" stroke="#fff" stroke-width="6"/>' +
        '<line x1="600" y1="380" x2="600" y2="760" stroke="#fff" stroke-width="6"/><ellipse cx="600" cy="540" rx="130" ry="60" fill="none" stroke="#fff" stroke-width="6"/>' +
        '<rect x="540" y="330" width="120" height="50" fill="none" stroke="#fff" stroke-width="8"/>' +
        '<circle cx="640" cy="600" r="20" fill="#fff"/><path d="M628 592 l12 -6 l12 6 l-4 12 h-16 z" fill="#222"/>' +
        `${tree(60, 330, 1.1, '#3b7f45')}${tree(1140, 330, 1.1, '#3b7f45')}`,
    ),
  },
  {
    caption: 'تمرین والیبال در سالن ورزش',
    album: 'ورزش',
    svg: svg(
      `${sky('s', '#f3e3c7', '#e1c69a')}<linearGradient id="fl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d98a3d"/><stop offset="1" stop-color="#b9692a"/></linearGradient>`,
      `<rect width="${W}" height="${H}" fill="url(#s)"/>` +
        [0, 1, 2, 3, 4]
          .map((i) => `<rect x="${80 + i * 220}" y="60" width="160" height="150" rx="8" fill="#fff" opacity=".55"/>`)
          .join('') +
        `<polygon points="0,420 1200,420 1200,800 0,800" fill="url(#fl)"/>` +
        '<polygon points="200,450 1000,450 1140,770 60,770" fill="none" stroke="#fff" stroke-width="6"/>' +
        '<line x1="126" y1="280" x2="126" y2="560" stroke="#555" stroke-width="10"/><line x1="1074" y1="280" x2="1074" y2="560" stroke="#555" stroke-width="10"/>' +
        '<polygon points="126,560 1074,560 1130,600 70,600" fill="#000" opacity=".08"/>' +
        '<rect x="130" y="300" width="940" height="70" fill="none" stroke="#333" stroke-width="4"/>' +
        Array.from(
          { length: 24 },
          (_, i) =>
            `<line x1="${130 + i * 40}" y1="300" x2="${130 + i * 40}" y2="370" stroke="#333" stroke-width="1.5"/>`,
        ).join('') +
        '<rect x="130" y="296" width="940" height="10" fill="#fff"/>' +
        '<circle cx="760" cy="220" r="34" fill="#fff"/><path d="M728 214 q32 -30 64 0 M732 236 q28 16 56 0" stroke="#2c7bbf" stroke-width="6" fill="none"/>',
    ),
  },
  {
    caption: 'پیست دوومیدانی در روز ورزش',
    album: 'ورزش',
    svg: svg(
      sky('s', '#8fd0f5', '#eaf6fd'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${cloud(600, 100, 1.3)}` +
        '<ellipse cx="600" cy="760" rx="760" ry="380" fill="#c2472f"/><ellipse cx="600" cy="800" rx="520" ry="250" fill="#4f9a48"/>' +
        [1, 2, 3, 4, 5]
          .map(
            (i) =>
              `<ellipse cx="600" cy="${760 + i * 8}" rx="${760 - i * 48}" ry="${380 - i * 26}" fill="none" stroke="#fff" stroke-width="4"/>`,
          )
          .join('') +
        [330, 600, 870]
          .map(
            (x) =>
              `<g transform="translate(${x} ${x === 600 ? 420 : 450}) scale(.8)"><rect x="-60" y="0" width="120" height="14" fill="#fff"/>` +
              '<rect x="-60" y="14" width="120" height="8" fill="#222" opacity=".7"/><rect x="-56" y="0" width="8" height="70" fill="#eee"/><rect x="48" y="0" width="8" height="70" fill="#eee"/></g>',
          )
          .join('') +
        `${tree(100, 360, 1, '#4a8f52')}${tree(1100, 360, 1, '#4a8f52')}`,
    ),
  },
  {
    caption: 'کتابخانهٔ مدرسه؛ بیش از سه هزار جلد کتاب',
    album: 'کلاس و کتابخانه',
    svg: svg(
      sky('w', '#f4ead8', '#e7d6b8'),
      `<rect width="${W}" height="${H}" fill="url(#w)"/>` +
        [0, 1, 2, 3].map(shelf).join('') +
        '<rect x="90" y="80" width="20" height="620" fill="#7a4d2c"/><rect x="1090" y="80" width="20" height="620" fill="#7a4d2c"/>' +
        '<rect x="0" y="700" width="1200" height="100" fill="#b98b5e"/>',
    ),
  },
  {
    caption: 'کلاس ریاضی پایهٔ دهم',
    album: 'کلاس و کتابخانه',
    svg: svg(
      sky('w', '#f7f1e6', '#eadfca'),
      `<rect width="${W}" height="${H}" fill="url(#w)"/><rect x="230" y="70" width="740" height="300" rx="10" fill="#8a5a35"/>` +
        '<rect x="245" y="85" width="710" height="270" rx="6" fill="#2f5d4a"/>' +
        '<path d="M300 300 Q 420 120 540 300" stroke="#fff" stroke-width="4" fill="none" opacity=".85"/>' +
        '<line x1="290" y1="300" x2="560" y2="300" stroke="#fff" stroke-width="3" opacity=".7"/><line x1="300" y1="120" x2="300" y2="310" stroke="#fff" stroke-width="3" opacity=".7"/>' +
        '<circle cx="720" cy="210" r="80" stroke="#fff" stroke-width="4" fill="none" opacity=".85"/><line x1="720" y1="210" x2="800" y2="210" stroke="#ffd77a" stroke-width="4"/>' +
        '<polygon points="640,330 860,330 750,140" stroke="#fff" stroke-width="3" fill="none" opacity=".5"/>' +
        [0, 1, 2]
          .map((r) =>
            [0, 1, 2, 3]
              .map((c) => {
                const s = 0.7 + r * 0.17;
                const x = 600 + (c - 1.5) * 250 * s;
                const y = 470 + r * 110;
                return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-90" y="0" width="180" height="22" rx="4" fill="#c48a52"/><rect x="-80" y="22" width="10" height="70" fill="#6b4a2f"/><rect x="70" y="22" width="10" height="70" fill="#6b4a2f"/><rect x="-40" y="-14" width="60" height="14" rx="2" fill="${['#7b2cbf', '#2c7bbf', '#e07a5f', '#3f8f4f'][c]}"/></g>`;
              })
              .join(''),
          )
          .join(''),
    ),
  },
  {
    caption: 'آزمایشگاه شیمی؛ جلسهٔ عملی محلول‌ها',
    album: 'کلاس و کتابخانه',
    svg: svg(
      `${sky('w', '#e9f2f7', '#cfe1ea')}<linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d4f5c"/><stop offset="1" stop-color="#2b3a45"/></linearGradient>`,
      `<rect width="${W}" height="${H}" fill="url(#w)"/>` +
        '<rect x="80" y="90" width="300" height="200" rx="8" fill="#fff" opacity=".6"/><rect x="820" y="90" width="300" height="200" rx="8" fill="#fff" opacity=".6"/>' +
        '<rect x="0" y="540" width="1200" height="260" fill="url(#t)"/><rect x="0" y="530" width="1200" height="18" fill="#56707f"/>' +
        '<path d="M250 530 L250 400 L230 400 L230 380 L310 380 L310 400 L290 400 L290 530 Z" fill="#fff" opacity=".5"/>' +
        '<path d="M420 530 L470 400 L470 330 L510 330 L510 400 L560 530 Z" fill="#fff" opacity=".55"/><path d="M435 530 L462 460 L518 460 L545 530 Z" fill="#7b2cbf" opacity=".85"/>' +
        '<path d="M640 530 L640 420 Q640 380 680 380 L720 380 Q760 380 760 420 L760 530 Z" fill="#fff" opacity=".55"/><rect x="640" y="460" width="120" height="70" fill="#2cbf8a" opacity=".85"/>' +
        '<path d="M880 530 L900 330 L940 330 L960 530 Z" fill="#fff" opacity=".55"/><path d="M888 530 L896 440 L944 440 L952 530 Z" fill="#f2b134" opacity=".9"/>' +
        '<circle cx="490" cy="300" r="10" fill="#7b2cbf" opacity=".4"/><circle cx="505" cy="260" r="7" fill="#7b2cbf" opacity=".3"/><circle cx="485" cy="228" r="5" fill="#7b2cbf" opacity=".25"/>' +
        '<rect x="1000" y="470" width="120" height="60" rx="6" fill="#d94f3d"/><rect x="1010" y="480" width="100" height="10" fill="#fff" opacity=".6"/>',
    ),
  },
];

export interface DemoPhoto {
  key: string;
  width: number;
  height: number;
  caption: string;
  album: string;
}

/**
 * Draws the demo photos and stores them through the upload pipeline (outside any transaction: they
 * are files). Give the result to `seedDemoGallery`, or to `discardDemoGallery` if the seed fails.
 */
export async function storeDemoGallery(storage: Storage): Promise<DemoPhoto[]> {
  const results = await Promise.allSettled(
    SCENES.map(async (scene) => {
      const jpeg = await sharp(Buffer.from(scene.svg)).jpeg({ quality: 88 }).toBuffer();
      const image = await storeImage(storage, 'gallery', jpeg);
      return { ...image, caption: scene.caption, album: scene.album };
    }),
  );
  const stored = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await discardDemoGallery(storage, stored);
    throw failed.reason;
  }
  return stored;
}

export async function discardDemoGallery(storage: Storage, photos: DemoPhoto[]): Promise<void> {
  await Promise.all(photos.map((p) => removeImage(storage, p.key)));
}

/** The rows of the stored demo photos, in the order drawn. */
export async function seedDemoGallery(tx: Tx, photos: DemoPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  await tx.insert(galleryPhotos).values(
    photos.map((p, i) => ({
      imageKey: p.key,
      width: p.width,
      height: p.height,
      caption: p.caption,
      album: p.album,
      position: i,
    })),
  );
}
