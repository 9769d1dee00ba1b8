import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import type { Storage } from './storage';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };

/**
 * Serves stored images under /uploads/…: only names the server could have made, only the types
 * it writes, with a fixed content type, nosniff and a year of caching (names never change).
 */
export function registerUploadServing(app: FastifyInstance, storage: Storage): void {
  app.get('/uploads/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    const file = type ? await storage.open(name) : null;
    if (!file || !type) throw AppError.notFound();
    return reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
}
