import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { NotificationRejected, type PaymentOrder } from '../../src/modules/payment/payment-provider.ts';
import { PaymentProviderError } from '../../src/modules/payment/provider-support.ts';
import {
  WechatPayProvider,
  decryptWechatPayResource,
} from '../../src/modules/payment/wechat-pay-provider.ts';
import { playWechatPay, type RecordedRequest } from '../support/payment-providers.ts';

const wechat = playWechatPay();
const provider = new WechatPayProvider(wechat.config, wechat.http);
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const nowSeconds = () => Math.floor(Date.now() / 1000);

const order: PaymentOrder = {
  rechargeNo: 'R202611260002',
  amount: 10_000,
  currencyCode: 'CNY',
  subject: '账户充值 C100023',
  notifyUrl: 'https://portal.example.com/pay/notify/wechat',
  returnUrl: 'https://portal.example.com/payResult?rechargeNo=R202611260002&payToken=abc',
  expiresAt: new Date('2026-11-26T10:30:00.000Z'),
};

const paid = (fields: Record<string, unknown> = {}) => ({
  out_trade_no: order.rechargeNo,
  transaction_id: '4200000000202611260000000001',
  trade_state: 'SUCCESS',
  success_time: '2026-11-26T18:00:04+08:00',
  amount: { total: 10_000, payer_total: 10_000, currency: 'CNY', payer_currency: 'CNY' },
  ...fields,
});

const incoming = (notice: { headers: Record<string, string>; body: string }) => ({
  // Fastify hands headers over with lower-case names.
  headers: Object.fromEntries(Object.entries(notice.headers).map(([k, v]) => [k.toLowerCase(), v])),
  rawBody: Buffer.from(notice.body, 'utf8'),
});

/** WeChat Pay's check of our Authorization header, with the merchant's public key. */
function authorizationVerifies(request: RecordedRequest): boolean {
  const header = request.headers.authorization!;
  expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  const fields = Object.fromEntries(
    [...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
  );
  expect(fields).toMatchObject({ mchid: wechat.config.mchId, serial_no: wechat.config.certSerial });
  expect(Math.abs(Number(fields.timestamp) - nowSeconds())).toBeLessThan(300);
  const url = new URL(request.url);
  const message = `${request.method}\n${url.pathname}${url.search}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body ?? ''}\n`;
  return createVerify('RSA-SHA256')
    .update(message, 'utf8')
    .verify(wechat.merchantPublicKey, fields.signature!, 'base64');
}

async function rejection(promise: Promise<unknown>): Promise<NotificationRejected> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NotificationRejected);
  return error as NotificationRejected;
}

describe('WeChat Pay resource decryption', () => {
  it('opens AEAD_AES_256_GCM sealed with the APIv3 key and refuses any other key or a changed byte', () => {
    const sealed = wechat.seal('{"out_trade_no":"R1"}');
    expect(decryptWechatPayResource(wechat.config.apiV3Key, sealed)).toBe('{"out_trade_no":"R1"}');
    expect(() => decryptWechatPayResource(randomBytes(16).toString('hex'), sealed)).toThrow();
    expect(() =>
      decryptWechatPayResource(wechat.config.apiV3Key, { ...sealed, associated_data: 'other' }),
    ).toThrow();
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() =>
      decryptWechatPayResource(wechat.config.apiV3Key, { ...sealed, ciphertext: bytes.toString('base64') }),
    ).toThrow();
    expect(() =>
      decryptWechatPayResource(wechat.config.apiV3Key, { ...sealed, ciphertext: 'AAAA' }),
    ).toThrow();
  });
});

