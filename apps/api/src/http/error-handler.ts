import { ERROR_CODES, ERROR_MESSAGES, INTERNAL_ERROR_BODY } from '@madreseh/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { diskFullReporter, isDiskFull } from '../lib/disk-full';
import { AppError } from '../lib/errors';
import type { SpaFallback } from '../web/spa';

/** Maps every error to `{ code, message, fields? }`; 5xx bodies say only 'Internal Server Error'. */
export function registerErrorHandler(app: FastifyInstance, spaFallback: SpaFallback | null): void {
  const reportDiskFull = diskFullReporter();
  const reportUnavailable = unavailableReporter();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= v.message ?? ERROR_MESSAGES.validation;
      }
      return reply.status(400).send({ code: ERROR_CODES.validation, message: ERROR_MESSAGES.validation, fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known: Record<number, [string, string]> = {
        401: [ERROR_CODES.unauthorized, ERROR_MESSAGES.unauthorized],
        403: [ERROR_CODES.forbidden, ERROR_MESSAGES.forbidden],
        404: [ERROR_CODES.notFound, ERROR_MESSAGES.notFound],
        413: [ERROR_CODES.tooLarge, ERROR_MESSAGES.tooLarge],
        415: [ERROR_CODES.unsupportedMedia, ERROR_MESSAGES.unsupportedMedia],
        429: [ERROR_CODES.tooMany, ERROR_MESSAGES.tooMany],
      };
      const [code, message] = known[status] ?? [ERROR_CODES.validation, ERROR_MESSAGES.validation];
      return reply.status(status).send({ code, message });
    }
    if (isDatabaseUnavailable(error)) {
      reportUnavailable(request.log, error, `${request.method} ${request.routeOptions.url ?? ''}`);
      reply.header('retry-after', '5');
      return reply.status(503).send({ code: ERROR_CODES.unavailable, message: ERROR_MESSAGES.unavailable });
    }
    if (isDiskFull(error)) {
      reportDiskFull(request.log, error, `${request.method} ${request.routeOptions.url ?? ''}`);
      return reply.status(507).send({ code: ERROR_CODES.storageFull, message: ERROR_MESSAGES.storageFull });
    }
    request.log.error({ err: safeError(error) }, 'request failed');
    return reply.status(500).send(INTERNAL_ERROR_BODY);
  });

  app.setNotFoundHandler((request, reply) => {
    const page = spaFallback?.(request, reply);
    if (page) return page;
    return reply.status(404).send({ code: ERROR_CODES.notFound, message: ERROR_MESSAGES.notFound });
  });
}

/**
 * What a log line may say about an unexpected error. Database errors carry the query's parameters
 * (national codes, names, mobiles) in their message: those are cut off, the SQL text is kept.
 */
export function safeError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const e = error as { name?: string; message?: string; stack?: string; code?: unknown; cause?: { code?: unknown } };
  const strip = (s: string | undefined) => (s ?? '').replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [hidden]');
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  return { type: e.name ?? 'Error', message: strip(e.message), ...(code ? { code } : {}), stack: strip(e.stack) };
}

/** An unreachable database is said in the log once, then at most once a minute with a count of failures. */
function unavailableReporter(everyMs = 60_000) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let since = 0;
  return (log: { error(obj: object, msg: string): void }, err: unknown, where: string) => {
    since += 1;
    if (Date.now() - lastAt < everyMs) return;
    lastAt = Date.now();
    log.error(
      { err: safeError(err), where, failures: since },
      'DATABASE UNAVAILABLE: requests answer 503 until it is back (a restart or a network cut?)',
    );
    since = 0;
  };
}
