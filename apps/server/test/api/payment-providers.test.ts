import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayProvider, type AlipayConfig } from '../../src/modules/payment/alipay-provider.ts';
import { rechargeDepsOf } from '../../src/modules/payment/payments-plugin.ts';
import { reconcileRecharges } from '../../src/modules/recharge/recharge-reconcile.ts';
import { WechatPayProvider, type WechatPayConfig } from '../../src/modules/payment/wechat-pay-provider.ts';
import { createCustomer } from '../support/factories.ts';
import { playAlipay, playWechatPay } from '../support/payment-providers.ts';
import { rechargeApi } from '../support/recharge-api.ts';
import { createTestApp, signIn } from '../support/test-app.ts';

/**
 * The real providers end to end through the API, on both databases: configured as in production (keys
 * in the environment), their HTTP replaced by the test playing Alipay and WeChat Pay. A genuinely signed
 * notification delivered three times at once credits once; a forged or wrong one credits nothing; every
 * delivery is logged.
 */
const PUBLIC_BASE_URL = 'https://portal.example.com';
const alipay = playAlipay();
const wechat = playWechatPay();
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp({
    PUBLIC_BASE_URL,
    PAYMENT_ALIPAY_PROVIDER: 'alipay',
    ALIPAY_APP_ID: alipay.config.appId,
    // One key as a one-line PEM with `\n` written out, the other as bare base64: both as an env file has them.
    ALIPAY_PRIVATE_KEY: alipay.config.privateKey.trim().replace(/\n/g, '\\n'),
    ALIPAY_PUBLIC_KEY: alipay.config.alipayPublicKey,
    ALIPAY_GATEWAY: alipay.config.gateway,
    PAYMENT_WECHAT_PROVIDER: 'wechat',
    WECHAT_PAY_APP_ID: wechat.config.appId,
    WECHAT_PAY_MCH_ID: wechat.config.mchId,
    WECHAT_PAY_API_V3_KEY: wechat.config.apiV3Key,
    WECHAT_PAY_PRIVATE_KEY: wechat.config.privateKey,
    WECHAT_PAY_CERT_SERIAL: wechat.config.certSerial,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: wechat.config.platformPublicKey,
    WECHAT_PAY_PLATFORM_KEY_ID: wechat.config.platformKeyId,
    WECHAT_PAY_BASE_URL: wechat.config.baseUrl,
    // Both payment channels are real here; the WeChat sign-in stays the sandbox under the https address.
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
  }));
  // The configuration chose the real providers; only their HTTP is swapped for the test's fake.
  expect(app.payments.providerFor('alipay')).toBeInstanceOf(AlipayProvider);
  expect(app.payments.providerFor('wechat')).toBeInstanceOf(WechatPayProvider);
  app.payments.use('alipay', new AlipayProvider(app.config.payments.alipay as AlipayConfig, alipay.http));
  app.payments.use(
    'wechat',
    new WechatPayProvider(app.config.payments.wechat as WechatPayConfig, wechat.http),
  );
});
afterAll(async () => close());

async function customer() {
  const { customerId, main } = await createCustomer(app.db);
  const { jwtToken } = await signIn(app, main);
  return { customerId, api: rechargeApi(app, jwtToken) };
}

const balance = async (customerId: string) =>
  (
    await app.db
      .selectFrom('wallets')
      .select('balance')
      .where('customer_id', '=', customerId)
      .where('currency_code', '=', 'CNY')
      .executeTakeFirst()
  )?.balance ?? 0;

const rechargeCredits = (customerId: string) =>
  app.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('entry_type', '=', 'recharge')
    .execute();

const outcomesOf = async (rechargeNo: string) =>
  (
    await app.db
      .selectFrom('payment_notifications')
      .select(['outcome', 'provider'])
      .where('recharge_no', '=', rechargeNo)
      .execute()
  )
    .map((row) => `${row.provider}:${row.outcome}`)
    .sort();

