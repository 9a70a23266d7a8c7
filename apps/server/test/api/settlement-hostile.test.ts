import { ApiCode } from '@portal/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/config.ts';
import { issueBills } from '../../src/modules/bill/bill-issue.ts';
import { periodContaining, previousPeriod } from '../../src/modules/bill/bill-period.ts';
import { applyPrepaidWriteOffs } from '../../src/modules/bill/write-off.ts';
import { postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createCustomer } from '../support/factories.ts';
import { PNG_BYTES, rechargeApi } from '../support/recharge-api.ts';
import { sandboxNotificationHeaders, sandboxNotifyKey } from '../../src/modules/payment/sandbox-provider.ts';
import { createTestApp, signIn } from '../support/test-app.ts';

/** Hostile review of issue 11: faults found by attacking the settlement code, one test each. */

const OPERATOR_KEY = 'operator-key-for-the-hostile-review-0123456789';
let app: FastifyInstance;
let close: () => Promise<void>;
let config: AppConfig;
beforeAll(async () => {
  ({ app, close, config } = await createTestApp({
    TOPUP_LOOKUPS_PER_ADDRESS: '4',
    OPERATOR_API_KEY: OPERATOR_KEY,
    TOPUP_CREATES_PER_ADDRESS: '3',
    TOPUP_CREATE_WINDOW_SECONDS: '86400',
  }));
});
afterAll(async () => close());

async function codeOf(customerId: string) {
  const row = await app.db
    .selectFrom('customers')
    .select('code')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.code;
}

describe('the public /topUp page writes within limits', () => {
  it('caps recharges and voucher files created per address (X-Forwarded-For does not reset it); the refused upload writes nothing', async () => {
    const { customerId } = await createCustomer(app.db);
    const pub = rechargeApi(app, undefined, 'en-US');
    const found = await pub.lookup(await codeOf(customerId));
    expect(found.code).toBe(200);
    const { lookupToken } = found.data;
    // Three creations are allowed per window here: two vouchers and one online order.
    for (let i = 0; i < 2; i++)
      expect((await pub.publicVoucher({ amount: '10000', lookupToken }, { bytes: PNG_BYTES })).code).toBe(
        200,
      );
    expect((await pub.publicCreate({ amount: 10_000, channel: 'alipay', lookupToken })).code).toBe(200);

    const files = () =>
      app.db.selectFrom('stored_files').select('id').where('customer_id', '=', customerId).execute();
    const recharges = () =>
      app.db.selectFrom('recharges').select('id').where('customer_id', '=', customerId).execute();
    expect(await files()).toHaveLength(2);
    expect(await recharges()).toHaveLength(3);

    const voucher = await pub.publicVoucher({ amount: '10000', lookupToken }, { bytes: PNG_BYTES });
    expect(voucher).toMatchObject({ code: ApiCode.TooManyRequests });
    expect(voucher.message).toMatch(/^Too many top-ups from this address; please try again in \d+ seconds$/);
    const online = await rechargeApi(app, undefined, 'zh-TW').publicCreate({
      amount: 10_000,
      channel: 'wechat',
      lookupToken,
    });
    expect(online.code).toBe(ApiCode.TooManyRequests);
    expect(online.message).toMatch(/^充值過於頻繁，請 \d+ 秒後再試$/);
    // TRUST_PROXY is off: a forged X-Forwarded-For is not another address.
    const { payload, contentType } = (await import('../support/recharge-api.ts')).multipartBody(
      { amount: '10000', lookupToken },
      { bytes: PNG_BYTES },
    );
    const forged = await app.inject({
      method: 'POST',
      url: '/api/TopUp/UploadTransferVoucher',
      payload,
      headers: { 'content-type': contentType, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forged.json()).toMatchObject({ code: ApiCode.TooManyRequests });
    expect(await files()).toHaveLength(2);
    expect(await recharges()).toHaveLength(3);
  });
});

describe('the look-up limit per address', () => {
  const lookUpFrom = async (remoteAddress: string, customerCode = 'NOSUCHCODE') =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/TopUp/QueryCustomer',
        payload: { customerCode },
        headers: { 'accept-language': 'en-US' },
        remoteAddress,
      })
    ).json<{ code: number }>().code;

  it('counts an IPv6 network (/64) as one address: a new address per try from it does not enumerate', async () => {
    const answers = [];
    for (let host = 1; host <= 6; host++)
      answers.push(await lookUpFrom(`2001:db8:7:9::${host.toString(16)}`));
    expect(answers.slice(0, 4)).toEqual(Array(4).fill(ApiCode.NotFound));
    expect(answers.slice(4)).toEqual([ApiCode.TooManyRequests, ApiCode.TooManyRequests]);
    // The same network written out in full, or in capitals, is the same network.
    expect(await lookUpFrom('2001:0DB8:0007:0009:ffff:0:0:1')).toBe(ApiCode.TooManyRequests);
    // Another /64 and an IPv4 address have counters of their own.
    expect(await lookUpFrom('2001:db8:7:a::1')).toBe(ApiCode.NotFound);
    expect(await lookUpFrom('198.51.100.7')).toBe(ApiCode.NotFound);
    // An IPv4 address seen through an IPv6 socket is that IPv4 address, not a /64 shared with others.
    for (let i = 0; i < 3; i++) expect(await lookUpFrom('::ffff:198.51.100.7')).toBe(ApiCode.NotFound);
    expect(await lookUpFrom('198.51.100.7')).toBe(ApiCode.TooManyRequests);
    expect(await lookUpFrom('::ffff:198.51.100.8')).toBe(ApiCode.NotFound);
  });
});

