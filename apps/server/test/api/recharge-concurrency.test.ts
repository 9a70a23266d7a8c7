import { ApiCode } from '@portal/contracts/envelope';
import type { OrderCreated } from '@portal/contracts/order';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { createCustomer } from '../support/factories.ts';
import { orderBody } from '../support/order-api.ts';
import { notifySandbox, rechargeApi, SANDBOX_ACK } from '../support/recharge-api.ts';
import { call, createTestApps, ENGINE, signIn } from '../support/test-app.ts';

/**
 * Money in and money out racing for one wallet: order submits (holds) and recharge notifications (credits,
 * each delivered twice) at once. On PostgreSQL three instances share the database and the requests are
 * spread over them; SQLite is one process's database.
 */
const INSTANCES = ENGINE === 'postgres' ? 3 : 1;
let apps: FastifyInstance[];
let closeApps: () => Promise<void>;
beforeAll(async () => {
  ({ apps, close: closeApps } = await createTestApps(INSTANCES, {
    DB_CONNECT_TIMEOUT_MS: '30000',
    // One window for the whole run: the look-up test's 25 hits never straddle a window's end.
    TOPUP_LOOKUP_WINDOW_SECONDS: '86400',
  }));
});
afterAll(async () => closeApps());
let turn = 0;
const next = () => apps[turn++ % apps.length]!;
const db = () => apps[0]!.db;

describe(`orders and recharges interleaved (${INSTANCES} instance${INSTANCES > 1 ? 's' : ''})`, () => {
  it('200 concurrent submits and recharges: every recharge credited once, the ledger adds up', async () => {
    const { customerId, main } = await createCustomer(db());
    const { jwtToken: token } = await signIn(apps[0]!, main);
    const api = rechargeApi(apps[0]!, token);
    const drafts: OrderCreated[] = [];
    for (let i = 0; i < 100; i++) {
      const answer = await call<OrderCreated>(apps[0]!, {
        method: 'POST',
        url: '/api/CustomerOrder/Create',
        token,
        body: orderBody(),
      });
      expect(answer.code).toBe(ApiCode.Ok);
      drafts.push(answer.data);
    }
    const charge = drafts[0]!.estimatedCharge.totalAmount;
    // Each recharge pays for a little less than one order: some submits must wait for money, some fail.
    const amount = Math.max(100, charge - 7);
    const recharges: { rechargeNo: string; paidAt: string }[] = [];
    for (let i = 0; i < 100; i++) {
      const created = await api.create({ amount, channel: i % 2 === 0 ? 'alipay' : 'wechat' });
      expect(created.code).toBe(ApiCode.Ok);
      recharges.push({ rechargeNo: created.data.recharge.rechargeNo, paidAt: new Date().toISOString() });
    }

    const notify = (r: (typeof recharges)[number]) =>
      notifySandbox(next(), {
        rechargeNo: r.rechargeNo,
        tradeNo: `T${r.rechargeNo}`,
        amount,
        currencyCode: 'CNY',
        state: 'paid',
        paidAt: r.paidAt,
      });
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i++) {
      work.push(
        call<OrderCreated>(next(), {
          method: 'POST',
          url: '/api/CustomerOrder/Submit',
          token,
          body: { id: drafts[i]!.id },
        }),
      );
      work.push(notify(recharges[i]!));
    }
    const answers = await Promise.all(work);
    // Every provider retry after the rush is a duplicate, acknowledged the same.
    const retries = await Promise.all(recharges.map(notify));

    const submits = answers.filter((_, i) => i % 2 === 0) as { code: number }[];
    for (const answer of submits) expect([ApiCode.Ok, ApiCode.Conflict]).toContain(answer.code);
    for (const answer of [...answers.filter((_, i) => i % 2 === 1), ...retries])
      expect(answer).toEqual({ status: 200, body: SANDBOX_ACK });
    const succeeded = submits.filter((answer) => answer.code === ApiCode.Ok).length;

    const credits = await db()
      .selectFrom('ledger_entries')
      .select(['recharge_id', 'amount'])
      .where('customer_id', '=', customerId)
      .where('entry_type', '=', 'recharge')
      .execute();
    expect(credits).toHaveLength(100);
    expect(new Set(credits.map((row) => row.recharge_id)).size).toBe(100);
    const wallet = await db()
      .selectFrom('wallets')
      .select(['balance', 'held'])
      .where('customer_id', '=', customerId)
      .where('currency_code', '=', 'CNY')
      .executeTakeFirstOrThrow();
    expect({ balance: Number(wallet.balance), held: Number(wallet.held) }).toEqual({
      balance: 100 * amount - succeeded * charge,
      held: succeeded * charge,
    });
    const statuses = await db()
      .selectFrom('recharges')
      .select('status')
      .where('customer_id', '=', customerId)
      .execute();
    expect(statuses.every((row) => row.status === 'paid')).toBe(true);
    const outcomes = await db()
      .selectFrom('payment_notifications')
      .select('outcome')
      .where(
        'recharge_no',
        'in',
        recharges.map((r) => r.rechargeNo),
      )
      .execute();
    expect(outcomes.filter((row) => row.outcome === 'credited')).toHaveLength(100);
    expect(outcomes.filter((row) => row.outcome === 'duplicate')).toHaveLength(100);
    await assertLedgerConsistent(db(), customerId);
  });

  it('the public look-up limit is one count shared by every instance, also under concurrent hits', async () => {
    const lookUp = () =>
      next().inject({
        method: 'POST',
        url: '/api/TopUp/QueryCustomer',
        payload: { customerCode: 'NOSUCHCODE' },
        remoteAddress: '203.0.113.9',
        headers: { 'accept-language': 'zh-TW' },
      });
    // The default limit: 10 per address per window, whichever instance answers.
    const answers = await Promise.all(Array.from({ length: 25 }, lookUp));
    const codes = answers.map((answer) => (answer.json() as { code: number }).code);
    expect(codes.filter((code) => code === ApiCode.NotFound)).toHaveLength(10);
    expect(codes.filter((code) => code === ApiCode.TooManyRequests)).toHaveLength(15);
    const refused = answers.find(
      (answer) => (answer.json() as { code: number }).code === ApiCode.TooManyRequests,
    )!;
    expect((refused.json() as { message: string }).message).toMatch(/^查詢過於頻繁，請 \d+ 秒後再試$/);
    // Another address has its own count.
    const other = await apps[0]!.inject({
      method: 'POST',
      url: '/api/TopUp/QueryCustomer',
      payload: { customerCode: 'NOSUCHCODE' },
      remoteAddress: '203.0.113.10',
    });
    expect((other.json() as { code: number }).code).toBe(ApiCode.NotFound);
  });
});
