import type { SmsProviderName } from '@madreseh/contract/notifications/notifications.contract';

/** What a provider answered for one message: its id (for delivery reports), or why it failed. */
export type SendResult = { ok: true; messageId: string | null } | { ok: false; error: string; permanent?: boolean };

export type DeliveryState = 'sent' | 'delivered' | 'failed';

/** One SMS service. Calls happen outside any transaction; a throw counts as a failed attempt. */
export interface SmsProvider {
  name: SmsProviderName;
  send(mobile: string, text: string): Promise<SendResult>;
  /** Delivery state of sent messages by provider id, where the provider reports it. */
  status?(messageIds: string[]): Promise<Map<string, DeliveryState>>;
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

async function callJson(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const raw = await res.text();
  let body: unknown = null;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    body = raw.slice(0, 200);
  }
  return { status: res.status, body };
}

/** Persian and Arabic digits are never in a number a provider accepts; Iranian mobiles go as 09…. */
const KAVENEGAR_DELIVERED = new Set([10]);
const KAVENEGAR_FAILED = new Set([6, 11, 13, 14, 100]);

/**
 * Kavenegar's REST API (https://kavenegar.com/rest.html): `POST /v1/{API-KEY}/sms/send.json` with
 * form fields receptor, sender, message; `GET /v1/{API-KEY}/sms/status.json?messageid=…` for
 * delivery (10 delivered; 6, 11, 13, 14, 100 not delivered).
 */
export function kavenegarProvider({ apiKey, sender, baseUrl, timeoutMs = 10_000 }: HttpProviderOptions): SmsProvider {
  const base = `${(baseUrl ?? 'https://api.kavenegar.com').replace(/\/+$/, '')}/v1/${encodeURIComponent(apiKey)}`;
  return {
    name: 'kavenegar',
    async send(mobile, text) {
      const form = new URLSearchParams({ receptor: mobile, message: text });
      if (sender) form.set('sender', sender);
      const { status, body } = await callJson(
        `${base}/sms/send.json`,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form },
        timeoutMs,
      );
      const b = body as { return?: { status?: number; message?: string }; entries?: { messageid?: number }[] } | null;
      const code = b?.return?.status ?? status;
      if (status === 200 && code === 200) {
        const id = b?.entries?.[0]?.messageid;
        return { ok: true, messageId: id === undefined ? null : String(id) };
      }
      // 400s name a bad number or message, 401/403 a bad key or line: trying again will not help.
      return {
        ok: false,
        error: `kavenegar ${code}: ${b?.return?.message ?? 'no answer'}`,
        permanent: code === 411 || code === 412 || code === 414 || code === 418,
      };
    },
    async status(ids) {
      const out = new Map<string, DeliveryState>();
      if (!ids.length) return out;
      const { status, body } = await callJson(
        `${base}/sms/status.json?messageid=${ids.map(encodeURIComponent).join(',')}`,
        { method: 'GET' },
        timeoutMs,
      );
      if (status !== 200) return out;
      for (const e of (body as { entries?: { messageid?: number; status?: number }[] } | null)?.entries ?? []) {
        if (e.messageid === undefined || e.status === undefined) continue;
        if (KAVENEGAR_DELIVERED.has(e.status)) out.set(String(e.messageid), 'delivered');
        else if (KAVENEGAR_FAILED.has(e.status)) out.set(String(e.messageid), 'failed');
      }
      return out;
    },
  };
}

/**
 * sms.ir's REST API v1 (https://app.sms.ir/developer/help): `POST /v1/send/bulk` with header
 * `X-API-KEY` and JSON { lineNumber, messageText, mobiles }; `GET /v1/send/{messageId}` for the
 * delivery state (1 delivered to the phone; 2, 4, 6 not delivered).
 */
export function smsirProvider({ apiKey, sender, baseUrl, timeoutMs = 10_000 }: HttpProviderOptions): SmsProvider {
  const base = (baseUrl ?? 'https://api.sms.ir').replace(/\/+$/, '');
  const headers = { 'x-api-key': apiKey, accept: 'application/json' };
  return {
    name: 'smsir',
    async send(mobile, text) {
      const { status, body } = await callJson(
        `${base}/v1/send/bulk`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ lineNumber: Number(sender) || sender, messageText: text, mobiles: [mobile] }),
        },
        timeoutMs,
      );
      const b = body as { status?: number; message?: string; data?: { messageIds?: number[] } } | null;
      if (status === 200 && b?.status === 1) {
        const id = b.data?.messageIds?.[0];
        return { ok: true, messageId: id === undefined ? null : String(id) };
      }
      return {
        ok: false,
        error: `sms.ir ${b?.status ?? status}: ${b?.message ?? 'no answer'}`,
        permanent: status === 400 || status === 401,
      };
    },
    async status(ids) {
      const out = new Map<string, DeliveryState>();
      for (const id of ids) {
        const { status, body } = await callJson(
          `${base}/v1/send/${encodeURIComponent(id)}`,
          { method: 'GET', headers },
          timeoutMs,
        );
        const state = (body as { data?: { deliveryState?: number } } | null)?.data?.deliveryState;
        if (status !== 200 || state === undefined) continue;
        if (state === 1) out.set(id, 'delivered');
        else if (state === 2 || state === 4 || state === 6) out.set(id, 'failed');
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
