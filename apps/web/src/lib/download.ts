import { ERROR_CODES, ERROR_MESSAGES, errorBodySchema } from '@madreseh/contract/errors';
import { ApiError } from './api-client';
import { readToken } from './cookies';

/**
 * Downloads a file endpoint (an export, an import template) with the bearer token and saves it
 * under `fileName`. A refusal throws an ApiError carrying the server's Persian message.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      cache: 'no-store',
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', ERROR_MESSAGES.network);
  }
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(await res.json().catch(() => null));
    if (parsed.success) throw new ApiError(res.status, parsed.data.code, parsed.data.message, parsed.data.fields);
    throw new ApiError(res.status, ERROR_CODES.internal, ERROR_MESSAGES.unexpected);
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
