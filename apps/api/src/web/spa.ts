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

export async function registerSpa(app: FastifyInstance, webDist: string): Promise<SpaFallback | null> {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`The web app is not built (${indexPath} missing): run "npm run build". Only the API is served.`);
    return null;
  }
  const indexHtml = fs.readFileSync(indexPath, 'utf8');

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
