import { randomBytes } from 'node:crypto';
import { PAGES, pathWith } from '@madreseh/contract/paths';

/** What a gateway is asked to collect. Amounts are whole Rials. */
export interface GatewayRequest {
  amount: number;
  callbackUrl: string;
  description: string;
}

export type VerifyResult =
  | { ok: true; refId: string; cardPan: string | null; alreadyVerified: boolean }
  | { ok: false; code: number | null; reason: string; amountMismatch: boolean };

/** The gateway could not be reached or did not answer in time: the payment stays pending. */
export class GatewayUnavailableError extends Error {}
/** The gateway answered, and refused the request. */
export class GatewayRefusedError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Persian names of the gateways, for payers and for exports. */
export const GATEWAY_LABELS = { zarinpal: 'زرین‌پال', sandbox: 'درگاه آزمایشی' } as const;

export function gatewayLabel(name: string): string {
  return name in GATEWAY_LABELS ? GATEWAY_LABELS[name as keyof typeof GATEWAY_LABELS] : name;
}

/** An online payment gateway: ask for a payment, send the payer there, verify when they return. */
export interface PaymentGateway {
  readonly name: string;
  /** Persian name shown to payers. */
  readonly label: string;
  /** A test gateway that moves no money. */
  readonly test: boolean;
  /** How long a call to the gateway may take before it counts as unanswered. */
  readonly timeoutMs: number;
  request(input: GatewayRequest): Promise<{ authority: string }>;
  /** Where the payer goes to pay (absolute, or a path on this site). */
  redirectUrl(authority: string): string;
  /** Verifies a payment for the amount we stored; never the amount the payer or callback claims. */
  verify(input: { authority: string; amount: number }): Promise<VerifyResult>;
  /** Authorities paid at the gateway that nobody verified yet, when the gateway can list them. */
  unverified?(): Promise<string[]>;
}

export interface ZarinpalOptions {
  merchantId: string;
  /** e.g. https://payment.zarinpal.com or https://sandbox.zarinpal.com */
  baseUrl: string;
  timeoutMs: number;
}

interface ZarinpalAnswer {
  data?: { code?: number; authority?: string; ref_id?: number | string; card_pan?: string; message?: string } | [];
  errors?: { code?: number; message?: string } | [] | null;
}

/** Zarinpal payment gateway, protocol v4 (pg/v4/payment/request.json, StartPay, verify.json). */
export class ZarinpalGateway implements PaymentGateway {
  readonly name = 'zarinpal';
  readonly label = GATEWAY_LABELS.zarinpal;
  readonly test: boolean;
  readonly timeoutMs: number;

  constructor(private readonly options: ZarinpalOptions) {
    this.test = /sandbox/i.test(options.baseUrl);
    this.timeoutMs = options.timeoutMs;
  }

  private async post(path: string, body: Record<string, unknown>): Promise<ZarinpalAnswer> {
    let res: Response;
    try {
      res = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ merchant_id: this.options.merchantId, ...body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new GatewayUnavailableError(`zarinpal ${path}: ${(err as Error).name}`);
    }
    const text = await res.text().catch(() => '');
    let json: ZarinpalAnswer;
    try {
      json = JSON.parse(text) as ZarinpalAnswer;
    } catch {
      throw new GatewayUnavailableError(`zarinpal ${path}: HTTP ${res.status}, not JSON`);
    }
    if (res.status >= 500) throw new GatewayUnavailableError(`zarinpal ${path}: HTTP ${res.status}`);
    return json;
  }

  private static errorOf(json: ZarinpalAnswer): { code: number | null; message: string } {
    const e = json.errors && !Array.isArray(json.errors) ? json.errors : null;
    const d = json.data && !Array.isArray(json.data) ? json.data : null;
    return { code: e?.code ?? d?.code ?? null, message: e?.message ?? d?.message ?? 'unknown error' };
  }

