import { ApiCode } from '@portal/contracts/envelope';
import type { Order, OrderCreated, OrderCreateInput } from '@portal/contracts/order';
import type { InsufficientBalance } from '@portal/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTransaction, transitionOrder } from '../../src/modules/order/order-status.ts';
import { isValidWaybillNo } from '../../src/modules/order/waybill.ts';
import { assertLedgerConsistent, postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createCustomer } from '../support/factories.ts';
import type { FastifyInstance } from 'fastify';
import { call, createTestApps, ENGINE, signIn } from '../support/test-app.ts';

/**
 * On PostgreSQL three instances share the database, as behind a load balancer, and the requests are spread
 * over them; SQLite is one process's embedded database (its writers are serialised by the file lock).
 */
const INSTANCES = ENGINE === 'postgres' ? 3 : 1;
let apps: FastifyInstance[];
let closeApps: () => Promise<void>;
beforeAll(async () => {
  // 200 requests queue for each instance's 10 pooled connections: on a loaded machine the default 5 s wait
  // for a free connection can run out, which would test the machine, not the ledger.
  ({ apps, close: closeApps } = await createTestApps(INSTANCES, { DB_CONNECT_TIMEOUT_MS: '30000' }));
});
afterAll(async () => closeApps());
let turn = 0;
/** The next instance, round robin. */
const next = () => apps[turn++ % apps.length]!;
/** The shared database, through the first instance. */
const db = () => apps[0]!.db;

const body = (overrides: Partial<OrderCreateInput> = {}): OrderCreateInput => ({
  productCode: 'US-DDP-EXP',
  shipper: {
    name: '张三',
    phone: '13800138000',
    countryCode: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    addressLine1: '科技园南区 1 栋 101',
  },
  consignee: {
    name: 'Jane Doe',
    phone: '+1 555 123 4567',
    countryCode: 'US',
    province: 'NY',
    city: 'New York',
    postalCode: '10001',
    addressLine1: '350 Fifth Avenue',
  },
  parcels: [{ weight: 0.8, length: 25, width: 18, height: 8 }],
  items: [{ nameCn: '手机壳', nameEn: 'Phone case', quantity: 3, unitPrice: 500, currencyCode: 'USD' }],
  hasBattery: false,
  ...overrides,
});

async function newCustomer() {
  const { customerId, main } = await createCustomer(db());
  const { jwtToken } = await signIn(apps[0]!, main);
  return { customerId, token: jwtToken };
}

const create = (token: string, overrides: Partial<OrderCreateInput> = {}) =>
  call<OrderCreated>(next(), {
    method: 'POST',
    url: '/api/CustomerOrder/Create',
    token,
    body: body(overrides),
  });
const submit = (token: string, id: string) =>
  call<OrderCreated>(next(), { method: 'POST', url: '/api/CustomerOrder/Submit', token, body: { id } });
const fund = (customerId: string, amount: number) =>
  postLedgerEntry(db(), {
    customerId,
    currencyCode: 'CNY',
    entryType: 'recharge',
    amount,
    heldChange: 0,
  });

async function wallet(customerId: string) {
  const row = await db()
    .selectFrom('wallets')
    .select(['balance', 'held'])
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', 'CNY')
    .executeTakeFirstOrThrow();
  return { balance: Number(row.balance), held: Number(row.held) };
}

