import { ERROR_CODES } from '@madreseh/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { backfillMediumRendition } from './images';
import { isPrivateUpload, type UrlSigner } from './signed-urls';
import type { Storage } from './storage';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };

const BAD_SIGNATURE = 'نشانی این تصویر معتبر نیست یا زمان آن گذشته است. صفحه را دوباره باز کنید.';
const NOT_YOURS = 'این تصویر را فقط خود دانش‌آموز و کارکنان مدرسه می‌بینند. وارد حساب خود شوید.';

/** Folder of students' photos: shown only to the student and to staff, never cached by anyone. */
export const STUDENT_PHOTOS_FOLDER = 'students';

/**
 * Whether the caller of a request may see a student's photo (the file name without its size suffix
 * is the student's `photo_key`). The session comes from the `token` cookie the web app keeps
 * (decision 0001), as an <img> sends no Authorization header.
 */
export type PhotoAccess = (request: FastifyRequest, photoKey: string) => Promise<boolean>;

/**
 * Serves stored images under /uploads/…: only names the server could have made, only the types
 * it writes, with a fixed content type and nosniff. Public images are cached for a year (names never
 * change). Private ones (receipts) need a valid signature (signed-urls.ts); they are answered
 * `private`, cached by the browser only until the signature expires, never by a shared cache.
 */
export function registerUploadServing(
  app: FastifyInstance,
  storage: Storage,
  signer: UrlSigner,
  maySeePhoto: PhotoAccess,
): void {
  app.get('/uploads/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    let cacheControl = 'public, max-age=31536000, immutable';
    if (name.startsWith(`${STUDENT_PHOTOS_FOLDER}/`)) {
      reply.header('cache-control', 'no-store');
      const key = name.replace(/-\d+\.webp$/, '');
      if (!(await maySeePhoto(request, key))) throw new AppError(403, ERROR_CODES.forbidden, NOT_YOURS);
      cacheControl = 'private, no-store';
    } else if (isPrivateUpload(name)) {
      const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
      if (typeof exp !== 'string' || typeof sig !== 'string' || !signer.verify(name, exp, sig)) {
        reply.header('cache-control', 'no-store');
        throw new AppError(403, ERROR_CODES.forbidden, BAD_SIGNATURE);
      }
      const seconds = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
      cacheControl = `private, max-age=${seconds}`;
    }
    let file = type ? await storage.open(name) : null;
    if (!file && type && (await backfillMediumRendition(storage, name))) file = await storage.open(name);
    if (!file || !type) throw AppError.notFound();
    return reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', cacheControl)
      .send(file.stream);
  });
}
