import { AddressType } from '@portal/contracts/address';
import { AddressInputSchema } from '@portal/contracts/address';
import { ApiCode } from '@portal/contracts/envelope';
import type { OrderCreated, OrderCreateInput } from '@portal/contracts/order';
import { formatMinorAmount } from '@portal/contracts/money';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import type { OrderDetail, OrderFilter, OrderQueryResult } from '@portal/contracts/order-list';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { newId, nowIso } from '../../src/lib/ids.ts';
import type { ExportRequest, TableExportSource } from '../../src/modules/export/export-source.ts';
import { EXPORT_SOURCES } from '../../src/modules/export/export-sources.ts';
import { translate } from '../../src/lib/messages.ts';
import { insertAddresses } from '../../src/modules/address/address.repository.ts';
import { newAddressRow } from '../../src/modules/address/address.service.ts';
import { orderCreateSchema } from '../../src/modules/order/order.service.ts';
import { isValidWaybillNo } from '../../src/modules/order/waybill.ts';
import {
  assertLedgerConsistent,
  postLedgerEntries,
  postLedgerEntry,
  type LedgerEntryInput,
} from '../../src/modules/wallet/ledger.ts';
import { fillDisk, freeDisk } from '../support/disk-full.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { allRows, extraRow, importApi, orderSheet, validRow } from '../support/order-sheets.ts';
import { call, createTestApps, ENGINE, signIn } from '../support/test-app.ts';

/**
 * The commit of an Excel batch (issue 12): valid orders become orders — drafts, or submitted with their
 * holds — all or none, by a background task; the ledger's batch form; the list filtered by the batch.
 * On PostgreSQL two instances share the database (two commits at once, one batch).
 */
const INSTANCES = ENGINE === 'postgres' ? 2 : 1;
let apps: FastifyInstance[];
let closeApps: () => Promise<void>;
beforeAll(async () => {
  ({ apps, close: closeApps } = await createTestApps(INSTANCES));
});
afterAll(async () => closeApps());
const app = () => apps[0]!;
const db = (): Db => apps[0]!.db;

const COMMIT = '/api/CustomerOrder/BatchImportCommit';

const consignee = {
  name: 'Jane Doe',
  phone: '+1 555 123 4567',
  countryCode: 'US',
  province: 'NY',
  city: 'New York',
  postalCode: '10001',
  addressLine1: '350 Fifth Avenue',
};
const item = { nameCn: '手机壳', nameEn: 'Phone case', quantity: 3, unitPrice: 500, currencyCode: 'USD' };
const parcel = { weight: 0.8, length: 25, width: 18, height: 8 };

interface Customer {
  customerId: string;
  userId: string;
  token: string;
  senderId: string;
}

async function newCustomer(): Promise<Customer> {
  const { customerId, main } = await createCustomer(db());
  const { jwtToken } = await signIn(app(), main);
  const user = await db()
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', main.loginName)
    .executeTakeFirstOrThrow();
  const sender = newAddressRow(
    customerId,
    AddressInputSchema.parse({
      addressType: AddressType.Sender,
      isDefault: true,
      name: '张三',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '科技园南区 1 栋 101',
    }),
  );
  await insertAddresses(db(), [sender]);
  return { customerId, userId: user.id, token: jwtToken, senderId: sender.id };
}

const fund = (customerId: string, amount: number) =>
  postLedgerEntry(db(), { customerId, currencyCode: 'CNY', entryType: 'recharge', amount, heldChange: 0 });

/** One order of a seeded import: its create input and how many further sheet rows it spans. */
interface SeedOrder {
  input?: Partial<OrderCreateInput>;
  extraRows?: number;
  state?: 'valid' | 'invalid' | 'excluded';
}

/**
 * An import as the preview leaves it: `ready`, one lead row per order with the checked create input
 * (`orderCreateSchema`'s output with the import's sender) on valid orders, further rows of the same order.
 */