const notifyAlipay = (body: Buffer) =>
  app.inject({
    method: 'POST',
    url: '/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });

const notifyWechat = (notice: { headers: Record<string, string>; body: string }) =>
  app.inject({
    method: 'POST',
    url: '/pay/notify/wechat',
    headers: { ...notice.headers, 'content-type': 'application/json' },
    payload: notice.body,
  });

describe('Alipay, configured for real', () => {
  it('answers a signed cashier URL, and credits a genuine notification delivered three times once', async () => {
    const { customerId, api } = await customer();
    const before = await balance(customerId);
    const created = await api.create({ amount: 10_000, channel: 'alipay' });
    expect(created.code).toBe(200);
    const { recharge, payToken } = created.data;
    expect(recharge.provider).toBe('alipay');
    const started = await api.startAlipay(recharge.rechargeNo, payToken);
    expect(started.code).toBe(200);
    expect(started.data).toMatchObject({ provider: 'alipay', codeUrl: null });
    const cashier = new URL(started.data.cashierUrl!);
    expect(`${cashier.origin}${cashier.pathname}`).toBe(alipay.config.gateway);
    expect(cashier.searchParams.get('notify_url')).toBe(`${PUBLIC_BASE_URL}/pay/notify/alipay`);
    expect(JSON.parse(cashier.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: recharge.rechargeNo,
      total_amount: '100.00',
    });

    const notice = alipay.notification({
      trade_no: '2026112622001404330500099999',
      out_trade_no: recharge.rechargeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '100.00',
      gmt_payment: '2026-11-26 18:00:04',
    });
    const answers = await Promise.all([notifyAlipay(notice), notifyAlipay(notice), notifyAlipay(notice)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('success');
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    }
    expect(await balance(customerId)).toBe(before + 10_000);
    const credits = await rechargeCredits(customerId);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.amount).toBe(10_000);
    const after = await api.get(recharge.id);
    expect(after.data).toMatchObject({ status: 'paid', providerTradeNo: '2026112622001404330500099999' });
    expect(await outcomesOf(recharge.rechargeNo)).toEqual([
      'alipay:credited',
      'alipay:duplicate',
      'alipay:duplicate',
    ]);
  });

  it('credits nothing for a forged, tampered, foreign-app or wrong-amount notification, and logs each', async () => {
    const { customerId, api } = await customer();
    const before = await balance(customerId);
    const { recharge, payToken } = (await api.create({ amount: 10_000, channel: 'alipay' })).data;
    expect((await api.startAlipay(recharge.rechargeNo, payToken)).code).toBe(200);
    const fields = {
      trade_no: '2026112622001404330500088888',
      out_trade_no: recharge.rechargeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '100.00',
      gmt_payment: '2026-11-26 18:00:04',
    };
    const forged = alipay.notification(fields, stranger.privateKey);
    const tampered = Buffer.from(
      alipay
        .notification({ ...fields, total_amount: '1.00' })
        .toString()
        .replace('total_amount=1.00', 'total_amount=100.00'),
    );
    const otherApp = alipay.notification({ ...fields, app_id: '2021000000009999' });
    const wrongAmount = alipay.notification({ ...fields, total_amount: '1000.00' });
    for (const body of [forged, tampered, otherApp, wrongAmount]) {
      const answer = await notifyAlipay(body);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('failure');
    }
    expect(await balance(customerId)).toBe(before);
    expect(await rechargeCredits(customerId)).toHaveLength(0);
    expect((await api.get(recharge.id)).data.status).toBe('pending');
    expect(await outcomesOf(recharge.rechargeNo)).toEqual([
      'alipay:amount_mismatch',
      'alipay:app_mismatch',
      'alipay:bad_signature',
      'alipay:bad_signature',
    ]);
  });
});

describe('WeChat Pay, configured for real', () => {
  it('answers the code_url of a signed Native order, and credits a genuine notification delivered three times once', async () => {
    const { customerId, api } = await customer();
    const before = await balance(customerId);
    const { recharge, payToken } = (await api.create({ amount: 25_050, channel: 'wechat' })).data;
    wechat.http.respond = () => wechat.answer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=Api7Test' });
    const started = await api.startWeChat(recharge.rechargeNo, payToken);
    expect(started.code).toBe(200);
    expect(started.data).toMatchObject({
      provider: 'wechat',
      cashierUrl: null,
      codeUrl: 'weixin://wxpay/bizpayurl?pr=Api7Test',
    });
    const request = wechat.http.requests.at(-1)!;
    expect(request.url).toBe(`${wechat.config.baseUrl}/v3/pay/transactions/native`);
    expect(JSON.parse(request.body!)).toMatchObject({
      out_trade_no: recharge.rechargeNo,
      notify_url: `${PUBLIC_BASE_URL}/pay/notify/wechat`,
      amount: { total: 25_050, currency: 'CNY' },
    });
    expect(request.headers.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",/);

    const notice = wechat.notification({
      out_trade_no: recharge.rechargeNo,
      transaction_id: '4200000000202611260000099999',
      trade_state: 'SUCCESS',
      success_time: '2026-11-26T18:00:04+08:00',
      amount: { total: 25_050, payer_total: 25_050, currency: 'CNY', payer_currency: 'CNY' },
    });
    const answers = await Promise.all([notifyWechat(notice), notifyWechat(notice), notifyWechat(notice)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
    }
    expect(await balance(customerId)).toBe(before + 25_050);
    expect(await rechargeCredits(customerId)).toHaveLength(1);
    expect((await api.get(recharge.id)).data).toMatchObject({
      status: 'paid',
      providerTradeNo: '4200000000202611260000099999',
    });
    expect(await outcomesOf(recharge.rechargeNo)).toEqual([
      'wechat:credited',
      'wechat:duplicate',
      'wechat:duplicate',
    ]);
  });

  it('answers a clear "try again later" when WeChat Pay fails or answers unsigned, and starts once it works', async () => {
    const { customerId, main } = await createCustomer(app.db);
    const { jwtToken } = await signIn(app, main);
    const english = rechargeApi(app, jwtToken, 'en-US');
    const chinese = rechargeApi(app, jwtToken, 'zh-CN');
    const { recharge, payToken } = (await english.create({ amount: 10_000, channel: 'wechat' })).data;
    wechat.http.respond = () => wechat.answer(500, { code: 'SYSTEM_ERROR', message: '系统错误' });
    const failed = await english.startWeChat(recharge.rechargeNo, payToken);
    expect(failed).toMatchObject({ code: 503, data: null });
    expect(failed.message).toBe('The payment provider cannot be reached right now; please try again shortly');
    wechat.http.respond = () => ({
      status: 200,
      headers: {},
      body: '{"code_url":"weixin://wxpay/bizpayurl?pr=Fake"}',
    });
    const unsigned = await chinese.startWeChat(recharge.rechargeNo, payToken);
    expect(unsigned).toMatchObject({
      code: 503,
      message: '支付平台暂时无法连接，请稍后重试',
    });
    expect((await english.get(recharge.id)).data).toMatchObject({ status: 'pending', expiresAt: null });
    expect(await balance(customerId)).toBe(0);

    wechat.http.respond = () => wechat.answer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=Works' });
    const started = await english.startWeChat(recharge.rechargeNo, payToken);
    expect(started.data).toMatchObject({ codeUrl: 'weixin://wxpay/bizpayurl?pr=Works' });
  });

  it('credits nothing for a forged, stale, undecryptable, foreign-merchant or wrong-amount notification', async () => {
    const { customerId, api } = await customer();
    const before = await balance(customerId);
    const { recharge, payToken } = (await api.create({ amount: 10_000, channel: 'wechat' })).data;
    wechat.http.respond = () => wechat.answer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=Api7Forged' });
    expect((await api.startWeChat(recharge.rechargeNo, payToken)).code).toBe(200);
    const transaction = {
      out_trade_no: recharge.rechargeNo,
      transaction_id: '4200000000202611260000088888',
      trade_state: 'SUCCESS',
      success_time: '2026-11-26T18:00:04+08:00',
      amount: { total: 10_000, payer_total: 10_000, currency: 'CNY' },
    };
    const notices = [
      wechat.notification(transaction, { signWith: stranger.privateKey }),
      wechat.notification(transaction, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      wechat.notification(transaction, { sealKey: 'k'.repeat(32) }),
      wechat.notification({ ...transaction, mchid: '1900000999' }),
      wechat.notification({ ...transaction, amount: { total: 1, payer_total: 1, currency: 'CNY' } }),
    ];
    for (const notice of notices) {
      const answer = await notifyWechat(notice);
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toMatchObject({ code: 'FAIL' });
    }
    expect(await balance(customerId)).toBe(before);
    expect(await rechargeCredits(customerId)).toHaveLength(0);
    expect((await api.get(recharge.id)).data.status).toBe('pending');
    // A notification refused before its resource was opened does not name the recharge.
    expect(await outcomesOf(recharge.rechargeNo)).toEqual(['wechat:amount_mismatch', 'wechat:app_mismatch']);
    const refused = await app.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('provider', '=', 'wechat')
      .where('outcome', '=', 'bad_signature')
      .execute();
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });
});

describe('hostile notifications to the real providers', () => {
  const outcomeCounts = async () => {
    const rows = await app.db.selectFrom('payment_notifications').select('outcome').execute();
    const counts: Record<string, number> = {};
    for (const { outcome } of rows) counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  };

  it('refuses empty, garbage, control-character and oversized bodies with the answer each provider expects', async () => {
    const { customerId, api } = await customer();
    const before = await balance(customerId);
    const { recharge } = (await api.create({ amount: 10_000, channel: 'alipay' })).data;
    const outcomesBefore = await outcomeCounts();
    const bodies = [
      Buffer.alloc(0),
      Buffer.from('{"not":"a form"}'),
      Buffer.from(
        `out_trade_no=${recharge.rechargeNo}&trade_status=TRADE_SUCCESS&total_amount=100.00&sign=\u0000\u0007%00%1B`,
      ),
      Buffer.from('%E0%A4%A=broken&%%%'),
    ];
    for (const body of bodies) {
      const alipayAnswer = await notifyAlipay(body);
      expect(alipayAnswer.statusCode).toBe(200);
      expect(alipayAnswer.body).toBe('failure');
      const wechatAnswer = await notifyWechat({ headers: {}, body: body.toString('utf8') });
      expect(wechatAnswer.statusCode).toBe(500);
      expect(wechatAnswer.json()).toMatchObject({ code: 'FAIL' });
    }
    // Every delivery is logged, each as a bad signature.
    const outcomesAfter = await outcomeCounts();
    expect({ ...outcomesAfter, bad_signature: outcomesAfter.bad_signature! - bodies.length * 2 }).toEqual({
      ...outcomesBefore,
      bad_signature: outcomesBefore.bad_signature ?? 0,
    });

    const oversized = await notifyAlipay(Buffer.from(`a=${'x'.repeat(70 * 1024)}`));
    expect(oversized.statusCode).toBe(413);
    expect(await balance(customerId)).toBe(before);
    expect((await api.get(recharge.id)).data.status).toBe('pending');
  });
});

describe('reconciliation with the real providers, when no notification comes', () => {
  /** What each provider says about a recharge number; anything else it does not know. */
  const alipayTrades = new Map<string, Record<string, unknown>>();
  const wechatOrders = new Map<string, Record<string, unknown>>();
  let signAlipayAnswers = true;
  const reconcileAt = (minutesFromNow: number) =>
    reconcileRecharges(rechargeDepsOf(app), app.log, new Date(Date.now() + minutesFromNow * 60_000));

  beforeAll(() => {
    alipay.http.respond = (request) => {
      const method = new URL(request.url).searchParams.get('method')!;
      const bizContent = new URLSearchParams(request.body).get('biz_content')!;
      const { out_trade_no } = JSON.parse(bizContent) as { out_trade_no: string };
      const trade = alipayTrades.get(out_trade_no);
      const member =
        method === 'alipay.trade.close'
          ? { code: '10000', msg: 'Success', out_trade_no }
          : trade
            ? { code: '10000', msg: 'Success', out_trade_no, ...trade }
            : {
                code: '40004',
                msg: 'Business Failed',
                sub_code: 'ACQ.TRADE_NOT_EXIST',
                sub_msg: '交易不存在',
              };
      return alipay.gatewayAnswer(method, member, signAlipayAnswers ? undefined : null);
    };
    wechat.http.respond = (request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/native'))
        return wechat.answer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=R' });
      const rechargeNo = decodeURIComponent(url.pathname.split('/')[5]!);
      if (url.pathname.endsWith('/close')) return wechat.answer(204, null);
      const order = wechatOrders.get(rechargeNo);
      return order
        ? wechat.answer(200, wechat.transaction({ out_trade_no: rechargeNo, ...order }))
        : wechat.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    };
  });

  it('credits an Alipay payment the query reports, once, and only from a signed answer', async () => {
    const { customerId, api } = await customer();
    const before = await balance(customerId);
    const { recharge, payToken } = (await api.create({ amount: 8_800, channel: 'alipay' })).data;
    expect((await api.startAlipay(recharge.rechargeNo, payToken)).code).toBe(200);
    alipayTrades.set(recharge.rechargeNo, {
      trade_no: '2026112622001404330500077777',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.00',
      send_pay_date: '2026-11-26 18:00:04',
    });

    signAlipayAnswers = false;
    await reconcileAt(2);
    expect(await balance(customerId)).toBe(before);
    expect((await api.get(recharge.id)).data.status).toBe('pending');

    signAlipayAnswers = true;
    await reconcileAt(2);
    await reconcileAt(3);
    expect(await balance(customerId)).toBe(before + 8_800);
    expect(await rechargeCredits(customerId)).toHaveLength(1);
    expect((await api.get(recharge.id)).data).toMatchObject({
      status: 'paid',
      providerTradeNo: '2026112622001404330500077777',
    });
  });

  it('closes an unpaid WeChat Pay order at the provider and here once it expired, and credits a paid one', async () => {
    const { customerId, api } = await customer();
    const before = await balance(customerId);
    const unpaid = (await api.create({ amount: 10_000, channel: 'wechat' })).data;
    const paid = (await api.create({ amount: 12_300, channel: 'wechat' })).data;
    for (const { recharge, payToken } of [unpaid, paid])
      expect((await api.startWeChat(recharge.rechargeNo, payToken)).code).toBe(200);
    wechatOrders.set(unpaid.recharge.rechargeNo, { trade_state: 'NOTPAY' });
    wechatOrders.set(paid.recharge.rechargeNo, {
      transaction_id: '4200000000202611260000077777',
      trade_state: 'SUCCESS',
      success_time: '2026-11-26T18:00:04+08:00',
      amount: { total: 12_300, payer_total: 12_300, currency: 'CNY' },
    });

    await reconcileAt(2);
    expect((await api.get(unpaid.recharge.id)).data.status).toBe('pending');
    expect((await api.get(paid.recharge.id)).data.status).toBe('paid');
    expect(await balance(customerId)).toBe(before + 12_300);

    // Past the expiry (RECHARGE_EXPIRE_MINUTES, 30 by default) the unpaid one is closed there, then here.
    await reconcileAt(31);
    expect((await api.get(unpaid.recharge.id)).data.status).toBe('closed');
    const closeCalls = wechat.http.requests.filter((request) =>
      request.url.endsWith(`/out-trade-no/${unpaid.recharge.rechargeNo}/close`),
    );
    expect(closeCalls).toHaveLength(1);
    expect(await balance(customerId)).toBe(before + 12_300);
    expect(await rechargeCredits(customerId)).toHaveLength(1);
  });
});
