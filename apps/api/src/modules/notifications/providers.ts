import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SmsProviderName } from '@madreseh/contract/notifications/notifications.contract';

/** What a provider answered for one message: its id (for delivery reports), or why it failed. */
export type SendResult = { ok: true; messageId: string | null } | { ok: false; error: string; permanent?: boolean };

export type DeliveryState = 'sent' | 'delivered' | 'failed';

/** One SMS service. Calls happen outside any transaction; a throw counts as a failed attempt. */
export interface SmsProvider {
  name: SmsProviderName;
  send(mobile: string, text: string): Promise<SendResult>;
  /**
   * Sends a one-time code through the provider's code route with a template made in its panel
   * (Kavenegar `verify/lookup`, sms.ir `send/verify`): these reach numbers that block advertising SMS.
   */
  sendCode?(mobile: string, code: string, template: string): Promise<SendResult>;
  /** Delivery state of sent messages by provider id, where the provider reports it. */
  status?(messageIds: string[]): Promise<Map<string, DeliveryState>>;
  /** How many messages one delivery poll asks about (the provider's rate limit); 100 if not said. */
  statusBatch?: number;
}

export interface FakeSms {
  mobile: string;
  text: string;
  messageId: string;
  at: Date;
}

/** What the fake provider would have sent (demo and tests read it); newest last, the last 500 kept. */
export const fakeSmsLog: FakeSms[] = [];

/** Sends nothing: records the message. `failNext` makes the next sends fail (tests of retries). */
export function fakeProvider(options: { failNext?: () => string | null } = {}): SmsProvider {
  return {
    name: 'fake',
    async send(mobile, text) {
      const failure = options.failNext?.();
      if (failure) return { ok: false, error: failure };
      const messageId = `fake-${Date.now().toString(36)}-${fakeSmsLog.length}`;
      fakeSmsLog.push({ mobile, text, messageId, at: new Date() });
      if (fakeSmsLog.length > 500) fakeSmsLog.splice(0, fakeSmsLog.length - 500);
      return { ok: true, messageId };
    },
    async status(ids) {
      return new Map(ids.map((id) => [id, 'delivered' as const]));
    },
  };
}