async function seedImport(customer: Customer, orders: readonly SeedOrder[]): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db()
    .insertInto('order_imports')
    .values({
      id,
      customer_id: customer.customerId,
      created_by: customer.userId,
      status: 'ready',
      file_name: 'orders.xlsx',
      file_id: null,
      headers: '[]',
      mapping: '{}',
      mapping_id: null,
      defaults: '{}',
      product_code: 'US-DDP-EXP',
      shipper_address_id: customer.senderId,
      row_count: 0,
      order_count: orders.length,
      valid_order_count: orders.filter((order) => (order.state ?? 'valid') === 'valid').length,
      invalid_order_count: orders.filter((order) => order.state === 'invalid').length,
      excluded_order_count: orders.filter((order) => order.state === 'excluded').length,
      created_order_count: 0,
      error_count: 0,
      progress: 0,
      created_at: now,
      updated_at: now,
      expires_at: now,
    })
    .execute();
  const rows: Parameters<ReturnType<Db['insertInto']>['values']>[0][] = [];
  let rowNumber = 2;
  for (const order of orders) {
    const state = order.state ?? 'valid';
    const input = orderCreateSchema.parse({
      productCode: 'US-DDP-EXP',
      shipperAddressId: customer.senderId,
      consignee,
      parcels: [parcel],
      items: [item],
      hasBattery: false,
      ...order.input,
    });
    const lead = rowNumber;
    for (let index = 0; index <= (order.extraRows ?? 0); index++) {
      rows.push({
        import_id: id,
        row_number: rowNumber++,
        cells: '[]',
        field_values: '{}',
        customer_order_no: input.customerOrderNo ?? null,
        lead_row_number: lead,
        is_lead: index === 0 ? 1 : 0,
        state,
        excluded: state === 'excluded' ? 1 : 0,
        errors: state === 'invalid' ? '[{"field":"consigneeName","key":"validation.required"}]' : null,
        order_input: index === 0 && state !== 'invalid' ? JSON.stringify(input) : null,
        charge_amount: null,
        charge_currency_code: null,
        chargeable_weight_g: null,
        order_id: null,
      } as never);
    }
  }
  for (let start = 0; start < rows.length; start += 500)
    await db()
      .insertInto('order_import_rows')
      .values(rows.slice(start, start + 500) as never)
      .execute();
  await db()
    .updateTable('order_imports')
    .set({ row_count: rowNumber - 2 })
    .where('id', '=', id)
    .execute();
  return id;
}

const commit = (
  customer: Pick<Customer, 'token'>,
  body: unknown,
  headers: Record<string, string> = {},
  on: FastifyInstance = app(),
) => call<OrderImportSummary>(on, { method: 'POST', url: COMMIT, token: customer.token, body, headers });

/** Runs the queued tasks until none is left (the commit task, on any instance). */
async function runTasks() {
  for (let round = 0; round < 5; round++) {
    const ran = (await Promise.all(apps.map((one) => one.taskRunner.runOnce()))).flat();
    if (ran.length === 0) return;
  }
}

