import { createCipheriv, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { PaymentHttp } from '../../src/modules/payment/payment-provider.ts';

/**
 * The tests' Alipay and WeChat Pay: key pairs generated here (the merchant's and the provider's), a fake
 * PaymentHttp that records our requests and answers as the provider would, and genuinely signed
 * notifications. No network.
 */

export interface RecordedRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

type Answer = { status: number; headers?: Record<string, string>; body: string };

/** A PaymentHttp that records requests and answers through `respond` (a test sets it per case). */
export class FakePaymentHttp implements PaymentHttp {
  readonly requests: RecordedRequest[] = [];
  respond: (request: RecordedRequest) => Answer | Promise<Answer> = () => {
    throw new Error('no answer prepared for this request');
  };

  async request(input: RecordedRequest) {
    this.requests.push(input);
    const answer = await this.respond(input);
    return { status: answer.status, headers: answer.headers ?? {}, body: answer.body };
  }
}

const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'pem', type } as never).toString();
const bareBase64 = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'der', type } as never).toString('base64');

const sign = (key: KeyObject, text: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

/** Alipay's part: its key pair, the app's key pair and the app's configuration. */
export function playAlipay(options: { appId?: string; bareKeys?: boolean } = {}) {
  const app = rsaPair();
  const alipay = rsaPair();
  const appId = options.appId ?? '2021000000000001';
  const http = new FakePaymentHttp();
  const config = {
    provider: 'alipay' as const,
    appId,
    // Alipay's key tool hands out bare base64; PEM is accepted as well.
    privateKey: options.bareKeys ? bareBase64(app.privateKey, 'pkcs8') : pem(app.privateKey, 'pkcs8'),
    alipayPublicKey: options.bareKeys ? bareBase64(alipay.publicKey, 'spki') : pem(alipay.publicKey, 'spki'),
    gateway: 'https://openapi.alipay.test/gateway.do',
  };

  /** Alipay's signing of a notification: all parameters but sign and sign_type, sorted, raw values. */
  const signContent = (params: Record<string, string>) =>
    Object.keys(params)
      .filter((key) => key !== 'sign' && key !== 'sign_type')
      .sort()
      .map((key) => `${key}=${params[key]}`)
      .join('&');

  return {
    config,
    http,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
    /** A notification as Alipay posts it (form-urlencoded), signed with Alipay's key unless `signWith`. */
    notification(fields: Record<string, string>, signWith: KeyObject = alipay.privateKey) {
      const params: Record<string, string> = {
        notify_time: '2026-11-26 18:00:05',
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(8).toString('hex'),
        app_id: appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        ...fields,
      };
      params.sign = sign(signWith, signContent(params));
      return Buffer.from(new URLSearchParams(params).toString(), 'utf8');
    },
    /** A gateway answer `{"<method>_response":{…},"sign":"…"}`, signed over the member's exact text. */
    gatewayAnswer(
      method: string,
      member: Record<string, unknown>,
      signWith: KeyObject | null = alipay.privateKey,
    ) {
      // Alipay escapes slashes; the signature covers the text as sent.
      const text = JSON.stringify(member).replaceAll('/', '\\/');
      const key = `${method.replaceAll('.', '_')}_response`;
      const body =
        signWith === null ? `{"${key}":${text}}` : `{"${key}":${text},"sign":"${sign(signWith, text)}"}`;
      return { status: 200, headers: { 'content-type': 'text/html;charset=utf-8' }, body };
    },
  };
}

/** WeChat Pay's part: the platform key pair, the merchant's key pair, the APIv3 key and the configuration. */
export function playWechatPay(options: { appId?: string; mchId?: string; bareKeys?: boolean } = {}) {
  const merchant = rsaPair();
  const platform = rsaPair();
  const apiV3Key = randomBytes(16).toString('hex');
  const platformKeyId = 'PUB_KEY_ID_0114232134912410000000000000000001';
  const http = new FakePaymentHttp();
  const config = {
    provider: 'wechat' as const,
    appId: options.appId ?? 'wx8888888888888888',
    mchId: options.mchId ?? '1900000109',
    apiV3Key,
    privateKey: options.bareKeys
      ? bareBase64(merchant.privateKey, 'pkcs8')
      : pem(merchant.privateKey, 'pkcs8'),
    certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    platformPublicKey: options.bareKeys
      ? bareBase64(platform.publicKey, 'spki')
      : pem(platform.publicKey, 'spki'),
    platformKeyId,
    baseUrl: 'https://api.mch.weixin.test',
  };

  /** The Wechatpay-* headers of a message, signed with the platform key unless told otherwise. */
  const signedHeaders = (
    body: string,
    options: { timestamp?: number; serial?: string; signWith?: KeyObject } = {},
  ): Record<string, string> => {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': options.serial ?? platformKeyId,
      'Wechatpay-Signature': sign(
        options.signWith ?? platform.privateKey,
        `${timestamp}\n${nonce}\n${body}\n`,
      ),
      'Request-ID': randomBytes(8).toString('hex'),
    };
  };

  /** A transaction as WeChat Pay describes it (query answers and notification resources). */
  const transaction = (fields: Record<string, unknown>) => ({
    appid: config.appId,
    mchid: config.mchId,
    trade_type: 'NATIVE',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    ...fields,
  });

  /** Seals a resource with a key (the APIv3 key unless told otherwise) as WeChat Pay does. */
  const seal = (plaintext: string, key: string = apiV3Key) => {
    const nonce = randomBytes(6).toString('hex');
    const associatedData = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      associated_data: associatedData,
      nonce,
    };
  };

  return {
    config,
    http,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    signedHeaders,
    transaction,
    seal,
    /** A notification as WeChat Pay posts it: headers and body, the resource sealed with the APIv3 key. */
    notification(
      transactionFields: Record<string, unknown>,
      options: { timestamp?: number; serial?: string; signWith?: KeyObject; sealKey?: string } = {},
    ) {
      const resource = seal(JSON.stringify(transaction(transactionFields)), options.sealKey);
      const body = JSON.stringify({
        id: 'EV-2018022511223320873',
        create_time: '2026-11-26T18:00:05+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource,
      });
      return { headers: signedHeaders(body, options), body };
    },
    /** A signed answer of WeChat Pay's API. */
    answer(status: number, payload: unknown, options: { timestamp?: number; signWith?: KeyObject } = {}) {
      const body = payload === null ? '' : JSON.stringify(payload);
      return {
        status,
        headers: { 'content-type': 'application/json', ...signedHeaders(body, options) },
        body,
      };
    },
  };
}
