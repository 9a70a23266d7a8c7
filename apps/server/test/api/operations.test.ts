import { ApiCode } from '@portal/contracts/envelope';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts/order';
import { canTransition } from '@portal/contracts/order-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_KEY_MAX_FAILURES, OperatorKeyGuard } from '../../src/modules/operations/operator-key.ts';
import type { Journey, WeighResult } from '../../src/modules/operations/operations.schemas.ts';
import { OpsPath } from '../../src/modules/operations/operations.schemas.ts';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import {
  countCustomerLedgerRows,
  fundCny,
  newOrderCustomer,
  orderApi,
  orderBody,
} from '../support/order-api.ts';
import { call, createTestApp, type TestApp } from '../support/test-app.ts';

const KEY = 'operator-key-for-the-api-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: KEY });
});
afterAll(async () => t.close());

type Step = { changed: boolean; journey: Journey };

/** One operations call with the operator key (or the given headers instead). */
const ops = <T = Step>(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; language?: string; ip?: string } = {},
) =>
  call<T>(t.app, {
    method: 'POST',
    url,
    body,
    headers: {
      'accept-language': options.language ?? 'zh-CN',
      ...(options.headers ?? { 'x-operator-key': KEY }),
    },
  });

/** A customer with ¥1,000.00 and one submitted order of one parcel (1.2 kg, 30×20×10 cm). */
async function submittedOrder(fund = 100_000, overrides: Parameters<typeof orderBody>[0] = {}) {
  const { customerId, token } = await newOrderCustomer(t.app);
  if (fund > 0) await fundCny(t.app.db, customerId, fund);
  const created = await orderApi(t.app, token).create({ ...orderBody(overrides), submit: true });
  expect(created.code).toBe(ApiCode.Ok);
  const customer = await t.app.db
    .selectFrom('customers')
    .select('code')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return {
    customerId,
    token,
    customerCode: customer.code,
    id: created.data.id,
    waybillNo: created.data.waybillNo!,
    customerOrderNo: created.data.customerOrderNo,
    estimate: created.data.estimatedCharge.totalAmount,
  };
}

const wallet = (customerId: string) =>
  t.app.db
    .selectFrom('wallets')
    .select(['balance', 'held'])
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', 'CNY')
    .executeTakeFirstOrThrow();

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const parcel = (weight: number, size = { length: 30, width: 20, height: 10 }) => [{ weight, ...size }];

