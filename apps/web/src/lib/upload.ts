import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { ERROR_CODES, ERROR_MESSAGES, errorBodySchema } from '@madreseh/contract/errors';
import { IMAGE_LIMITS, UPLOAD_MESSAGES } from '@madreseh/contract/uploads';
import { ApiError, urlFor } from './api-client';
import { readToken } from './cookies';
import { actionAnswered, actionKey } from './idempotency';

export interface UploadInput {
  /** The one file of the form (sent as the `file` field). */
  file: Blob;
  /** Text fields beside the file; undefined values are left out. */
  fields?: Record<string, string | number | boolean | undefined>;
  /** Values for `:name` parameters of the endpoint's path. */
  params?: Record<string, string | number>;
  /** Called with 0…1 as the bytes go out (and 1 once the server answered). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file to a multipart contract endpoint with the bearer token, reporting progress
 * (XMLHttpRequest: fetch cannot report upload progress). Answers the endpoint's parsed response;
 * throws ApiError like `call()` (status 0 for network failures), or an AbortError when aborted.
 *
 *   const photo = await uploadFile(contract.gallery.create, { file, fields: { caption }, onProgress: setPct });
 */
export function uploadFile<E extends Endpoint>(ep: E, input: UploadInput): Promise<Infer<E['response']>> {
  if (ep.bodyKind !== 'multipart') throw new Error(`${ep.path} does not take uploads`);
  const tooLarge = input.file.size > IMAGE_LIMITS.maxBytes;
  if (tooLarge) return Promise.reject(new ApiError(413, ERROR_CODES.tooLarge, UPLOAD_MESSAGES.tooLarge));
  const form = new FormData();
  for (const [k, v] of Object.entries(input.fields ?? {})) if (v !== undefined) form.append(k, String(v));
  form.append('file', input.file, input.file instanceof File ? input.file.name : 'file');

  const url = urlFor(ep, input.params);
  // Money endpoints: the same upload sent again before an answer carries the same key (lib/idempotency).
  const f = input.file;
  const action = ep.idempotent
    ? `${ep.method} ${url} ${JSON.stringify(input.fields ?? {})} ${f instanceof File ? `${f.name}:${f.lastModified}` : ''}:${f.size}:${f.type}`
    : null;

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ep.method, url);
    xhr.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (action) xhr.setRequestHeader('idempotency-key', actionKey(action));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) input.onProgress?.(Math.min(e.loaded / e.total, 1));
    };
    const abort = () => xhr.abort();
    input.signal?.addEventListener('abort', abort, { once: true });
    const done = () => input.signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'network_error', ERROR_MESSAGES.network));
    };
    xhr.onload = () => {
      done();
      if (action) actionAnswered(action);
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = errorBodySchema.safeParse(json);
        if (parsed.success) {
          reject(new ApiError(xhr.status, parsed.data.code, parsed.data.message, parsed.data.fields));
        } else reject(new ApiError(xhr.status, ERROR_CODES.internal, ERROR_MESSAGES.unexpected));
        return;
      }
      input.onProgress?.(1);
      try {
        resolve((ep.response ? ep.response.parse(json) : json) as Infer<E['response']>);
      } catch {
        reject(new ApiError(xhr.status, ERROR_CODES.internal, ERROR_MESSAGES.unexpected));
      }
    };
    if (input.signal?.aborted) {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    xhr.send(form);
  });
}
