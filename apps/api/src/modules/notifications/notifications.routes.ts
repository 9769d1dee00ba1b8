import { notificationsContract as c } from '@madreseh/contract/notifications/notifications.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { AppError } from '../../lib/errors';
import type { SmsEnv } from './notification-settings';
import {
  getNotificationSettings,
  markRead,
  myNotifications,
  previewMessage,
  putNotificationSettings,
  sendMessage,
  setSmsPreferences,
  smsLog,
  smsPreferencesOf,
  unreadCount,
} from './notifications.service';

function userOf(request: { auth?: { userId: number } | null }): number {
  const id = request.auth?.userId;
  if (!id) throw AppError.unauthorized();
  return id;
}

export function registerNotificationRoutes(app: FastifyInstance, db: Db, env: SmsEnv = {}): void {
  implement(app, c.mine, async ({ query, request }) => myNotifications(db, userOf(request), query));
  implement(app, c.unread, async ({ request }) => ({ count: await unreadCount(db, userOf(request)) }));
  implement(app, c.markRead, async ({ body, request }) => ({
    ok: true as const,
    count: await markRead(db, userOf(request), body.ids),
  }));
  // A parent's bell: the same service, by the parent's own user id.
  implement(app, c.parentMine, async ({ query, request }) => myNotifications(db, userOf(request), query));
  implement(app, c.parentUnread, async ({ request }) => ({ count: await unreadCount(db, userOf(request)) }));
  implement(app, c.parentMarkRead, async ({ body, request }) => ({
    ok: true as const,
    count: await markRead(db, userOf(request), body.ids),
  }));
  implement(app, c.smsPreferences, async ({ request }) => smsPreferencesOf(db, userOf(request)));
  implement(app, c.putSmsPreferences, async ({ body, request }) =>
    setSmsPreferences(db, actorOf(request), body.optional),
  );
  implement(app, c.preview, async ({ body }) => previewMessage(db, body));
  implement(app, c.send, async ({ body, request, reply }) => {
    const result = await sendMessage(db, actorOf(request), body);
    reply.status(201);
    return result;
  });
  implement(app, c.getSettings, async () => getNotificationSettings(db, env));
  implement(app, c.putSettings, async ({ body, request }) => putNotificationSettings(db, actorOf(request), env, body));
  implement(app, c.smsLog, async ({ query }) => smsLog(db, query));
}
