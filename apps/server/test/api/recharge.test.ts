import { ApiCode } from '@portal/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { notifySandbox, PDF_BYTES, PNG_BYTES, rechargeApi, SANDBOX_ACK } from '../support/recharge-api.ts';
import { call, createTestApp, signIn } from '../support/test-app.ts';

let app: FastifyInstance;
let close: () => Promise<void>;
const OPERATOR_KEY = 'operator-key-for-recharge-tests-0123456789';
beforeAll(async () => {
  ({ app, close } = await createTestApp({
    OPERATOR_API_KEY: OPERATOR_KEY,
    TOPUP_LOOKUPS_PER_ADDRESS: '5',
    TOPUP_LOOKUP_WINDOW_SECONDS: '86400',
  }));
});
afterAll(async () => close());

async function customer() {
  const { customerId, main } = await createCustomer(app.db);
  const { jwtToken } = await signIn(app, main);
  return { customerId, token: jwtToken, api: rechargeApi(app, jwtToken) };
}

async function wallet(customerId: string) {
  return app.db
    .selectFrom('wallets')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', 'CNY')
    .executeTakeFirst();
}

async function rechargeRows(customerId: string) {
  return app.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('entry_type', '=', 'recharge')
    .execute();
}

const notificationsOf = (rechargeNo: string) =>
  app.db
    .selectFrom('payment_notifications')
    .selectAll()
    .where('recharge_no', '=', rechargeNo)
    .orderBy('received_at')
    .execute();

/** A pending online recharge whose payment was started. */
async function startedRecharge(
  api: ReturnType<typeof rechargeApi>,
  amount = 10_000,
  channel: 'alipay' | 'wechat' = 'alipay',
) {
  const created = await api.create({ amount, channel });
  expect(created.code).toBe(200);
  const { recharge, payToken } = created.data;
  const started =
    channel === 'alipay'
      ? await api.startAlipay(recharge.rechargeNo, payToken)
      : await api.startWeChat(recharge.rechargeNo, payToken);
  expect(started.code).toBe(200);
  return { recharge, payToken, started: started.data };
}

const paid = (rechargeNo: string, amount: number, tradeNo = `T${rechargeNo}`) => ({
  rechargeNo,
  tradeNo,
  amount,
  currencyCode: 'CNY',
  state: 'paid' as const,
  paidAt: new Date().toISOString(),
});

