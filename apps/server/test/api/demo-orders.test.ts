import { ORDER_STATUSES } from '@portal/contracts/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_CODE, DEMO_MAIN_USER } from '../../src/db/seed.ts';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { orderApi } from '../support/order-api.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

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
      new Set(['manual_adjustment', 'order_charge', 'charge_release', 'weight_adjustment']),
    );
    const { jwtToken } = await signIn(t.app, DEMO_MAIN_USER);
    const balance = await orderApi(t.app, jwtToken).balance();
    expect(balance!.balance).toBeGreaterThan(0);
  });
});
