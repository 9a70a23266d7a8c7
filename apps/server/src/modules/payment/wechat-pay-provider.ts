import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { OnlineRechargeChannel } from '@portal/contracts/recharge';
import { ConfigError, type PaymentsConfig } from '../../config.ts';
import {
  NotificationRejected,
  fetchPaymentHttp,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentHttp,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentState,
  type StartedPayment,
} from './payment-provider.ts';
import {
  PaymentProviderError,
  formatChinaRfc3339,
  headerValue,
  loadPrivateKey,
  loadPublicKey,
  parseRfc3339,
  plausibleRechargeNo,
} from './provider-support.ts';

/**
 * WeChat Pay API v3, Native payment (the payer scans `code_url`), as the official SDKs and the documents
 * define it:
 * - every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,
 *   timestamp=…,serial_no=…`, the signature RSA-SHA256 with the merchant key over
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - every answer and notification is verified with the platform public key over
 *   `Wechatpay-Timestamp\nWechatpay-Nonce\nBODY\n` (`Wechatpay-Serial` must name that key; a timestamp more
 *   than 5 minutes off is refused, so a recorded message cannot be replayed later);
 * - a notification's resource is AEAD_AES_256_GCM with the APIv3 key (the ciphertext's last 16 bytes are
 *   the tag); it is acknowledged with 204 and no body, refused with 500 and `{"code":"FAIL",…}`.
 */
export type WechatPayConfig = Extract<PaymentsConfig['wechat'], { provider: 'wechat' }>;

const SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
const GCM_TAG_BYTES = 16;
const CURRENCY = 'CNY';
const USER_AGENT = 'parcel-portal (WeChat Pay API v3)';