export interface HttpProviderOptions {
  apiKey: string;
  sender: string;
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

/**
 * One HTTP call answering its status and parsed JSON body. Through node:http rather than fetch: fetch
 * turns a 407 answer (Kavenegar's «line not allowed») into a bare network error, losing the status.
 */
function callJson(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | URLSearchParams },
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  const payload = init.body === undefined ? undefined : String(init.body);
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: init.method,
        headers: { ...init.headers, ...(payload ? { 'content-length': String(Buffer.byteLength(payload)) } : {}) },
        timeout: timeoutMs,
      },
      (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          raw += chunk;
        });
        res.on('end', () => {
          let body: unknown = null;
          try {
            body = raw ? JSON.parse(raw) : null;
          } catch {
            body = raw.slice(0, 200);
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const KAVENEGAR_DELIVERED = new Set([10]);
/** Not delivered, for good: 6 failed at the operator, 11 not delivered, 13/14 cancelled or blocked, 100 unknown id. */
const KAVENEGAR_FAILED = new Set([6, 11, 13, 14, 100]);
/**
 * Answers retrying cannot fix: a bad or disabled key or account (401, 403), a line not allowed (407,
 * 413, 418 no credit, 420 a lookup template not allowed), a bad number or message (411, 412, 414),
 * a wrong template or token (422), and a number's operator not served (501).
 */
const KAVENEGAR_FINAL = new Set([401, 403, 407, 411, 412, 413, 414, 418, 420, 422, 501]);

type KavenegarAnswer = { return?: { status?: number; message?: string }; entries?: { messageid?: number }[] } | null;

function kavenegarResult(status: number, body: unknown): SendResult {
  const b = body as KavenegarAnswer;
  const code = b?.return?.status ?? status;
  if (status === 200 && code === 200) {
    const id = b?.entries?.[0]?.messageid;
    return { ok: true, messageId: id === undefined ? null : String(id) };
  }
  return {
    ok: false,
    error: `kavenegar ${code}: ${b?.return?.message ?? 'no answer'}`,
    permanent: KAVENEGAR_FINAL.has(code) || status === 401 || status === 403,
  };
}

/**
 * Kavenegar's REST API (https://kavenegar.com/rest.html): `POST /v1/{API-KEY}/sms/send.json` with
 * form fields receptor, sender, message; `POST /v1/{API-KEY}/verify/lookup.json` with receptor, token
 * and template for one-time codes; `GET /v1/{API-KEY}/sms/status.json?messageid=…` (up to 500 ids
 * at once) for delivery (10 delivered; 6, 11, 13, 14, 100 not delivered).
 */
export function kavenegarProvider({ apiKey, sender, baseUrl, timeoutMs = 10_000 }: HttpProviderOptions): SmsProvider {
  const base = `${(baseUrl ?? 'https://api.kavenegar.com').replace(/\/+$/, '')}/v1/${encodeURIComponent(apiKey)}`;
  const post = (path: string, form: URLSearchParams) =>
    callJson(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form },
      timeoutMs,
    );
  return {
    name: 'kavenegar',
    async send(mobile, text) {
      const form = new URLSearchParams({ receptor: mobile, message: text });
      if (sender) form.set('sender', sender);
      const { status, body } = await post('/sms/send.json', form);
      return kavenegarResult(status, body);
    },
    async sendCode(mobile, code, template) {
      const { status, body } = await post(
        '/verify/lookup.json',
        new URLSearchParams({ receptor: mobile, token: code, template }),
      );
      return kavenegarResult(status, body);
    },
    async status(ids) {
      const out = new Map<string, DeliveryState>();
      for (let i = 0; i < ids.length; i += 500) {
        const { status, body } = await callJson(
          `${base}/sms/status.json?messageid=${ids
            .slice(i, i + 500)
            .map(encodeURIComponent)
            .join(',')}`,
          { method: 'GET' },
          timeoutMs,
        );
        if (status !== 200) return out;
        for (const e of (body as { entries?: { messageid?: number; status?: number }[] } | null)?.entries ?? []) {
          if (e.messageid === undefined || e.status === undefined) continue;
          if (KAVENEGAR_DELIVERED.has(e.status)) out.set(String(e.messageid), 'delivered');
          else if (KAVENEGAR_FAILED.has(e.status)) out.set(String(e.messageid), 'failed');
        }
      }
      return out;
    },
  };
}

/**
 * sms.ir's delivery states (`deliveryState` of `GET /v1/send/{messageId}`), all eight: 1 delivered to
 * the phone; 2 not delivered to the phone, 4 not delivered to the operator, 6 failed, 7 the number is
 * on the blacklist (refuses advertising SMS) — final; 3 at the telecom, 5 at the operator, 8 unknown
 * yet — still on the way, asked again later.
 */
export const SMSIR_DELIVERY: Record<number, DeliveryState> = {
  1: 'delivered',
  2: 'failed',
  3: 'sent',
  4: 'failed',
  5: 'sent',
  6: 'failed',
  7: 'failed',
  8: 'sent',
};
/**
 * Delivery reports asked of sms.ir in one poll, one request each, one after the other: well inside its
 * per-key request rate; the rest wait for the next poll (every send interval).
 */
export const SMSIR_STATUS_BATCH = 20;

/** The parameter of an sms.ir code template that takes the code («#CODE#» in the template's text). */
export const SMSIR_CODE_PARAMETER = 'CODE';

/**
 * sms.ir's REST API v1 (https://app.sms.ir/developer/help): `POST /v1/send/bulk` with header
 * `X-API-KEY` and JSON { lineNumber, messageText, mobiles }; `POST /v1/send/verify` with JSON
 * { mobile, templateId, parameters: [{ name, value }] } for one-time codes; `GET /v1/send/{messageId}`
 * for the delivery state (`SMSIR_DELIVERY`).
 */
export function smsirProvider({ apiKey, sender, baseUrl, timeoutMs = 10_000 }: HttpProviderOptions): SmsProvider {
  const base = (baseUrl ?? 'https://api.sms.ir').replace(/\/+$/, '');
  const headers = { 'x-api-key': apiKey, accept: 'application/json' };
  const post = async (path: string, json: unknown): Promise<SendResult> => {
    const { status, body } = await callJson(
      `${base}${path}`,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(json) },
      timeoutMs,
    );
    const b = body as {
      status?: number;
      message?: string;
      data?: { messageIds?: number[]; messageId?: number };
    } | null;
    if (status === 200 && b?.status === 1) {
      const id = b.data?.messageIds?.[0] ?? b.data?.messageId;
      return { ok: true, messageId: id === undefined ? null : String(id) };
    }
    return {
      ok: false,
      error: `sms.ir ${b?.status ?? status}: ${b?.message ?? 'no answer'}`,
      permanent: status === 400 || status === 401 || status === 403,
    };
  };
  return {
    name: 'smsir',
    statusBatch: SMSIR_STATUS_BATCH,
    send: (mobile, text) =>
      post('/v1/send/bulk', { lineNumber: Number(sender) || sender, messageText: text, mobiles: [mobile] }),
    sendCode: (mobile, code, template) =>
      post('/v1/send/verify', {
        mobile,
        templateId: Number(template) || template,
        parameters: [{ name: SMSIR_CODE_PARAMETER, value: code }],
      }),
    async status(ids) {
      const out = new Map<string, DeliveryState>();
      for (const id of ids.slice(0, SMSIR_STATUS_BATCH)) {
        const { status, body } = await callJson(
          `${base}/v1/send/${encodeURIComponent(id)}`,
          { method: 'GET', headers },
          timeoutMs,
        );
        if (status === 429) break;
        const state = (body as { data?: { deliveryState?: number } } | null)?.data?.deliveryState;
        if (status !== 200 || state === undefined) continue;
        const mapped = SMSIR_DELIVERY[state];
        if (mapped && mapped !== 'sent') out.set(id, mapped);
      }
      return out;
    },
  };
}

export function providerOf(name: SmsProviderName, options: HttpProviderOptions): SmsProvider {
  if (name === 'kavenegar') return kavenegarProvider(options);
  if (name === 'smsir') return smsirProvider(options);
  return fakeProvider();
}