const importRow = (id: string) =>
  db().selectFrom('order_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ordersOf = (customerId: string) =>
  db().selectFrom('orders').selectAll().where('customer_id', '=', customerId).execute();

async function listByImport(customer: Customer, importId: string, status?: string) {
  const answer = await call<OrderQueryResult>(app(), {
    method: 'POST',
    url: '/api/CustomerOrder/Query',
    token: customer.token,
    body: { importId, pageIndex: 1, pageSize: 100, ...(status ? { status } : {}) },
  });
  expect(answer.code, answer.message).toBe(ApiCode.Ok);
  return answer.data;
}

/** 1,000 orders: every 10th without a reference number, every 25th with 2 parcels and 3 items. */
function thousandOrders(prefix: string): SeedOrder[] {
  return Array.from({ length: 1000 }, (_, index) => {
    const many = index % 25 === 0;
    return {
      input: {
        ...(index % 10 === 3 ? {} : { customerOrderNo: `${prefix}-${index}` }),
        ...(many
          ? {
              parcels: [parcel, { weight: 2.5, length: 40, width: 30, height: 20.5 }],
              items: [
                item,
                { ...item, nameCn: '数据线', nameEn: 'USB cable', quantity: 2, unitPrice: 120, sku: 'C-1' },
                {
                  ...item,
                  nameCn: '耳机',
                  nameEn: 'Earphones',
                  quantity: 1,
                  unitPrice: 2999,
                  hsCode: '851830',
                },
              ],
            }
          : {}),
      },
      extraRows: many ? 2 : 0,
    };
  });
}

describe('BatchImportCommit', () => {
  it('commits 1,000 orders as drafts: exactly the valid ones, as the rows said, listed by the batch', async () => {
    const customer = await newCustomer();
    const seeded = thousandOrders('D');
    // An invalid and an excluded order besides: neither becomes an order.
    seeded.push({ input: { customerOrderNo: 'D-invalid' }, state: 'invalid' });
    seeded.push({ input: { customerOrderNo: 'D-excluded' }, state: 'excluded', extraRows: 1 });
    const importId = await seedImport(customer, seeded);

    const started = await commit(customer, { id: importId, submit: false }, { 'idempotency-key': 'd-1' });
    expect(started.code).toBe(ApiCode.Ok);
    expect(started.data.status).toBe('committing');
    expect(started.data.submit).toBe(false);
    await runTasks();

    const imported = await importRow(importId);
    expect(imported.status).toBe('committed');
    expect(imported.created_order_count).toBe(1000);
    expect(imported.progress).toBe(100);
    expect(imported.committed_at).not.toBeNull();
    const orders = await ordersOf(customer.customerId);
    expect(orders).toHaveLength(1000);
    expect(orders.every((order) => order.status === 'draft' && order.import_id === importId)).toBe(true);
    expect(orders.every((order) => order.waybill_no === null)).toBe(true);
    expect(new Set(orders.map((order) => order.customer_seq))).toEqual(
      new Set(Array.from({ length: 1000 }, (_, index) => index + 1)),
    );
    const numbers = orders.map((order) => order.customer_order_no);
    expect(numbers).not.toContain('D-invalid');
    expect(numbers).not.toContain('D-excluded');
    const generated = numbers.filter((number) => /^ORD\d{8}-\d{6}$/.test(number));
    expect(generated).toHaveLength(100);
    expect(new Set(numbers).size).toBe(1000);
    const counts = await db()
      .selectFrom('customer_order_counts')
      .select(['draft', 'last_seq'])
      .where('customer_id', '=', customer.customerId)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ draft: 1000, last_seq: 1000 });
    // No hold for drafts.
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select('id')
      .where('customer_id', '=', customer.customerId)
      .execute();
    expect(ledger).toHaveLength(0);

    // Every row of each created order is `created` with its order; invalid and excluded rows are not.
    const rows = await db()
      .selectFrom('order_import_rows')
      .select(['row_number', 'lead_row_number', 'state', 'order_id', 'customer_order_no'])
      .where('import_id', '=', importId)
      .orderBy('row_number')
      .execute();
    const byNumber = new Map(orders.map((order) => [order.customer_order_no, order.id]));
    const leadOrder = new Map<number, string | null>();
    for (const row of rows) {
      if (row.customer_order_no === 'D-invalid')
        expect(row).toMatchObject({ state: 'invalid', order_id: null });
      else if (row.customer_order_no === 'D-excluded')
        expect(row).toMatchObject({ state: 'excluded', order_id: null });
      else {
        expect(row.state).toBe('created');
        expect(row.order_id).not.toBeNull();
        if (row.customer_order_no) expect(row.order_id).toBe(byNumber.get(row.customer_order_no));
        if (row.row_number === row.lead_row_number) leadOrder.set(row.row_number, row.order_id);
        else expect(row.order_id).toBe(leadOrder.get(row.lead_row_number));
      }
    }

    // A multi-parcel, multi-item order comes out exactly as its rows said.
    const detail = await call<OrderDetail>(app(), {
      url: '/api/CustomerOrder/Get',
      token: customer.token,
      query: { id: byNumber.get('D-25')! },
    });
    expect(detail.code).toBe(ApiCode.Ok);
    expect(detail.data).toMatchObject({
      status: 'draft',
      customerOrderNo: 'D-25',
      productCode: 'US-DDP-EXP',
      consignee: { name: 'Jane Doe', countryCode: 'US', city: 'New York', postalCode: '10001' },
      shipper: { name: '张三', city: '深圳市' },
      parcels: [
        { weight: 0.8, length: 25, width: 18, height: 8 },
        { weight: 2.5, length: 40, width: 30, height: 20.5 },
      ],
      items: [
        { nameCn: '手机壳', quantity: 3, unitPrice: 500, currencyCode: 'USD' },
        { nameCn: '数据线', nameEn: 'USB cable', quantity: 2, unitPrice: 120, sku: 'C-1' },
        { nameCn: '耳机', quantity: 1, unitPrice: 2999, hsCode: '851830' },
      ],
      declaredValue: 3 * 500 + 2 * 120 + 2999,
      forecastWeight: 3.3,
    });
    expect(detail.data.estimatedCharge?.totalAmount).toBeGreaterThan(0);
    // Priced as the single create prices the same body.
    const single = await call<OrderCreated>(app(), {
      method: 'POST',
      url: '/api/CustomerOrder/Create',
      token: customer.token,
      body: {
        productCode: 'US-DDP-EXP',
        shipperAddressId: customer.senderId,
        consignee,
        parcels: detail.data.parcels,
        items: seeded[25]!.input!.items,
        hasBattery: false,
      },
    });
    expect(single.data.estimatedCharge.totalAmount).toBe(detail.data.estimatedCharge!.totalAmount);

    // The list filtered by the batch shows exactly its orders (not the single one just created).
    const listed = await listByImport(customer, importId);
    expect(listed.total).toBe(1000);
    expect(listed.statusCounts.draft).toBe(1000);
    expect(listed.list.every((order) => byNumber.has(order.customerOrderNo))).toBe(true);
    // The export shares the filter: the batch's orders, not the single one.
    const exportSource = EXPORT_SOURCES.orders as TableExportSource;
    const exportRequest = (filter: Partial<OrderFilter>): ExportRequest => ({
      customerId: customer.customerId,
      userId: customer.userId,
      language: 'en-US',
      ids: null,
      filter: filter as OrderFilter,
      labelSize: null,
      dataScope: null,
    });
    expect(await exportSource.count(db(), exportRequest({ importId }))).toBe(1000);
    expect(await exportSource.count(db(), exportRequest({}))).toBe(1001);
    // Another batch's id, another customer's batch, an id no batch has: nothing.
    const other = await newCustomer();
    expect((await listByImport(other, importId)).total).toBe(0);
    expect((await listByImport(customer, 'no-such-import')).total).toBe(0);
    const malformed = await call(app(), {
      method: 'POST',
      url: '/api/CustomerOrder/Query',
      token: customer.token,
      body: { importId: 'bad\u0000id', pageIndex: 1, pageSize: 100 },
    });
    expect(malformed.code).toBe(ApiCode.BadRequest);
  });

  it('commits 1,000 submitted orders with one hold each, through the ledger batch form', async () => {
    const customer = await newCustomer();
    await fund(customer.customerId, 100_000_000);
    const importId = await seedImport(customer, thousandOrders('S'));
    const started = await commit(customer, { id: importId, submit: true }, { 'idempotency-key': 's-1' });
    expect(started.code).toBe(ApiCode.Ok);
    await runTasks();

    expect((await importRow(importId)).status).toBe('committed');
    const orders = await ordersOf(customer.customerId);
    expect(orders).toHaveLength(1000);
    expect(orders.every((order) => order.status === 'submitted' && order.submitted_at !== null)).toBe(true);
    expect(orders.every((order) => isValidWaybillNo(order.waybill_no!))).toBe(true);
    expect(new Set(orders.map((order) => order.waybill_no)).size).toBe(1000);
    const holds = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('customer_id', '=', customer.customerId)
      .where('entry_type', '=', 'order_charge')
      .execute();
    expect(holds).toHaveLength(1000);
    const byOrder = new Map(holds.map((row) => [row.order_id, row]));
    let total = 0;
    for (const order of orders) {
      const hold = byOrder.get(order.id)!;
      expect(hold.amount).toBe(-Number(order.estimated_total));
      expect(hold.held_change).toBe(Number(order.estimated_total));
      expect(hold.reference_no).toBe(order.waybill_no);
      total += Number(order.estimated_total);
    }
    await assertLedgerConsistent(db(), customer.customerId);
    const wallet = await db()
      .selectFrom('wallets')
      .select(['balance', 'held'])
      .where('customer_id', '=', customer.customerId)
      .executeTakeFirstOrThrow();
    expect(wallet).toEqual({ balance: 100_000_000 - total, held: total });
    const counts = await db()
      .selectFrom('customer_order_counts')
      .select(['draft', 'submitted'])
      .where('customer_id', '=', customer.customerId)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ draft: 0, submitted: 1000 });
    expect((await listByImport(customer, importId, 'submitted')).total).toBe(1000);

    // The same batch for a customer whose money covers the first chunks but not the last (the batch is
    // written chunk by chunk in its one transaction): nothing written, and the reason names what the whole
    // batch needs against what was available before it.
    const short = await newCustomer();
    const available = Math.floor(total * 0.75);
    await fund(short.customerId, available);
    const shortImport = await seedImport(short, thousandOrders('S'));
    expect((await commit(short, { id: shortImport, submit: true })).code).toBe(ApiCode.Ok);
    await runTasks();
    expect((await importRow(shortImport)).status).toBe('ready');
    const reason = JSON.parse((await importRow(shortImport)).commit_error!) as {
      key: string;
      params: Record<string, string>;
    };
    const yuan = (minor: number) => formatMinorAmount(minor, { symbol: '¥', minorUnits: 2 });
    expect(reason).toEqual({
      key: 'orderImport.insufficientBalance',
      params: { required: yuan(total), available: yuan(available) },
    });
    expect(await ordersOf(short.customerId)).toHaveLength(0);
    await assertLedgerConsistent(db(), short.customerId);
  });

  it('a double commit: the same key answers the first answer, another key 409, one batch', async () => {
    const customer = await newCustomer();
    const importId = await seedImport(customer, [{ input: { customerOrderNo: 'K-1' } }, {}]);
    const body = { id: importId, submit: false };
    const first = await commit(customer, body, { 'idempotency-key': 'k-1' });
    const again = await commit(customer, body, { 'idempotency-key': 'k-1' });
    expect(first.code).toBe(ApiCode.Ok);
    expect(again.data).toEqual(first.data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    for (const language of ['zh-CN', 'en-US', 'zh-TW'] as const) {
      const other = await commit(customer, body, {
        'idempotency-key': `k-${language}`,
        'accept-language': language,
      });
      expect(other.code).toBe(ApiCode.Conflict);
      expect(other.message).toBe(translate(language, 'orderImport.commitNotReady'));
    }
    const tasks = await db()
      .selectFrom('tasks')
      .select('id')
      .where('kind', '=', 'orderImport.commit')
      .execute();
    await runTasks();
    expect(await ordersOf(customer.customerId)).toHaveLength(2);
    // Committed: a later commit is refused, and nothing more is created.
    expect((await commit(customer, body, { 'idempotency-key': 'k-late' })).code).toBe(ApiCode.Conflict);
    await runTasks();
    expect(await ordersOf(customer.customerId)).toHaveLength(2);
    expect(tasks.length).toBeGreaterThanOrEqual(1);
  });

  it(`two commits at once${INSTANCES > 1 ? ' on two instances' : ''}: exactly one batch`, async () => {
    const customer = await newCustomer();
    await fund(customer.customerId, 10_000_000);
    const importId = await seedImport(
      customer,
      Array.from({ length: 30 }, (_, index) => ({ input: { customerOrderNo: `P-${index}` } })),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        commit(
          customer,
          { id: importId, submit: true },
          { 'idempotency-key': `p-${index}` },
          apps[index % apps.length],
        ),
      ),
    );
    expect(answers.filter((answer) => answer.code === ApiCode.Ok)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === ApiCode.Conflict)).toHaveLength(5);
    await runTasks();
    expect(await ordersOf(customer.customerId)).toHaveLength(30);
    await assertLedgerConsistent(db(), customer.customerId);
  });

  it('insufficient balance for the total: nothing written, the import ready with the reason worded', async () => {
    const customer = await newCustomer();
    await fund(customer.customerId, 500);
    const importId = await seedImport(customer, [{}, { input: { customerOrderNo: 'B-2' } }, {}]);
    expect((await commit(customer, { id: importId, submit: true })).code).toBe(ApiCode.Ok);
    await runTasks();

    const imported = await importRow(importId);
    expect(imported.status).toBe('ready');
    expect(imported.progress).toBe(0);
    const reason = JSON.parse(imported.commit_error!) as { key: string; params: Record<string, string> };
    expect(reason.key).toBe('orderImport.insufficientBalance');
    expect(reason.params.available).toBe('¥5.00');
    expect(translate('zh-CN', reason.key, reason.params)).toMatch(
      /^余额不足：需要 ¥[\d,]+\.\d\d，可用 ¥5\.00$/,
    );
    expect(translate('en-US', reason.key, reason.params)).toMatch(
      /^Insufficient balance: ¥[\d,.]+ needed, ¥5\.00 available$/,
    );
    expect(await ordersOf(customer.customerId)).toHaveLength(0);
    const rows = await db()
      .selectFrom('order_import_rows')
      .select(['state', 'order_id'])
      .where('import_id', '=', importId)
      .execute();
    expect(rows.every((row) => row.state === 'valid' && row.order_id === null)).toBe(true);
    const counters = await db()
      .selectFrom('order_number_counters')
      .select('last_value')
      .where('customer_id', '=', customer.customerId)
      .execute();
    expect(counters).toHaveLength(0);
    await assertLedgerConsistent(db(), customer.customerId);

    // Ready again: with money it commits, and as drafts it needs none.
    await fund(customer.customerId, 10_000_000);
    const retried = await commit(customer, { id: importId, submit: true });
    expect(retried.code).toBe(ApiCode.Ok);
    expect(retried.data.commitError).toBeNull();
    await runTasks();
    expect((await importRow(importId)).status).toBe('committed');
    expect(await ordersOf(customer.customerId)).toHaveLength(3);
  });

  it('a reference number taken between preview and commit: nothing written, the row named', async () => {
    const customer = await newCustomer();
    const importId = await seedImport(customer, [
      { input: { customerOrderNo: 'T-1' } },
      { input: { customerOrderNo: 'T-2' }, extraRows: 1 },
      { input: { customerOrderNo: 'T-3' } },
    ]);
    const taken = await call<OrderCreated>(app(), {
      method: 'POST',
      url: '/api/CustomerOrder/Create',
      token: customer.token,
      body: {
        productCode: 'US-DDP-EXP',
        shipperAddressId: customer.senderId,
        customerOrderNo: 'T-3',
        consignee,
        parcels: [parcel],
        items: [item],
        hasBattery: false,
      },
    });
    expect(taken.code).toBe(ApiCode.Ok);
    expect((await commit(customer, { id: importId, submit: false })).code).toBe(ApiCode.Ok);
    await runTasks();
    const imported = await importRow(importId);
    expect(imported.status).toBe('ready');
    const reason = JSON.parse(imported.commit_error!) as { key: string; params: Record<string, string> };
    expect(translate('zh-CN', reason.key, reason.params)).toBe('第 5 行：客户单号 T-3 已被其他订单使用');
    expect(translate('en-US', reason.key, reason.params)).toBe(
      'Row 5: reference number T-3 is already used by another order',
    );
    expect((await ordersOf(customer.customerId)).map((order) => order.customer_order_no)).toEqual(['T-3']);
  });

  it('a customer frozen between the commit and its task: nothing written, the reason worded', async () => {
    const customer = await newCustomer();
    const importId = await seedImport(customer, [{}, {}]);
    expect((await commit(customer, { id: importId, submit: false })).code).toBe(ApiCode.Ok);
    await db()
      .updateTable('customers')
      .set({ status: 'frozen' })
      .where('id', '=', customer.customerId)
      .execute();
    await runTasks();
    const imported = await importRow(importId);
    expect(imported.status).toBe('ready');
    const reason = JSON.parse(imported.commit_error!) as { key: string; params: Record<string, string> };
    expect(translate('en-US', reason.key, reason.params)).toBe(
      'The account is frozen or in arrears, so no order was created',
    );
    expect(await ordersOf(customer.customerId)).toHaveLength(0);
  });

  it('a product no longer usable: nothing written, the row and product named', async () => {
    const customer = await newCustomer();
    const importId = await seedImport(customer, [{}, { input: { productCode: 'NO-SUCH-PRODUCT' } }]);
    expect((await commit(customer, { id: importId, submit: false })).code).toBe(ApiCode.Ok);
    await runTasks();
    const imported = await importRow(importId);
    expect(imported.status).toBe('ready');
    const reason = JSON.parse(imported.commit_error!) as { key: string; params: Record<string, string> };
    expect(translate('zh-TW', reason.key, reason.params)).toBe(
      '第 3 列：產品 NO-SUCH-PRODUCT 現在不能用於該訂單，請修改後再提交',
    );
    expect(await ordersOf(customer.customerId)).toHaveLength(0);
  });

  it('a full disk through every attempt: nothing written, the import ready with “storage full”', async () => {
    const customer = await newCustomer();
    await fund(customer.customerId, 10_000_000);
    const importId = await seedImport(customer, [{}, {}, {}]);
    expect((await commit(customer, { id: importId, submit: true })).code).toBe(ApiCode.Ok);
    await fillDisk(db());
    try {
      let clock = Date.now();
      for (let round = 0; round < 5 && (await importRow(importId)).status === 'committing'; round++) {
        await app().taskRunner.runOnce(new Date(clock));
        clock += 60 * 60_000;
      }
    } finally {
      await freeDisk(db());
    }
    const imported = await importRow(importId);
    expect(imported.status).toBe('ready');
    const reason = JSON.parse(imported.commit_error!) as { key: string; params: Record<string, string> };
    expect(reason.key).toBe('error.storageFull');
    expect(translate('en-US', reason.key, reason.params)).toBe(
      "The server's storage is full; please try again later",
    );
    expect(await ordersOf(customer.customerId)).toHaveLength(0);
    await assertLedgerConsistent(db(), customer.customerId);
  });

  it('a task that keeps failing is retried, then the import is ready again with nothing written', async () => {
    const customer = await newCustomer();
    await fund(customer.customerId, 10_000_000);
    const importId = await seedImport(customer, [{}, {}, {}]);
    // A lead row the task cannot read: not a refusal the customer can act on, so the runner retries.
    await db()
      .updateTable('order_import_rows')
      .set({ order_input: '{"broken' })
      .where('import_id', '=', importId)
      .where('row_number', '=', 3)
      .execute();
    expect((await commit(customer, { id: importId, submit: true })).code).toBe(ApiCode.Ok);
    let clock = Date.now();
    const attempts: string[] = [];
    for (let round = 0; round < 5; round++) {
      attempts.push(...(await app().taskRunner.runOnce(new Date(clock))));
      clock += 60 * 60_000;
      const status = (await importRow(importId)).status;
      if (status !== 'committing') break;
      // Between attempts the import stays committing: another commit is still refused.
      expect((await commit(customer, { id: importId, submit: true })).code).toBe(ApiCode.Conflict);
    }
    expect(attempts).toHaveLength(3);
    const imported = await importRow(importId);
    expect(imported.status).toBe('ready');
    const reason = JSON.parse(imported.commit_error!) as { key: string; params: Record<string, string> };
    expect(reason.key).toBe('orderImport.commitFailed');
    expect(await ordersOf(customer.customerId)).toHaveLength(0);
    await assertLedgerConsistent(db(), customer.customerId);
  });

  it('refuses another customer’s import, no valid order, missing permission and malformed bodies', async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const importId = await seedImport(owner, [{}]);
    const hostile = await commit(stranger, { id: importId, submit: true });
    expect(hostile.code).toBe(ApiCode.NotFound);
    expect(hostile.message).toBe(translate('zh-CN', 'orderImport.notFound'));

    const nothing = await seedImport(owner, [{ state: 'invalid' }, { state: 'excluded' }]);
    for (const language of ['zh-CN', 'en-US'] as const) {
      const answer = await commit(owner, { id: nothing, submit: false }, { 'accept-language': language });
      expect(answer.code).toBe(ApiCode.BadRequest);
      expect(answer.message).toBe(translate(language, 'orderImport.commitNothingValid'));
    }

    const { loginName, password } = await createUser(db(), owner.customerId, { permissions: ['order:view'] });
    const { jwtToken } = await signIn(app(), { loginName, password });
    const forbidden = await commit({ token: jwtToken }, { id: importId, submit: false });
    expect(forbidden.code).toBe(ApiCode.Forbidden);

    for (const body of [
      {},
      { id: importId },
      { id: importId, submit: 'yes' },
      { id: '', submit: true },
      { id: 'x'.repeat(65), submit: true },
      [importId],
      'not json',
    ]) {
      const answer = await commit(owner, body);
      expect(answer.code, JSON.stringify(body)).toBe(ApiCode.BadRequest);
      expect(answer.message).not.toBe('');
    }
    for (const id of ['bad\u0000id', 'bad\u0007id']) {
      const answer = await commit(owner, { id, submit: true });
      expect(answer.code).toBe(ApiCode.BadRequest);
    }
    expect((await commit(owner, { id: 'no-such-import', submit: true })).code).toBe(ApiCode.NotFound);
    expect((await importRow(importId)).status).toBe('ready');
    expect((await importRow(nothing)).status).toBe('ready');
    await runTasks();
    expect(await ordersOf(owner.customerId)).toHaveLength(0);
  });
});