/** The text a request's signature covers. `pathAndQuery` is the URL's raw path and query. */
export function wechatPayRequestMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The text an answer's or a notification's signature covers. */
export function wechatPayResponseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** A notification's `resource`: AEAD_AES_256_GCM with the APIv3 key. Throws when it does not decrypt. */
export function decryptWechatPayResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | null },
): string {
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= GCM_TAG_BYTES) throw new Error('the ciphertext is shorter than its tag');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/** Why a signed message was not trusted (the caller turns it into its own refusal). */
class UntrustedMessage extends Error {}

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  private readonly privateKey: KeyObject;
  private readonly platformPublicKey: KeyObject;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly http: PaymentHttp = fetchPaymentHttp,
    private readonly now: () => Date = () => new Date(),
  ) {
    if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32)
      throw new ConfigError('Invalid configuration:\n  WECHAT_PAY_API_V3_KEY: must be 32 bytes');
    this.privateKey = loadPrivateKey(config.privateKey, 'WECHAT_PAY_PRIVATE_KEY');
    this.platformPublicKey = loadPublicKey(config.platformPublicKey, 'WECHAT_PAY_PLATFORM_PUBLIC_KEY');
  }

  async startPayment(channel: OnlineRechargeChannel, order: PaymentOrder): Promise<StartedPayment> {
    this.assertChannel(channel);
    if (order.currencyCode !== CURRENCY)
      throw new PaymentProviderError(
        'wechat',
        'currency',
        `WeChat Pay Native takes CNY, not ${order.currencyCode}`,
      );
    const answer = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: order.subject,
      out_trade_no: order.rechargeNo,
      time_expire: formatChinaRfc3339(order.expiresAt),
      notify_url: order.notifyUrl,
      amount: { total: order.amount, currency: CURRENCY },
    });
    if (answer.status !== 200) throw errorOf(answer);
    const codeUrl = (answer.json as { code_url?: unknown } | null)?.code_url;
    if (typeof codeUrl !== 'string' || codeUrl === '')
      throw new PaymentProviderError('wechat', 'malformed', 'the answer has no code_url');
    return { cashierUrl: null, codeUrl };
  }

  async verifyNotification(notification: IncomingNotification): Promise<PaymentState> {
    const body = notification.rawBody.toString('utf8');
    try {
      this.verifySigned((name) => headerValue(notification.headers, name), body);
    } catch (error) {
      if (error instanceof UntrustedMessage) throw new NotificationRejected('bad_signature', error.message);
      throw error;
    }
    let resource: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown };
    try {
      const envelope = JSON.parse(body) as { resource?: typeof resource };
      if (!envelope.resource || typeof envelope.resource !== 'object') throw new Error('no resource');
      resource = envelope.resource;
    } catch (error) {
      throw new NotificationRejected(
        'malformed',
        `the body is not a notification: ${(error as Error).message}`,
      );
    }
    if (resource.algorithm !== 'AEAD_AES_256_GCM')
      throw new NotificationRejected('malformed', `resource algorithm ${String(resource.algorithm)}`);
    if (typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string')
      throw new NotificationRejected('malformed', 'resource without ciphertext or nonce');
    let transaction: Record<string, unknown>;
    try {
      transaction = JSON.parse(
        decryptWechatPayResource(this.config.apiV3Key, {
          ciphertext: resource.ciphertext,
          nonce: resource.nonce,
          associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : null,
        }),
      ) as Record<string, unknown>;
    } catch (error) {
      // Signed by the platform but not sealed with our APIv3 key: not a message for us.
      throw new NotificationRejected(
        'bad_signature',
        `the resource does not decrypt: ${(error as Error).message}`,
      );
    }
    const rechargeNo = plausibleRechargeNo(transaction.out_trade_no);
    if (transaction.appid !== this.config.appId)
      throw new NotificationRejected(
        'app_mismatch',
        `appid ${String(transaction.appid)} is not ours`,
        rechargeNo,
      );
    if (transaction.mchid !== this.config.mchId)
      throw new NotificationRejected(
        'app_mismatch',
        `mchid ${String(transaction.mchid)} is not ours`,
        rechargeNo,
      );
    if (!rechargeNo) throw new NotificationRejected('malformed', 'no out_trade_no');
    try {
      return transactionState(rechargeNo, transaction);
    } catch (error) {
      if (error instanceof PaymentProviderError)
        throw new NotificationRejected('malformed', error.message, rechargeNo);
      throw error;
    }
  }

  acknowledge(): NotificationAnswer {
    return { statusCode: 204, contentType: null, body: '' };
  }

  refuse(reason: string): NotificationAnswer {
    return {
      statusCode: 500,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'FAIL', message: reason.slice(0, 200) }),
    };
  }

  async queryPayment(channel: OnlineRechargeChannel, rechargeNo: string): Promise<PaymentState> {
    this.assertChannel(channel);
    const answer = await this.call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(rechargeNo)}?mchid=${encodeURIComponent(this.config.mchId)}`,
    );
    if (answer.status === 404 && errorCode(answer) === 'ORDER_NOT_EXIST')
      return { state: 'unknown', rechargeNo };
    if (answer.status !== 200) throw errorOf(answer);
    const transaction = answer.json as Record<string, unknown> | null;
    if (!transaction || typeof transaction !== 'object')
      throw new PaymentProviderError('wechat', 'malformed', 'the answer is not a transaction');
    if (transaction.out_trade_no !== rechargeNo || transaction.mchid !== this.config.mchId)
      throw new PaymentProviderError('wechat', 'malformed', 'the answer is about another order or merchant');
    return transactionState(rechargeNo, transaction);
  }

  /** Resolves once the order can no longer be paid (closed, or never created); throws when it was paid. */
  async closePayment(channel: OnlineRechargeChannel, rechargeNo: string): Promise<void> {
    this.assertChannel(channel);
    const answer = await this.call(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(rechargeNo)}/close`,
      {
        mchid: this.config.mchId,
      },
    );
    if (answer.status === 204 || answer.status === 200) return;
    if (answer.status === 404 && errorCode(answer) === 'ORDER_NOT_EXIST') return;
    if (errorCode(answer) === 'ORDERPAID')
      throw new PaymentProviderError('wechat', 'trade_paid', 'the order was paid');
    throw errorOf(answer);
  }

  /** Sends a signed request and answers its verified response (any status: the caller reads it). */
  private async call(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    payload?: unknown,
  ): Promise<{ status: number; body: string; json: unknown }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': USER_AGENT,
      authorization: this.authorization(method, pathAndQuery, body),
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    let response: Awaited<ReturnType<PaymentHttp['request']>>;
    try {
      response = await this.http.request({
        method,
        url: `${this.config.baseUrl.replace(/\/+$/, '')}${pathAndQuery}`,
        headers,
        ...(payload === undefined ? {} : { body }),
      });
    } catch (error) {
      throw new PaymentProviderError('wechat', 'http_error', (error as Error).message);
    }
    try {
      this.verifySigned((name) => headerValue(response.headers, name), response.body);
    } catch (error) {
      if (error instanceof UntrustedMessage)
        throw new PaymentProviderError(
          'wechat',
          'bad_signature',
          `HTTP ${response.status}: ${error.message}`,
        );
      throw error;
    }
    let json: unknown = null;
    if (response.body !== '') {
      try {
        json = JSON.parse(response.body);
      } catch {
        throw new PaymentProviderError(
          'wechat',
          'malformed',
          `HTTP ${response.status}: the answer is not JSON`,
        );
      }
    }
    return { status: response.status, body: response.body, json };
  }

  /** The Authorization header of a request. */
  private authorization(method: string, pathAndQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(wechatPayRequestMessage(method, pathAndQuery, timestamp, nonce, body), 'utf8')
      .sign(this.privateKey, 'base64');
    return (
      `${SCHEMA} mchid="${this.config.mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${this.config.certSerial}"`
    );
  }

  /** Checks the platform's signature headers over `body`; throws UntrustedMessage otherwise. */
  private verifySigned(header: (name: string) => string | undefined, body: string) {
    const timestamp = header('wechatpay-timestamp');
    const nonce = header('wechatpay-nonce');
    const signature = header('wechatpay-signature');
    const serial = header('wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial)
      throw new UntrustedMessage('the signature headers are missing');
    if (serial !== this.config.platformKeyId)
      throw new UntrustedMessage(
        `Wechatpay-Serial ${serial} is not the platform key ${this.config.platformKeyId}`,
      );
    if (!/^\d{1,12}$/.test(timestamp))
      throw new UntrustedMessage(`Wechatpay-Timestamp ${timestamp} is not a time`);
    const skew = Math.abs(this.now().getTime() / 1000 - Number(timestamp));
    if (skew > MAX_CLOCK_SKEW_SECONDS)
      throw new UntrustedMessage(`Wechatpay-Timestamp ${timestamp} is ${Math.round(skew)} s off`);
    let isGenuine = false;
    try {
      isGenuine = createVerify('RSA-SHA256')
        .update(wechatPayResponseMessage(timestamp, nonce, body), 'utf8')
        .verify(this.platformPublicKey, signature, 'base64');
    } catch {
      isGenuine = false;
    }
    if (!isGenuine) throw new UntrustedMessage('the signature does not verify with the platform public key');
  }

  private assertChannel(channel: OnlineRechargeChannel) {
    if (channel !== 'wechat')
      throw new PaymentProviderError('wechat', 'channel', `WeChat Pay does not serve ${channel}`);
  }
}