describe('the lifecycle', () => {
  it('weighs, tracks, hands over, moves and delivers an order; the portal sees every step', async () => {
    const order = await submittedOrder();
    const by = { waybillNo: order.waybillNo };

    const weighed = await ops<WeighResult>(OpsPath.Weigh, {
      ...by,
      parcels: parcel(1.2),
      location: '深圳仓',
      at: hoursAgo(4),
    });
    expect(weighed.code).toBe(ApiCode.Ok);
    expect(weighed.data.changed).toBe(true);
    expect(weighed.data.reweighed).toBe(false);
    expect(weighed.data.journey.status).toBe('received');
    // Same measurements as forecast: the final charge is the estimate and the hold is settled.
    expect(weighed.data.journey.finalCharge).toEqual({ amount: order.estimate, currencyCode: 'CNY' });
    expect(weighed.data.adjustment).toBeNull();
    expect(weighed.data.journey.actualWeight).toBe(1.2);
    expect(weighed.data.journey.volumetricWeight).toBe(1);
    expect(weighed.data.journey.chargeableWeight).toBe(1.5);
    const rows = weighed.data.journey.ledger;
    expect(rows.map((row) => [row.entryType, row.amount, row.heldChange])).toEqual([
      ['order_charge', -order.estimate, order.estimate],
      ['weight_adjustment', 0, -order.estimate],
    ]);
    expect(await wallet(order.customerId)).toEqual({ balance: 100_000 - order.estimate, held: 0 });

    const event = await ops(OpsPath.Event, {
      ...by,
      statusCode: 'DEPARTED_HUB',
      description: 'Departed Shenzhen hub',
      language: 'en-US',
      location: 'Shenzhen',
      at: '2026-01-02T08:00:00+08:00',
    });
    expect(event.data.changed).toBe(true);
    expect(event.data.journey.events.find((e) => e.statusCode === 'DEPARTED_HUB')).toMatchObject({
      occurredAt: '2026-01-02T00:00:00.000Z',
      statusCode: 'DEPARTED_HUB',
      language: 'en-US',
      location: 'Shenzhen',
    });
    // The same event again (a retried call) is not added twice.
    const again = await ops(OpsPath.Event, {
      ...by,
      statusCode: 'DEPARTED_HUB',
      description: 'Departed Shenzhen hub',
      language: 'en-US',
      location: 'Shenzhen',
      at: '2026-01-02T08:00:00+08:00',
    });
    expect(again.data.changed).toBe(false);
    expect(again.data.journey.events).toHaveLength(event.data.journey.events.length);

    const transit = await ops(OpsPath.InTransit, { ...by, at: hoursAgo(3) }, { language: 'en-US' });
    expect(transit.data.journey.status).toBe('in_transit');
    expect(transit.message).toBe('Done');
    const repeated = await ops(OpsPath.InTransit, by, { language: 'en-US' });
    expect(repeated.code).toBe(ApiCode.Ok);
    expect(repeated.data.changed).toBe(false);
    expect(repeated.message).toBe('The order is already in this state; nothing changed');

    const handed = await ops(OpsPath.LastMile, {
      ...by,
      carrier: 'USPS',
      lastMileNo: '9400111899223344556677',
      at: hoursAgo(2),
    });
    expect(handed.data.journey).toMatchObject({
      lastMileCarrier: 'USPS',
      lastMileNo: '9400111899223344556677',
    });
    expect(handed.data.journey.handedOverAt).not.toBeNull();
    expect(handed.data.journey.events[0]!.description).toBe(
      '已交付尾程承运商 USPS，尾程单号 9400111899223344556677',
    );

    const delivered = await ops(OpsPath.Deliver, {
      customerCode: order.customerCode,
      customerOrderNo: order.customerOrderNo,
      at: hoursAgo(1),
    });
    expect(delivered.data.journey.status).toBe('delivered');
    expect(delivered.data.journey.deliveredAt).not.toBeNull();

    // The customer's portal shows the journey's result.
    const seen = await orderApi(t.app, order.token).get(order.id);
    expect(seen.data).toMatchObject({
      status: 'delivered',
      lastMileCarrier: 'USPS',
      lastMileNo: '9400111899223344556677',
      actualWeight: 1.2,
      chargeableWeight: 1.5,
    });
    expect(seen.data.finalCharge?.totalAmount).toBe(order.estimate);
    const journey = await ops<Journey>(OpsPath.Journey, by);
    expect(journey.data.events.map((e) => e.statusCode)).toEqual([
      'DELIVERED',
      'HANDED_OVER',
      'IN_TRANSIT',
      'RECEIVED',
      'DEPARTED_HUB',
    ]);
    await assertLedgerConsistent(t.app.db, order.customerId);
  });

  it('marks an exception with an issue kind, resolves it and returns the parcel', async () => {
    const order = await submittedOrder();
    const by = { waybillNo: order.waybillNo };
    const marked = await ops(OpsPath.Exception, { ...by, issueKindCode: 'ADDRESS' }, { language: 'zh-TW' });
    expect(marked.data.journey).toMatchObject({ status: 'exception', issueKindCode: 'ADDRESS' });
    expect(marked.data.journey.events[0]!.description).toBe('包裹異常：地址問題');
    const same = await ops(OpsPath.Exception, { ...by, issueKindCode: 'ADDRESS' });
    expect(same.data.changed).toBe(false);
    // Another kind while in exception replaces it.
    const changed = await ops(OpsPath.Exception, { ...by, issueKindCode: 'CUSTOMS_HOLD' });
    expect(changed.data.journey.issueKindCode).toBe('CUSTOMS_HOLD');
    // Weighing an order in exception that was never weighed receives it and clears the problem.
    const weighed = await ops<WeighResult>(OpsPath.Weigh, { ...by, parcels: parcel(1.2) });
    expect(weighed.data.journey).toMatchObject({ status: 'received', issueKindCode: null });
    await ops(OpsPath.Exception, { ...by, issueKindCode: 'REFUSED' });
    const returned = await ops(OpsPath.Return, by);
    expect(returned.data.journey).toMatchObject({ status: 'returned', issueKindCode: 'REFUSED' });
    expect(returned.data.journey.returnedAt).not.toBeNull();
    await assertLedgerConsistent(t.app.db, order.customerId);
  });
});