describe('online top-up through the sandbox', () => {
  it('creates, starts, approves at the cashier, is notified and credits the wallet once', async () => {
    const { customerId, api } = await customer();
    const { recharge, payToken, started } = await startedRecharge(api, 10_000, 'wechat');
    expect(recharge.rechargeNo).toMatch(/^R\d{8}[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(recharge).toMatchObject({
      status: 'pending',
      provider: 'sandbox',
      channel: 'wechat',
      amount: 10_000,
    });
    expect(started.codeUrl).toBe(started.cashierUrl);
    expect(started.cashierUrl).toContain(`/sandboxCashier?rechargeNo=${recharge.rechargeNo}&payToken=`);

    const cashier = await api.cashier(recharge.rechargeNo, payToken);
    expect(cashier.data).toMatchObject({ status: 'pending' });
    expect(cashier.data.returnUrl).toContain(`/payResult?rechargeNo=${recharge.rechargeNo}`);
    const decided = await api.decide(recharge.rechargeNo, payToken, true);
    expect(decided.code).toBe(200);
    // Approving twice is the same approval.
    expect((await api.decide(recharge.rechargeNo, payToken, true)).code).toBe(200);
    expect((await api.result(recharge.rechargeNo, payToken)).data.status).toBe('pending');

    await app.taskRunner.runOnce();
    const result = await api.result(recharge.rechargeNo, payToken);
    expect(result.data).toMatchObject({ status: 'paid', amount: 10_000, currencyCode: 'CNY' });
    expect((await wallet(customerId))?.balance).toBe(10_000);
    const rows = await rechargeRows(customerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 10_000,
      reference_no: recharge.rechargeNo,
      recharge_id: recharge.id,
    });
    expect((await notificationsOf(recharge.rechargeNo)).map((n) => n.outcome)).toEqual(['credited']);
    // Nothing more to deliver: the task succeeded on the first acknowledgement.
    expect(await app.taskRunner.runOnce()).toEqual([]);
    await assertLedgerConsistent(app.db, customerId);
  });

  it('one notification ×10 concurrently plus 10 retries: one credit, one ledger row, the right balance', async () => {
    const { customerId, api } = await customer();
    const { recharge } = await startedRecharge(api, 12_345);
    const notification = paid(recharge.rechargeNo, 12_345);
    const burst = await Promise.all(Array.from({ length: 10 }, () => notifySandbox(app, notification)));
    for (let i = 0; i < 10; i++) burst.push(await notifySandbox(app, notification));
    for (const answer of burst) expect(answer).toEqual({ status: 200, body: SANDBOX_ACK });
    expect((await wallet(customerId))?.balance).toBe(12_345);
    expect(await rechargeRows(customerId)).toHaveLength(1);
    const outcomes = (await notificationsOf(recharge.rechargeNo)).map((n) => n.outcome).sort();
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    await assertLedgerConsistent(app.db, customerId);
  });

  it('a tampered signature, a wrong amount, a stale timestamp, an unknown recharge and junk credit nothing and are logged', async () => {
    const { customerId, api } = await customer();
    const { recharge } = await startedRecharge(api, 5_000);
    const notification = paid(recharge.rechargeNo, 5_000);

    const tampered = await notifySandbox(app, notification, { tamper: true });
    expect(tampered.status).toBe(400);
    const otherKey = await notifySandbox(app, notification, { signWith: 'x'.repeat(40) });
    expect(otherKey.status).toBe(400);
    const stale = await notifySandbox(app, notification, { timestamp: Date.now() - 10 * 60_000 });
    expect(stale.status).toBe(400);
    const wrongAmount = await notifySandbox(app, { ...notification, amount: 50 });
    expect(wrongAmount.status).toBe(400);
    const unknown = await notifySandbox(app, paid('R20260101ZZZZZZZZ', 5_000));
    expect(unknown.status).toBe(400);
    const junk = await notifySandbox(app, 'not json at all');
    expect(junk.status).toBe(400);
    const nul = await notifySandbox(app, JSON.stringify({ ...notification, rechargeNo: 'R\u0000\u0007' }));
    expect(nul.status).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      payload: JSON.stringify(notification),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);

    expect(await wallet(customerId)).toBeUndefined();
    expect((await api.get(recharge.id)).data.status).toBe('pending');
    const outcomes = (await notificationsOf(recharge.rechargeNo)).map((n) => n.outcome);
    expect(outcomes).toEqual([
      'bad_signature',
      'bad_signature',
      'bad_signature',
      'amount_mismatch',
      'bad_signature',
    ]);
    const log = await app.db.selectFrom('payment_notifications').select(['outcome', 'body']).execute();
    expect(log.some((n) => n.outcome === 'unknown_recharge')).toBe(true);
    expect(log.some((n) => n.outcome === 'malformed' && n.body === 'not json at all')).toBe(true);
    // A NUL is kept written out (PostgreSQL text holds none), and no recharge has such a number.
    const nulRow = await app.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('recharge_no', '=', 'R\\u0000\u0007')
      .execute();
    expect(nulRow).toEqual([{ outcome: 'unknown_recharge' }]);

    // An unknown provider path, and a provider no channel uses, are not there.
    const nothing = await app.inject({
      method: 'POST',
      url: '/pay/notify/paypal',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(nothing.statusCode).toBe(404);
    const alipay = await app.inject({
      method: 'POST',
      url: '/pay/notify/alipay',
      payload: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(alipay.statusCode).toBe(404);
    // Oversized: refused before anything is read into the log.
    const big = await app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      payload: 'x'.repeat(70 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
  });

  it('decline fails the recharge with a reason in the caller’s language; nothing is credited', async () => {
    const { customerId, api } = await customer();
    const { recharge, payToken } = await startedRecharge(api);
    const declined = await api.decide(recharge.rechargeNo, payToken, false);
    expect(declined.data.status).toBe('failed');
    const english = rechargeApi(app, undefined, 'en-US');
    const result = await english.result(recharge.rechargeNo, payToken);
    expect(result.data).toMatchObject({ status: 'failed', statusReason: 'The payer declined the payment' });
    expect((await api.decide(recharge.rechargeNo, payToken, true)).code).toBe(ApiCode.Conflict);
    expect((await api.startAlipay(recharge.rechargeNo, payToken)).code).toBe(ApiCode.Conflict);
    expect(await wallet(customerId)).toBeUndefined();
  });

  it('reconciliation closes an expired recharge; a late paid notification still credits it exactly once', async () => {
    const { customerId, api } = await customer();
    const { recharge, started } = await startedRecharge(api, 8_000);
    const afterExpiry = new Date(Date.parse(started.expiresAt) + 60_000);
    // Not yet due at its own time: younger than a minute and not expired.
    await app.db
      .updateTable('scheduled_tasks')
      .set({ next_run_at: new Date(0).toISOString() })
      .where('name', '=', 'rechargeReconcile')
      .execute();
    expect(await app.scheduler.runDue(afterExpiry)).toContain('rechargeReconcile');
    const closed = await api.get(recharge.id);
    expect(closed.data).toMatchObject({ status: 'closed' });
    expect(closed.data.statusReason).toBe('超时未支付，订单已关闭');

    const late = paid(recharge.rechargeNo, 8_000);
    expect(await notifySandbox(app, late)).toEqual({ status: 200, body: SANDBOX_ACK });
    expect(await notifySandbox(app, late)).toEqual({ status: 200, body: SANDBOX_ACK });
    expect((await api.get(recharge.id)).data).toMatchObject({ status: 'paid', statusReason: null });
    expect(await rechargeRows(customerId)).toHaveLength(1);
    expect((await wallet(customerId))?.balance).toBe(8_000);
  });

  it('reconciliation credits an approved payment whose notification never arrived', async () => {
    const { customerId, api } = await customer();
    const { recharge, payToken } = await startedRecharge(api, 3_000);
    await api.decide(recharge.rechargeNo, payToken, true);
    // The notification is lost: the task never runs; a minute later the scheduler asks the sandbox.
    await app.db
      .updateTable('scheduled_tasks')
      .set({ next_run_at: new Date(0).toISOString() })
      .where('name', '=', 'rechargeReconcile')
      .execute();
    await app.scheduler.runDue(new Date(Date.now() + 2 * 60_000));
    expect((await api.get(recharge.id)).data.status).toBe('paid');
    // The notification arriving after all is a duplicate.
    await app.taskRunner.runOnce();
    expect((await notificationsOf(recharge.rechargeNo)).map((n) => n.outcome)).toEqual(['duplicate']);
    expect((await wallet(customerId))?.balance).toBe(3_000);
  });
});

describe('the sandbox’s delivery', () => {
  it('retries a notification that was not acknowledged, with the runner’s backoff, until it is', async () => {
    const { customerId, api } = await customer();
    const { recharge, payToken } = await startedRecharge(api, 7_700);
    await api.decide(recharge.rechargeNo, payToken, true);
    // The portal refuses the first delivery (its recharge says another amount for a moment).
    await app.db.updateTable('recharges').set({ amount: 7_701 }).where('id', '=', recharge.id).execute();
    await app.taskRunner.runOnce();
    const task = () =>
      app.db
        .selectFrom('tasks')
        .select(['status', 'attempts', 'run_after'])
        .where('id', '=', `sandbox-pay:${recharge.rechargeNo}`)
        .executeTakeFirstOrThrow();
    const waiting = await task();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(Date.parse(waiting.run_after)).toBeGreaterThan(Date.now());
    expect(await wallet(customerId)).toBeUndefined();
    // Not before its backoff…
    expect(await app.taskRunner.runOnce()).toEqual([]);
    await app.db.updateTable('recharges').set({ amount: 7_700 }).where('id', '=', recharge.id).execute();
    // …and then it arrives and is acknowledged.
    await app.taskRunner.runOnce(new Date(Date.parse(waiting.run_after) + 1));
    expect(await task()).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await notificationsOf(recharge.rechargeNo)).map((n) => n.outcome)).toEqual([
      'amount_mismatch',
      'credited',
    ]);
    expect((await wallet(customerId))?.balance).toBe(7_700);
  });

  it('a retried create with the same Idempotency-Key answers the first recharge', async () => {
    const { token, customerId } = await customer();
    const send = () =>
      call<{ recharge: { rechargeNo: string } }>(app, {
        method: 'POST',
        url: '/api/OrderMall/CreateOrder',
        token,
        body: { amount: 1_500, channel: 'alipay' },
        headers: { 'idempotency-key': 'topup-click-1' },
      });
    const [first, second] = [await send(), await send()];
    expect(second.data.recharge.rechargeNo).toBe(first.data.recharge.rechargeNo);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await app.db
      .selectFrom('recharges')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('starts only a pending recharge of the call’s channel', async () => {
    const { api } = await customer();
    const created = await api.create({ amount: 1_000, channel: 'alipay' });
    const { rechargeNo } = created.data.recharge;
    expect((await api.startWeChat(rechargeNo, created.data.payToken)).code).toBe(ApiCode.Conflict);
    const started = await api.startAlipay(rechargeNo, created.data.payToken);
    expect(started.data.codeUrl).toBeNull();
    // Starting again (a reload) keeps the first expiry.
    const again = await api.startAlipay(rechargeNo, created.data.payToken);
    expect(again.data.expiresAt).toBe(started.data.expiresAt);
  });
});

describe('the payer’s poll', () => {
  it('asks the provider when a started recharge has waited over 15 s, so a lost notification does not keep the payer waiting', async () => {
    const { customerId, api } = await customer();
    const { recharge, payToken } = await startedRecharge(api, 4_400);
    await api.decide(recharge.rechargeNo, payToken, true);
    // Young: the poll waits for the notification.
    expect((await api.result(recharge.rechargeNo, payToken)).data.status).toBe('pending');
    await app.db
      .updateTable('recharges')
      .set({ created_at: new Date(Date.now() - 20_000).toISOString() })
      .where('id', '=', recharge.id)
      .execute();
    expect((await api.result(recharge.rechargeNo, payToken)).data.status).toBe('paid');
    expect((await wallet(customerId))?.balance).toBe(4_400);
    expect(await rechargeRows(customerId)).toHaveLength(1);
  });
});

describe('another provider on a channel', () => {
  it('closes the sandbox cashier, keeps sandbox notifications away from its recharges, and answers its own notify path', async () => {
    const { PaymentProviders } = await import('../../src/modules/payment/providers.ts');
    expect(app.payments).toBeInstanceOf(PaymentProviders);
    const sandbox = app.payments.sandbox!;
    const calls: string[] = [];
    // A stand-in playing a real provider: trusts a JSON body with a shared secret field.
    const fake = {
      name: 'alipay' as const,
      startPayment: async () => ({ cashierUrl: 'https://pay.example/cashier', codeUrl: null }),
      verifyNotification: async ({ rawBody }: { rawBody: Buffer }) => {
        const body = JSON.parse(rawBody.toString('utf8')) as {
          secret: string;
          rechargeNo: string;
          amount: number;
        };
        const { NotificationRejected } = await import('../../src/modules/payment/payment-provider.ts');
        if (body.secret !== 's3cret')
          throw new NotificationRejected('bad_signature', 'wrong secret', body.rechargeNo);
        return {
          state: 'paid' as const,
          rechargeNo: body.rechargeNo,
          tradeNo: 'ALI-1',
          amount: body.amount,
          currencyCode: 'CNY',
          paidAt: new Date(),
        };
      },
      acknowledge: () => ({ statusCode: 200, contentType: 'text/plain', body: 'success' }),
      refuse: () => ({ statusCode: 200, contentType: 'text/plain', body: 'fail' }),
      queryPayment: async (_channel: string, rechargeNo: string) => {
        calls.push(rechargeNo);
        return { state: 'pending' as const, rechargeNo };
      },
      closePayment: async () => undefined,
    };
    app.payments.use('alipay', fake);
    try {
      const { customerId, api } = await customer();
      const { recharge, payToken, started } = await startedRecharge(api, 9_900, 'alipay');
      expect(started).toMatchObject({ provider: 'alipay', cashierUrl: 'https://pay.example/cashier' });
      expect((await api.get(recharge.id)).data.provider).toBe('alipay');
      // WeChat still uses the sandbox: its cashier stays open, but not for this Alipay recharge.
      expect((await api.cashier(recharge.rechargeNo, payToken)).code).toBe(ApiCode.NotFound);
      expect(await notifySandbox(app, paid(recharge.rechargeNo, 9_900))).toMatchObject({ status: 400 });
      const forged = await app.inject({
        method: 'POST',
        url: '/pay/notify/alipay',
        payload: JSON.stringify({ secret: 'guess', rechargeNo: recharge.rechargeNo, amount: 9_900 }),
        headers: { 'content-type': 'application/json' },
      });
      expect(forged.body).toBe('fail');
      const real = await app.inject({
        method: 'POST',
        url: '/pay/notify/alipay',
        payload: JSON.stringify({ secret: 's3cret', rechargeNo: recharge.rechargeNo, amount: 9_900 }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(real.body).toBe('success');
      expect((await wallet(customerId))?.balance).toBe(9_900);
      expect((await notificationsOf(recharge.rechargeNo)).map((n) => [n.provider, n.outcome])).toEqual([
        ['sandbox', 'app_mismatch'],
        ['alipay', 'bad_signature'],
        ['alipay', 'credited'],
      ]);
      // Both channels off the sandbox: its cashier is closed altogether.
      app.payments.use('wechat', { ...fake });
      const other = await api.create({ amount: 1_000, channel: 'wechat' });
      expect((await api.cashier(other.data.recharge.rechargeNo, other.data.payToken)).code).toBe(
        ApiCode.NotFound,
      );
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/pay/notify/sandbox',
            payload: '{}',
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      app.payments.use('alipay', sandbox);
      app.payments.use('wechat', sandbox);
    }
  });
});

describe('a provider that cannot be reached', () => {
  it('answers a localized "try again" on start and keeps the poll answering', async () => {
    const sandbox = app.payments.sandbox!;
    const down = Object.assign(
      Object.create(Object.getPrototypeOf(sandbox) as object) as typeof sandbox,
      sandbox,
      {
        startPayment: () => Promise.reject(new Error('connect ECONNREFUSED')),
        queryPayment: () => Promise.reject(new Error('connect ECONNREFUSED')),
      },
    );
    const { api } = await customer();
    const created = await api.create({ amount: 2_000, channel: 'alipay' });
    const { rechargeNo, id } = created.data.recharge;
    app.payments.use('alipay', down);
    try {
      const english = rechargeApi(app, undefined, 'en-US');
      const refused = await english.startAlipay(rechargeNo, created.data.payToken);
      expect(refused).toMatchObject({
        code: ApiCode.ServiceUnavailable,
        message: 'The payment provider cannot be reached right now; please try again shortly',
      });
      expect((await api.get(id)).data.expiresAt).toBeNull();
      await app.db
        .updateTable('recharges')
        .set({
          created_at: new Date(Date.now() - 60_000).toISOString(),
          expires_at: new Date(Date.now() + 60_000).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      expect((await english.result(rechargeNo, created.data.payToken)).data.status).toBe('pending');
    } finally {
      app.payments.use('alipay', sandbox);
    }
  });
});

describe('recharge records and their guards', () => {
  it('lists newest first with filters and paid totals; another customer’s ids are not found', async () => {
    const { api } = await customer();
    const first = await startedRecharge(api, 1_000);
    await notifySandbox(app, paid(first.recharge.rechargeNo, 1_000));
    await api.create({ amount: 2_000, channel: 'wechat' });
    const all = await api.query({});
    expect(all.data.total).toBe(2);
    expect(all.data.list[0]!.amount).toBe(2_000);
    expect(all.data.paidTotals).toEqual([{ currencyCode: 'CNY', amount: 1_000 }]);
    expect((await api.query({ status: 'pending' })).data.list.map((r) => r.amount)).toEqual([2_000]);
    expect((await api.query({ rechargeNo: first.recharge.rechargeNo })).data.total).toBe(1);

    const other = await customer();
    expect((await other.api.get(first.recharge.id)).code).toBe(ApiCode.NotFound);
    expect((await other.api.query({ rechargeNo: first.recharge.rechargeNo })).data.total).toBe(0);
    // Another recharge's payToken opens nothing.
    const mine = await other.api.create({ amount: 1_000, channel: 'alipay' });
    expect((await api.result(first.recharge.rechargeNo, mine.data.payToken)).code).toBe(ApiCode.NotFound);
    expect((await api.startAlipay(first.recharge.rechargeNo, 'forged')).code).toBe(ApiCode.NotFound);
  });

  it('filters the created range by instant, whatever the offset: from inclusive, to exclusive', async () => {
    const { api } = await customer();
    const { createdAt } = (await api.create({ amount: 1_000, channel: 'alipay' })).data.recharge;
    // The same instant written with +08:00, as a browser in China sends it.
    const inShanghai = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const at = Date.parse(createdAt);
    const total = async (filter: { createdFrom?: string; createdTo?: string }) =>
      (await api.query(filter)).data.total;
    expect(await total({ createdFrom: inShanghai(at), createdTo: inShanghai(at + 1) })).toBe(1);
    expect(await total({ createdFrom: inShanghai(at + 1) })).toBe(0);
    expect(await total({ createdTo: inShanghai(at) })).toBe(0);
    expect(await total({ createdFrom: inShanghai(at - 86_400_000), createdTo: inShanghai(at) })).toBe(0);
  });

  it('needs finance:topup to create and finance:view to read', async () => {
    const { customerId } = await customer();
    const viewer = await createUser(app.db, customerId, { permissions: ['finance:view'] });
    const viewerApi = rechargeApi(app, (await signIn(app, viewer)).jwtToken, 'en-US');
    const refused = await viewerApi.create({ amount: 1_000, channel: 'alipay' });
    expect(refused.code).toBe(ApiCode.Forbidden);
    expect(refused.message).toContain('finance:topup');
    expect((await viewerApi.uploadVoucher({ amount: '1000' }, { bytes: PNG_BYTES })).code).toBe(
      ApiCode.Forbidden,
    );
    expect((await viewerApi.query({})).code).toBe(200);
    const nobody = await createUser(app.db, customerId, { permissions: ['order:view'] });
    const nobodyApi = rechargeApi(app, (await signIn(app, nobody)).jwtToken);
    expect((await nobodyApi.query({})).code).toBe(ApiCode.Forbidden);
    expect((await rechargeApi(app).query({})).code).toBe(ApiCode.NotSignedIn);
    expect(
      await app.db.selectFrom('recharges').select('id').where('customer_id', '=', customerId).execute(),
    ).toEqual([]);
  });

  it('refuses amounts out of range, other currencies online, malformed and oversized bodies, control characters', async () => {
    const { api, customerId } = await customer();
    expect((await api.create({ amount: 99, channel: 'alipay' })).code).toBe(ApiCode.BadRequest);
    expect((await api.create({ amount: 100_000_001, channel: 'alipay' })).code).toBe(ApiCode.BadRequest);
    expect((await api.create({ amount: 10.5, channel: 'alipay' })).code).toBe(ApiCode.BadRequest);
    expect((await api.create({ amount: 1_000, channel: 'bank_transfer' })).code).toBe(ApiCode.BadRequest);
    const usd = await rechargeApi(
      app,
      (await signIn(app, await createUser(app.db, customerId, { userType: 'main' }))).jwtToken,
      'en-US',
    ).create({ amount: 1_000, channel: 'alipay', currencyCode: 'USD' });
    expect(usd).toMatchObject({ code: ApiCode.BadRequest, message: 'Alipay and WeChat Pay accept CNY only' });
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/OrderMall/CreateOrder',
      payload: '{"amount":',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${(await signIn(app, await createUser(app.db, customerId, { userType: 'main' }))).jwtToken}`,
      },
    });
    expect(malformed.json()).toMatchObject({ code: ApiCode.BadRequest });
    expect((await api.query({ rechargeNo: 'R\u0000\u0007' })).code).toBe(ApiCode.BadRequest);
    const remark = await api.uploadVoucher(
      { amount: '1000', remark: 'bad\u0007remark' },
      { bytes: PNG_BYTES },
    );
    expect(remark.code).toBe(ApiCode.BadRequest);
    expect((await api.lookup('C1\u0000')).code).toBe(ApiCode.BadRequest);
    expect(
      await app.db.selectFrom('recharges').select('id').where('customer_id', '=', customerId).execute(),
    ).toEqual([]);
  });
});

describe('bank transfer vouchers and staff', () => {
  const ops = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call<{
      recharge: { status: string; providerTradeNo: string | null; statusReason: string | null };
      changed: boolean;
      list: unknown[];
    }>(app, {
      method,
      url,
      body,
      headers: { 'x-operator-key': OPERATOR_KEY, 'accept-language': 'en-US' },
    });

  it('accepts a PNG and a PDF; refuses a renamed .exe, an empty file, an oversized one, malformed multipart, with nothing written', async () => {
    const { api, customerId } = await customer();
    const png = await api.uploadVoucher(
      { amount: '50000', remark: '工行转账' },
      { bytes: PNG_BYTES, name: 'voucher.png' },
    );
    expect(png.code).toBe(200);
    expect(png.data.recharge).toMatchObject({
      channel: 'bank_transfer',
      provider: 'staff',
      status: 'pending',
      remark: '工行转账',
    });
    const pdf = await api.uploadVoucher({ amount: '20000' }, { bytes: PDF_BYTES, name: 'receipt.pdf' });
    expect(pdf.code).toBe(200);
    const files = await app.db
      .selectFrom('stored_files')
      .selectAll()
      .where('customer_id', '=', customerId)
      .execute();
    expect(files.map((f) => [f.purpose, f.content_type]).sort()).toEqual([
      ['transferVoucher', 'application/pdf'],
      ['transferVoucher', 'image/png'],
    ]);

    const before = { files: files.length };
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200, 1)]);
    const refusals = [
      await api.uploadVoucher(
        { amount: '1000' },
        { bytes: exe, name: 'voucher.png', contentType: 'image/png' },
      ),
      await api.uploadVoucher({ amount: '1000' }, { bytes: Buffer.alloc(0) }),
      await api.uploadVoucher(
        { amount: '1000' },
        { bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]) },
      ),
      await api.uploadVoucher({ amount: '1000' }),
      await api.uploadVoucher({ amount: '12' }, { bytes: PNG_BYTES }),
    ];
    for (const refusal of refusals) expect(refusal.code).toBe(ApiCode.BadRequest);
    expect(refusals[0]!.message).toContain('PNG');
    const cut = await app.inject({
      method: 'POST',
      url: '/api/OrderMall/UploadTransferVoucher',
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: {
        'content-type': 'multipart/form-data; boundary=abc',
        authorization: `Bearer ${(await signIn(app, await createUser(app.db, customerId, { userType: 'main' }))).jwtToken}`,
      },
    });
    expect(cut.json()).toMatchObject({ code: ApiCode.BadRequest });
    const after = await app.db
      .selectFrom('stored_files')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(after).toHaveLength(before.files);
    expect((await api.query({})).data.total).toBe(2);
  });

  it('staff list pending vouchers first, download one, confirm (credited once) and reject with a reason', async () => {
    const { api, customerId } = await customer();
    const a = (await api.uploadVoucher({ amount: '30000' }, { bytes: PNG_BYTES })).data.recharge;
    const b = (await api.uploadVoucher({ amount: '40000' }, { bytes: PDF_BYTES })).data.recharge;
    const list = await call<{ list: { rechargeNo: string; status: string; channel: string }[] }>(app, {
      url: '/ops/v1/recharges',
      query: { status: 'pending', channel: 'bank_transfer' },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(list.data.list.map((r) => r.rechargeNo)).toEqual(
      expect.arrayContaining([a.rechargeNo, b.rechargeNo]),
    );
    const voucher = await app.inject({
      url: `/ops/v1/recharges/${a.rechargeNo}/voucher`,
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(voucher.statusCode).toBe(200);
    expect(voucher.headers['content-type']).toBe('image/png');
    expect(voucher.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await app.inject({ url: `/ops/v1/recharges/${a.rechargeNo}/voucher` })).statusCode).toBe(401);

    const confirmed = await ops('POST', `/ops/v1/recharges/${a.rechargeNo}/confirm`, {
      tradeNo: 'ICBC-2026-001',
      staff: 'Wang',
    });
    expect(confirmed.data).toMatchObject({
      changed: true,
      recharge: { status: 'paid', providerTradeNo: 'ICBC-2026-001' },
    });
    const third = (await api.uploadVoucher({ amount: '100' }, { bytes: PNG_BYTES })).data.recharge;
    const sameReference = await ops('POST', `/ops/v1/recharges/${third.rechargeNo}/confirm`, {
      tradeNo: 'ICBC-2026-001',
    });
    expect(sameReference).toMatchObject({
      code: ApiCode.Conflict,
      message: 'This reference already credited another recharge: ICBC-2026-001',
    });
    const again = await ops('POST', `/ops/v1/recharges/${a.rechargeNo}/confirm`, {});
    expect(again.data.changed).toBe(false);
    expect((await wallet(customerId))?.balance).toBe(30_000);
    expect((await ops('POST', `/ops/v1/recharges/${a.rechargeNo}/reject`, { reason: 'late' })).code).toBe(
      ApiCode.Conflict,
    );

    const rejected = await ops('POST', `/ops/v1/recharges/${b.rechargeNo}/reject`, {
      reason: 'Amount on the slip is 400.00 USD',
    });
    expect(rejected.data).toMatchObject({ changed: true, recharge: { status: 'failed' } });
    expect(rejected.data.recharge.statusReason).toBe(
      'The transfer voucher was rejected: Amount on the slip is 400.00 USD',
    );
    expect((await api.get(b.id)).data.statusReason).toBe(
      '转账凭证未通过审核：Amount on the slip is 400.00 USD',
    );
    expect((await ops('POST', `/ops/v1/recharges/${b.rechargeNo}/reject`, { reason: '\u0007' })).code).toBe(
      ApiCode.BadRequest,
    );
    expect((await ops('POST', `/ops/v1/recharges/R20990101AAAAAAAA/confirm`, {})).code).toBe(
      ApiCode.NotFound,
    );
    const online = await api.create({ amount: 1_000, channel: 'alipay' });
    expect((await ops('POST', `/ops/v1/recharges/${online.data.recharge.rechargeNo}/confirm`, {})).code).toBe(
      ApiCode.Conflict,
    );
    expect(await rechargeRows(customerId)).toHaveLength(1);
    await assertLedgerConsistent(app.db, customerId);

    const log = await call<{ list: { outcome: string }[] }>(app, {
      url: '/ops/v1/payment-notifications',
      query: { outcome: 'bad_signature' },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(log.code).toBe(200);
    for (const row of log.data.list) expect(row.outcome).toBe('bad_signature');
    // A NUL in the operations API's query or path is refused at the edge (plugins/edge-guard.ts).
    const nulQuery = await call<{ total: number }>(app, {
      url: '/ops/v1/payment-notifications',
      query: { rechargeNo: 'R\u0000' },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(nulQuery.code).toBe(ApiCode.BadRequest);
    const nulVoucher = await app.inject({
      url: '/ops/v1/recharges/R%00x/voucher',
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(nulVoucher.json()).toMatchObject({ code: ApiCode.BadRequest });
  });
});

describe('the public /topUp page', () => {
  it('looks a customer up by code with its name masked, and tops it up without a session', async () => {
    const { customerId } = await customer();
    await app.db
      .updateTable('customers')
      .set({ company_name: '深圳市演示跨境电商有限公司' })
      .where('id', '=', customerId)
      .execute();
    const code = (
      await app.db
        .selectFrom('customers')
        .select('code')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).code;
    const pub = rechargeApi(app, undefined);
    const found = await pub.lookup(code.toLowerCase(), { 'x-forwarded-for': '1' });
    expect(found.code).toBe(200);
    expect(found.data).toMatchObject({
      customerCode: code,
      maskedCompanyName: '深圳市******有限公司',
      currencies: ['CNY'],
    });
    const created = await pub.publicCreate({
      amount: 20_000,
      channel: 'alipay',
      lookupToken: found.data.lookupToken,
    });
    expect(created.data.recharge).toMatchObject({ createdByName: null, status: 'pending' });
    const voucher = await pub.publicVoucher(
      { amount: '10000', lookupToken: found.data.lookupToken },
      { bytes: PNG_BYTES },
    );
    expect(voucher.code).toBe(200);
    expect(
      (
        await pub.publicCreate({
          amount: 20_000,
          channel: 'alipay',
          lookupToken: `${found.data.lookupToken}x`,
        })
      ).code,
    ).toBe(ApiCode.NotFound);
    expect(
      (await pub.publicVoucher({ amount: '10000', lookupToken: 'forged.1.x' }, { bytes: PNG_BYTES })).code,
    ).toBe(ApiCode.NotFound);
  });

  it('answers the same for unknown and frozen customers and rate-limits the look-up per address (localized 429)', async () => {
    const { customerId } = await customer();
    await app.db.updateTable('customers').set({ status: 'frozen' }).where('id', '=', customerId).execute();
    const code = (
      await app.db
        .selectFrom('customers')
        .select('code')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).code;
    // Each test file's app has its own database: this address starts from zero.
    const pub = rechargeApi(app, undefined, 'en-US');
    const frozen = await pub.lookup(code);
    const unknown = await pub.lookup('NOSUCHCODE');
    expect(frozen).toMatchObject({ code: ApiCode.NotFound });
    expect(unknown).toMatchObject({ code: ApiCode.NotFound, message: frozen.message });
    // The limit is 5 per window here; two of them were used above (and those of the previous test).
    let answer = unknown;
    for (let i = 0; i < 6 && answer.code !== ApiCode.TooManyRequests; i++)
      answer = await pub.lookup('NOSUCHCODE');
    expect(answer.code).toBe(ApiCode.TooManyRequests);
    expect(answer.message).toMatch(/^Too many look-ups; please try again in \d+ seconds$/);
  });
});

describe('the rate-limit counters', () => {
  it('are deleted by the retention task once their window is over', async () => {
    const { hitRateLimit } = await import('../../src/lib/rate-limit.ts');
    const rule = { bucket: 'test:retention', limit: 2, windowSeconds: 60 };
    const at = new Date('2026-01-01T00:00:30Z');
    expect((await hitRateLimit(app.db, rule, at)).allowed).toBe(true);
    expect((await hitRateLimit(app.db, rule, at)).allowed).toBe(true);
    expect(await hitRateLimit(app.db, rule, at)).toMatchObject({
      allowed: false,
      hits: 3,
      retryAfterSeconds: 30,
    });
    // The next window counts afresh.
    expect((await hitRateLimit(app.db, rule, new Date('2026-01-01T00:01:00Z'))).hits).toBe(1);
    const { deleteExpiredData } = await import('../../src/jobs/retention.ts');
    const deleted = await deleteExpiredData(app.db, new Date('2026-01-01T00:01:10Z'), 180);
    expect(deleted.rateLimitHits).toBeGreaterThanOrEqual(1);
    const left = await app.db
      .selectFrom('rate_limit_hits')
      .select('window_start')
      .where('bucket', '=', 'test:retention')
      .execute();
    expect(left).toEqual([{ window_start: '2026-01-01T00:01:00.000Z' }]);
  });
});

describe('the demo customer', () => {
  it('has a paid sandbox top-up, a closed WeChat order and a bank transfer waiting with its voucher', async () => {
    const { jwtToken } = await signIn(app);
    const records = await rechargeApi(app, jwtToken, 'en-US').query({});
    expect(records.data.list.map((r) => [r.channel, r.status])).toEqual([
      ['bank_transfer', 'pending'],
      ['wechat', 'closed'],
      ['alipay', 'paid'],
    ]);
    expect(records.data.list[1]!.statusReason).toBe('Not paid in time; the order was closed');
    const voucher = await app.inject({
      url: '/api/FileManagement/Download',
      query: { id: records.data.list[0]!.voucherFileId! },
      headers: { authorization: `Bearer ${jwtToken}` },
    });
    expect(voucher.statusCode).toBe(200);
    expect(voucher.headers['content-type']).toBe('image/png');
    const customerId = (
      await app.db
        .selectFrom('customers')
        .select('id')
        .where('code', '=', 'C100023')
        .executeTakeFirstOrThrow()
    ).id;
    await assertLedgerConsistent(app.db, customerId);
  });
});

describe('arrears', () => {
  it('a customer in arrears gets 203 on normal calls, tops up through TopUp/* and the sandbox, and is active again', async () => {
    const { customerId, token } = await customer();
    const { postLedgerEntry } = await import('../../src/modules/wallet/ledger.ts');
    await postLedgerEntry(app.db, {
      customerId,
      currencyCode: 'CNY',
      entryType: 'manual_adjustment',
      amount: -5_000,
      heldChange: 0,
      remark: 'weigh-in correction',
    });
    const status = async () =>
      (
        await app.db
          .selectFrom('customers')
          .select('status')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('arrears');
    const blocked = await call(app, { url: '/api/CustomerOrder/Query', method: 'POST', token, body: {} });
    expect(blocked.code).toBe(ApiCode.Arrears);
    // The signed-in top-up calls answer in arrears.
    expect((await rechargeApi(app, token).query({})).code).toBe(200);

    const code = (
      await app.db
        .selectFrom('customers')
        .select('code')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).code;
    const pub = rechargeApi(app, undefined);
    // A fresh address: the look-up limit of the earlier tests is per address.
    const found = await app.inject({
      method: 'POST',
      url: '/api/TopUp/QueryCustomer',
      payload: { customerCode: code },
      remoteAddress: '10.9.8.7',
    });
    const lookupToken = (found.json() as { data: { lookupToken: string } }).data.lookupToken;
    const created = await pub.publicCreate({ amount: 6_000, channel: 'alipay', lookupToken });
    const { rechargeNo } = created.data.recharge;
    await pub.startAlipay(rechargeNo, created.data.payToken);
    await pub.decide(rechargeNo, created.data.payToken, true);
    await app.taskRunner.runOnce();
    expect((await pub.result(rechargeNo, created.data.payToken)).data.status).toBe('paid');
    expect(await status()).toBe('active');
    expect((await wallet(customerId))?.balance).toBe(1_000);
    expect((await call(app, { url: '/api/CustomerOrder/Query', method: 'POST', token, body: {} })).code).toBe(
      200,
    );
    await assertLedgerConsistent(app.db, customerId);
  });
});