  async request(input: GatewayRequest): Promise<{ authority: string }> {
    const json = await this.post('/pg/v4/payment/request.json', {
      amount: input.amount,
      currency: 'IRR',
      callback_url: input.callbackUrl,
      description: input.description,
    });
    const d = json.data && !Array.isArray(json.data) ? json.data : null;
    if (d?.code === 100 && typeof d.authority === 'string' && d.authority) return { authority: d.authority };
    const e = ZarinpalGateway.errorOf(json);
    throw new GatewayRefusedError(e.code, e.message);
  }

  redirectUrl(authority: string): string {
    return `${this.options.baseUrl.replace(/\/$/, '')}/pg/StartPay/${encodeURIComponent(authority)}`;
  }

  async verify({ authority, amount }: { authority: string; amount: number }): Promise<VerifyResult> {
    const json = await this.post('/pg/v4/payment/verify.json', { amount, authority });
    const d = json.data && !Array.isArray(json.data) ? json.data : null;
    if ((d?.code === 100 || d?.code === 101) && d.ref_id !== undefined && d.ref_id !== null) {
      return { ok: true, refId: String(d.ref_id), cardPan: d.card_pan ?? null, alreadyVerified: d.code === 101 };
    }
    const e = ZarinpalGateway.errorOf(json);
    // -50: the amount does not match the session; -51: the session failed (not paid).
    return { ok: false, code: e.code, reason: e.message, amountMismatch: e.code === -50 };
  }

  async unverified(): Promise<string[]> {
    const json = await this.post('/pg/v4/payment/unVerified.json', {});
    const d = json.data as { code?: number; authorities?: { authority?: string }[] } | undefined;
    if (!d || Array.isArray(d) || d.code !== 100 || !Array.isArray(d.authorities)) return [];
    return d.authorities.map((a) => a.authority).filter((a): a is string => typeof a === 'string');
  }
}

/** Ten digits from the authority: numeric and short like a real reference, and stable across verifies. */
export function sandboxRefId(authority: string): string {
  return String(BigInt(`0x${authority.slice(3, 19)}`) % 10_000_000_000n).padStart(10, '0');
}

/**
 * The built-in test gateway: our own page where the payer chooses success or failure. It moves no
 * money; the payer's choice arrives as the callback's Status, and verification confirms it.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly label = GATEWAY_LABELS.sandbox;
  readonly test = true;
  readonly timeoutMs = 1_000;

  async request(): Promise<{ authority: string }> {
    return { authority: `SBX${randomBytes(16).toString('hex').toUpperCase()}` };
  }

  redirectUrl(authority: string): string {
    return pathWith(PAGES.paymentSandbox, { authority });
  }

  async verify({ authority }: { authority: string; amount: number }): Promise<VerifyResult> {
    if (!/^SBX[0-9A-F]{32}$/.test(authority)) {
      return { ok: false, code: null, reason: 'unknown authority', amountMismatch: false };
    }
    // A short number as a bank's gateway gives (ZarinPal's ref_id is one), the same for every verify.
    return { ok: true, refId: sandboxRefId(authority), cardPan: null, alreadyVerified: false };
  }
}

export interface PaymentsConfig {
  /** The address payers reach this site at, for gateway callbacks; the request's host when absent. */
  publicUrl?: string;
  sandboxGateway: boolean;
  zarinpal?: ZarinpalOptions;
}

export const DEFAULT_PAYMENTS_CONFIG: PaymentsConfig = { sandboxGateway: true };

/** The gateways the configuration turns on, real ones first. */
export function gatewaysFrom(config: PaymentsConfig): Map<string, PaymentGateway> {
  const map = new Map<string, PaymentGateway>();
  if (config.zarinpal) map.set('zarinpal', new ZarinpalGateway(config.zarinpal));
  if (config.sandboxGateway) map.set('sandbox', new SandboxGateway());
  return map;
}
