import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOADS_PREFIX } from '@madreseh/contract/uploads';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { settings } from '../db/schema/site';

/**
 * Private uploads (docs/decisions/0006): files in these folders are never served by name alone.
 * A card-to-card receipt shows a student's bank details, so only an answer to someone allowed to
 * see the payment carries its address, signed and short-lived:
 * `/uploads/receipts/2026/…-1600.webp?exp=<unix seconds>&sig=<hex>`.
 */
export const RECEIPTS_FOLDER = 'receipts';
export const PRIVATE_FOLDERS: readonly string[] = [RECEIPTS_FOLDER];

export function isPrivateUpload(name: string): boolean {
  return PRIVATE_FOLDERS.some((folder) => name.startsWith(`${folder}/`));
}

/** How long a signed address works: an hour, rounded up to the next ten minutes. */
export const SIGNED_URL_TTL_SECONDS = 3600;
/**
 * Expiry times are rounded up to this step, so the same file gets the same address for ten
 * minutes and the browser's own cache can serve it again.
 */
const EXPIRY_STEP_SECONDS = 600;

export interface UrlSigner {
  /** A signed address of a private file, valid for about SIGNED_URL_TTL_SECONDS from `now`. */
  url(name: string, now?: number): string;
  /** Whether `sig` signs `name` until `exp`, and `exp` has not passed. */
  verify(name: string, exp: string | undefined, sig: string | undefined, now?: number): boolean;
}

export function createUrlSigner(key: Buffer): UrlSigner {
  if (key.length < 32) throw new Error('The upload signing key must be at least 32 bytes');
  const mac = (name: string, exp: number) => createHmac('sha256', key).update(`upload\n${name}\n${exp}`).digest();
  return {
    url(name, now = Date.now()) {
      const exp = Math.ceil((now / 1000 + SIGNED_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return `${UPLOADS_PREFIX}${name}?exp=${exp}&sig=${mac(name, exp).toString('hex')}`;
    },
    verify(name, exp, sig, now = Date.now()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now) return false;
      return timingSafeEqual(mac(name, expires), Buffer.from(sig, 'hex'));
    },
  };
}

const SETTINGS_KEY = 'upload-signing';
const storedKeySchema = z.object({ key: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * The key that signs private upload addresses: made once at random and kept in the settings
 * table, so every instance behind a proxy signs and checks with the same key and none keeps state
 * of its own. Deleting the row (and restarting) makes a new key and ends every address given out.
 */
export async function uploadSigningKey(db: Db): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key: SETTINGS_KEY, value: { key: randomBytes(32).toString('hex') } })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTINGS_KEY));
  const parsed = storedKeySchema.safeParse(row?.value);
  if (!parsed.success) throw new Error(`The settings row ${SETTINGS_KEY} does not hold a signing key`);
  return Buffer.from(parsed.data.key, 'hex');
}
