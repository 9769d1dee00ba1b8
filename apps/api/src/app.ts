import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { registerGuard } from './auth/guard';
import type { SessionPolicy } from './auth/sessions';
import type { Config, TrustProxy } from './config';
import { type ControlOptions, registerControlRoutes } from './control/control.routes';
import type { Db } from './db/client';
import { invalidationOf } from './db/invalidation';
import { registerErrorHandler } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { registerPersianInput } from './http/persian-input';
import { type Background, background } from './lib/background';
import { requestSerializer } from './lib/log';
import { registerAchievementRoutes } from './modules/achievements/achievements.routes';
import { registerAdminsRoutes } from './modules/admins/admins.routes';
import { registerAssessmentRoutes } from './modules/assessments/assessments.routes';
import { registerAttendanceRoutes } from './modules/attendance/attendance.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { type BackupsOptions, registerBackupRoutes } from './modules/backups/backups.routes';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerGalleryRoutes } from './modules/gallery/gallery.routes';
import { registerGroupRoutes } from './modules/groups/groups.routes';
import { registerNewsRoutes } from './modules/news/news.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { otpSmsSender } from './modules/notifications/otp-sms';
import { registerParentRoutes } from './modules/parents/parents.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerPreRegisterRoutes } from './modules/pre-register/pre-register.routes';
import { registerReportCardRoutes } from './modules/report-cards/report-cards.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { getSchoolProfile } from './modules/settings/settings.service';
import { studentPhotoAccess } from './modules/students/student-photos';
import { registerStudentRoutes } from './modules/students/students.routes';
import { registerHealthRoutes } from './modules/system/health.routes';
import { registerTeacherRoutes } from './modules/teachers/teachers.routes';
import { registerUploadServing } from './storage/serve';
import { createUrlSigner, type UrlSigner, uploadSigningKey } from './storage/signed-urls';
import { localDiskStorage, type Storage } from './storage/storage';
import { registerSpa } from './web/spa';

export interface AppOptions {
  db: Db;
  config: Pick<Config, 'sessionIdleMs' | 'sessionMaxMs' | 'trustProxy' | 'logLevel' | 'uploadsDir'> & {
    webDist?: string;
    payments?: Config['payments'];
    sms?: Config['sms'];
  };
  /** Where uploads go; a folder on disk at config.uploadsDir unless given. */
  storage?: Storage;
  /** Tests pass false; the server passes a pino level. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove what is never logged). */
  logStream?: { write(line: string): void };
  /** Commands a local process may give this server (control/control.routes.ts); none unless given. */
  control?: ControlOptions;
  /** How backups are made for the download button; without it the button answers 503. */
  backups?: BackupsOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (storage/storage.ts); images go through storage/images.ts first. */
    storage: Storage;
    /** Signs the addresses of private uploads (receipts) and checks them (storage/signed-urls.ts). */
    urlSigner: UrlSigner;
    /** Work a request starts and does not wait for (a sign-in code's SMS); the close waits for it. */
    background: Background;
  }
}

/** Permissions-Policy of every answer: only the camera, for this origin (receipt photos). */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), midi=(), display-capture=(), accelerometer=(), gyroscope=(), magnetometer=()';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** One log line per request, when it completes, instead of two: logging is part of every request's cost. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

const apiRoutes = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered under /api/ on an app built by buildApp (HEAD twins of GET routes included). */
export function registeredApiRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return apiRoutes.get(app) ?? [];
}

/**
 * Fastify's (proxy-addr's) form of TRUST_PROXY; `true` (trust every hop) is never passed. A hop count
 * becomes a function: proxy-addr asks it about the peer (hop 0), then the X-Forwarded-For entries from
 * the last one back, and the first address it does not trust is the client. (Fastify itself reads a
 * plain number as "trust nothing".)
 */
export function trustProxyOption(trust: TrustProxy): ((address: string, hop: number) => boolean) | string | false {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust.join(',');
}

