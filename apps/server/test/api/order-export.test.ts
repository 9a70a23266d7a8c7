import type { OrderFilter } from '@portal/contracts/order-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import type { ExportCell, ExportRequest, TableExportSource } from '../../src/modules/export/export-source.ts';
import { EXPORT_SOURCES } from '../../src/modules/export/export-sources.ts';
import { orderTransaction, transitionOrder } from '../../src/modules/order/order-status.ts';
import { consignee, fundCny, newOrderCustomer, orderApi, orderBody } from '../support/order-api.ts';
import { createTestApp, ENGINE, type TestApp } from '../support/test-app.ts';

/** The export sources `orders` and `endData` (the task runner writes what they give). */

let t: TestApp;
let owner: { customerId: string; token: string; userId: string };
let stranger: { customerId: string; token: string };
const ids: Record<'draft' | 'submitted' | 'transit', string> = {} as never;
let strangerId: string;

const source = (kind: 'orders' | 'endData') => EXPORT_SOURCES[kind] as TableExportSource;
const request = (overrides: Partial<ExportRequest> = {}): ExportRequest => ({
  customerId: owner.customerId,
  userId: owner.userId,
  language: 'en-US',
  ids: null,
  filter: null,
  labelSize: null,
  dataScope: null,
  ...overrides,
});
async function rowsOf(kind: 'orders' | 'endData', req: ExportRequest) {
  const rows: ExportCell[][] = [];
  for await (const row of source(kind).rows(t.app.db, req)) rows.push(row);
  return rows;
}
const filter = (f: Partial<OrderFilter>) => f as OrderFilter;

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOrderCustomer(t.app);
  stranger = await newOrderCustomer(t.app);
  await fundCny(t.app.db, owner.customerId, 1_000_000);
  await fundCny(t.app.db, stranger.customerId, 1_000_000);
  const a = orderApi(t.app, owner.token);
  ids.draft = (await a.create(orderBody({ customerOrderNo: 'EXP-DRAFT' }))).data.id;
  ids.submitted = (
    await a.create(
      orderBody({ customerOrderNo: 'EXP-SUB', consignee: consignee({ name: 'John Smith' }), submit: true }),
    )
  ).data.id;
  ids.transit = (await a.create(orderBody({ customerOrderNo: 'EXP-TRANSIT', submit: true }))).data.id;
  await orderTransaction(t.app.db, async (trx) => {
    const at = new Date().toISOString();
    await transitionOrder(trx, { customerId: owner.customerId, orderId: ids.transit, to: 'received', at });
    await transitionOrder(trx, {
      customerId: owner.customerId,
      orderId: ids.transit,
      to: 'in_transit',
      at,
      set: {
        last_mile_carrier: 'USPS',
        last_mile_no: 'USPS-EXP-1',
        handed_over_at: '2026-11-20T08:00:00.000Z',
      },
    });
  });
  strangerId = (await orderApi(t.app, stranger.token).create(orderBody({ customerOrderNo: 'EXP-STRANGER' })))
    .data.id;
});
afterAll(async () => t.close());

describe(`order export sources (${ENGINE})`, () => {
  it('are registered for orders and end data, with headers in three languages', () => {
    for (const kind of ['orders', 'endData'] as const) {
      const s = source(kind);
      expect(s).toMatchObject({ kind, shape: 'table' });
      for (const column of s.columns)
        expect(Object.keys(column.header).sort()).toEqual(['en-US', 'zh-CN', 'zh-TW']);
      expect(new Set(s.columns.map((c) => c.key)).size).toBe(s.columns.length);
    }
  });

  it('exports the filtered orders newest first: status in the language, kg, a decimal charge and its currency', async () => {
    const all = await rowsOf('orders', request());
    expect(await source('orders').count(t.app.db, request())).toBe(3);
    const keys = source('orders').columns.map((c) => c.key);
    const cell = (row: ExportCell[], key: string) => row[keys.indexOf(key)];
    expect(all.map((row) => cell(row, 'customerOrderNo'))).toEqual(['EXP-TRANSIT', 'EXP-SUB', 'EXP-DRAFT']);
    const submitted = all[1]!;
    expect(cell(submitted, 'status')).toBe('submitted');
    expect(cell(submitted, 'forecastWeight')).toBe(1.2);
    expect(cell(submitted, 'currencyCode')).toBe('CNY');
    const detail = await orderApi(t.app, owner.token).get(ids.submitted);
    expect(cell(submitted, 'charge')).toBe(detail.data.estimatedCharge!.totalAmount / 100);
    expect(cell(submitted, 'chargeFinal')).toBe('Estimate');
    expect(cell(submitted, 'submittedAt')).toBe(detail.data.submittedAt);
    expect(cell(submitted, 'productName')).toBe('US Express Line (tax included)');

    const zh = await rowsOf(
      'orders',
      request({ language: 'zh-CN', filter: filter({ status: 'in_transit' }) }),
    );
    expect(zh.map((row) => cell(row, 'status'))).toEqual(['运输中']);
    const keyword = await rowsOf('orders', request({ filter: filter({ keyword: 'john' }) }));
    expect(keyword.map((row) => cell(row, 'customerOrderNo'))).toEqual(['EXP-SUB']);
  });

  it('exports the selected ids over the filter, and never another customer’s', async () => {
    const req = request({ ids: [ids.draft, strangerId, ids.draft], filter: filter({ status: 'submitted' }) });
    expect(await source('orders').count(t.app.db, req)).toBe(1);
    const rows = await rowsOf('orders', req);
    expect(rows.map((row) => row[0])).toEqual(['EXP-DRAFT']);
    expect(await rowsOf('orders', request({ ids: [strangerId] }))).toEqual([]);
  });

  it('exports end data: only orders with a last-mile number', async () => {
    expect(await source('endData').count(t.app.db, request())).toBe(1);
    const rows = await rowsOf('endData', request());
    expect(rows).toEqual([
      [
        'EXP-TRANSIT',
        expect.any(String),
        'USPS',
        'USPS-EXP-1',
        '2026-11-20T08:00:00.000Z',
        'in transit',
        'Jane Doe',
        'US',
        'US-DDP-EXP',
        expect.any(String),
      ],
    ]);
    expect(await rowsOf('endData', request({ ids: [ids.draft, ids.transit] }))).toHaveLength(1);
  });

  it('reads past one keyset page without losing or repeating a row', async () => {
    const { customerId } = await newOrderCustomer(t.app);
    const template = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', ids.draft)
      .executeTakeFirstOrThrow();
    const count = 2_345;
    const rows = Array.from({ length: count }, (_, i) => ({
      ...template,
      id: newId(),
      customer_id: customerId,
      customer_order_no: `BULK-${String(i + 1).padStart(5, '0')}`,
      customer_seq: i + 1,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.app.db
        .insertInto('orders')
        .values(rows.slice(i, i + 200))
        .execute();
    const req = request({ customerId });
    expect(await source('orders').count(t.app.db, req)).toBe(count);
    const numbers = (await rowsOf('orders', req)).map((row) => row[0]);
    expect(numbers).toHaveLength(count);
    expect(numbers[0]).toBe(`BULK-0${count}`);
    expect(numbers.at(-1)).toBe('BULK-00001');
    expect(new Set(numbers).size).toBe(count);
    const selection = rows.slice(0, 1_200).map((row) => row.id);
    expect(await rowsOf('orders', request({ customerId, ids: selection }))).toHaveLength(1_200);
  });
});