describe('an order never weighed', () => {
  /** Submitted, then in exception before it reached the scale: its charge is still the held estimate. */
  it('cannot move on in transit, be delivered or be handed over until weighed; nothing is written', async () => {
    const order = await submittedOrder();
    const by = { waybillNo: order.waybillNo };
    await ops(OpsPath.Exception, { ...by, issueKindCode: 'ADDRESS' });
    const before = await ops(OpsPath.Journey, by);
    const walletBefore = await wallet(order.customerId);
    for (const [url, body] of [
      [OpsPath.InTransit, by],
      [OpsPath.Deliver, by],
      [OpsPath.LastMile, { ...by, carrier: 'USPS', lastMileNo: '9400111899223344556677' }],
    ] as const) {
      const refused = await ops(url, body, { language: 'en-US' });
      expect(refused.code, url).toBe(ApiCode.Conflict);
      expect(refused.message).toContain('has not been weighed');
    }
    expect((await ops(OpsPath.Journey, by)).data).toEqual(before.data);
    expect(await wallet(order.customerId)).toEqual(walletBefore);
    // Weighed, it moves on and the hold is settled.
    await ops<WeighResult>(OpsPath.Weigh, { ...by, parcels: parcel(1.2) });
    expect((await ops(OpsPath.InTransit, by)).data.journey.status).toBe('in_transit');
    expect((await wallet(order.customerId)).held).toBe(0);
    await assertLedgerConsistent(t.app.db, order.customerId);
  });
});

describe('a return before the weigh-in', () => {
  it('releases the held estimate once (the parcel was never carried), and the ledger adds up', async () => {
    const order = await submittedOrder();
    const by = { waybillNo: order.waybillNo };
    const before = await wallet(order.customerId);
    expect(before.held).toBe(order.estimate);
    await ops(OpsPath.Exception, { ...by, issueKindCode: 'REFUSED' });
    const returned = await ops(OpsPath.Return, by);
    expect(returned.data.journey.status).toBe('returned');
    expect(returned.data.journey.ledger.map((row) => [row.entryType, row.amount, row.heldChange])).toEqual([
      ['order_charge', -order.estimate, order.estimate],
      ['charge_release', order.estimate, -order.estimate],
    ]);
    // A retried return changes nothing and releases nothing again.
    expect((await ops(OpsPath.Return, by)).data.changed).toBe(false);
    expect(await wallet(order.customerId)).toEqual({ balance: before.balance + order.estimate, held: 0 });
    await assertLedgerConsistent(t.app.db, order.customerId);
  });
});