describe('BatchImportCommit after a real preview', () => {
  it('a template sheet previewed, fixed and committed in English ends with exactly the orders intended', async () => {
    const customer = await newCustomer();
    const api = importApi(app(), customer.token, 'en-US');
    const sheet = await orderSheet(
      [
        validRow(1),
        validRow(2, { customerOrderNo: '' }),
        validRow(3),
        extraRow('REF-3', { parcelWeight: '2', parcelLength: '10', parcelWidth: '10', parcelHeight: '10' }),
        extraRow('REF-3', {
          itemNameCn: '袜子',
          itemNameEn: 'Socks',
          itemQuantity: '4',
          itemUnitPrice: '2.50',
          itemCurrency: 'USD',
        }),
        validRow(4, { consigneeName: '' }),
        validRow(5),
      ],
      'en-US',
    );
    const preview = await api.preview(sheet);
    expect(preview.data).toMatchObject({ status: 'ready', validOrderCount: 4, invalidOrderCount: 1 });
    const id = preview.data.id;
    const rows = await allRows(api, id);
    const rowOf = (number: string) => [...rows.values()].find((row) => row.customerOrderNo === number)!;
    expect((await api.exclude({ id, rowNumbers: [rowOf('REF-5').rowNumber], excluded: true })).code).toBe(
      ApiCode.Ok,
    );

    // Not enough money: refused, worded in the reader's language, nothing written.
    await fund(customer.customerId, 100);
    expect((await commit(customer, { id, submit: true })).code).toBe(ApiCode.Ok);
    await runTasks();
    const refused = await api.get(id);
    expect(refused.data.status).toBe('ready');
    expect(refused.data.commitError).toMatch(/^Insufficient balance: ¥[\d,.]+ needed, ¥1\.00 available$/);
    const inChinese = await importApi(app(), customer.token, 'zh-CN').get(id);
    expect(inChinese.data.commitError).toMatch(/^余额不足：需要 ¥[\d,.]+，可用 ¥1\.00$/);
    expect(await ordersOf(customer.customerId)).toHaveLength(0);

    await fund(customer.customerId, 10_000_000);
    const started = await commit(customer, { id, submit: true }, { 'accept-language': 'en-US' });
    expect(started.code).toBe(ApiCode.Ok);
    expect(started.message).toBe('Orders being created: 3');
    expect(started.data).toMatchObject({ status: 'committing', submit: true, commitError: null });
    await runTasks();
    const done = await api.get(id);
    expect(done.data).toMatchObject({ status: 'committed', progress: 100, createdOrderCount: 3 });
    const orders = await ordersOf(customer.customerId);
    expect(orders.map((order) => order.customer_order_no).sort()).toEqual(
      [
        'REF-1',
        'REF-3',
        orders.find((order) => order.customer_order_no.startsWith('ORD'))!.customer_order_no,
      ].sort(),
    );
    const after = await allRows(api, id);
    const multi = [...after.values()].filter((row) => row.leadRowNumber === rowOf('REF-3').rowNumber);
    expect(multi).toHaveLength(3);
    expect(multi.every((row) => row.state === 'created' && row.orderId === multi[0]!.orderId)).toBe(true);
    const detail = await call<OrderDetail>(app(), {
      url: '/api/CustomerOrder/Get',
      token: customer.token,
      query: { id: multi[0]!.orderId! },
    });
    expect(detail.data).toMatchObject({
      status: 'submitted',
      customerOrderNo: 'REF-3',
      parcels: [
        { weight: 1.2, length: 30, width: 20, height: 10 },
        { weight: 2, length: 10, width: 10, height: 10 },
      ],
      items: [
        { nameEn: 'T-shirt', quantity: 2, unitPrice: 1500 },
        { nameEn: 'Socks', quantity: 4, unitPrice: 250 },
      ],
    });
    expect(detail.data.ledgerEntries).toHaveLength(1);
    expect(rowOf('REF-3').chargeAmount).toBe(detail.data.estimatedCharge!.totalAmount);
    expect([...after.values()].find((row) => row.customerOrderNo === 'REF-4')!.state).toBe('invalid');
    expect([...after.values()].find((row) => row.customerOrderNo === 'REF-5')!.state).toBe('excluded');
    expect((await listByImport(customer, id)).total).toBe(3);
    await assertLedgerConsistent(db(), customer.customerId);
  });
});

