import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsParts } from '@madreseh/contract/notifications/notifications.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kavenegarProvider, SMSIR_STATUS_BATCH, smsirProvider } from './providers';

// The SMS providers over HTTP, and how a text is counted in SMS parts.
describe('providers over HTTP', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/v1/BADKEY/')) {
          res.statusCode = 418;
          res.end(JSON.stringify({ return: { status: 418, message: 'اعتبار کافی نیست' }, entries: null }));
        } else if (req.url?.includes('/sms/send.json'))
          res.end(JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 8792343 }] }));
        else if (req.url?.includes('/sms/status.json'))
          res.end(JSON.stringify({ return: { status: 200 }, entries: [{ messageid: 8792343, status: 10 }] }));
        else if (req.url === '/v1/send/bulk')
          res.end(JSON.stringify({ status: 1, message: 'موفق', data: { packId: 'x', messageIds: [55], cost: 1 } }));
        else if (req.url === '/v1/send/55')
          res.end(JSON.stringify({ status: 1, data: { messageId: 55, deliveryState: 2 } }));
        else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('Kavenegar: key in the path, form fields receptor, sender, message; status 10 is delivered', async () => {
    const k = kavenegarProvider({ apiKey: 'KEY1', sender: '10004346', baseUrl: base });
    expect(await k.send('09121110001', 'سلام مدرسه')).toEqual({ ok: true, messageId: '8792343' });
    const req = seen.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/KEY1/sms/send.json');
    expect(req?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req?.body))).toEqual({
      receptor: '09121110001',
      message: 'سلام مدرسه',
      sender: '10004346',
    });
    expect(await k.status?.(['8792343'])).toEqual(new Map([['8792343', 'delivered']]));
  });

  it('sms.ir: X-API-KEY header, JSON lineNumber, messageText, mobiles; state 2 is not delivered', async () => {
    const s = smsirProvider({ apiKey: 'KEY2', sender: '30007732', baseUrl: base });
    expect(await s.send('09121110001', 'سلام مدرسه')).toEqual({ ok: true, messageId: '55' });
    const req = seen.at(-1);
    expect(req?.url).toBe('/v1/send/bulk');
    expect(req?.headers['x-api-key']).toBe('KEY2');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      lineNumber: 30007732,
      messageText: 'سلام مدرسه',
      mobiles: ['09121110001'],
    });
    expect(await s.status?.(['55'])).toEqual(new Map([['55', 'failed']]));
  });

  it('a refusal is a failed attempt with the provider’s reason', async () => {
    const k = kavenegarProvider({ apiKey: 'BADKEY', sender: '', baseUrl: base });
    expect(await k.send('09121110001', 'x')).toEqual({
      ok: false,
      error: 'kavenegar 418: اعتبار کافی نیست',
      permanent: true,
    });
  });
});

describe('one-time codes through the providers’ code routes', () => {
  let server: Server;
  let base: string;
  const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        const final = /^\/v1\/CODE(\d+)\//.exec(req.url ?? '');
        if (final) {
          res.statusCode = Number(final[1]);
          res.end(JSON.stringify({ return: { status: Number(final[1]), message: 'رد شد' }, entries: null }));
        } else if (req.url?.includes('/verify/lookup.json'))
          res.end(JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 8792350 }] }));
        else if (req.url === '/v1/send/verify')
          res.end(JSON.stringify({ status: 1, message: 'موفق', data: { messageId: 77, cost: 1 } }));
        else if (/^\/v1\/send\/\d+$/.test(req.url ?? '')) {
          const id = Number(req.url?.slice('/v1/send/'.length));
          res.end(JSON.stringify({ status: 1, data: { messageId: id, deliveryState: id % 100 } }));
        } else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('Kavenegar: verify/lookup with receptor, token and template', async () => {
    const k = kavenegarProvider({ apiKey: 'KEY1', sender: '10004346', baseUrl: base });
    expect(await k.sendCode?.('09121110001', '123456', 'madreseh-code')).toEqual({ ok: true, messageId: '8792350' });
    const req = seen.at(-1);
    expect(req?.url).toBe('/v1/KEY1/verify/lookup.json');
    expect(Object.fromEntries(new URLSearchParams(req?.body))).toEqual({
      receptor: '09121110001',
      token: '123456',
      template: 'madreseh-code',
    });
  });

  it('sms.ir: send/verify with the template id and the code as its CODE parameter', async () => {
    const s = smsirProvider({ apiKey: 'KEY2', sender: '30007732', baseUrl: base });
    expect(await s.sendCode?.('09121110001', '123456', '100200')).toEqual({ ok: true, messageId: '77' });
    const req = seen.at(-1);
    expect(req?.url).toBe('/v1/send/verify');
    expect(req?.headers['x-api-key']).toBe('KEY2');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      mobile: '09121110001',
      templateId: 100200,
      parameters: [{ name: 'CODE', value: '123456' }],
    });
  });

  it('Kavenegar answers that retrying cannot fix are final', async () => {
    for (const code of [401, 403, 407, 413, 420, 422, 501]) {
      const k = kavenegarProvider({ apiKey: `CODE${code}`, sender: '', baseUrl: base });
      const sent = await k.send('09121110001', 'x');
      expect(sent, String(code)).toMatchObject({ ok: false, permanent: true });
      expect(await k.sendCode?.('09121110001', '123456', 't'), String(code)).toMatchObject({ permanent: true });
    }
    // A fault on the provider's side is tried again.
    const busy = kavenegarProvider({ apiKey: 'CODE502', sender: '', baseUrl: base });
    expect(await busy.send('09121110001', 'x')).toMatchObject({ ok: false, permanent: false });
  });

  it('sms.ir: every delivery state is read, and one poll asks about a batch within its rate', async () => {
    const s = smsirProvider({ apiKey: 'KEY2', sender: '30007732', baseUrl: base });
    const states = await s.status?.(['101', '102', '103', '104', '105', '106', '107', '108']);
    expect(Object.fromEntries(states ?? [])).toEqual({
      '101': 'delivered',
      '102': 'failed',
      '104': 'failed',
      '106': 'failed',
      '107': 'failed',
    });
    const before = seen.length;
    await s.status?.(Array.from({ length: 50 }, (_, i) => String(200 + i)));
    expect(seen.length - before).toBe(SMSIR_STATUS_BATCH);
    expect(s.statusBatch).toBe(SMSIR_STATUS_BATCH);
  });
});

describe('SMS parts', () => {
  it('counts Persian at 70 in one part and 67 per part after', () => {
    expect(smsParts('س'.repeat(70))).toBe(1);
    expect(smsParts('س'.repeat(71))).toBe(2);
    expect(smsParts('س'.repeat(134))).toBe(2);
    expect(smsParts('س'.repeat(135))).toBe(3);
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('')).toBe(0);
  });
});
