import { ERROR_CODES } from '@madreseh/contract/errors';
import { IMAGE_LIMITS, UPLOAD_MESSAGES } from '@madreseh/contract/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../lib/errors';
import { newStorageKey, type Storage } from './storage';

export interface StoredImage {
  /** Storage key without size or extension; `imageUrls(key)` (contract) gives its addresses. */
  key: string;
  /** Size of the largest stored rendition. */
  width: number;
  height: number;
}

const ACCEPTED: readonly string[] = IMAGE_LIMITS.mimeTypes;

/** HEIC/HEIF, the iPhone camera's format, as file-type names it. */
const HEIF_TYPES: readonly string[] = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

/**
 * Whether this sharp reads HEIC: only a libvips whose libheif has an HEVC decoder lists `.heic`.
 * The prebuilt sharp reads AVIF only (HEVC is patent-encumbered), so HEIC is refused with its own message.
 */
export function canDecodeHeic(): boolean {
  return sharp.format.heif?.input.fileSuffix?.includes('.heic') ?? false;
}

/**
 * Checks an uploaded image and renders it again: the bytes must really be JPEG, PNG or WebP
 * (magic bytes, not the file name) — or HEIC where this sharp can decode it — at most IMAGE_LIMITS.maxPixels, and what is kept is a fresh
 * WebP per width in IMAGE_LIMITS.widths — orientation applied, every metadata block (EXIF, GPS,
 * XMP, ICC comments) dropped. Throws AppError 413/415 with a Persian message.
 */
export async function renderImage(input: Buffer): Promise<{ width: number; data: Buffer; height: number }[]> {
  if (input.length > IMAGE_LIMITS.maxBytes) throw new AppError(413, ERROR_CODES.tooLarge, UPLOAD_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(input);
  const heif = type !== undefined && HEIF_TYPES.includes(type.mime);
  if (heif && !canDecodeHeic()) throw new AppError(415, ERROR_CODES.unsupportedMedia, UPLOAD_MESSAGES.heic);
  if (!type || (!ACCEPTED.includes(type.mime) && !heif)) {
    throw new AppError(415, ERROR_CODES.unsupportedMedia, UPLOAD_MESSAGES.notImage);
  }
  let width = 0;
  let height = 0;
  try {
    // Reads the header only; the pixel cap is checked before anything is decoded.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new AppError(415, ERROR_CODES.unsupportedMedia, UPLOAD_MESSAGES.unreadable);
  }
  if (!width || !height) throw new AppError(415, ERROR_CODES.unsupportedMedia, UPLOAD_MESSAGES.unreadable);
  if (width * height > IMAGE_LIMITS.maxPixels) {
    throw new AppError(413, ERROR_CODES.tooLarge, UPLOAD_MESSAGES.tooManyPixels);
  }
  try {
    return await Promise.all(
      IMAGE_LIMITS.widths.map(async (w) => {
        const { data, info } = await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data };
      }),
    );
  } catch {
    throw new AppError(415, ERROR_CODES.unsupportedMedia, UPLOAD_MESSAGES.unreadable);
  }
}

type RenditionWidth = (typeof IMAGE_LIMITS.widths)[number];

/** File name of one rendition of a key (`<key>-400.webp`). */
export function renditionFileName(key: string, width: RenditionWidth): string {
  return `${key}-${width}.webp`;
}

/** File names of the renditions of a key (`<key>-400.webp`, `<key>-800.webp`, `<key>-1600.webp`). */
export function imageFileNames(key: string): string[] {
  return IMAGE_LIMITS.widths.map((w) => renditionFileName(key, w));
}

/**
 * Makes the 800 px rendition of an image stored before that width existed, from its 1600 px one, and
 * stores it; false when the name is not such a rendition or the 1600 px file is missing or unreadable. Writing is
 * whole-file, so two requests making it at once leave one good file.
 */
export async function backfillMediumRendition(storage: Storage, name: string): Promise<boolean> {
  const m = /^(.+)-800\.webp$/.exec(name);
  if (!m) return false;
  const source = await storage.open(renditionFileName(m[1] as string, 1600));
  if (!source) return false;
  let data: Buffer;
  try {
    const input = Buffer.concat(await source.stream.toArray());
    data = await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels })
      .resize({ width: 800, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return false;
  }
  await storage.put(name, data);
  return true;
}

/**
 * Checks, re-encodes and stores an uploaded image under a new key in `folder` (e.g. 'gallery',
 * 'news', 'students'). Store the returned key in your table; call `removeImage` when the row goes.
 */
export async function storeImage(storage: Storage, folder: string, input: Buffer): Promise<StoredImage> {
  const renditions = await renderImage(input);
  const key = newStorageKey(folder);
  const names = imageFileNames(key);
  try {
    await Promise.all(renditions.map((r, i) => storage.put(names[i] as string, r.data)));
  } catch (err) {
    await removeImage(storage, key);
    throw err;
  }
  const largest = renditions[renditions.length - 1] as { width: number; height: number };
  return { key, width: largest.width, height: largest.height };
}

/** Deletes every rendition of an image key (missing files are fine). */
export async function removeImage(storage: Storage, key: string): Promise<void> {
  await Promise.all(imageFileNames(key).map((name) => storage.remove(name).catch(() => {})));
}