/** A transaction (notification resource or query answer) as a PaymentState; checks its amount. */
function transactionState(rechargeNo: string, transaction: Record<string, unknown>): PaymentState {
  const tradeNo =
    typeof transaction.transaction_id === 'string' && transaction.transaction_id !== ''
      ? transaction.transaction_id
      : null;
  switch (transaction.trade_state) {
    case 'SUCCESS': {
      const amount = (transaction.amount ?? {}) as {
        total?: unknown;
        payer_total?: unknown;
        currency?: unknown;
      };
      const total = amount.total;
      if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0)
        throw new PaymentProviderError(
          'wechat',
          'malformed',
          `amount.total ${String(total)} is not an amount`,
        );
      // The payer may pay less than the total only through a coupon; never more.
      if (
        amount.payer_total !== undefined &&
        (typeof amount.payer_total !== 'number' ||
          !Number.isSafeInteger(amount.payer_total) ||
          amount.payer_total < 0 ||
          amount.payer_total > total)
      )
        throw new PaymentProviderError(
          'wechat',
          'malformed',
          `amount.payer_total ${String(amount.payer_total)} does not fit the total`,
        );
      if (amount.currency !== undefined && amount.currency !== CURRENCY)
        throw new PaymentProviderError(
          'wechat',
          'malformed',
          `amount.currency ${String(amount.currency)} is not CNY`,
        );
      if (!tradeNo)
        throw new PaymentProviderError('wechat', 'malformed', 'a paid order without transaction_id');
      const paidAt =
        typeof transaction.success_time === 'string' ? parseRfc3339(transaction.success_time) : null;
      if (!paidAt)
        throw new PaymentProviderError(
          'wechat',
          'malformed',
          `success_time ${String(transaction.success_time)} is not a time`,
        );
      return { state: 'paid', rechargeNo, tradeNo, amount: total, currencyCode: CURRENCY, paidAt };
    }
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return { state: 'closed', rechargeNo, tradeNo };
    case 'NOTPAY':
    case 'USERPAYING':
      return { state: 'pending', rechargeNo };
    default:
      throw new PaymentProviderError('wechat', 'malformed', `trade_state ${String(transaction.trade_state)}`);
  }
}

function errorCode(answer: { json: unknown }): string | null {
  const code = (answer.json as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

function errorOf(answer: { status: number; json: unknown }): PaymentProviderError {
  const message = (answer.json as { message?: unknown } | null)?.message;
  return new PaymentProviderError(
    'wechat',
    errorCode(answer) ?? 'http_error',
    `HTTP ${answer.status}${typeof message === 'string' ? `: ${message}` : ''}`,
  );
}