describe(`concurrent submits (${INSTANCES} instance${INSTANCES > 1 ? 's' : ''})`, () => {
  it('of 200 drafts against a balance covering exactly K: exactly K succeed, the ledger adds up', async () => {
    const { customerId, token } = await newCustomer();
    const drafts: OrderCreated[] = [];
    for (let index = 0; index < 200; index++) {
      const answer = await create(token);
      expect(answer.code).toBe(ApiCode.Ok);
      drafts.push(answer.data);
    }
    const charge = drafts[0]!.estimatedCharge.totalAmount;
    expect(new Set(drafts.map((draft) => draft.estimatedCharge.totalAmount))).toEqual(new Set([charge]));
    const K = 37;
    // One minor unit short of a 38th order, so the boundary is exact.
    await fund(customerId, K * charge + charge - 1);

    const answers = await Promise.all(drafts.map((draft) => submit(token, draft.id)));
    const succeeded = answers.filter((answer) => answer.code === ApiCode.Ok);
    const refused = answers.filter((answer) => answer.code !== ApiCode.Ok);
    expect(succeeded).toHaveLength(K);
    for (const answer of refused) {
      expect(answer.code).toBe(ApiCode.Conflict);
      expect((answer.data as unknown as InsufficientBalance).reason).toBe('insufficientBalance');
    }
    const waybills = succeeded.map((answer) => answer.data.waybillNo!);
    expect(new Set(waybills).size).toBe(K);
    for (const waybillNo of waybills) expect(isValidWaybillNo(waybillNo)).toBe(true);

    expect(await wallet(customerId)).toEqual({ balance: charge - 1, held: K * charge });
    const submittedRows = await db()
      .selectFrom('orders')
      .select(['status', 'waybill_no'])
      .where('customer_id', '=', customerId)
      .execute();
    expect(submittedRows.filter((row) => row.status === 'submitted')).toHaveLength(K);
    expect(submittedRows.filter((row) => row.status === 'draft' && row.waybill_no === null)).toHaveLength(
      200 - K,
    );
    await assertLedgerConsistent(db(), customerId);
  });

  it('of a draft being edited: the charge held is the price of what was submitted', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 10_000_000);
    const light = [{ weight: 0.8, length: 25, width: 18, height: 8 }];
    const heavy = [{ weight: 20, length: 60, width: 40, height: 40 }];
    const priceOf = async (parcels: typeof light) => (await create(token, { parcels })).data.estimatedCharge;
    const lightPrice = (await priceOf(light)).totalAmount;
    const heavyPrice = (await priceOf(heavy)).totalAmount;
    expect(heavyPrice).toBeGreaterThan(lightPrice);
    for (let round = 0; round < 12; round++) {
      const draft = (await create(token, { parcels: light })).data;
      const update = () =>
        call<OrderCreated>(next(), {
          method: 'POST',
          url: '/api/CustomerOrder/Update',
          token,
          body: { ...body({ parcels: heavy }), id: draft.id },
        });
      await Promise.all([submit(token, draft.id), update()]);
      const order = await call<Order>(apps[0]!, {
        url: '/api/CustomerOrder/Get',
        token,
        query: { id: draft.id },
      });
      if (order.data.status !== 'submitted') continue;
      const held = order.data.parcels[0]!.weight === 20 ? heavyPrice : lightPrice;
      expect(order.data.estimatedCharge?.totalAmount, `round ${round}`).toBe(held);
    }
    await assertLedgerConsistent(db());
  });

  it('of one draft: one succeeds, one charge is held', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 1_000_000);
    const draft = (await create(token)).data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(token, draft.id)));
    expect(answers.filter((answer) => answer.code === ApiCode.Ok)).toHaveLength(1);
    for (const answer of answers) if (answer.code !== ApiCode.Ok) expect(answer.code).toBe(ApiCode.Conflict);
    const charges = await db()
      .selectFrom('ledger_entries')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('entry_type', '=', 'order_charge')
      .execute();
    expect(charges).toHaveLength(1);
    expect((await wallet(customerId)).held).toBe(draft.estimatedCharge.totalAmount);
    await assertLedgerConsistent(db(), customerId);
  });

  it('of many customers at once: every waybill number is distinct and valid', async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, newCustomer));
    for (const customer of customers) await fund(customer.customerId, 10_000_000);
    const answers = await Promise.all(
      customers.flatMap((customer) =>
        Array.from({ length: 20 }, () => create(customer.token, { submit: true })),
      ),
    );
    for (const answer of answers) expect(answer.code).toBe(ApiCode.Ok);
    const waybills = answers.map((answer) => answer.data.waybillNo!);
    expect(new Set(waybills).size).toBe(100);
    for (const waybillNo of waybills) expect(isValidWaybillNo(waybillNo)).toBe(true);
    // Generated reference numbers stay unique per customer under the same load.
    for (const customer of customers) {
      const numbers = await db()
        .selectFrom('orders')
        .select('customer_order_no')
        .where('customer_id', '=', customer.customerId)
        .execute();
      expect(new Set(numbers.map((row) => row.customer_order_no)).size).toBe(20);
    }
    await assertLedgerConsistent(db());
  });

  it('of one typed reference number sent many times at once: one order, the others a clear 409', async () => {
    const { customerId, token } = await newCustomer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(token, { customerOrderNo: 'SAME-REF-1' })),
    );
    expect(answers.filter((answer) => answer.code === ApiCode.Ok)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.code !== ApiCode.Ok);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.code).toBe(ApiCode.Conflict);
      expect(answer.message).toContain('SAME-REF-1');
    }
    const rows = await db().selectFrom('orders').select('id').where('customer_id', '=', customerId).execute();
    expect(rows).toHaveLength(1);
  });
});

const cancel = (token: string, ids: string[]) =>
  call<{ cancelled: number }>(next(), {
    method: 'POST',
    url: '/api/CustomerOrder/Cancel',
    token,
    body: { ids },
  });

