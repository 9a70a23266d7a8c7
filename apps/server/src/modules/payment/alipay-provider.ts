import { createSign, createVerify, type KeyObject } from 'node:crypto';
import type { OnlineRechargeChannel } from '@portal/contracts/recharge';
import type { PaymentsConfig } from '../../config.ts';
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
  formatChinaDateTime,
  loadPrivateKey,
  loadPublicKey,
  parseChinaDateTime,
  plausibleRechargeNo,
} from './provider-support.ts';

/**
 * Alipay through the open platform gateway (OpenAPI 2.0, RSA2), as the official SDK and the documents
 * define it:
 * - every request is the common parameters plus `biz_content` (JSON), signed with the app's private key
 *   over the parameters except `sign`, sorted by name, as `k=v&…` with raw values (RSA-SHA256, base64);
 * - the cashier is the gateway URL with `alipay.trade.page.pay` and all parameters in the query string;
 * - a notification (form POST) is verified with Alipay's public key over its parameters except `sign`
 *   and `sign_type`, URL-decoded and sorted; answered `success` (stops retries) or `failure`;
 * - a query or close answer is verified over the exact text of its `…_response` member, never re-serialized.
 */
export type AlipayConfig = Extract<PaymentsConfig['alipay'], { provider: 'alipay' }>;

const QUERY_METHOD = 'alipay.trade.query';
const CLOSE_METHOD = 'alipay.trade.close';
const SUCCESS_CODE = '10000';
/** Alipay's answer when the payer never opened the cashier (no trade exists yet). */
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
/** Alipay sends only CNY for domestic page pay; the notification carries no currency. */
const CURRENCY = 'CNY';

