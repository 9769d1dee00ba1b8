import { endpoint } from '@madreseh/contract/endpoint';
import { UPLOAD_MESSAGES } from '@madreseh/contract/uploads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { uploadFile } from './upload';

const ep = endpoint({
  method: 'POST',
  path: 'panel/things/:id/photo',
  access: ['admin'],
  summary: 'test',
  bodyKind: 'multipart',
  params: z.object({ id: z.number() }),
  response: z.object({ key: z.string() }),
});

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

interface FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  status: number;
  responseText: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
}

/** A stand-in XMLHttpRequest that records the request and lets the test answer it. */
function fakeXhr(answer: (x: FakeXhr) => void) {
  const sent: Sent[] = [];
  class Fake implements FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private req: Partial<Sent> = { headers: {} };
    open(method: string, url: string) {
      this.req.method = method;
      this.req.url = url;
    }
    setRequestHeader(k: string, v: string) {
      (this.req.headers as Record<string, string>)[k] = v;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ ...(this.req as Sent), body });
      answer(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', Fake);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'token=; max-age=0; path=/';
});

describe('uploadFile', () => {
  it('posts the file and fields with the bearer token and reports progress', async () => {
    document.cookie = 'token=abc123; path=/';
    const sent = fakeXhr((x) => {
      x.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      x.status = 201;
      x.responseText = JSON.stringify({ key: 'things/2026/aa' });
      x.onload?.();
    });
    const progress: number[] = [];
    const answer = await uploadFile(ep, {
      file: new File(['x'], 'a.png', { type: 'image/png' }),
      fields: { caption: 'عکس', skip: undefined },
      params: { id: 7 },
      onProgress: (f) => progress.push(f),
    });
    expect(answer).toEqual({ key: 'things/2026/aa' });
    expect(progress).toEqual([0.5, 1]);
    const [req] = sent;
    if (!req) throw new Error('nothing was sent');
    expect(req.url).toBe('/api/v1/panel/things/7/photo');
    expect(req.headers.authorization).toBe('Bearer abc123');
    expect(req.body.get('caption')).toBe('عکس');
    expect(req.body.has('skip')).toBe(false);
    expect((req.body.get('file') as File).name).toBe('a.png');
  });

  it('turns an error answer into an ApiError with the Persian message', async () => {
    fakeXhr((x) => {
      x.status = 415;
      x.responseText = JSON.stringify({ code: 'unsupported_media_type', message: UPLOAD_MESSAGES.notImage });
      x.onload?.();
    });
    const err = await uploadFile(ep, { file: new Blob(['<html>']), params: { id: 1 } }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 415, message: UPLOAD_MESSAGES.notImage });
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const sent = fakeXhr(() => {});
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    await expect(uploadFile(ep, { file: big, params: { id: 1 } })).rejects.toMatchObject({ status: 413 });
    expect(sent).toHaveLength(0);
  });

  it('sends a money upload again after a network failure with the same Idempotency-Key, and a new one after an answer', async () => {
    const money = { ...ep, idempotent: true };
    let fail = true;
    const sent = fakeXhr((x) => {
      if (fail) return x.onerror?.();
      x.status = 201;
      x.responseText = JSON.stringify({ key: 'receipts/2026/aa' });
      x.onload?.();
    });
    const file = new File(['x'], 'receipt.png', { type: 'image/png', lastModified: 1 });
    const send = () => uploadFile(money, { file, fields: { trackingNumber: '556677' }, params: { id: 3 } });
    await expect(send()).rejects.toMatchObject({ status: 0 });
    fail = false;
    await send();
    await send();
    const keys = sent.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    // Uploads that change no money carry no key.
    await uploadFile(ep, { file, params: { id: 3 } });
    expect(sent.at(-1)?.headers['idempotency-key']).toBeUndefined();
  });

  it('reports a network failure as status 0', async () => {
    fakeXhr((x) => x.onerror?.());
    await expect(uploadFile(ep, { file: new Blob(['x']), params: { id: 1 } })).rejects.toMatchObject({ status: 0 });
  });
});
