import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import {
  AlipayProvider,
  minorToYuan,
  rawJsonMember,
  yuanToMinor,
} from '../../src/modules/payment/alipay-provider.ts';
import { NotificationRejected, type PaymentOrder } from '../../src/modules/payment/payment-provider.ts';
import { PaymentProviderError } from '../../src/modules/payment/provider-support.ts';
import { playAlipay } from '../support/payment-providers.ts';

const NOW = new Date('2026-11-26T10:00:00.000Z'); // 18:00:00 in Shanghai
const alipay = playAlipay();
const provider = new AlipayProvider(alipay.config, alipay.http, () => NOW);
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

const order: PaymentOrder = {
  rechargeNo: 'R202611260001',
  amount: 12_345,
  currencyCode: 'CNY',
  subject: '账户充值 C100023 & 50%=+',
  notifyUrl: 'https://portal.example.com/pay/notify/alipay',
  returnUrl: 'https://portal.example.com/payResult?rechargeNo=R202611260001&payToken=abc',
  expiresAt: new Date('2026-11-26T10:30:00.000Z'),
};

/** Alipay's verification of our request: all parameters but sign, sorted, with the app's public key. */
function verifiesWithAppKey(params: URLSearchParams): boolean {
  const content = [...params.keys()]
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}=${params.get(key)}`)
    .join('&');
  return createVerify('RSA-SHA256')
    .update(content, 'utf8')
    .verify(alipay.appPublicKey, params.get('sign')!, 'base64');
}

/** A gateway call's parameters: the common ones in the query string, `biz_content` in the form body. */
function gatewayParams(request: { url: string; body?: string }): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [key, value] of new URLSearchParams(request.body)) params.append(key, value);
  return params;
}

const paidNotice = (fields: Record<string, string> = {}) =>
  alipay.notification({
    trade_no: '2026112622001404330500012345',
    out_trade_no: order.rechargeNo,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '123.45',
    receipt_amount: '123.45',
    subject: order.subject,
    gmt_create: '2026-11-26 18:00:01',
    gmt_payment: '2026-11-26 18:00:04',
    ...fields,
  });

async function rejection(promise: Promise<unknown>): Promise<NotificationRejected> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NotificationRejected);
  return error as NotificationRejected;
}

describe('Alipay amounts', () => {
  it('writes minor units as yuan with two decimals by digits', () => {
    expect(minorToYuan(1)).toBe('0.01');
    expect(minorToYuan(10)).toBe('0.10');
    expect(minorToYuan(30)).toBe('0.30');
    expect(minorToYuan(100)).toBe('1.00');
    expect(minorToYuan(9_999_999_999)).toBe('99999999.99');
    expect(() => minorToYuan(1.5)).toThrow(RangeError);
    expect(() => minorToYuan(-1)).toThrow(RangeError);
  });

  it('reads yuan as minor units exactly, where floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(yuanToMinor('0.1')! + yuanToMinor('0.2')!).toBe(yuanToMinor('0.3'));
    expect(yuanToMinor('0.3')).toBe(30);
    expect(yuanToMinor('0.01')).toBe(1);
    expect(yuanToMinor('88.8')).toBe(8880);
    expect(yuanToMinor('1')).toBe(100);
    expect(yuanToMinor('99999999.99')).toBe(9_999_999_999);
    expect(yuanToMinor('1.15')).toBe(115); // 1.15 * 100 is 114.99999999999999 in floating point
    for (const text of [
      '',
      '1.001',
      '-1',
      '1e3',
      '01.00',
      ' 1',
      '0x10',
      '1.',
      '.5',
      '1,00',
      'NaN',
      '123456789012',
    ])
      expect(yuanToMinor(text), text).toBeNull();
  });
});

describe('rawJsonMember', () => {
  it('answers the exact text of a top-level member, escapes and spacing kept', () => {
    const text =
      '{"note":"\\"x_response\\": {not me}","x_response" : {"a":"b\\/c","n":{"d":[1,{"e":"}"}]}} ,"sign":"s"}';
    expect(rawJsonMember(text, 'x_response')).toBe('{"a":"b\\/c","n":{"d":[1,{"e":"}"}]}}');
    expect(rawJsonMember(text, 'sign')).toBe('"s"');
    expect(rawJsonMember(text, 'a')).toBeNull();
    expect(rawJsonMember('{"outer":{"x_response":{}}}', 'x_response')).toBeNull();
  });
});

describe('Alipay provider', () => {
  it('builds a page-pay cashier URL signed with the app key', async () => {
    const started = await provider.startPayment('alipay', order);
    expect(started.codeUrl).toBeNull();
    const url = new URL(started.cashierUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(alipay.config.gateway);
    const params = url.searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      app_id: alipay.config.appId,
      method: 'alipay.trade.page.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2026-11-26 18:00:00',
      version: '1.0',
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
    });
    expect(JSON.parse(params.get('biz_content')!)).toEqual({
      out_trade_no: order.rechargeNo,
      total_amount: '123.45',
      subject: order.subject,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2026-11-26 18:30:00',
    });
    expect(verifiesWithAppKey(params)).toBe(true);
    params.set('biz_content', params.get('biz_content')!.replace('123.45', '0.01'));
    expect(verifiesWithAppKey(params)).toBe(false);
  });

  it('refuses a currency Alipay does not take and a channel it does not serve', async () => {
    await expect(provider.startPayment('alipay', { ...order, currencyCode: 'USD' })).rejects.toThrow(
      PaymentProviderError,
    );
    await expect(provider.startPayment('wechat', order)).rejects.toThrow(PaymentProviderError);
  });

  it('accepts keys as bare base64 as well as PEM, and refuses an unreadable key at start-up', async () => {
    const bare = playAlipay({ bareKeys: true });
    const bareProvider = new AlipayProvider(bare.config, bare.http, () => NOW);
    const notice = bare.notification({
      trade_no: 'T1',
      out_trade_no: 'R1',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '1.00',
      gmt_payment: '2026-11-26 18:00:04',
    });
    await expect(bareProvider.verifyNotification({ headers: {}, rawBody: notice })).resolves.toMatchObject({
      state: 'paid',
      amount: 100,
    });
    expect(() => new AlipayProvider({ ...alipay.config, privateKey: 'not a key' })).toThrow(ConfigError);
    expect(() => new AlipayProvider({ ...alipay.config, alipayPublicKey: 'bm90IGEga2V5' })).toThrow(
      ConfigError,
    );
  });

  it('accepts a genuine notification and answers exactly "success"', async () => {
    const state = await provider.verifyNotification({ headers: {}, rawBody: paidNotice() });
    expect(state).toEqual({
      state: 'paid',
      rechargeNo: order.rechargeNo,
      tradeNo: '2026112622001404330500012345',
      amount: 12_345,
      currencyCode: 'CNY',
      paidAt: new Date('2026-11-26T10:00:04.000Z'),
    });
    expect(provider.acknowledge()).toEqual({
      statusCode: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(provider.refuse().body).toBe('failure');
  });

  it('verifies a notification whose parameters include empty values', async () => {
    const withEmpty = paidNotice({ body: '', passback_params: '' });
    expect(withEmpty.toString()).toContain('body=&');
    await expect(provider.verifyNotification({ headers: {}, rawBody: withEmpty })).resolves.toMatchObject({
      state: 'paid',
    });
  });

  it('reads finished, closed and waiting trades', async () => {
    const finished = await provider.verifyNotification({
      headers: {},
      rawBody: paidNotice({ trade_status: 'TRADE_FINISHED' }),
    });
    expect(finished.state).toBe('paid');
    const closed = await provider.verifyNotification({
      headers: {},
      rawBody: paidNotice({ trade_status: 'TRADE_CLOSED', gmt_close: '2026-11-26 18:30:00' }),
    });
    expect(closed).toEqual({
      state: 'closed',
      rechargeNo: order.rechargeNo,
      tradeNo: '2026112622001404330500012345',
    });
    const waiting = await provider.verifyNotification({
      headers: {},
      rawBody: paidNotice({ trade_status: 'WAIT_BUYER_PAY' }),
    });
    expect(waiting).toEqual({ state: 'pending', rechargeNo: order.rechargeNo });
  });

  it('refuses a tampered body, a foreign or missing signature, another app and a bad amount', async () => {
    const tampered = Buffer.from(
      paidNotice().toString().replace('total_amount=123.45', 'total_amount=99999.00'),
    );
    expect((await rejection(provider.verifyNotification({ headers: {}, rawBody: tampered }))).outcome).toBe(
      'bad_signature',
    );

    const forged = alipay.notification(
      {
        out_trade_no: order.rechargeNo,
        trade_no: 'T',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '123.45',
      },
      stranger.privateKey,
    );
    const forgedRejection = await rejection(provider.verifyNotification({ headers: {}, rawBody: forged }));
    expect(forgedRejection.outcome).toBe('bad_signature');
    expect(forgedRejection.rechargeNo).toBe(order.rechargeNo);

    // An unverified order number is named in the refusal only when it can be one of ours.
    const oddNumber = alipay.notification(
      {
        out_trade_no: 'R1\u0000<script>',
        trade_no: 'T',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '1.00',
      },
      stranger.privateKey,
    );
    expect(
      (await rejection(provider.verifyNotification({ headers: {}, rawBody: oddNumber }))).rechargeNo,
    ).toBeNull();

    const unsigned = new URLSearchParams(paidNotice().toString());
    unsigned.delete('sign');
    expect(
      (
        await rejection(
          provider.verifyNotification({ headers: {}, rawBody: Buffer.from(unsigned.toString()) }),
        )
      ).outcome,
    ).toBe('bad_signature');

    const otherApp = paidNotice({ app_id: '2021000000009999' });
    expect((await rejection(provider.verifyNotification({ headers: {}, rawBody: otherApp }))).outcome).toBe(
      'app_mismatch',
    );

    for (const total_amount of ['123.456', '-1.00', '1e2', ''])
      expect(
        (await rejection(provider.verifyNotification({ headers: {}, rawBody: paidNotice({ total_amount }) })))
          .outcome,
        total_amount,
      ).toBe('malformed');

    const oddStatus = paidNotice({ trade_status: 'TRADE_PAID_MAYBE' });
    expect((await rejection(provider.verifyNotification({ headers: {}, rawBody: oddStatus }))).outcome).toBe(
      'malformed',
    );
    const repeated = Buffer.from(`${paidNotice().toString()}&total_amount=0.01`);
    expect((await rejection(provider.verifyNotification({ headers: {}, rawBody: repeated }))).outcome).toBe(
      'malformed',
    );
    expect(
      (
        await rejection(
          provider.verifyNotification({ headers: {}, rawBody: Buffer.from('\u0000\u0001garbage') }),
        )
      ).outcome,
    ).toBe('bad_signature');
  });

  it('queries a trade through the gateway and trusts only a signed answer', async () => {
    const member = {
      code: '10000',
      msg: 'Success',
      trade_no: '2026112622001404330500012345',
      out_trade_no: order.rechargeNo,
      buyer_logon_id: '159****5620',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '123.45',
      send_pay_date: '2026-11-26 18:00:04',
      fund_bill_list: [{ fund_channel: 'ALIPAYACCOUNT', amount: '123.45' }],
      receipt_url: 'https://example.com/r?a=1',
    };
    alipay.http.respond = () => alipay.gatewayAnswer('alipay.trade.query', member);
    await expect(provider.queryPayment('alipay', order.rechargeNo)).resolves.toEqual({
      state: 'paid',
      rechargeNo: order.rechargeNo,
      tradeNo: member.trade_no,
      amount: 12_345,
      currencyCode: 'CNY',
      paidAt: new Date('2026-11-26T10:00:04.000Z'),
    });
    const request = alipay.http.requests.at(-1)!;
    expect(request.method).toBe('POST');
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(alipay.config.gateway);
    expect([...new URLSearchParams(request.body).keys()]).toEqual(['biz_content']);
    const params = gatewayParams(request);
    expect(params.get('method')).toBe('alipay.trade.query');
    expect(JSON.parse(params.get('biz_content')!)).toEqual({ out_trade_no: order.rechargeNo });
    expect(verifiesWithAppKey(params)).toBe(true);

    alipay.http.respond = () => alipay.gatewayAnswer('alipay.trade.query', member, null);
    await expect(provider.queryPayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    alipay.http.respond = () => alipay.gatewayAnswer('alipay.trade.query', member, stranger.privateKey);
    await expect(provider.queryPayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    alipay.http.respond = () => {
      const genuine = alipay.gatewayAnswer('alipay.trade.query', {
        ...member,
        trade_status: 'WAIT_BUYER_PAY',
      });
      return { ...genuine, body: genuine.body.replace('WAIT_BUYER_PAY', 'TRADE_SUCCESS') };
    };
    await expect(provider.queryPayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
    alipay.http.respond = () => ({ status: 502, body: 'Bad Gateway' });
    await expect(provider.queryPayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'http_error',
    });
    alipay.http.respond = () => {
      throw new Error('connect ETIMEDOUT');
    };
    await expect(provider.queryPayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'http_error',
    });
  });

  it('reads an unknown, a waiting and a closed trade from a query', async () => {
    alipay.http.respond = () =>
      alipay.gatewayAnswer('alipay.trade.query', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      });
    await expect(provider.queryPayment('alipay', order.rechargeNo)).resolves.toEqual({
      state: 'unknown',
      rechargeNo: order.rechargeNo,
    });
    alipay.http.respond = () =>
      alipay.gatewayAnswer('alipay.trade.query', {
        code: '10000',
        msg: 'Success',
        trade_no: 'T2',
        out_trade_no: order.rechargeNo,
        trade_status: 'WAIT_BUYER_PAY',
        total_amount: '123.45',
      });
    await expect(provider.queryPayment('alipay', order.rechargeNo)).resolves.toEqual({
      state: 'pending',
      rechargeNo: order.rechargeNo,
    });
    alipay.http.respond = () =>
      alipay.gatewayAnswer('alipay.trade.query', {
        code: '10000',
        msg: 'Success',
        trade_no: 'T2',
        out_trade_no: 'R-SOMEONE-ELSE',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '123.45',
      });
    await expect(provider.queryPayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'malformed',
    });
  });

  it('closes a trade, and says so when it was paid', async () => {
    alipay.http.respond = () =>
      alipay.gatewayAnswer('alipay.trade.close', {
        code: '10000',
        msg: 'Success',
        out_trade_no: order.rechargeNo,
      });
    await expect(provider.closePayment('alipay', order.rechargeNo)).resolves.toBeUndefined();
    expect(gatewayParams(alipay.http.requests.at(-1)!).get('method')).toBe('alipay.trade.close');

    alipay.http.respond = () =>
      alipay.gatewayAnswer('alipay.trade.close', {
        code: '40004',
        msg: 'x',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
      });
    await expect(provider.closePayment('alipay', order.rechargeNo)).resolves.toBeUndefined();

    const tradeIs = (trade_status: string) => (request: { url: string; body?: string }) =>
      gatewayParams(request).get('method') === 'alipay.trade.close'
        ? alipay.gatewayAnswer('alipay.trade.close', {
            code: '40004',
            msg: 'x',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
          })
        : alipay.gatewayAnswer('alipay.trade.query', {
            code: '10000',
            msg: 'Success',
            trade_no: 'T3',
            out_trade_no: order.rechargeNo,
            trade_status,
            total_amount: '123.45',
            send_pay_date: '2026-11-26 18:00:04',
          });
    alipay.http.respond = tradeIs('TRADE_CLOSED');
    await expect(provider.closePayment('alipay', order.rechargeNo)).resolves.toBeUndefined();
    alipay.http.respond = tradeIs('TRADE_SUCCESS');
    await expect(provider.closePayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'trade_paid',
    });

    alipay.http.respond = () =>
      alipay.gatewayAnswer('alipay.trade.close', { code: '10000', msg: 'Success' }, stranger.privateKey);
    await expect(provider.closePayment('alipay', order.rechargeNo)).rejects.toMatchObject({
      providerCode: 'bad_signature',
    });
  });
});