/** Minor units (fen) as Alipay's `total_amount`: yuan with two decimals, by digits, never through a float. */
export function minorToYuan(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`not an amount in minor units: ${minor}`);
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Alipay's `total_amount` ("88.8", "0.01") as minor units, by digits; null when it is not an amount. */
export function yuanToMinor(text: string): number | null {
  const match = /^(0|[1-9]\d{0,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`);
}

/**
 * The text Alipay signs: parameters except the excluded ones, sorted by name, `k=v&…`. Empty values stay
 * in, as the official SDKs verify notifications (a notification may carry `body=`).
 */
export function alipaySignContent(
  params: Record<string, string>,
  exclude: readonly string[] = ['sign'],
): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key))
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/**
 * The exact text of a top-level member's value in a JSON document (`{"alipay_trade_query_response":{…},
 * "sign":"…"}` → `{…}`), as Alipay signs it: escapes and spacing kept. Null when there is no such member.
 * The text must already have parsed as JSON.
 */
export function rawJsonMember(text: string, member: string): string | null {
  let depth = 0;
  let index = 0;
  let expectKey = false;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      const end = stringEnd(text, index);
      if (depth === 1 && expectKey && JSON.parse(text.slice(index, end)) === member) {
        let valueStart = end;
        while (/[\s:]/.test(text[valueStart] ?? '')) valueStart += 1;
        return text.slice(valueStart, valueEnd(text, valueStart));
      }
      expectKey = false;
      index = end;
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    if (depth === 1 && (char === '{' || char === ',')) expectKey = true;
    index += 1;
  }
  return null;
}

/** Index just after the string literal starting at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** Index just after the JSON value starting at `start`. */
function valueEnd(text: string, start: number): number {
  if (text[start] === '"') return stringEnd(text, start);
  let depth = 0;
  let index = start;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      index = stringEnd(text, index);
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      if (depth === 0) return index;
      depth -= 1;
      if (depth === 0) return index + 1;
    } else if (char === ',' && depth === 0) return index;
    index += 1;
  }
  return index;
}

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  private readonly privateKey: KeyObject;
  private readonly alipayPublicKey: KeyObject;

  constructor(
    private readonly config: AlipayConfig,
    private readonly http: PaymentHttp = fetchPaymentHttp,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.privateKey = loadPrivateKey(config.privateKey, 'ALIPAY_PRIVATE_KEY');
    this.alipayPublicKey = loadPublicKey(config.alipayPublicKey, 'ALIPAY_PUBLIC_KEY');
  }

  async startPayment(channel: OnlineRechargeChannel, order: PaymentOrder): Promise<StartedPayment> {
    this.assertChannel(channel);
    if (order.currencyCode !== CURRENCY)
      throw new PaymentProviderError('alipay', 'currency', `Alipay takes CNY, not ${order.currencyCode}`);
    const params = this.signedParams(
      'alipay.trade.page.pay',
      {
        out_trade_no: order.rechargeNo,
        total_amount: minorToYuan(order.amount),
        subject: order.subject,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: formatChinaDateTime(order.expiresAt),
      },
      { notify_url: order.notifyUrl, return_url: order.returnUrl },
    );
    const url = new URL(this.config.gateway);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return { cashierUrl: url.toString(), codeUrl: null };
  }

  async verifyNotification(notification: IncomingNotification): Promise<PaymentState> {
    const params = parseForm(notification.rawBody);
    // Read before the signature is checked, so a refusal can name it; only a plausible number is kept.
    const rechargeNo = plausibleRechargeNo(params.out_trade_no);
    const signature = params.sign;
    if (!signature)
      throw new NotificationRejected('bad_signature', 'the notification carries no sign', rechargeNo);
    if (params.sign_type && params.sign_type !== 'RSA2')
      throw new NotificationRejected(
        'bad_signature',
        `sign_type ${params.sign_type} is not RSA2`,
        rechargeNo,
      );
    if (!this.verify(alipaySignContent(params, ['sign', 'sign_type']), signature))
      throw new NotificationRejected(
        'bad_signature',
        'the signature does not verify with the Alipay public key',
        rechargeNo,
      );
    if (params.app_id !== this.config.appId)
      throw new NotificationRejected(
        'app_mismatch',
        `app_id ${params.app_id ?? '(none)'} is not ours`,
        rechargeNo,
      );
    if (!rechargeNo) throw new NotificationRejected('malformed', 'no out_trade_no', null);
    try {
      return this.tradeState(rechargeNo, params, params.gmt_payment);
    } catch (error) {
      if (error instanceof PaymentProviderError)
        throw new NotificationRejected('malformed', error.message, rechargeNo);
      throw error;
    }
  }

  acknowledge(): NotificationAnswer {
    return { statusCode: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }

  refuse(): NotificationAnswer {
    return { statusCode: 200, contentType: 'text/plain; charset=utf-8', body: 'failure' };
  }

  async queryPayment(channel: OnlineRechargeChannel, rechargeNo: string): Promise<PaymentState> {
    this.assertChannel(channel);
    const answer = await this.call(QUERY_METHOD, { out_trade_no: rechargeNo });
    if (answer.code !== SUCCESS_CODE) {
      if (answer.sub_code === TRADE_NOT_EXIST) return { state: 'unknown', rechargeNo };
      throw new PaymentProviderError(
        'alipay',
        String(answer.sub_code ?? answer.code),
        String(answer.sub_msg ?? answer.msg),
      );
    }
    if (answer.out_trade_no !== undefined && answer.out_trade_no !== rechargeNo)
      throw new PaymentProviderError(
        'alipay',
        'malformed',
        `the answer is about ${String(answer.out_trade_no)}`,
      );
    return this.tradeState(rechargeNo, stringFields(answer), stringOrUndefined(answer.send_pay_date));
  }

  /** Resolves once the trade can no longer be paid (closed, or never opened); throws when it was paid. */
  async closePayment(channel: OnlineRechargeChannel, rechargeNo: string): Promise<void> {
    this.assertChannel(channel);
    const answer = await this.call(CLOSE_METHOD, { out_trade_no: rechargeNo });
    if (answer.code === SUCCESS_CODE || answer.sub_code === TRADE_NOT_EXIST) return;
    if (answer.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      // Already closed, or paid: the query says which.
      const state = await this.queryPayment(channel, rechargeNo);
      if (state.state === 'closed') return;
      throw new PaymentProviderError(
        'alipay',
        state.state === 'paid' ? 'trade_paid' : 'ACQ.TRADE_STATUS_ERROR',
        `the trade is ${state.state}`,
      );
    }
    throw new PaymentProviderError(
      'alipay',
      String(answer.sub_code ?? answer.code),
      String(answer.sub_msg ?? answer.msg),
    );
  }

  /** A notification's or a query answer's trade as a PaymentState. */
  private tradeState(
    rechargeNo: string,
    fields: Record<string, string>,
    paidAtText: string | undefined,
  ): PaymentState {
    const tradeNo = fields.trade_no || null;
    switch (fields.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const amount = yuanToMinor(fields.total_amount ?? '');
        if (amount === null)
          throw new PaymentProviderError(
            'alipay',
            'malformed',
            `total_amount ${fields.total_amount ?? '(none)'} is not an amount`,
          );
        if (!tradeNo) throw new PaymentProviderError('alipay', 'malformed', 'a paid trade without trade_no');
        const paidAt = paidAtText === undefined ? this.now() : parseChinaDateTime(paidAtText);
        if (!paidAt)
          throw new PaymentProviderError(
            'alipay',
            'malformed',
            `payment time ${paidAtText ?? ''} is not a date`,
          );
        return { state: 'paid', rechargeNo, tradeNo, amount, currencyCode: CURRENCY, paidAt };
      }
      case 'TRADE_CLOSED':
        return { state: 'closed', rechargeNo, tradeNo };
      case 'WAIT_BUYER_PAY':
        return { state: 'pending', rechargeNo };
      default:
        throw new PaymentProviderError(
          'alipay',
          'malformed',
          `trade_status ${fields.trade_status ?? '(none)'}`,
        );
    }
  }

  /** Calls a gateway method (form POST) and answers its `…_response` object once its signature verifies. */
  private async call(method: string, bizContent: Record<string, string>): Promise<Record<string, unknown>> {
    // As the official SDK sends it: the common parameters (with the signature) in the query string, so
    // the gateway knows the charset before it reads the body, and `biz_content` as the form body.
    const { biz_content: signedBizContent, ...common } = this.signedParams(method, bizContent, {});
    const url = new URL(this.config.gateway);
    for (const [key, value] of Object.entries(common)) url.searchParams.set(key, value);
    let response: Awaited<ReturnType<PaymentHttp['request']>>;
    try {
      response = await this.http.request({
        method: 'POST',
        url: url.toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json',
        },
        body: new URLSearchParams({ biz_content: signedBizContent! }).toString(),
      });
    } catch (error) {
      throw new PaymentProviderError('alipay', 'http_error', (error as Error).message);
    }
    if (response.status !== 200)
      throw new PaymentProviderError('alipay', 'http_error', `HTTP ${response.status}`);
    let document: unknown;
    try {
      document = JSON.parse(response.body);
    } catch {
      throw new PaymentProviderError('alipay', 'malformed', 'the answer is not JSON');
    }
    const memberName = `${method.replaceAll('.', '_')}_response`;
    const raw = rawJsonMember(response.body, memberName) ?? rawJsonMember(response.body, 'error_response');
    const sign = (document as { sign?: unknown }).sign;
    if (raw === null || !raw.startsWith('{'))
      throw new PaymentProviderError('alipay', 'malformed', `the answer has no ${memberName}`);
    if (typeof sign !== 'string' || !this.verify(raw, sign))
      throw new PaymentProviderError('alipay', 'bad_signature', `the ${memberName} is not signed by Alipay`);
    return JSON.parse(raw) as Record<string, unknown>;
  }

  /** The common parameters, `biz_content` and the extra ones, with `sign` over all of them. */
  private signedParams(
    method: string,
    bizContent: Record<string, string>,
    extra: Record<string, string>,
  ): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatChinaDateTime(this.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    params.sign = createSign('RSA-SHA256')
      .update(alipaySignContent(params), 'utf8')
      .sign(this.privateKey, 'base64');
    return params;
  }

  private verify(content: string, signature: string): boolean {
    try {
      return createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(this.alipayPublicKey, signature, 'base64');
    } catch {
      return false;
    }
  }

  private assertChannel(channel: OnlineRechargeChannel) {
    if (channel !== 'alipay')
      throw new PaymentProviderError('alipay', 'channel', `Alipay does not serve ${channel}`);
  }
}

/** A form-urlencoded body as its parameters (values decoded); a repeated name is not a genuine notification. */
function parseForm(rawBody: Buffer): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawBody.toString('utf8'))) {
    if (Object.hasOwn(params, key)) throw new NotificationRejected('malformed', `parameter ${key} repeated`);
    params[key] = value;
  }
  return params;
}

function stringFields(object: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(object)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);