describe('WeChat Pay provider', () => {
  it('creates a Native order with a signed request and answers the code_url of a signed answer', async () => {
    wechat.http.respond = () => wechat.answer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    await expect(provider.startPayment('wechat', order)).resolves.toEqual({
      cashierUrl: null,
      codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
    });
    const request = wechat.http.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${wechat.config.baseUrl}/v3/pay/transactions/native`);
    expect(JSON.parse(request.body!)).toEqual({
      appid: wechat.config.appId,
      mchid: wechat.config.mchId,
      description: order.subject,
      out_trade_no: order.rechargeNo,
      time_expire: '2026-11-26T18:30:00+08:00',
      notify_url: order.notifyUrl,
      amount: { total: 10_000, currency: 'CNY' },
    });
    expect(request.headers['content-type']).toBe('application/json');
    expect(authorizationVerifies(request)).toBe(true);
    expect(authorizationVerifies({ ...request, body: request.body!.replace('10000', '1') })).toBe(false);
  });

  it('refuses an unsigned, foreign-signed or stale answer to a payment start', async () => {
    wechat.http.respond = () => ({ status: 200, headers: {}, body: '{"code_url":"weixin://x"}' });
    await expect(provider.startPayment('wechat', order)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    wechat.http.respond = () =>
      wechat.answer(200, { code_url: 'weixin://x' }, { signWith: stranger.privateKey });
    await expect(provider.startPayment('wechat', order)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    wechat.http.respond = () =>
      wechat.answer(200, { code_url: 'weixin://x' }, { timestamp: nowSeconds() - 301 });
    await expect(provider.startPayment('wechat', order)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    wechat.http.respond = () => wechat.answer(400, { code: 'PARAM_ERROR', message: '参数错误' });
    await expect(provider.startPayment('wechat', order)).rejects.toMatchObject({
      providerCode: 'PARAM_ERROR',
    });
    await expect(provider.startPayment('wechat', { ...order, currencyCode: 'USD' })).rejects.toThrow(
      PaymentProviderError,
    );
    await expect(provider.startPayment('alipay', order)).rejects.toThrow(PaymentProviderError);
  });

  it('accepts keys as bare base64 and refuses an unreadable one or a short APIv3 key at start-up', async () => {
    const bare = playWechatPay({ bareKeys: true });
    const bareProvider = new WechatPayProvider(bare.config, bare.http);
    await expect(bareProvider.verifyNotification(incoming(bare.notification(paid())))).resolves.toMatchObject(
      {
        state: 'paid',
      },
    );
    expect(() => new WechatPayProvider({ ...wechat.config, privateKey: 'MIIB' })).toThrow(ConfigError);
    expect(
      () =>
        new WechatPayProvider({
          ...wechat.config,
          platformPublicKey: '-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----',
        }),
    ).toThrow(ConfigError);
    expect(() => new WechatPayProvider({ ...wechat.config, apiV3Key: '短'.repeat(32) })).toThrow(ConfigError);
  });

  it('accepts a genuine notification and acknowledges with 204 and no body', async () => {
    const state = await provider.verifyNotification(incoming(wechat.notification(paid())));
    expect(state).toEqual({
      state: 'paid',
      rechargeNo: order.rechargeNo,
      tradeNo: '4200000000202611260000000001',
      amount: 10_000,
      currencyCode: 'CNY',
      paidAt: new Date('2026-11-26T10:00:04.000Z'),
    });
    expect(provider.acknowledge()).toEqual({ statusCode: 204, contentType: null, body: '' });
    const refusal = provider.refuse('签名错误');
    expect(refusal.statusCode).toBe(500);
    expect(JSON.parse(refusal.body)).toEqual({ code: 'FAIL', message: '签名错误' });
    // Mixed-case header names are read as well.
    const notice = wechat.notification(paid());
    await expect(
      provider.verifyNotification({ headers: notice.headers, rawBody: Buffer.from(notice.body) }),
    ).resolves.toMatchObject({ state: 'paid' });
  });

  it('reads closed and pending transactions', async () => {
    for (const trade_state of ['CLOSED', 'REVOKED', 'PAYERROR'])
      expect(
        await provider.verifyNotification(
          incoming(wechat.notification(paid({ trade_state, success_time: undefined }))),
        ),
      ).toEqual({ state: 'closed', rechargeNo: order.rechargeNo, tradeNo: '4200000000202611260000000001' });
    for (const trade_state of ['NOTPAY', 'USERPAYING'])
      expect(
        await provider.verifyNotification(
          incoming(wechat.notification(paid({ trade_state, transaction_id: undefined }))),
        ),
      ).toEqual({ state: 'pending', rechargeNo: order.rechargeNo });
  });

  it('refuses tampered, foreign, stale, replayed-from-another-key and undecryptable notifications', async () => {
    const genuine = wechat.notification(paid());
    const tampered = { ...genuine, body: genuine.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCES5') };
    expect((await rejection(provider.verifyNotification(incoming(tampered)))).outcome).toBe('bad_signature');

    const cases = [
      wechat.notification(paid(), { signWith: stranger.privateKey }),
      wechat.notification(paid(), { timestamp: nowSeconds() - 6 * 60 }),
      wechat.notification(paid(), { timestamp: nowSeconds() + 6 * 60 }),
      wechat.notification(paid(), { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }),
      wechat.notification(paid(), { sealKey: randomBytes(16).toString('hex') }),
    ];
    for (const notice of cases)
      expect((await rejection(provider.verifyNotification(incoming(notice)))).outcome).toBe('bad_signature');

    const bare = incoming(genuine);
    delete bare.headers['wechatpay-signature'];
    expect((await rejection(provider.verifyNotification(bare))).outcome).toBe('bad_signature');
    const badTime = incoming({ ...genuine, headers: { ...genuine.headers, 'Wechatpay-Timestamp': '1e9' } });
    expect((await rejection(provider.verifyNotification(badTime))).outcome).toBe('bad_signature');
  });

  it('refuses a genuine notification for another app or merchant, or with amounts that do not add up', async () => {
    const otherApp = await rejection(
      provider.verifyNotification(incoming(wechat.notification(paid({ appid: 'wx0000000000000000' })))),
    );
    expect(otherApp.outcome).toBe('app_mismatch');
    expect(otherApp.rechargeNo).toBe(order.rechargeNo);
    expect(
      (
        await rejection(
          provider.verifyNotification(incoming(wechat.notification(paid({ mchid: '1900000999' })))),
        )
      ).outcome,
    ).toBe('app_mismatch');
    const badAmounts = [
      { total: 100.5, payer_total: 100.5, currency: 'CNY' },
      { total: '10000', currency: 'CNY' },
      { total: 10_000, payer_total: 10_001, currency: 'CNY' },
      { total: 10_000, payer_total: 10_000, currency: 'USD' },
      { total: -1, currency: 'CNY' },
    ];
    for (const amount of badAmounts)
      expect(
        (await rejection(provider.verifyNotification(incoming(wechat.notification(paid({ amount }))))))
          .outcome,
        JSON.stringify(amount),
      ).toBe('malformed');
    expect(
      (
        await rejection(
          provider.verifyNotification(incoming(wechat.notification(paid({ trade_state: 'MAYBE' })))),
        )
      ).outcome,
    ).toBe('malformed');
    expect(
      (
        await rejection(
          provider.verifyNotification(incoming(wechat.notification(paid({ success_time: 'yesterday' })))),
        )
      ).outcome,
    ).toBe('malformed');
    const signedGarbage = { headers: wechat.signedHeaders('not json'), body: 'not json' };
    expect((await rejection(provider.verifyNotification(incoming(signedGarbage)))).outcome).toBe('malformed');
  });

  it('queries an order with a signed GET and trusts only a signed answer', async () => {
    wechat.http.respond = () => wechat.answer(200, wechat.transaction(paid()));
    await expect(provider.queryPayment('wechat', order.rechargeNo)).resolves.toMatchObject({
      state: 'paid',
      amount: 10_000,
      tradeNo: '4200000000202611260000000001',
    });
    const request = wechat.http.requests.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url).toBe(
      `${wechat.config.baseUrl}/v3/pay/transactions/out-trade-no/${order.rechargeNo}?mchid=${wechat.config.mchId}`,
    );
    expect(request.body).toBeUndefined();
    expect(authorizationVerifies(request)).toBe(true);

    wechat.http.respond = () => wechat.answer(200, wechat.transaction(paid({ trade_state: 'NOTPAY' })));
    await expect(provider.queryPayment('wechat', order.rechargeNo)).resolves.toEqual({
      state: 'pending',
      rechargeNo: order.rechargeNo,
    });
    wechat.http.respond = () => wechat.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    await expect(provider.queryPayment('wechat', order.rechargeNo)).resolves.toEqual({
      state: 'unknown',
      rechargeNo: order.rechargeNo,
    });
    wechat.http.respond = () => ({
      status: 404,
      headers: {},
      body: '{"code":"ORDER_NOT_EXIST","message":"x"}',
    });
    await expect(provider.queryPayment('wechat', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    wechat.http.respond = () => {
      const answer = wechat.answer(200, wechat.transaction(paid({ trade_state: 'NOTPAY' })));
      return { ...answer, body: answer.body.replace('NOTPAY', 'SUCCESS') };
    };
    await expect(provider.queryPayment('wechat', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    wechat.http.respond = () => wechat.answer(200, wechat.transaction(paid({ out_trade_no: 'R-OTHER' })));
    await expect(provider.queryPayment('wechat', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'malformed',
    });
  });

  it('closes an order (204, signed) and says so when it was paid', async () => {
    wechat.http.respond = () => wechat.answer(204, null);
    await expect(provider.closePayment('wechat', order.rechargeNo)).resolves.toBeUndefined();
    const request = wechat.http.requests.at(-1)!;
    expect(request.url).toBe(
      `${wechat.config.baseUrl}/v3/pay/transactions/out-trade-no/${order.rechargeNo}/close`,
    );
    expect(JSON.parse(request.body!)).toEqual({ mchid: wechat.config.mchId });
    expect(authorizationVerifies(request)).toBe(true);

    wechat.http.respond = () => ({ status: 204, headers: {}, body: '' });
    await expect(provider.closePayment('wechat', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    wechat.http.respond = () => wechat.answer(400, { code: 'ORDERPAID', message: '订单已支付' });
    await expect(provider.closePayment('wechat', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'trade_paid',
    });
    wechat.http.respond = () => wechat.answer(500, { code: 'SYSTEM_ERROR', message: '系统错误' });
    await expect(provider.closePayment('wechat', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'SYSTEM_ERROR',
    });
  });
});
