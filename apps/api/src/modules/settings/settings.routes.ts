import { settingsContract } from '@madreseh/contract/settings/settings.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { readUploadForm } from '../../storage/multipart';
import { getSchoolProfile, getSettings, setSchoolImage, updateSettings } from './settings.service';

export function registerSettingsRoutes(app: FastifyInstance, db: Db): void {
  implement(app, settingsContract.get, async () => getSettings(db));

  implement(app, settingsContract.update, async ({ body, request }) => updateSettings(db, actorOf(request), body));

  implement(app, settingsContract.uploadImage, async ({ request }) => {
    const form = await readUploadForm(request, settingsContract.uploadImage);
    return setSchoolImage(db, app.storage, actorOf(request), form.fields.kind, form.file);
  });

  implement(app, settingsContract.removeImage, async ({ params, request }) =>
    setSchoolImage(db, app.storage, actorOf(request), params.kind, null),
  );

  implement(app, settingsContract.publicProfile, async ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    const { updatedAt: _, ...profile } = await getSchoolProfile(db);
    return profile;
  });
}