describe('illegal changes', () => {
  /** Every operations move from every status it may not leave that way: 409, nothing written. */
  it('refuses every move the lifecycle does not allow, in the caller language, writing nothing', async () => {
    const reach = async (status: OrderStatus) => {
      if (status === 'draft' || status === 'cancelled') {
        const { customerId, token } = await newOrderCustomer(t.app);
        await fundCny(t.app.db, customerId, 100_000);
        const created = await orderApi(t.app, token).create({ ...orderBody(), submit: true });
        if (status === 'cancelled') await orderApi(t.app, token).cancel([created.data.id]);
        else {
          const draft = await orderApi(t.app, token).create(orderBody());
          return {
            customerId,
            by: { customerCode: await codeOf(customerId), customerOrderNo: draft.data.customerOrderNo },
          };
        }
        return { customerId, by: { waybillNo: created.data.waybillNo! } };
      }
      const order = await submittedOrder();
      const by = { waybillNo: order.waybillNo };
      const steps: Record<string, () => Promise<unknown>> = {
        received: () => ops(OpsPath.Weigh, { ...by, parcels: parcel(1.2) }),
        in_transit: () => ops(OpsPath.InTransit, by),
        delivered: () => ops(OpsPath.Deliver, by),
        exception: () => ops(OpsPath.Exception, { ...by, issueKindCode: 'LOST' }),
        returned: () => ops(OpsPath.Return, by),
      };
      const path: Record<string, string[]> = {
        submitted: [],
        received: ['received'],
        in_transit: ['received', 'in_transit'],
        delivered: ['received', 'in_transit', 'delivered'],
        exception: ['exception'],
        returned: ['received', 'returned'],
      };
      for (const step of path[status]!) await steps[step]!();
      return { customerId: order.customerId, by };
    };
    const codeOf = async (customerId: string) =>
      (
        await t.app.db
          .selectFrom('customers')
          .select('code')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).code;
    // Every operations move whose target the lifecycle does not allow from the status (a move to the
    // status the order already has is a harmless repeat; weighing a weighed order is a re-weigh).
    const moves: [string, OrderStatus][] = [
      [OpsPath.Weigh, 'received'],
      [OpsPath.InTransit, 'in_transit'],
      [OpsPath.Deliver, 'delivered'],
      [OpsPath.Exception, 'exception'],
      [OpsPath.Return, 'returned'],
    ];
    const reweighable = (status: OrderStatus, url: string) =>
      url === OpsPath.Weigh && (status === 'received' || status === 'exception');
    let checked = 0;
    for (const status of ORDER_STATUSES) {
      const refused = moves.filter(
        ([url, to]) => to !== status && !canTransition(status, to) && !reweighable(status, url),
      );
      if (refused.length === 0) continue;
      const { customerId, by } = await reach(status);
      const find = () =>
        t.app.db
          .selectFrom('orders')
          .selectAll()
          .where('customer_id', '=', customerId)
          .where(
            'waybillNo' in by ? 'waybill_no' : 'customer_order_no',
            '=',
            ('waybillNo' in by ? by.waybillNo : by.customerOrderNo)!,
          )
          .executeTakeFirstOrThrow();
      const before = await find();
      expect(before.status).toBe(status);
      const rowsBefore = await countCustomerLedgerRows(t.app.db, customerId);
      for (const [url] of refused) {
        const body =
          url === OpsPath.Weigh
            ? { ...by, parcels: parcel(1.2) }
            : url === OpsPath.Exception
              ? { ...by, issueKindCode: 'DAMAGED' }
              : by;
        const answer = await ops(url, body, { language: 'en-US' });
        expect([status, url, answer.code]).toEqual([status, url, ApiCode.Conflict]);
        expect(answer.message).toContain(before.customer_order_no);
        checked++;
      }
      expect(await find()).toEqual(before);
      expect(await countCustomerLedgerRows(t.app.db, customerId)).toBe(rowsBefore);
    }
    expect(checked).toBe(23);
  });

  it('refuses tracking events and last-mile numbers where they do not belong', async () => {
    const order = await submittedOrder();
    const lastMile = await ops(OpsPath.LastMile, {
      waybillNo: order.waybillNo,
      carrier: 'UPS',
      lastMileNo: '1Z999',
    });
    expect(lastMile.code).toBe(ApiCode.Conflict);
    await orderApi(t.app, order.token).cancel([order.id]);
    const event = await ops(OpsPath.Event, {
      waybillNo: order.waybillNo,
      statusCode: 'SCAN',
      description: 'scan',
    });
    expect(event.code).toBe(ApiCode.Conflict);
  });
});