/** Builds the whole Fastify instance: plugins, guard, API routes and the web app. Tests build it too. */
export async function buildApp({
  db,
  config,
  logger = true,
  logStream,
  storage,
  control,
  backups,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, serializers: { req: requestSerializer }, ...(logStream ? { stream: logStream } : {}) }
      : false,
    // Exactly the configured proxies (decision 0011): a hop count, or a list of addresses.
    trustProxy: trustProxyOption(config.trustProxy),
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routes: RegisteredRoute[] = [];
  apiRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorate('storage', storage ?? localDiskStorage(config.uploadsDir));
  app.decorate('urlSigner', createUrlSigner(await uploadSigningKey(db)));
  app.decorate(
    'background',
    background((err) => app.log.warn({ err }, 'background task failed')),
  );
  app.addHook('onClose', () => app.background.settled());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The same security headers on every answer: helmet's middleware is built once here (its Fastify plugin
  // builds it again for every request, a tenth of a cheap request's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  // Features the portal does not use are switched off for every page; the camera stays for this
  // origin only (a phone takes the photo of a card-to-card receipt).
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // API answers are personal unless a public endpoint says otherwise: nothing is stored by a
    // browser or a proxy by default, and nothing at all for a signed-in caller or a private endpoint.
    if (request.url.startsWith('/api/')) {
      const ep = request.routeOptions.config?.endpoint;
      if ((ep && ep.access !== 'public') || request.auth || !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // Answers above 1 KB are compressed for clients that ask (JSON, HTML); the web app's files are
  // compressed once at build and sent as they are (web/spa.ts), kept answers once for their life
  // (http/encoded-answer.ts). Request bodies are never inflated.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    customTypes: /^text\/(?!event-stream)|[/+]json(?:;|$)|\/javascript(?:;|$)|[/+]xml(?:;|$)/,
  });

  await app.register(multipart, { throwFileSizeLimit: true });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Madreseh API', version: '1.0.0', description: 'School portal API, generated from the contract' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Rows kept in memory (sessions, settings) are dropped when they change, on every instance (db/invalidation.ts).
  await invalidationOf(db)
    .start()
    .catch((err) => app.log.warn({ err }, 'change notifications unavailable; nothing is kept in memory'));

  const policy: SessionPolicy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  registerGuard(app, db, policy);
  registerPersianInput(app);
  registerIdempotency(app, db);
  const spaFallback = config.webDist
    ? await registerSpa(app, config.webDist, {
        publicUrl: config.payments?.publicUrl,
        identity: async () => {
          const school = await getSchoolProfile(db);
          // Never saved: the defaults, so the generic name the build carries.
          if (!school.updatedAt || !school.name) return null;
          return { name: school.name, description: school.slogan || school.name };
        },
      })
    : null;
  registerErrorHandler(app, spaFallback);

  registerUploadServing(app, app.storage, app.urlSigner, studentPhotoAccess(db, policy));
  registerHealthRoutes(app, db);
  registerAuthRoutes(app, db, policy, otpSmsSender(db, config.sms));
  registerSettingsRoutes(app, db);
  registerNewsRoutes(app, db);
  registerGalleryRoutes(app, db);
  registerAchievementRoutes(app, db);
  registerContactRoutes(app, db);
  registerPreRegisterRoutes(app, db);
  registerDashboardRoutes(app, db);
  registerGroupRoutes(app, db);
  registerStudentRoutes(app, db);
  registerReportCardRoutes(app, db);
  registerPaymentRoutes(app, db, config.payments);
  registerParentRoutes(app, db, config.payments);
  registerAdminsRoutes(app, db);
  registerBackupRoutes(app, db, backups);
  registerAuditRoutes(app, db);
  registerNotificationRoutes(app, db, config.sms);
  registerTeacherRoutes(app, db);
  registerAttendanceRoutes(app, db);
  registerAssessmentRoutes(app, db);
  if (control) registerControlRoutes(app, control);
  return app;
}
