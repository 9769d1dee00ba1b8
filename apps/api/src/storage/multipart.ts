import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { ERROR_CODES, ERROR_MESSAGES } from '@madreseh/contract/errors';
import { IMAGE_LIMITS, UPLOAD_MESSAGES } from '@madreseh/contract/uploads';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normalizeInput } from '../http/persian-input';
import { AppError } from '../lib/errors';

export interface UploadForm<T> {
  /** The one file of the form, read whole (at most IMAGE_LIMITS.maxBytes). */
  file: Buffer;
  /** The text fields, validated by the endpoint's body schema. */
  fields: T;
}

/** The fields of an upload whose endpoint declares none: any sent are dropped. */
const NO_FIELDS = z.object({});

/**
 * Reads a multipart/form-data request holding exactly one file (any field name) and text fields,
 * validates the fields with the endpoint's body schema (none declared: no fields), and answers Persian
 * 4xx errors: 415 not multipart, 400 no file / two files / bad fields, 413 over 10 MB. The file's own
 * checks are `storeImage`'s.
 */
export async function readUploadForm<E extends Endpoint>(
  request: FastifyRequest,
  ep: E,
): Promise<UploadForm<E['body'] extends z.ZodType ? Infer<E['body']> : Record<string, never>>> {
  const schema: z.ZodType = ep.body ?? NO_FIELDS;
  if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.unsupportedMedia, UPLOAD_MESSAGES.notMultipart);
  const raw: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 30, fieldSize: 200_000, parts: 32 },
    })) {
      if (part.type === 'file') {
        file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        raw[part.fieldname] = normalizeInput(part.value, part.fieldname) as string;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, ERROR_CODES.tooLarge, UPLOAD_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest(UPLOAD_MESSAGES.tooManyFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
      throw AppError.badRequest();
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(415, ERROR_CODES.unsupportedMedia, UPLOAD_MESSAGES.notMultipart);
    }
    if (err instanceof Error && /multipart|boundary|Unexpected end/i.test(err.message)) throw AppError.badRequest();
    throw err;
  }
  if (!file || file.length === 0) throw AppError.badRequest(UPLOAD_MESSAGES.noFile, { file: UPLOAD_MESSAGES.noFile });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw AppError.badRequest(ERROR_MESSAGES.validation, fields);
  }
  return { file, fields: parsed.data as never };
}
