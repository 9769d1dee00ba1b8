import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodObject, type z } from 'zod';
import { bearerToken } from '../auth/guard';
import { AppError } from '../lib/errors';

/**
 * Orders a command on the same machine gives the running server (`npm run payments:reconcile`,
 * `npm run create-admin`, later backups), instead of opening the database beside it. Each command
 * names its input schema; the server registers the commands it offers.
 */
export interface ControlCommand<S extends z.ZodType = z.ZodType> {
  name: string;
  input: S;
  run(input: z.infer<S>, request: FastifyRequest): Promise<unknown>;
}

export interface ControlOptions {
  /** The secret of DATA_DIR/control.json (control-file.ts). */
  token: string;
  commands: readonly ControlCommand[];
}

export const CONTROL_PATH = '/_control/';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Loopback, or this machine's own address, and not relayed by a proxy. */
function fromThisMachine(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] || h.forwarded || h['x-real-ip']) return false;
  const socket = request.raw.socket;
  const remote = (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const local = (socket.localAddress ?? '').replace(/^::ffff:/, '');
  return remote === '127.0.0.1' || remote === '::1' || (remote !== '' && remote === local);
}

/**
 * `POST /_control/<command>` with `Authorization: Bearer <secret>` and `{ "input": … }`: answers
 * `{ "result": … }`. Refused (404, as if absent) unless the request comes from this machine
 * without a proxy, and 403 without the secret. Not part of the public API or its documentation.
 */
export function registerControlRoutes(app: FastifyInstance, options: ControlOptions): void {
  const secret = digest(options.token);
  const commands = new Map(options.commands.map((c) => [c.name, c]));
  app.route({
    method: 'POST',
    url: `${CONTROL_PATH}:command`,
    schema: { hide: true },
    // Checked before the body is even read.
    onRequest: async (request) => {
      if (!fromThisMachine(request)) throw AppError.notFound();
      const given = bearerToken(request);
      if (!given || !timingSafeEqual(digest(given), secret)) throw AppError.forbidden();
    },
    handler: async (request) => {
      const command = commands.get((request.params as { command: string }).command);
      if (!command) throw AppError.notFound();
      // Strict: a key the server does not know is an option it would drop silently, so it is refused.
      const schema = command.input instanceof ZodObject ? command.input.strict() : command.input;
      const parsed = schema.safeParse((request.body as { input?: unknown } | undefined)?.input ?? {});
      if (!parsed.success) {
        throw AppError.badRequest(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      }
      request.log.info({ command: command.name }, 'control command');
      return { result: await command.run(parsed.data, request) };
    },
  });
}
