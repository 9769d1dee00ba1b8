import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Route modules of the public shell: precached so that after one visit every public page opens
 * offline — with its last data, or (the contact and pre-registration forms) saying it needs the network.
 */
const SHELL_MODULES = [
  'index.html',
  'src/app/start.tsx',
  'src/app/styles.ts',
  'src/app/layouts/default-layout.tsx',
  'src/app/layouts/mantine-layout.tsx',
  'src/app/error-screens.tsx',
  'src/features/home/pages/home-page.tsx',
  'src/features/home/pages/notice-page.tsx',
  'src/features/achievements/pages/achievement-page.tsx',
  'src/features/home/pages/about-page.tsx',
  'src/features/gallery/pages/gallery-page.tsx',
  'src/features/contact/pages/contact-page.tsx',
  'src/app/layouts/pre-register-layout.tsx',
  'src/features/pre-register/pages/pre-register-page.tsx',
  // Loaded by the form after its first screen (docs/decisions/0021): its later steps, which import
  // the contract's schema and client that check and send it.
  'src/features/pre-register/pre-register-parts.tsx',
  'src/app/layouts/auth-layout.tsx',
  'src/features/auth/pages/login-page.tsx',
];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The files of the shell modules and everything they import statically, from Vite's build manifest. */
function shellFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of SHELL_MODULES) visit(key);
  return files;
}

const outDir = path.resolve(import.meta.dirname, 'dist');

/**
 * Mantine's ScrollArea (inside the drawer of the public header) imports one small hook,
 * `useMergeRefs`, from @floating-ui/react; the bundler then keeps that whole library in the chunk
 * every public page loads. This points that one import at an equivalent hook of our own
 * (src/lib/merge-refs.ts); menus, popovers and tooltips still use the real library.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'src/lib/merge-refs.ts');
  const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && scrollArea.test(importer) ? replacement : null;
    },
  };
}

/**
 * A Workbox route handler, copied into sw.js as source text (so it may use nothing from this file).
 * It asks the network (4 s at most) and stores a good answer with the time it arrived in
 * `x-offline-at`; when the network fails, the stored answer is given back (the page then says it is
 * offline, and since when). Two caches:
 * - the public site's answers (`/api/v1/general/…`) are the same for everyone: kept under the URL,
 *   the last 100 (docs/decisions/0003);
 * - the student's own data (and a parent's view of it) is kept under the URL and a hash of the bearer
 *   token — another account on the same device never gets it — and a 401 deletes it. POST check-token is stored under a GET key
 *   (the Cache API stores only GET) (docs/decisions/0004).
 */
async function offlineFallbackHandler({ request }: { request: Request }): Promise<Response> {
  const key = new URL(request.url);
  const isPublic = key.pathname.startsWith('/api/v1/general/');
  const auth = isPublic ? '' : (request.headers.get('authorization') ?? '');
  if (!isPublic) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
    const session = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    key.searchParams.set('__session', session);
  }
  const keep = isPublic || auth !== '';
  const cache = await caches.open(isPublic ? 'public-api' : 'student-offline');
  try {
    const res = await Promise.race([
      fetch(request.clone()),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network timeout')), 4000)),
    ]);
    if (res.ok && keep) {
      const headers = new Headers(res.headers);
      headers.set('x-offline-at', new Date().toISOString());
      await cache.put(key.href, new Response(await res.clone().blob(), { status: 200, headers }));
      if (isPublic) {
        // Oldest first (a put replaces and appends): keep the last 100 answers.
        const keys = await cache.keys();
        await Promise.all(keys.slice(0, -100).map((k) => cache.delete(k)));
      }
    } else if (res.status === 401) {
      await cache.delete(key.href);
    }
    return res;
  } catch (err) {
    const saved = keep ? await cache.match(key.href) : undefined;
    if (saved) return saved;
    throw err;
  }
}

export default defineConfig({
  plugins: [
    scrollAreaWithoutFloatingUi(),
    react(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'درگاه مدرسه',
        short_name: 'مدرسه',
        description: 'درگاه مدرسه: اخبار، گالری، پیش‌ثبت‌نام، کارنامه و پرداخت شهریه',
        lang: 'fa',
        dir: 'rtl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Precache the public shell only; the student and dashboard chunks, fonts and images are
        // cached when first used, so a visitor never downloads the dashboard's code.
        globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
        manifestTransforms: [
          async (entries) => {
            const keep = shellFiles(outDir);
            return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)), warnings: [] };
          },
        ],
        runtimeCaching: [
          // The student's own data (docs/decisions/0004), a parent's children and the same pages of each
          // child (never their invoices or payments), and a teacher's classes and attendance sheets
          // (docs/decisions/0024): network first with a short timeout; the last good answer is kept per
          // session and given back, stamped with its time, only when the network fails.
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              (/^\/api\/v1\/(student\/(me|news|report-card|attendance|notices)|teacher\/classes|attendance\/(sheet|holidays))(\/|$)/.test(
                url.pathname,
              ) ||
                /^\/api\/v1\/parent\/children(\/\d+\/(news(\/\d+)?|report-card|attendance))?$/.test(url.pathname)),
            handler: offlineFallbackHandler,
            method: 'GET',
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/v1/auth/check-token',
            handler: offlineFallbackHandler,
            method: 'POST',
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 365 } },
          },
          {
            // The public site's last answers (school profile, notices, gallery, achievements): a visited
            // public page opens offline and says so (docs/decisions/0003). Network first, so online
            // visitors always see fresh content. The pre-registration lookup (personal) and the
            // payment addresses are never kept.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/v1\/general\/(school|news|gallery|achievement)(\/|$)/.test(url.pathname),
            handler: offlineFallbackHandler,
            method: 'GET',
          },
          {
            // Uploaded images never change under one name. Receipts (signed addresses that expire)
            // and students' photos (only for the student and staff) are private: the service worker
            // leaves them to the network and never keeps them on the device.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              url.pathname.startsWith('/uploads/') &&
              !url.pathname.startsWith('/uploads/receipts/') &&
              !url.pathname.startsWith('/uploads/students/'),
            handler: 'CacheFirst',
            options: { cacheName: 'uploads', expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 365 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
  ],
  build: {
    target: 'es2022',
    outDir,
    manifest: true,
    sourcemap: process.env.SOURCEMAP === '1',
    // No `<link rel="modulepreload">` per dependency when a lazy chunk is asked for: on /student the
    // app's start appended about 80 of them in one task, and that alone was two thirds of the start's
    // blocking time; the browser finds the same modules through their imports (docs/decisions/0031).
    // The stylesheets of a lazy chunk are still loaded before it runs.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // TanStack Query's pieces in one chunk: the app's start chunk and the pages share it, and as
        // four small chunks they cost more to send than as one. The same for the public pages' kit
        // (src/ui/kit-*.tsx, with the public pages' CSS module): its files are split by what they draw,
        // not by who loads them, and as one chunk they cost what the one file cost.
        advancedChunks: {
          groups: [
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'kit',
              test: /src[\\/]ui[\\/](kit-(classes|layout|text|button|feedback)\.tsx?|public\.module\.css)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