describe('the public notify path', () => {
  it('keeps only a bounded number of refused notifications per address; each is still refused, and a genuine one is still applied and logged', async () => {
    const junk = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        payload: JSON.stringify({ rechargeNo: `R${i}`, filler: 'x'.repeat(8000) }),
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'f'.repeat(64) },
        remoteAddress: '192.0.2.44',
      });
    const logged = async () =>
      (
        await app.db
          .selectFrom('payment_notifications')
          .select('id')
          .where('remote_address', '=', '192.0.2.44')
          .execute()
      ).length;
    for (let i = 0; i < 70; i++) {
      const answer = await junk(i);
      expect(answer.statusCode).not.toBe(200);
    }
    expect(await logged()).toBe(60);

    // A genuine notification from that same address is still applied and logged.
    const { main } = await createCustomer(app.db);
    const api = rechargeApi(app, (await signIn(app, main)).jwtToken);
    const { recharge, payToken } = (await api.create({ amount: 12_300, channel: 'alipay' })).data;
    expect((await api.startAlipay(recharge.rechargeNo, payToken)).code).toBe(200);
    const body = JSON.stringify({
      rechargeNo: recharge.rechargeNo,
      tradeNo: `T${recharge.rechargeNo}`,
      amount: 12_300,
      currencyCode: 'CNY',
      state: 'paid',
      paidAt: new Date().toISOString(),
    });
    const genuine = await app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      payload: body,
      headers: sandboxNotificationHeaders(sandboxNotifyKey(app.tokenSecret), body),
      remoteAddress: '192.0.2.44',
    });
    expect(genuine.statusCode).toBe(200);
    expect((await api.get(recharge.id)).data.status).toBe('paid');
    expect(await logged()).toBe(61);
    // Another address is logged as before.
    const other = await app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '192.0.2.45',
    });
    expect(other.statusCode).not.toBe(200);
    const rows = await app.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('remote_address', '=', '192.0.2.45')
      .execute();
    expect(rows).toEqual([{ outcome: 'bad_signature' }]);
  });
});

