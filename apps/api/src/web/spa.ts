import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files that must be checked on every visit: the service worker, the manifest and the HTML. */
const REVALIDATE = new Set(['sw.js', 'manifest.webmanifest', 'index.html', 'registerSW.js']);

/**
 * Serves the built web app: hashed assets cached for a year, the service worker and manifest
 * revalidated, and index.html for every app route (the client router decides what to show).
 */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** The installed app's name: the school's, when it has one. */
export type AppIdentity = () => Promise<{ name: string; description: string } | null>;

export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  identity?: AppIdentity,
): Promise<SpaFallback | null> {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`The web app is not built (${indexPath} missing): run "npm run build". Only the API is served.`);
    return null;
  }
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const manifestPath = path.join(webDist, 'manifest.webmanifest');
  if (identity && fs.existsSync(manifestPath)) {
    // The manifest is built from the settings: a phone installs «دبیرستان …», not «درگاه مدرسه».
    const built = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.url.split('?')[0] !== '/manifest.webmanifest') return;
      const school = await identity().catch(() => null);
      const manifest = school
        ? { ...built, name: school.name, short_name: shortNameOf(school.name), description: school.description }
        : built;
      return reply
        .header('content-type', 'application/manifest+json')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(manifest));
    });
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (REVALIDATE.has(name)) res.header('cache-control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else res.header('cache-control', 'public, max-age=86400');
      if (name.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
    },
  });

  /** Answers index.html for a GET of an app route; false for API paths and missing files. */
  return (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const looksLikeFile = /\.[a-z0-9]{2,12}$/i.test(request.url.split('?')[0] ?? '');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi || looksLikeFile) return false;
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    return true;
  };
}

/** A home-screen label: the name without its school-type word when that keeps it short. */
export function shortNameOf(name: string): string {
  if (name.length <= 12) return name;
  const words = name.split(' ');
  const rest = words.slice(1).join(' ');
  return rest && rest.length <= 24 ? rest : name.slice(0, 12);
}