describe('weigh-in money', () => {
  it('charges the difference when heavier and refunds it when lighter, settling the hold once', async () => {
    const heavy = await submittedOrder();
    // 3.2 kg in a 40×30×30 cm box: volumetric 6 kg, chargeable 6 kg (forecast 1.5 kg).
    const weighed = await ops<WeighResult>(OpsPath.Weigh, {
      waybillNo: heavy.waybillNo,
      parcels: parcel(3.2, { length: 40, width: 30, height: 30 }),
    });
    expect(weighed.data.journey.chargeableWeight).toBe(6);
    const final = weighed.data.journey.finalCharge!.amount;
    expect(final).toBeGreaterThan(heavy.estimate);
    expect(weighed.data.adjustment).toEqual({ amount: heavy.estimate - final, currencyCode: 'CNY' });
    expect(weighed.data.journey.ledger.at(-1)).toMatchObject({
      entryType: 'weight_adjustment',
      amount: heavy.estimate - final,
      heldChange: -heavy.estimate,
      balanceAfter: 100_000 - final,
      heldAfter: 0,
    });
    expect(await wallet(heavy.customerId)).toEqual({ balance: 100_000 - final, held: 0 });
    const balance = await orderApi(t.app, heavy.token).balance();
    expect(balance).toMatchObject({ balance: 100_000 - final, held: 0 });

    const light = await submittedOrder();
    const lighter = await ops<WeighResult>(OpsPath.Weigh, {
      waybillNo: light.waybillNo,
      parcels: parcel(0.4, { length: 10, width: 10, height: 10 }),
    });
    const lightFinal = lighter.data.journey.finalCharge!.amount;
    expect(lightFinal).toBeLessThan(light.estimate);
    expect(lighter.data.adjustment).toEqual({ amount: light.estimate - lightFinal, currencyCode: 'CNY' });
    expect(await wallet(light.customerId)).toEqual({ balance: 100_000 - lightFinal, held: 0 });
    await assertLedgerConsistent(t.app.db, heavy.customerId);
    await assertLedgerConsistent(t.app.db, light.customerId);
  });

  it('treats a second weigh-in as a re-weigh: the same weights change nothing, new ones post the difference', async () => {
    const order = await submittedOrder();
    const by = { waybillNo: order.waybillNo };
    const first = await ops<WeighResult>(OpsPath.Weigh, { ...by, parcels: parcel(2.2) });
    const firstFinal = first.data.journey.finalCharge!.amount;
    const rows = await countCustomerLedgerRows(t.app.db, order.customerId);

    const retried = await ops<WeighResult>(OpsPath.Weigh, { ...by, parcels: parcel(2.2) });
    expect(retried.data).toMatchObject({ changed: false, reweighed: true, adjustment: null });
    expect(await countCustomerLedgerRows(t.app.db, order.customerId)).toBe(rows);

    const corrected = await ops<WeighResult>(OpsPath.Weigh, { ...by, parcels: parcel(1.2) });
    const correctedFinal = corrected.data.journey.finalCharge!.amount;
    expect(corrected.data).toMatchObject({ changed: true, reweighed: true });
    expect(corrected.data.adjustment).toEqual({ amount: firstFinal - correctedFinal, currencyCode: 'CNY' });
    expect(corrected.data.journey.ledger.at(-1)).toMatchObject({
      entryType: 'weight_adjustment',
      amount: firstFinal - correctedFinal,
      heldChange: 0,
    });
    expect(await wallet(order.customerId)).toEqual({ balance: 100_000 - correctedFinal, held: 0 });
    expect(corrected.data.journey.events.map((e) => e.statusCode)).toEqual(['REWEIGHED', 'RECEIVED']);
    await assertLedgerConsistent(t.app.db, order.customerId);
  });

  it('charges once when the same weigh-in arrives several times at once', async () => {
    const order = await submittedOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ops<WeighResult>(OpsPath.Weigh, { waybillNo: order.waybillNo, parcels: parcel(3.3) }),
      ),
    );
    expect(answers.every((a) => a.code === ApiCode.Ok)).toBe(true);
    expect(answers.filter((a) => a.data.changed)).toHaveLength(1);
    const final = answers[0]!.data.journey.finalCharge!.amount;
    expect(await wallet(order.customerId)).toEqual({ balance: 100_000 - final, held: 0 });
    const adjustments = await t.app.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('customer_id', '=', order.customerId)
      .where('entry_type', '=', 'weight_adjustment')
      .execute();
    expect(adjustments).toHaveLength(1);
    await assertLedgerConsistent(t.app.db, order.customerId);
  });

  it('puts the customer in arrears when a weigh-in pushes it below its credit; money in lifts it', async () => {
    // Exactly the estimate on the wallet: any extra weight is beyond the (zero) credit limit.
    const probe = await submittedOrder(100_000);
    const order = await submittedOrder(probe.estimate);
    expect(await wallet(order.customerId)).toEqual({ balance: 0, held: order.estimate });
    const weighed = await ops<WeighResult>(OpsPath.Weigh, {
      waybillNo: order.waybillNo,
      parcels: parcel(5.2, { length: 40, width: 30, height: 30 }),
    });
    const final = weighed.data.journey.finalCharge!.amount;
    expect(weighed.data.journey.customerStatus).toBe('arrears');
    expect(await wallet(order.customerId)).toEqual({ balance: order.estimate - final, held: 0 });

    // The customer's next portal call answers 203; the balance still answers (allowInArrears).
    const next = await orderApi(t.app, order.token).get(order.id);
    expect(next.code).toBe(ApiCode.Arrears);
    const balance = await orderApi(t.app, order.token).balance();
    expect(balance?.balance).toBe(order.estimate - final);

    // Money in that does not cover it keeps the arrears; money that does lifts them.
    await fundCny(t.app.db, order.customerId, 1);
    expect((await orderApi(t.app, order.token).get(order.id)).code).toBe(ApiCode.Arrears);
    await fundCny(t.app.db, order.customerId, final - order.estimate - 1);
    const lifted = await orderApi(t.app, order.token).get(order.id);
    expect(lifted.code).toBe(ApiCode.Ok);
    await assertLedgerConsistent(t.app.db, order.customerId);
  });

  it('leaves a frozen customer frozen when a weigh-in overdraws it', async () => {
    const probe = await submittedOrder(100_000);
    const order = await submittedOrder(probe.estimate);
    await t.app.db
      .updateTable('customers')
      .set({ status: 'frozen' })
      .where('id', '=', order.customerId)
      .execute();
    const weighed = await ops<WeighResult>(OpsPath.Weigh, {
      waybillNo: order.waybillNo,
      parcels: parcel(5.2, { length: 40, width: 30, height: 30 }),
    });
    expect(weighed.data.journey.customerStatus).toBe('frozen');
    await fundCny(t.app.db, order.customerId, 1_000_000);
    const customer = await t.app.db
      .selectFrom('customers')
      .select('status')
      .where('id', '=', order.customerId)
      .executeTakeFirstOrThrow();
    expect(customer.status).toBe('frozen');
  });

  it('refuses a parcel the product cannot carry at its measured weight, with every reason', async () => {
    const order = await submittedOrder();
    const answer = await ops<{ reasons: string[] }>(
      OpsPath.Weigh,
      {
        waybillNo: order.waybillNo,
        parcels: parcel(69, { length: 40, width: 30, height: 30 }),
      },
      { language: 'en-US' },
    );
    expect(answer.code).toBe(ApiCode.BadRequest);
    expect(answer.message).toMatch(
      /^At the measured weight and size, product US-DDP-EXP cannot carry it: .+Mark an exception$/,
    );
    expect(answer.data.reasons.length).toBeGreaterThan(0);
    expect((await wallet(order.customerId)).held).toBe(order.estimate);
  });

  it('refuses a weigh-in whose parcel count is not the order', async () => {
    const order = await submittedOrder();
    const answer = await ops(
      OpsPath.Weigh,
      {
        waybillNo: order.waybillNo,
        parcels: [...parcel(1), ...parcel(1)],
      },
      { language: 'en-US' },
    );
    expect(answer.code).toBe(ApiCode.BadRequest);
    expect(answer.message).toBe(`Order ${order.customerOrderNo} has 1 parcel(s); the weigh-in lists 2`);
  });
});

