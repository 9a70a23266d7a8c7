import { ApiCode } from '@portal/contracts/envelope';
import type { OrderCreated, OrderCreateInput } from '@portal/contracts/order';
import type { InsufficientBalance } from '@portal/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidWaybillNo } from '../../src/modules/order/waybill.ts';
import { assertLedgerConsistent, postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createCustomer } from '../support/factories.ts';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

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
  const { customerId, main } = await createCustomer(t.app.db);
  const { jwtToken } = await signIn(t.app, main);
  return { customerId, token: jwtToken };
}

const create = (token: string, overrides: Partial<OrderCreateInput> = {}) =>
  call<OrderCreated>(t.app, {
    method: 'POST',
    url: '/api/CustomerOrder/Create',
    token,
    body: body(overrides),
  });
const submit = (token: string, id: string) =>
  call<OrderCreated>(t.app, { method: 'POST', url: '/api/CustomerOrder/Submit', token, body: { id } });
const fund = (customerId: string, amount: number) =>
  postLedgerEntry(t.app.db, {
    customerId,
    currencyCode: 'CNY',
    entryType: 'recharge',
    amount,
    heldChange: 0,
  });

async function wallet(customerId: string) {
  const row = await t.app.db
    .selectFrom('wallets')
    .select(['balance', 'held'])
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', 'CNY')
    .executeTakeFirstOrThrow();
  return { balance: Number(row.balance), held: Number(row.held) };
}

describe('concurrent submits', () => {
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
    const submittedRows = await t.app.db
      .selectFrom('orders')
      .select(['status', 'waybill_no'])
      .where('customer_id', '=', customerId)
      .execute();
    expect(submittedRows.filter((row) => row.status === 'submitted')).toHaveLength(K);
    expect(submittedRows.filter((row) => row.status === 'draft' && row.waybill_no === null)).toHaveLength(
      200 - K,
    );
    await assertLedgerConsistent(t.app.db, customerId);
  });

  it('of one draft: one succeeds, one charge is held', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 1_000_000);
    const draft = (await create(token)).data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(token, draft.id)));
    expect(answers.filter((answer) => answer.code === ApiCode.Ok)).toHaveLength(1);
    for (const answer of answers) if (answer.code !== ApiCode.Ok) expect(answer.code).toBe(ApiCode.Conflict);
    const charges = await t.app.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('entry_type', '=', 'order_charge')
      .execute();
    expect(charges).toHaveLength(1);
    expect((await wallet(customerId)).held).toBe(draft.estimatedCharge.totalAmount);
    await assertLedgerConsistent(t.app.db, customerId);
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
      const numbers = await t.app.db
        .selectFrom('orders')
        .select('customer_order_no')
        .where('customer_id', '=', customer.customerId)
        .execute();
      expect(new Set(numbers.map((row) => row.customer_order_no)).size).toBe(20);
    }
    await assertLedgerConsistent(t.app.db);
  });
});
