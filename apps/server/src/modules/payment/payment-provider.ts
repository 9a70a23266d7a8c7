import type { OnlineRechargeChannel, PaymentProviderName } from '@portal/contracts/recharge';

/**
 * One interface over every payment provider (issue 11): the sandbox (default: a cashier page inside the
 * system that notifies like a provider), Alipay (RSA2) and WeChat Pay API v3 (Native). The recharge
 * module knows recharges and the wallet; a provider knows only its protocol. No provider ever credits a
 * wallet: it answers what it verified, and the recharge module decides (exactly once).
 *
 * A provider never makes a network call in tests: the real ones take their HTTP through `PaymentHttp`,
 * which tests replace with a fake playing the provider's part (with key pairs generated in the test).
 */

/** What is being paid. Amounts are integer minor units of `currencyCode` (Alipay and WeChat Pay: CNY). */
export interface PaymentOrder {
  rechargeNo: string;
  amount: number;
  currencyCode: string;
  /** Shown to the payer: "账户充值 C100023" (the provider's `subject` / `description`). */
  subject: string;
  /** Absolute URL the provider notifies (PAY_NOTIFY_PATHS under PUBLIC_BASE_URL). */
  notifyUrl: string;
  /** Absolute URL the payer's browser returns to (/payResult?rechargeNo=&payToken=). */
  returnUrl: string;
  /** The payment is closed at the provider after this. */
  expiresAt: Date;
}

/** How the payer pays: open a cashier page (Alipay, the sandbox) or scan a code (WeChat Pay Native). */
export interface StartedPayment {
  cashierUrl: string | null;
  codeUrl: string | null;
}

/** A notification's HTTP request as it arrived: headers (lower-case names) and the raw body bytes. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/**
 * What a verified notification or an order query says about a payment. `amount` in minor units as the
 * provider reported it (the recharge module compares it with the recharge's own amount).
 */
export type PaymentState =
  | { state: 'paid'; rechargeNo: string; tradeNo: string; amount: number; currencyCode: string; paidAt: Date }
  | { state: 'closed'; rechargeNo: string; tradeNo: string | null }
  | { state: 'pending'; rechargeNo: string }
  /** The provider does not know the order (never started, or the payer never opened the cashier). */
  | { state: 'unknown'; rechargeNo: string };

/** Why a notification was refused; logged in `payment_notifications` with the outcome of the same name. */
export class NotificationRejected extends Error {
  constructor(
    readonly outcome: 'bad_signature' | 'app_mismatch' | 'malformed',
    detail: string,
    /** The recharge number, when it could be read before the refusal. */
    readonly rechargeNo: string | null = null,
  ) {
    super(detail);
  }
}

/** The exact HTTP answer a provider expects to a notification (Alipay: the text `success`; WeChat Pay: 200/204). */
export interface NotificationAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

export interface PaymentProvider {
  readonly name: Exclude<PaymentProviderName, 'staff'>;
  /** Starts the payment at the provider (Alipay page pay URL, WeChat Pay Native code_url). */
  startPayment(channel: OnlineRechargeChannel, order: PaymentOrder): Promise<StartedPayment>;
  /**
   * Verifies a notification exactly as the provider documents (signature, app id, decryption) and says
   * what it reports; throws NotificationRejected when it cannot be trusted.
   */
  verifyNotification(notification: IncomingNotification): Promise<PaymentState>;
  /** The answer that stops the provider's retries, and the one that asks it to retry later. */
  acknowledge(): NotificationAnswer;
  refuse(reason: string): NotificationAnswer;
  /** Asks the provider for a payment's state, for when a notification never comes. */
  queryPayment(channel: OnlineRechargeChannel, rechargeNo: string): Promise<PaymentState>;
  /** Closes an unpaid payment at the provider so it can no longer be paid (expiry). */
  closePayment(channel: OnlineRechargeChannel, rechargeNo: string): Promise<void>;
}

/** The real providers' HTTP, one seam for tests (no network in tests). */
export interface PaymentHttp {
  request(input: {
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    body?: string;
  }): Promise<{ status: number; headers: Record<string, string>; body: string }>;
}

/** `fetch` as PaymentHttp: the default for the real providers. */
export const fetchPaymentHttp: PaymentHttp = {
  async request({ method, url, headers, body }) {
    const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(10_000) });
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: await response.text(),
    };
  },
};