describe('hostile callers and input', () => {
  it('refuses a missing, wrong or differently sized key with HTTP 401 in the caller language', async () => {
    const order = await submittedOrder();
    const keys: Record<string, string>[] = [
      {},
      { 'x-operator-key': 'wrong' },
      { 'x-operator-key': `${KEY}x` },
      { 'x-operator-key': KEY.slice(0, -1) },
    ];
    for (const headers of keys) {
      const answer = await ops(
        OpsPath.Journey,
        { waybillNo: order.waybillNo },
        { headers, language: 'en-US' },
      );
      expect(answer.httpStatus).toBe(401);
      expect(answer.code).toBe(ApiCode.NotSignedIn);
      expect(answer.message).toBe('The operator key is missing or not valid');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // A customer's session token is no operator key.
    const withToken = await call(t.app, {
      method: 'POST',
      url: OpsPath.Deliver,
      token: order.token,
      body: { waybillNo: order.waybillNo },
    });
    expect(withToken.httpStatus).toBe(401);
  });

  it('refuses every call when no key is configured', async () => {
    const closed = await createTestApp({});
    try {
      const answer = await call(closed.app, {
        method: 'POST',
        url: OpsPath.Journey,
        body: { waybillNo: 'PS0000000001' },
        headers: { 'x-operator-key': '' },
      });
      expect(answer.httpStatus).toBe(401);
      const withAnything = await call(closed.app, {
        method: 'POST',
        url: OpsPath.Journey,
        body: { waybillNo: 'PS0000000001' },
        headers: { 'x-operator-key': KEY },
      });
      expect(withAnything.httpStatus).toBe(401);
    } finally {
      await closed.close();
    }
  });

  it('turns an address away after too many wrong keys, even with the right one, until the window ends', () => {
    const guard = new OperatorKeyGuard(KEY, 3, 60_000);
    expect(guard.check(KEY, '10.0.0.1', 0)).toBe('ok');
    for (let i = 0; i < 3; i++) expect(guard.check('guess', '10.0.0.1', 1000)).toBe('refused');
    expect(guard.check(KEY, '10.0.0.1', 2000)).toBe('throttled');
    expect(guard.check(KEY, '10.0.0.2', 2000)).toBe('ok');
    expect(guard.retryAfterSeconds('10.0.0.1', 2000)).toBe(59);
    expect(guard.check(KEY, '10.0.0.1', 61_001)).toBe('ok');
    expect(new OperatorKeyGuard(undefined).check('', 'x')).toBe('refused');
  });

  it('answers 429 over HTTP once an address has used up its wrong keys', async () => {
    const own = await createTestApp({ OPERATOR_API_KEY: KEY });
    try {
      const attempt = (key: string) =>
        call(own.app, { method: 'POST', url: OpsPath.Journey, body: {}, headers: { 'x-operator-key': key } });
      for (let i = 0; i < OPERATOR_KEY_MAX_FAILURES; i++)
        expect((await attempt('nope')).httpStatus).toBe(401);
      const throttled = await attempt(KEY);
      expect(throttled.httpStatus).toBe(429);
      expect(throttled.code).toBe(ApiCode.TooManyRequests);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('answers an unknown waybill, and another customer reference under a code, as not found', async () => {
    const mine = await submittedOrder();
    const theirs = await submittedOrder(100_000, { customerOrderNo: `THEIRS-${Date.now()}` });
    const unknown = await ops(
      OpsPath.Weigh,
      { waybillNo: 'PS9999999999', parcels: parcel(1) },
      { language: 'en-US' },
    );
    expect(unknown.code).toBe(ApiCode.NotFound);
    expect(unknown.message).toBe('No order PS9999999999');
    const crossed = await ops(OpsPath.Deliver, {
      customerCode: mine.customerCode,
      customerOrderNo: theirs.customerOrderNo,
    });
    expect(crossed.code).toBe(ApiCode.NotFound);
    const other = await ops(OpsPath.Exception, {
      customerCode: mine.customerCode,
      customerOrderNo: 'NOT-MINE-1',
      issueKindCode: 'LOST',
    });
    expect(other.code).toBe(ApiCode.NotFound);
    expect((await ops<Journey>(OpsPath.Journey, { waybillNo: theirs.waybillNo })).data.status).toBe(
      'submitted',
    );
  });

  it('refuses malformed, oversized and control-character bodies with field errors, writing nothing', async () => {
    const order = await submittedOrder();
    const by = { waybillNo: order.waybillNo };
    const cases: [string, unknown, string][] = [
      [OpsPath.Weigh, { parcels: parcel(1) }, 'waybillNo'],
      [OpsPath.Weigh, { ...by, customerCode: 'C1', customerOrderNo: 'X', parcels: parcel(1) }, 'waybillNo'],
      [OpsPath.Weigh, { ...by, parcels: [] }, 'parcels'],
      [OpsPath.Weigh, { ...by, parcels: parcel(-1) }, 'parcels.0.weight'],
      [OpsPath.Weigh, { ...by, parcels: parcel(1.23456) }, 'parcels.0.weight'],
      [OpsPath.Weigh, { ...by, parcels: 'heavy' }, 'parcels'],
      [OpsPath.Weigh, { ...by, parcels: parcel(1), at: 'yesterday' }, 'at'],
      [OpsPath.Weigh, { ...by, parcels: parcel(1), at: '2999-01-01T00:00:00Z' }, 'at'],
      [OpsPath.Event, { ...by, statusCode: 'SCAN', description: 'line\u0000break' }, 'description'],
      [OpsPath.Event, { ...by, statusCode: 'SCAN', description: 'ok', location: 'A\u202Eb' }, 'location'],
      [OpsPath.Event, { ...by, statusCode: 'scan me', description: 'ok' }, 'statusCode'],
      [OpsPath.Event, { ...by, statusCode: 'SCAN', description: 'x'.repeat(501) }, 'description'],
      [OpsPath.Event, { ...by, statusCode: 'SCAN', description: 'ok', language: 'fr-FR' }, 'language'],
      [OpsPath.LastMile, { ...by, carrier: 'UPS', lastMileNo: '1Z 99' }, 'lastMileNo'],
      [OpsPath.LastMile, { ...by, carrier: '\u0007', lastMileNo: '1Z99' }, 'carrier'],
      [OpsPath.Exception, { ...by, issueKindCode: 'NO_SUCH_KIND' }, 'issueKindCode'],
      [OpsPath.Deliver, { waybillNo: `PS${'9'.repeat(100)}` }, 'waybillNo'],
      [OpsPath.Deliver, { waybillNo: "PS1' OR 1=1 --" }, 'waybillNo'],
    ];
    for (const [url, body, field] of cases) {
      const answer = await ops<{ errors: { field: string; message: string }[] }>(url, body, {
        language: 'en-US',
      });
      expect([url, field, answer.code]).toEqual([url, field, ApiCode.BadRequest]);
      expect(answer.data.errors.map((e) => e.field)).toContain(field);
      expect(answer.data.errors.every((e) => e.message.length > 0)).toBe(true);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: OpsPath.Weigh,
      headers: { 'x-operator-key': KEY, 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"waybillNo":',
    });
    expect(notJson.json()).toMatchObject({
      code: ApiCode.BadRequest,
      message: 'The request body is not valid JSON',
    });
    const huge = await t.app.inject({
      method: 'POST',
      url: OpsPath.Event,
      headers: { 'x-operator-key': KEY, 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify({ ...by, statusCode: 'SCAN', description: 'x'.repeat(20_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: ApiCode.BadRequest, message: 'The request is too large' });
    const journey = await ops<Journey>(OpsPath.Journey, by);
    expect(journey.data).toMatchObject({
      status: 'submitted',
      events: [],
      lastMileNo: null,
      issueKindCode: null,
    });
    expect((await wallet(order.customerId)).held).toBe(order.estimate);
  });

  it('answers an unknown operations path with the 404 envelope', async () => {
    const answer = await ops(`${OpsPath.Journey}/nothing`, {});
    expect(answer.httpStatus).toBe(404);
    expect(answer.code).toBe(ApiCode.NotFound);
  });
});
