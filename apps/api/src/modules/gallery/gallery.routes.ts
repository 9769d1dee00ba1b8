import { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { readUploadForm } from '../../storage/multipart';
import { addPhoto, deletePhoto, listPhotos, reorderPhotos, updatePhoto } from './gallery.service';

export function registerGalleryRoutes(app: FastifyInstance, db: Db): void {
  implement(app, galleryContract.list, async ({ query }) => listPhotos(db, query));
  implement(app, galleryContract.create, async ({ request, reply }) => {
    const form = await readUploadForm(request, galleryContract.create);
    const photo = await addPhoto(db, app.storage, actorOf(request), form.file, form.fields);
    reply.status(201);
    return photo;
  });
  implement(app, galleryContract.update, async ({ params, body, request }) =>
    updatePhoto(db, actorOf(request), params.id, body),
  );
  implement(app, galleryContract.remove, async ({ params, request }) => {
    await deletePhoto(db, app.storage, actorOf(request), params.id);
    return { ok: true as const };
  });
  implement(app, galleryContract.reorder, async ({ body, request }) => {
    await reorderPhotos(db, actorOf(request), body.ids, body.inPlace);
    return { ok: true as const };
  });
  implement(app, galleryContract.publicList, async ({ query, reply }) => {
    reply.header('cache-control', 'no-cache');
    return listPhotos(db, query);
  });
}