describe('the recharge records filter', () => {
  it('reads createdFrom/createdTo as instants in any offset, createdTo exclusive, as the export does', async () => {
    const { main } = await createCustomer(app.db);
    const api = rechargeApi(app, (await signIn(app, main)).jwtToken);
    const ids = [];
    for (const at of ['2026-11-01T00:30:00.000Z', '2026-11-01T02:00:00.000Z']) {
      const created = await api.create({ amount: 10_000, channel: 'alipay' });
      await app.db
        .updateTable('recharges')
        .set({ created_at: at })
        .where('id', '=', created.data.recharge.id)
        .execute();
      ids.push(created.data.recharge.id);
    }
    // 08:00 in China is midnight UTC: both recharges are after it; the day in China ends at 16:00 UTC.
    const china = await api.query({
      createdFrom: '2026-11-01T08:00:00+08:00',
      createdTo: '2026-11-02T00:00:00+08:00',
    });
    expect(china.data.list.map((r) => r.id).sort()).toEqual([...ids].sort());
    // createdTo is exclusive: a recharge at that very instant belongs to the next range.
    const before = await api.query({ createdTo: '2026-11-01T02:00:00Z' });
    expect(before.data.list.map((r) => r.id)).toEqual([ids[0]]);
    const after = await api.query({ createdFrom: '2026-11-01T10:00:00+08:00' });
    expect(after.data.list.map((r) => r.id)).toEqual([ids[1]]);
  });
});

describe('prepaid write-offs', () => {
  it('count money staff took back by a negative manual adjustment: a mistaken credit and its correction settle no bill', async () => {
    const { customerId } = await createCustomer(app.db);
    const book = (entryType: 'manual_adjustment' | 'surcharge', amount: number) =>
      app.db.transaction().execute(async (trx) => {
        await postLedgerEntry(trx, { customerId, currencyCode: 'CNY', entryType, amount, heldChange: 0 });
        if (amount > 0) await applyPrepaidWriteOffs(trx, customerId, 'CNY');
      });
    await book('manual_adjustment', 100_000); // booked by mistake …
    await book('manual_adjustment', -100_000); // … and taken back
    await book('surcharge', -30_000); // a charge the customer has not paid: the balance is −300.00
    const period = previousPeriod(config.bills, periodContaining(config.bills, new Date()));
    await app.db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(Date.parse(period.start) + 3_600_000).toISOString() })
      .where('customer_id', '=', customerId)
      .execute();
    const { billNos } = await issueBills(app.db, period, new Date(), config.bills, customerId);
    expect(billNos).toHaveLength(1);
    const bill = await app.db
      .selectFrom('bills as b')
      .innerJoin('bill_amounts as a', 'a.bill_id', 'b.id')
      .select(['b.status', 'a.total', 'a.written_off'])
      .where('b.customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(bill).toEqual({ status: 'open', total: 30_000, written_off: 0 });

    // Money that really arrives afterwards writes it off as before.
    await book('manual_adjustment', 10_000);
    const after = await app.db
      .selectFrom('bill_amounts')
      .select('written_off')
      .where('bill_id', '=', app.db.selectFrom('bills').select('id').where('customer_id', '=', customerId))
      .executeTakeFirstOrThrow();
    expect(after.written_off).toBe(10_000);
  });
});

