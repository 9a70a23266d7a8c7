import { ORDER_STATUSES } from '@portal/contracts/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_CODE, DEMO_MAIN_USER } from '../../src/db/seed.ts';
import { simulatePass } from '../../src/modules/operations/journey-script.ts';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { orderApi } from '../support/order-api.ts';
import { createTestApp, createTestApps, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO_ORDERS: 'true' });
});
afterAll(async () => t.close());

const demoCustomer = () =>
  t.app.db
    .selectFrom('customers')
    .select(['id', 'status'])
    .where('code', '=', DEMO_CUSTOMER_CODE)
    .executeTakeFirstOrThrow();

describe('the demo orders', () => {
  it('holds a few dozen orders in every status, spread over the last 30 days', async () => {
    const { id } = await demoCustomer();
    const orders = await t.app.db.selectFrom('orders').selectAll().where('customer_id', '=', id).execute();
    expect(orders.length).toBeGreaterThanOrEqual(30);
    for (const status of ORDER_STATUSES)
      expect([status, orders.filter((o) => o.status === status).length >= 2]).toEqual([status, true]);
    const ages = orders.map((o) => (Date.now() - Date.parse(o.created_at)) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(25);
    expect(Math.max(...ages)).toBeLessThanOrEqual(31);
    expect(Math.min(...ages)).toBeLessThan(1);
    // Journeys: weighed orders carry their weights and final charge, handed-over ones a last-mile number.
    for (const order of orders.filter((o) => ['received', 'in_transit', 'delivered'].includes(o.status))) {
      expect(order.actual_weight_g).toBeGreaterThan(0);
      expect(order.final_total).toBeGreaterThan(0);
      expect(order.received_at! >= order.submitted_at!).toBe(true);
    }
    const delivered = orders.filter((o) => o.status === 'delivered');
    expect(delivered.every((o) => o.last_mile_no && o.handed_over_at && o.delivered_at)).toBe(true);
    expect(orders.filter((o) => o.status === 'exception').every((o) => o.issue_kind_code)).toBe(true);
    const events = await t.app.db
      .selectFrom('order_tracking_events')
      .select(['order_id', 'status_code'])
      .where('customer_id', '=', id)
      .execute();
    for (const order of delivered)
      expect(events.filter((e) => e.order_id === order.id).map((e) => e.status_code)).toEqual(
        expect.arrayContaining(['RECEIVED', 'IN_TRANSIT', 'ARRIVED_DESTINATION', 'HANDED_OVER', 'DELIVERED']),
      );
    const counts = await t.app.db
      .selectFrom('customer_order_counts')
      .selectAll()
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow();
    for (const status of ORDER_STATUSES)
      expect(counts[status]).toBe(orders.filter((o) => o.status === status).length);
  });

  it('keeps the ledger consistent, in time order, with the demo balance positive and the customer active', async () => {
    const { id, status } = await demoCustomer();
    expect(status).toBe('active');
    await assertLedgerConsistent(t.app.db, id);
    const rows = await t.app.db
      .selectFrom('ledger_entries')
      .select(['entry_no', 'created_at', 'entry_type'])
      .where('customer_id', '=', id)
      .orderBy('entry_no')
      .execute();
    const times = rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort());
    expect(new Set(rows.map((r) => r.entry_type))).toEqual(
      new Set(['manual_adjustment', 'recharge', 'order_charge', 'charge_release', 'weight_adjustment']),
    );
    const { jwtToken } = await signIn(t.app, DEMO_MAIN_USER);
    const balance = await orderApi(t.app, jwtToken).balance();
    expect(balance!.balance).toBeGreaterThan(0);
  });

  it('are seeded once when several instances start together on one database', async () => {
    const { apps, close } = await createTestApps(3, { SEED_DEMO_ORDERS: 'true' });
    try {
      const [app] = apps;
      const customers = await app!.db
        .selectFrom('customers')
        .select('id')
        .where('code', '=', DEMO_CUSTOMER_CODE)
        .execute();
      expect(customers).toHaveLength(1);
      const orders = await app!.db
        .selectFrom('orders')
        .select('id')
        .where('customer_id', '=', customers[0]!.id)
        .execute();
      expect(orders).toHaveLength(39);
      await assertLedgerConsistent(app!.db, customers[0]!.id);
    } finally {
      await close();
    }
  });
});

describe('the simulator', () => {
  it('moves every due order one step per pass and brings every journey to its end, ledger consistent', async () => {
    const { id } = await demoCustomer();
    const statuses = async () =>
      new Map(
        (
          await t.app.db.selectFrom('orders').select(['id', 'status']).where('customer_id', '=', id).execute()
        ).map((o) => [o.id, o.status]),
      );
    const active = (map: Map<string, string>) =>
      [...map.values()].filter((s) => ['submitted', 'received', 'in_transit', 'exception'].includes(s))
        .length;
    const before = await statuses();
    const lines: string[] = [];
    // A speed at which every step is due at once (the steps are dated now, so no time is in the future).
    const SPEED = 1e12;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const moved = await simulatePass(t.app.db, DEMO_CUSTOMER_CODE, SPEED, (line) => lines.push(line));
    expect(lines.filter((line) => line.includes('failed'))).toEqual([]);
    expect(moved).toBe(active(before));
    const after = await statuses();
    for (const [orderId, status] of before) {
      if (status === 'submitted') expect(['received', 'exception']).toContain(after.get(orderId));
      if (['draft', 'cancelled', 'delivered', 'returned'].includes(status))
        expect(after.get(orderId)).toBe(status);
    }
    // Every journey ends (delivered or returned) within a bounded number of passes: no step loops.
    let passes = 1;
    while (active(await statuses()) > 0) {
      expect(passes, 'the journeys never end').toBeLessThan(20);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await simulatePass(t.app.db, DEMO_CUSTOMER_CODE, SPEED, (line) => lines.push(line));
      passes++;
    }
    expect(lines.filter((line) => line.includes('failed'))).toEqual([]);
    await assertLedgerConsistent(t.app.db, id);
  });
});
