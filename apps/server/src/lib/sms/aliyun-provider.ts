import { createHmac, randomUUID } from 'node:crypto';
import type { CodePurpose } from '@portal/contracts/verification-code-rules';
import type { PaymentHttp } from '../../modules/payment/payment-provider.ts';
import { SmsSendFailed, type SmsMessage, type SmsProvider } from './sms-provider.ts';

/**
 * Aliyun SMS (`dysmsapi`, API version 2017-05-25, action SendSms) over its RPC-style HTTP API, signed as
 * Aliyun's RPC signature documentation describes (SignatureVersion 1.0, HMAC-SHA1):
 *
 * 1. every parameter but `Signature`, sorted by name (byte order), each name and value percent-encoded
 *    (RFC 3986: only A–Z a–z 0–9 - _ . ~ stay; so a space is %20, `*` is %2A, `~` stays), joined as
 *    `name=value` with `&` — the canonicalized query string;
 * 2. StringToSign = HTTP method + "&" + percentEncode("/") + "&" + percentEncode(canonicalized query);
 * 3. Signature = Base64(HMAC-SHA1(key = AccessKeySecret + "&", StringToSign)).
 *
 * The unit test checks this against the documentation's SendSms example (testId / testSecret →
 * `zJDF+Lrzhj/ThnlvIToysFRq6t4=`). Aliyun templates are approved per text, so each purpose names its
 * own template code (ALIYUN_SMS_TEMPLATE_*); a template's text has one language.
 */

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<CodePurpose, string>;
  /** Without a trailing slash, e.g. https://dysmsapi.aliyuncs.com */
  endpoint: string;
  regionId: string;
}

export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(params[name]!)}`)
    .join('&');
}

export function aliyunStringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
}

export function aliyunSignature(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  return createHmac('sha1', `${accessKeySecret}&`)
    .update(aliyunStringToSign(method, params))
    .digest('base64');
}

/** `2017-07-12T02:42:19Z`: ISO 8601 in UTC without milliseconds, as the API requires. */
export const aliyunTimestamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The signed parameters of one SendSms call. */
export function aliyunSendSmsParams(
  config: AliyunSmsConfig,
  message: SmsMessage,
  at: Date,
  nonce: string,
): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    RegionId: config.regionId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    Timestamp: aliyunTimestamp(at),
    Version: '2017-05-25',
    PhoneNumbers: message.phone,
    SignName: config.signName,
    TemplateCode: config.templates[message.template],
    // The code only: the approved template holds the text (and says how long it is valid).
    TemplateParam: JSON.stringify({ code: message.params.code }),
  };
  return { ...params, Signature: aliyunSignature('POST', params, config.accessKeySecret) };
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly http: PaymentHttp,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const params = aliyunSendSmsParams(this.config, message, new Date(), randomUUID());
    const body = Object.entries(params)
      .map(([name, value]) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(value)}`)
      .join('&');
    let answer: { status: number; body: string };
    try {
      answer = await this.http.request({
        method: 'POST',
        url: `${this.config.endpoint}/`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    } catch (error) {
      throw new SmsSendFailed(`Aliyun SMS unreachable: ${(error as Error).message}`);
    }
    let parsed: { Code?: string; Message?: string } = {};
    try {
      parsed = JSON.parse(answer.body) as typeof parsed;
    } catch {
      // Not JSON (a proxy's error page): reported below with the HTTP status.
    }
    if (answer.status !== 200 || parsed.Code !== 'OK')
      throw new SmsSendFailed(
        `Aliyun SMS refused: HTTP ${answer.status} ${parsed.Code ?? ''} ${parsed.Message ?? ''}`.trim(),
        parsed.Code,
      );
  }
}