/** The customer's counter row against its orders (modules/order/order-status.ts keeps it). */
async function expectCountersMatch(customerId: string) {
  const counted = await db()
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('customer_id', '=', customerId)
    .groupBy('status')
    .execute();
  const stored = await db()
    .selectFrom('customer_order_counts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  // The highest number committed (a create refused after drawing its number leaves a gap).
  const highest = await db()
    .selectFrom('orders')
    .select((eb) => eb.fn.max('customer_seq').as('seq'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  expect(Number(stored.last_seq)).toBe(Number(highest.seq));
  for (const row of counted)
    expect([row.status, Number(stored[row.status])]).toEqual([row.status, Number(row.n)]);
}

describe(`concurrent cancels (${INSTANCES} instance${INSTANCES > 1 ? 's' : ''})`, () => {
  it('of one submitted order: one succeeds, the hold is released exactly once', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 1_000_000);
    const order = (await create(token, { submit: true })).data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(token, [order.id])));
    expect(answers.filter((answer) => answer.code === ApiCode.Ok)).toHaveLength(1);
    for (const answer of answers) if (answer.code !== ApiCode.Ok) expect(answer.code).toBe(ApiCode.Conflict);
    const releases = await db()
      .selectFrom('ledger_entries')
      .select('amount')
      .where('customer_id', '=', customerId)
      .where('entry_type', '=', 'charge_release')
      .execute();
    expect(releases.map((row) => Number(row.amount))).toEqual([order.estimatedCharge.totalAmount]);
    expect(await wallet(customerId)).toEqual({ balance: 1_000_000, held: 0 });
    await assertLedgerConsistent(db(), customerId);
    await expectCountersMatch(customerId);
  });

  it('of overlapping sets of orders, with submits and creates: each hold released once, counters exact', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 10_000_000);
    const orders = await Promise.all(Array.from({ length: 10 }, () => create(token, { submit: true })));
    const ids = orders.map((answer) => answer.data.id);
    const drafts = await Promise.all(Array.from({ length: 5 }, () => create(token)));
    // Overlapping, in different orders: each order is cancelled by exactly one of the calls that win.
    const answers = await Promise.all([
      cancel(token, ids.slice(0, 6)),
      cancel(token, ids.slice(4, 10).reverse()),
      cancel(token, [ids[9]!, ids[0]!]),
      ...ids.map((id) => cancel(token, [id])),
      ...drafts.map((draft) => submit(token, draft.data.id)),
      ...Array.from({ length: 5 }, () => create(token, { submit: true })),
    ]);
    for (const answer of answers) expect([ApiCode.Ok, ApiCode.Conflict]).toContain(answer.code);
    const releases = await db()
      .selectFrom('ledger_entries')
      .select('order_id')
      .where('customer_id', '=', customerId)
      .where('entry_type', '=', 'charge_release')
      .execute();
    expect(releases.map((row) => row.order_id).sort()).toEqual([...ids].sort());
    await assertLedgerConsistent(db(), customerId);
    await expectCountersMatch(customerId);
  });
});

describe('one customer’s creates do not queue on its counter row (issue 21)', () => {
  // SQLite has one writer at a time by design; on PostgreSQL transactions run side by side.
  it.runIf(ENGINE === 'postgres')(
    'a status change held open inside its transaction does not hold up the next create and submit',
    async () => {
      const { customerId, token } = await newCustomer();
      await fund(customerId, 1_000_000);
      const draft = (await create(token)).data;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let changed!: () => void;
      const hasChanged = new Promise<void>((resolve) => (changed = resolve));
      // What used to lock the customer's counter row until the commit: a status change (here a cancel).
      const held = orderTransaction(db(), async (trx) => {
        await transitionOrder(trx, {
          customerId,
          orderId: draft.id,
          to: 'cancelled',
          at: new Date().toISOString(),
        });
        changed();
        await gate;
      });
      await hasChanged;
      try {
        // Before: this waited for the row lock until the statement timeout. Now: numbered and counted
        // without waiting (its counter write comes last, and the held transaction has not written yet).
        const next = await create(token, { submit: true });
        expect(next.code).toBe(ApiCode.Ok);
      } finally {
        release();
        await held;
      }
      await expectCountersMatch(customerId);
    },
  );

  it('a create that fails after drawing its number leaves a gap the list still pages through', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 1_000_000);
    await create(token, { customerOrderNo: 'GAP-1' });
    // Refused inside its transaction (the reference number is taken) after its number was drawn.
    expect((await create(token, { customerOrderNo: 'GAP-1' })).code).toBe(ApiCode.Conflict);
    await create(token, { customerOrderNo: 'GAP-2' });
    const seqs = await db()
      .selectFrom('orders')
      .select('customer_seq')
      .where('customer_id', '=', customerId)
      .orderBy('customer_seq')
      .execute();
    expect(seqs.map((row) => Number(row.customer_seq))).toEqual([1, 3]);
    const list = await call<{ list: { customerOrderNo: string }[]; total: number }>(next(), {
      method: 'POST',
      url: '/api/CustomerOrder/Query',
      token,
      body: { pageIndex: 1, pageSize: 1 },
    });
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((row) => row.customerOrderNo)).toEqual(['GAP-2']);
    const second = await call<{ list: { customerOrderNo: string }[] }>(next(), {
      method: 'POST',
      url: '/api/CustomerOrder/Query',
      token,
      body: { pageIndex: 2, pageSize: 1 },
    });
    expect(second.data.list.map((row) => row.customerOrderNo)).toEqual(['GAP-1']);
  });
});
