/**
 * Shared facts about uploaded images, used by the API (checks) and the web app (messages, URLs).
 *
 * An image is stored once per upload under a server-chosen key such as `gallery/2026/k3x9…`; the
 * pipeline writes three WebP renditions of it, 400, 800 and 1600 pixels wide, served under `/uploads/`.
 * (Images stored before the 800 px rendition existed get it made from their 1600 px one on first request.)
 * A table keeps only the key (varchar 200); `imageUrls(key)` gives the addresses.
 */
export const IMAGE_LIMITS = {
  /** Largest accepted upload, in bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** Largest accepted width × height (about 8,000 × 5,000). */
  maxPixels: 40_000_000,
  /** Widths of the stored renditions. */
  widths: [400, 800, 1600] as const,
  /** Accepted formats, checked by the file's bytes, never by its name or declared type. */
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;

export const UPLOADS_PREFIX = '/uploads/';

/** A storage key the server made: lowercase words and digits, slash-separated, no dots. */
export const IMAGE_KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+){1,4}$/;

export interface ImageUrls {
  /** 400 px wide. */
  thumb: string;
  /** 1600 px wide (smaller originals are never enlarged). */
  large: string;
  /** For `<img srcset>`: 400, 800 (a phone's screen at twice its CSS width) and 1600 px. */
  srcSet: string;
}

export function imageUrls(key: string): ImageUrls {
  const thumb = `${UPLOADS_PREFIX}${key}-400.webp`;
  const medium = `${UPLOADS_PREFIX}${key}-800.webp`;
  const large = `${UPLOADS_PREFIX}${key}-1600.webp`;
  return { thumb, large, srcSet: `${thumb} 400w, ${medium} 800w, ${large} 1600w` };
}

/** Persian messages of the upload checks (status in brackets). */
export const UPLOAD_MESSAGES = {
  notMultipart: 'فایل باید به صورت فرم چندبخشی (multipart) فرستاده شود.', // 415
  noFile: 'فایلی برای بارگذاری انتخاب نشده است.', // 400
  tooManyFiles: 'در هر درخواست فقط یک فایل می‌توان فرستاد.', // 400
  tooLarge: 'حجم تصویر بیش از ۱۰ مگابایت است.', // 413
  tooManyPixels: 'ابعاد تصویر بیش از حد بزرگ است (حداکثر حدود ۴۰ مگاپیکسل).', // 413
  notImage: 'فقط تصویرهای JPEG، PNG و WebP پذیرفته می‌شوند؛ این فایل تصویر معتبری نیست.', // 415
  unreadable: 'تصویر خراب است یا خوانده نمی‌شود.', // 415
  heic: 'عکس‌های HEIC (قالب عکس آیفون) پشتیبانی نمی‌شوند؛ لطفاً عکس را به‌صورت JPEG بفرستید.', // 415
} as const;
