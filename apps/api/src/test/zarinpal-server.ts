import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_MERCHANT = '1344b5d4-0048-11e8-94db-005056a205be';

interface Session {
  amount: number;
  paid: boolean;
  verified: boolean;
  refId: number;
}

/**
 * A local HTTP server that speaks Zarinpal's v4 protocol (request, verify, unVerified), for tests:
 * no request leaves the machine. `pay(authority)` plays the payer completing the payment on the
 * gateway's page.
 */
export interface FakeZarinpal {
  baseUrl: string;
  sessions: Map<string, Session>;
  requests: Record<string, unknown>[];
  verifyCalls: number;
  /** While true, verify never answers (the client's timeout must end the wait). */
  hang: boolean;
  /** While true, verify answers only when `release()` is called (a slow gateway the test controls). */
  hold: boolean;
  /** Verify requests being held now. */
  readonly held: number;
  /** Answers every held verify. */
  release(): void;
  pay(authority: string): void;
  close(): Promise<void>;
}

let nextRef = 20_123_456_000;

export async function startFakeZarinpal(): Promise<FakeZarinpal> {
  const sessions = new Map<string, Session>();
  const heldAnswers: (() => void)[] = [];
  const fake = {
    sessions,
    requests: [] as Record<string, unknown>[],
    verifyCalls: 0,
    hang: false,
    hold: false,
    get held() {
      return heldAnswers.length;
    },
    release() {
      for (const answer of heldAnswers.splice(0)) answer();
    },
  } as FakeZarinpal;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const fail = (code: number, message: string) =>
        send(code === -9 ? 400 : 200, { data: [], errors: { code, message, validations: [] } });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return fail(-9, 'The input params invalid, validation error.');
      }
      if (body.merchant_id !== FAKE_MERCHANT) return fail(-11, 'Terminal is not active.');
      if (req.method === 'POST' && req.url === '/pg/v4/payment/request.json') {
        fake.requests.push(body);
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 1000) return fail(-9, 'The amount must be at least 1000.');
        const authority = `A${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}`;
        sessions.set(authority, { amount, paid: false, verified: false, refId: nextRef++ });
        return send(200, {
          data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 },
          errors: [],
        });
      }
      if (req.method === 'POST' && req.url === '/pg/v4/payment/verify.json') {
        fake.verifyCalls += 1;
        const answer = () => {
          const s = sessions.get(String(body.authority));
          if (!s) return fail(-54, 'Invalid authority.');
          if (Number(body.amount) !== s.amount)
            return fail(-50, 'Session is not valid, amounts values is not the same.');
          if (!s.paid) return fail(-51, 'Session is not valid, session is not active paid try.');
          if (s.verified) {
            return send(200, {
              data: { code: 101, message: 'Verified', ref_id: s.refId, card_pan: '502229******5995' },
              errors: [],
            });
          }
          s.verified = true;
          return send(200, {
            data: {
              code: 100,
              message: 'Paid',
              card_hash: 'hash',
              card_pan: '502229******5995',
              ref_id: s.refId,
              fee_type: 'Merchant',
              fee: 0,
            },
            errors: [],
          });
        };
        if (fake.hold) heldAnswers.push(answer);
        else if (!fake.hang) answer();
        return;
      }
      if (req.method === 'POST' && req.url === '/pg/v4/payment/unVerified.json') {
        const authorities = [...sessions.entries()]
          .filter(([, s]) => s.paid && !s.verified)
          .map(([authority, s]) => ({
            authority,
            amount: s.amount,
            callback_url: '',
            referer: '',
            date: new Date().toISOString(),
          }));
        return send(200, { data: { code: 100, message: 'Success', authorities }, errors: [] });
      }
      send(404, { data: [], errors: { code: -1, message: 'not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.pay = (authority) => {
    const s = sessions.get(authority);
    if (!s) throw new Error(`no session ${authority}`);
    s.paid = true;
  };
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
