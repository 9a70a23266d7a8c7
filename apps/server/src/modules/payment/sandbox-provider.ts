import { createHmac, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CASHIER_PAGE, type OnlineRechargeChannel } from '@portal/contracts/recharge';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import {
  NotificationRejected,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentState,
  type StartedPayment,
} from './payment-provider.ts';

/** The sandbox's notification headers: seconds since the epoch, and the hex HMAC of `timestamp\nbody`. */
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A notification signed longer ago (or further ahead) than this is refused: a replay. */
export const SANDBOX_NOTIFY_WINDOW_SECONDS = 300;
/** The task that delivers an approved payment's notification (retried until acknowledged). */
export const SANDBOX_NOTIFY_TASK = 'payment.sandboxNotify';

/**
 * The payer's decision as the sandbox keeps it: the payload of its notify task, whose id is
 * `sandboxTaskId(rechargeNo)`. One task per recharge makes approving twice a no-op and lets
 * `queryPayment` answer from the same record the notification is sent from (no table of its own).
 */
export const SandboxNotificationSchema = z.object({
  rechargeNo: z.string().min(1).max(40),
  tradeNo: z.string().min(1).max(64),
  amount: z.number().int().positive(),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
  state: z.enum(['paid', 'closed']),
  paidAt: z.iso.datetime(),
});
export type SandboxNotification = z.infer<typeof SandboxNotificationSchema>;

export const sandboxTaskId = (rechargeNo: string) => `sandbox-pay:${rechargeNo}`;

/** The sandbox's signing key, derived from the token secret (so every instance sharing it agrees). */
export const sandboxNotifyKey = (tokenSecret: string) =>
  createHmac('sha256', tokenSecret).update('payment-sandbox-notify-v1').digest();

export function signSandboxNotification(key: Buffer, body: string, timestamp: number): string {
  return createHmac('sha256', key).update(`${timestamp}\n${body}`).digest('hex');
}

/** The headers of one delivery of `body`, signed now (each retry is signed afresh, as providers do). */
export function sandboxNotificationHeaders(key: Buffer, body: string, now = Date.now()) {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
    [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(key, body, timestamp),
  };
}

const header = (headers: IncomingNotification['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The in-system payment provider (the default, the demo's and the tests'): its cashier is the portal's own
 * `/sandboxCashier` page, where the payer approves or declines (`PaySandbox/Decide`); an approval is sent
 * to `/pay/notify/sandbox` by the task runner, signed and retried like a real provider's notification.
 * Alipay opens the cashier URL; WeChat Pay shows the same URL as the QR code's text.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    tokenSecret: string,
    private readonly publicBaseUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = sandboxNotifyKey(tokenSecret);
  }

  /** The cashier page for a recharge; `payToken` is what the page presents back. */
  cashierUrl(rechargeNo: string, payToken: string): string {
    const query = new URLSearchParams({ rechargeNo, payToken });
    return `${this.publicBaseUrl}${SANDBOX_CASHIER_PAGE}?${query.toString()}`;
  }

  startPayment(channel: OnlineRechargeChannel, order: PaymentOrder): Promise<StartedPayment> {
    // The return URL carries the payToken (/payResult?rechargeNo=&payToken=): the cashier needs the same.
    const payToken = new URL(order.returnUrl).searchParams.get('payToken') ?? '';
    const cashierUrl = this.cashierUrl(order.rechargeNo, payToken);
    return Promise.resolve({ cashierUrl, codeUrl: channel === 'wechat' ? cashierUrl : null });
  }

  /** Headers for one delivery of a notification body (the notify task signs each attempt). */
  notificationHeaders(body: string): Record<string, string> {
    return sandboxNotificationHeaders(this.key, body, this.now());
  }

  verifyNotification(notification: IncomingNotification): Promise<PaymentState> {
    const timestamp = Number(header(notification.headers, SANDBOX_TIMESTAMP_HEADER));
    const signature = header(notification.headers, SANDBOX_SIGNATURE_HEADER) ?? '';
    const body = notification.rawBody.toString('utf8');
    const rechargeNo = readRechargeNo(body);
    if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
      throw new NotificationRejected('bad_signature', 'signature or timestamp missing', rechargeNo);
    const expected = Buffer.from(signSandboxNotification(this.key, body, timestamp), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      throw new NotificationRejected('bad_signature', 'signature does not match', rechargeNo);
    if (Math.abs(this.now() / 1000 - timestamp) > SANDBOX_NOTIFY_WINDOW_SECONDS)
      throw new NotificationRejected('bad_signature', 'timestamp outside the 5-minute window', rechargeNo);
    let parsed: SandboxNotification;
    try {
      parsed = SandboxNotificationSchema.parse(JSON.parse(body));
    } catch {
      throw new NotificationRejected('malformed', 'body is not a sandbox notification', rechargeNo);
    }
    return Promise.resolve(toState(parsed));
  }

  acknowledge(): NotificationAnswer {
    return { statusCode: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' };
  }

  refuse(reason: string): NotificationAnswer {
    return {
      statusCode: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'FAIL', message: reason.slice(0, 200) }),
    };
  }

  /** What the payer decided at the sandbox cashier: the notify task's payload, or nothing yet. */
  async queryPayment(_channel: OnlineRechargeChannel, rechargeNo: string): Promise<PaymentState> {
    const task = await this.db
      .selectFrom('tasks')
      .select('payload')
      .where('id', '=', sandboxTaskId(rechargeNo))
      .executeTakeFirst();
    if (!task) return { state: 'unknown', rechargeNo };
    return toState(SandboxNotificationSchema.parse(JSON.parse(task.payload)));
  }

  /** Nothing to close: the sandbox cashier only takes a decision on a pending recharge. */
  closePayment(): Promise<void> {
    return Promise.resolve();
  }
}

function toState(notification: SandboxNotification): PaymentState {
  return notification.state === 'paid'
    ? {
        state: 'paid',
        rechargeNo: notification.rechargeNo,
        tradeNo: notification.tradeNo,
        amount: notification.amount,
        currencyCode: notification.currencyCode,
        paidAt: new Date(notification.paidAt),
      }
    : { state: 'closed', rechargeNo: notification.rechargeNo, tradeNo: notification.tradeNo };
}

/** The recharge number of a refused notification, for the log (best effort). */
function readRechargeNo(body: string): string | null {
  try {
    const value = (JSON.parse(body) as { rechargeNo?: unknown }).rechargeNo;
    return typeof value === 'string' ? value.slice(0, 40) : null;
  } catch {
    return null;
  }
}
