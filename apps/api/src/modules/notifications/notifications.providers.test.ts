import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsParts } from '@madreseh/contract/notifications/notifications.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kavenegarProvider, smsirProvider } from './providers';

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