describe('a recharge past its expiry', () => {
  it('is not started again nor approved at the cashier: the payer is told to create a new one, nothing is credited', async () => {
    const { main, customerId } = await createCustomer(app.db);
    const api = rechargeApi(app, (await signIn(app, main)).jwtToken, 'en-US');
    const { recharge, payToken } = (await api.create({ amount: 10_000, channel: 'wechat' })).data;
    expect((await api.startWeChat(recharge.rechargeNo, payToken)).code).toBe(200);
    await app.db
      .updateTable('recharges')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', recharge.id)
      .execute();
    const again = await api.startWeChat(recharge.rechargeNo, payToken);
    expect(again).toMatchObject({ code: ApiCode.Conflict });
    expect(again.message).toBe('This recharge has expired; please create a new one');
    const approve = await rechargeApi(app, undefined, 'zh-CN').decide(recharge.rechargeNo, payToken, true);
    expect(approve).toMatchObject({ code: ApiCode.Conflict, message: '该充值订单已过期，请重新发起充值' });
    const tasks = await app.db
      .selectFrom('tasks')
      .select('id')
      .where('id', '=', `sandbox-pay:${recharge.rechargeNo}`)
      .execute();
    expect(tasks).toEqual([]);
    const wallet = await app.db
      .selectFrom('wallets')
      .select('balance')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    expect(wallet?.balance ?? 0).toBe(0);
  });
});

describe('staff confirming two transfers with one bank reference at once', () => {
  it('credits one; the other is told the reference is taken (409, localized), not a 500, and stays pending', async () => {
    const { main, customerId } = await createCustomer(app.db);
    const api = rechargeApi(app, (await signIn(app, main)).jwtToken);
    const a = (await api.uploadVoucher({ amount: '30000' }, { bytes: PNG_BYTES })).data.recharge;
    const b = (await api.uploadVoucher({ amount: '40000' }, { bytes: PNG_BYTES })).data.recharge;
    const confirm = (rechargeNo: string) =>
      app.inject({
        method: 'POST',
        url: `/ops/v1/recharges/${rechargeNo}/confirm`,
        payload: { tradeNo: 'ICBC-20261126-0001' },
        headers: { 'x-operator-key': OPERATOR_KEY, 'accept-language': 'en-US' },
      });
    const answers = (await Promise.all([confirm(a.rechargeNo), confirm(b.rechargeNo)])).map((r) => ({
      status: r.statusCode,
      ...r.json<{ code: number; message: string }>(),
    }));
    expect(answers.map((r) => r.code).sort()).toEqual([ApiCode.Ok, ApiCode.Conflict]);
    expect(answers.find((r) => r.code === ApiCode.Conflict)!.message).toContain('ICBC-20261126-0001');
    const rows = await app.db
      .selectFrom('recharges')
      .select(['status', 'amount'])
      .where('customer_id', '=', customerId)
      .orderBy('status')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['paid', 'pending']);
    const wallet = await app.db
      .selectFrom('wallets')
      .select('balance')
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(rows.find((r) => r.status === 'paid')!.amount);
  });
});

describe('control characters in the finance lists’ filters', () => {
  it('a bill number, a recharge number or an id with a NUL is refused (never a 500)', async () => {
    const { main } = await createCustomer(app.db);
    const { jwtToken } = await signIn(app, main);
    const post = (url: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { authorization: `Bearer ${jwtToken}`, 'accept-language': 'en-US' },
      });
    // A NUL anywhere is refused at the edge (plugins/edge-guard.ts); an id of another shape by its schema.
    const bills = await post('/api/CustomerBill/Query', { billNo: 'B202610\u0000' });
    expect(bills.json()).toMatchObject({ code: ApiCode.BadRequest, data: { errors: [{ field: 'billNo' }] } });
    const lines = await post('/api/CustomerBill/QueryLines', { billId: 'x\u0000' });
    expect(lines.json()).toMatchObject({ code: ApiCode.BadRequest });
    for (const url of ['/api/CustomerBill/Get', '/api/ConsumptionFlow/Get', '/api/OrderMall/Get']) {
      const one = await app.inject({
        url,
        query: { id: 'x\u0000' },
        headers: { authorization: `Bearer ${jwtToken}` },
      });
      expect(one.json()).toMatchObject({ code: ApiCode.BadRequest });
    }
    const recharges = await post('/api/OrderMall/Query', { rechargeNo: 'R\u0000' });
    expect(recharges.json()).toMatchObject({ code: ApiCode.BadRequest });
  });
});
