import { academicYearOf } from '@madreseh/contract/jalali';
import {
  type SchoolImageKind,
  type SchoolProfile,
  type Settings,
  STAMP_SUPER_ADMIN_ONLY,
  schoolProfileInputSchema,
} from '@madreseh/contract/settings/settings.contract';
import { imageUrls } from '@madreseh/contract/uploads';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { keptUntilChanged } from '../../db/invalidation';
import { settings } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { removeImage, storeImage } from '../../storage/images';
import type { Storage } from '../../storage/storage';

/** What the `school` row holds: the profile fields and the storage keys of its images. */
const schoolStoredSchema = schoolProfileInputSchema.extend({
  logoKey: z.string().nullable().default(null),
  heroKey: z.string().nullable().default(null),
  stampKey: z.string().nullable().default(null),
});
type SchoolStored = z.infer<typeof schoolStoredSchema>;
const KEY_OF = { logo: 'logoKey', hero: 'heroKey', stamp: 'stampKey' } as const;

/** The placeholder a never-named profile is stored with (an image may be uploaded before the first save). */
const UNNAMED = 'مدرسه';

function defaultSchool(): SchoolStored {
  return schoolStoredSchema.parse({ name: UNNAMED, academicYear: academicYearOf().start });
}

const keptSchool = keptUntilChanged<{ value: SchoolStored; updatedAt: Date | null }>('settings');

/** The stored profile; kept in memory until the settings change (db/invalidation.ts), except in a transaction. */
function readSchool(db: Tx): Promise<{ value: SchoolStored; updatedAt: Date | null }> {
  return keptSchool(db, () => loadSchool(db));
}

async function loadSchool(db: Tx): Promise<{ value: SchoolStored; updatedAt: Date | null }> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'school'));
  if (!row) return { value: defaultSchool(), updatedAt: null };
  const parsed = schoolStoredSchema.safeParse({ ...defaultSchool(), ...(row.value as object) });
  return { value: parsed.success ? parsed.data : defaultSchool(), updatedAt: row.updatedAt };
}

function toProfile(value: SchoolStored, updatedAt: Date | null): SchoolProfile {
  const { logoKey, heroKey, stampKey, ...rest } = value;
  return {
    ...rest,
    // No name saved yet: answered empty, so every page says the generic «درگاه مدرسه».
    name: updatedAt && rest.name !== UNNAMED ? rest.name : '',
    logo: logoKey ? imageUrls(logoKey) : null,
    hero: heroKey ? imageUrls(heroKey) : null,
    stamp: stampKey ? imageUrls(stampKey) : null,
    updatedAt: updatedAt ? updatedAt.toISOString() : null,
  };
}

/** The school profile as the public site and other features read it (defaults until saved). */
export async function getSchoolProfile(db: Tx): Promise<SchoolProfile> {
  const { value, updatedAt } = await readSchool(db);
  return toProfile(value, updatedAt);
}

export async function getSettings(db: Tx): Promise<Settings> {
  return { school: await getSchoolProfile(db) };
}

async function writeSchool(tx: Tx, value: SchoolStored, userId: number | null) {
  await tx
    .insert(settings)
    .values({ key: 'school', value, updatedBy: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}

export async function updateSettings(
  db: Db,
  actor: Actor,
  body: { school?: z.infer<typeof schoolProfileInputSchema> },
): Promise<Settings> {
  await db.transaction(async (tx) => {
    if (body.school) {
      const { value: current } = await readSchool(tx);
      const next: SchoolStored = {
        ...body.school,
        aboutHtml: sanitizeRichText(body.school.aboutHtml),
        logoKey: current.logoKey,
        heroKey: current.heroKey,
        stampKey: current.stampKey,
      };
      await writeSchool(tx, next, actor.userId);
      await audit(tx, actor, 'update', 'settings', 'school', changedFields(current, next));
    }
  });
  return getSettings(db);
}

/**
 * Stores a new logo, hero image or stamp; the old files are removed once the new key is saved. The
 * stamp (the principal's stamp and signature on every printed paper) is a super-admin's to change.
 */
export async function setSchoolImage(
  db: Db,
  storage: Storage,
  actor: Actor,
  kind: SchoolImageKind,
  file: Buffer | null,
): Promise<Settings> {
  if (kind === 'stamp' && actor.role !== 'super-admin') throw AppError.forbidden(STAMP_SUPER_ADMIN_ONLY);
  const stored = file ? await storeImage(storage, 'school', file) : null;
  let old: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const { value } = await readSchool(tx);
      const field = KEY_OF[kind];
      old = value[field];
      await writeSchool(tx, { ...value, [field]: stored?.key ?? null }, actor.userId);
      await audit(tx, actor, file ? 'upload' : 'remove', 'settings', `school.${kind}`);
    });
  } catch (err) {
    if (stored) await removeImage(storage, stored.key);
    throw err;
  }
  if (old) await removeImage(storage, old);
  return getSettings(db);
}