describe('postLedgerEntries (the ledger batch form)', () => {
  const entries = (customerId: string): LedgerEntryInput[] => [
    { customerId, currencyCode: 'CNY', entryType: 'recharge', amount: 50_000, heldChange: 0 },
    ...Array.from({ length: 7 }, (_, index) => ({
      customerId,
      currencyCode: 'CNY',
      entryType: 'order_charge' as const,
      amount: -(1000 + index * 111),
      heldChange: 1000 + index * 111,
      orderId: `order-${index}`,
      referenceNo: `PS${index}`,
      createdBy: 'tester',
    })),
    { customerId, currencyCode: 'CNY', entryType: 'charge_release', amount: 1000, heldChange: -1000 },
    { customerId, currencyCode: 'USD', entryType: 'recharge', amount: 700, heldChange: 0, remark: 'usd' },
    { customerId, currencyCode: 'CNY', entryType: 'weight_adjustment', amount: -60_000, heldChange: -1111 },
    { customerId, currencyCode: 'USD', entryType: 'order_charge', amount: -300, heldChange: 300 },
  ];
  const columns = async (customerId: string) =>
    (
      await db()
        .selectFrom('ledger_entries')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('currency_code')
        .orderBy('entry_no')
        .execute()
    ).map(({ id: _id, created_at: _at, customer_id: _customer, ...rest }) => rest);

  it('writes the same rows as posting one by one, and the same wallets and arrears', async () => {
    const one = await createCustomer(db());
    const batch = await createCustomer(db());
    await fund(one.customerId, 1234);
    await fund(batch.customerId, 1234);
    for (const entry of entries(one.customerId)) await postLedgerEntry(db(), entry);
    const posted = await postLedgerEntries(db(), entries(batch.customerId));
    expect(posted).toHaveLength(entries('x').length);
    expect(posted.map((entry) => entry.entryNo)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 11, 2]);
    expect(await columns(batch.customerId)).toEqual(await columns(one.customerId));
    const wallets = async (customerId: string) =>
      (
        await db()
          .selectFrom('wallets')
          .select(['currency_code', 'balance', 'held', 'entry_count', 'total_in', 'total_out'])
          .where('customer_id', '=', customerId)
          .orderBy('currency_code')
          .execute()
      ).map((row) => ({ ...row }));
    expect(await wallets(batch.customerId)).toEqual(await wallets(one.customerId));
    const status = async (customerId: string) =>
      (
        await db()
          .selectFrom('customers')
          .select('status')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).status;
    // The forced weigh-in took the CNY wallet below zero: arrears, both ways.
    expect(await status(batch.customerId)).toBe('arrears');
    expect(await status(one.customerId)).toBe('arrears');
    const times = await db()
      .selectFrom('ledger_entries')
      .select(['currency_code', 'entry_no', 'created_at'])
      .where('customer_id', '=', batch.customerId)
      .orderBy('currency_code')
      .orderBy('entry_no')
      .execute();
    for (let index = 1; index < times.length; index++)
      if (times[index]!.currency_code === times[index - 1]!.currency_code)
        expect(times[index]!.created_at >= times[index - 1]!.created_at).toBe(true);
    await assertLedgerConsistent(db(), one.customerId);
    await assertLedgerConsistent(db(), batch.customerId);
  });

  it('refuses a batch some charge of which would not fit, writing nothing', async () => {
    const { customerId } = await createCustomer(db());
    await fund(customerId, 2000);
    const charge = (amount: number): LedgerEntryInput => ({
      customerId,
      currencyCode: 'CNY',
      entryType: 'order_charge',
      amount: -amount,
      heldChange: amount,
    });
    // The sum fits after the recharge, but the second charge alone would not: refused like one by one.
    const refused = postLedgerEntries(db(), [
      charge(1500),
      charge(1000),
      { customerId, currencyCode: 'CNY', entryType: 'recharge', amount: 5000, heldChange: 0 },
    ]);
    await expect(refused).rejects.toMatchObject({
      messageKey: 'wallet.insufficientBalance',
      data: { required: 2500, available: 2000, shortfall: 500 },
    });
    const rows = await db()
      .selectFrom('ledger_entries')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(1);
    await expect(postLedgerEntries(db(), [charge(1500), charge(500)])).resolves.toHaveLength(2);
    await assertLedgerConsistent(db(), customerId);
  });
});
