import { ApiPath } from '@portal/contracts/api-paths';
import type {
  LedgerDetail,
  LedgerFilterInput,
  LedgerRow,
  LedgerSummary,
} from '@portal/contracts/consumption-flow';
import { ApiCode } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '@portal/contracts/wallet';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import type { AuthContext } from '../../src/plugins/authenticate.ts';
import { queryLedger } from '../../src/modules/consumption-flow/consumption-flow.service.ts';
import type { TableExportSource } from '../../src/modules/export/export-source.ts';
import { EXPORT_SOURCES } from '../../src/modules/export/export-sources.ts';
import { DICTIONARIES } from '../../src/modules/reference/dictionaries.ts';
import { assertLedgerConsistent, postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createUser } from '../support/factories.ts';
import { exportTaskApi } from '../support/file-api.ts';
import { fundCny, newOrderCustomer, orderApi, orderBody } from '../support/order-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/**
 * The consumption flow against a brute-force reading of the same rows: every filter and combination,
 * paging (first, deep, last, both roads of a filtered page), the summary identity over random ranges,
 * detail, isolation, permissions, hostile bodies and the exports reopened cell by cell.
 */

let t: TestApp;
let owner: { customerId: string; token: string };
let stranger: { customerId: string; token: string };
const numbers = {
  orderRef: 'CF-ORDER-1',
  waybill: '',
  rechargeNo: 'RC-CF-0001',
  billNo: 'BL-CF-2026-03',
  referenceNo: 'ADJ-CF-7',
  strangerOrderRef: 'CF-STRANGER-1',
  strangerRechargeNo: 'RC-CF-STRANGER',
};
let strangerEntryId: string;

const TYPES: readonly LedgerEntryType[] = LEDGER_ENTRY_TYPES;
const BASE = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;

async function insertRecharge(customerId: string, rechargeNo: string, currencyCode = 'CNY') {
  const id = newId();
  const at = new Date(BASE).toISOString();
  await t.app.db
    .insertInto('recharges')
    .values({
      id,
      recharge_no: rechargeNo,
      customer_id: customerId,
      amount: 50_000,
      currency_code: currencyCode,
      channel: 'alipay',
      provider: 'sandbox',
      status: 'paid',
      provider_trade_no: `T-${rechargeNo}`,
      created_by: null,
      source: 'portal',
      remark: null,
      voucher_file_id: null,
      status_reason_key: null,
      status_note: null,
      reviewed_by: null,
      ledger_entry_id: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
      closed_at: null,
      expires_at: null,
    })
    .execute();
  return id;
}

/**
 * The owner's rows: 150 CNY and 60 USD rows of every type over ten months, some USD rows at the very
 * instant of a CNY row (the order then goes by currency), a recharge, a billed row, a referenced row;
 * then, at real time, two orders through the API (hold, one cancelled: release).
 */
async function seedOwner() {
  const { customerId } = owner;
  const rechargeId = await insertRecharge(customerId, numbers.rechargeNo);
  const billId = newId();
  await t.app.db
    .insertInto('bills')
    .values({
      id: billId,
      bill_no: numbers.billNo,
      customer_id: customerId,
      period_label: '2026-03',
      period_start: '2026-03-01T00:00:00.000Z',
      period_end: '2026-04-01T00:00:00.000Z',
      order_count: 0,
      status: 'open',
      due_date: '2026-04-15',
      issued_at: '2026-04-01T00:00:00.000Z',
    })
    .execute();
  const times: { id: string; currency: string; at: number }[] = [];
  const post = async (currencyCode: string, i: number, at: number) => {
    const entryType = i === 0 ? 'recharge' : TYPES[i % TYPES.length]!;
    const positive = ['recharge', 'charge_release', 'refund', 'compensation'].includes(entryType);
    const amount = (positive ? 1 : -1) * (100 + ((i * 37) % 900)) * (i === 0 ? 1000 : 1);
    const posted = await postLedgerEntry(t.app.db, {
      customerId,
      currencyCode,
      entryType,
      amount,
      heldChange: 0,
      rechargeId: currencyCode === 'CNY' && i === 8 ? rechargeId : null,
      referenceNo: currencyCode === 'USD' && i === 7 ? numbers.referenceNo : null,
      remark: `${currencyCode} row ${i}`,
    });
    times.push({ id: posted.id, currency: currencyCode, at });
  };
  for (let i = 0; i < 150; i++) await post('CNY', i, BASE + i * 47 * HOUR);
  // USD rows: every 5th at the instant of a CNY row, the others 13 hours after one.
  for (let i = 0; i < 60; i++) await post('USD', i, BASE + (i * 2 * 47 + (i % 5 === 0 ? 0 : 13)) * HOUR);
  for (const row of times)
    await t.app.db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(row.at).toISOString() })
      .where('id', '=', row.id)
      .execute();
  for (const currency of ['CNY', 'USD'])
    await t.app.db
      .updateTable('wallets')
      .set({
        last_entry_at: new Date(
          Math.max(...times.filter((r) => r.currency === currency).map((r) => r.at)),
        ).toISOString(),
      })
      .where('customer_id', '=', customerId)
      .where('currency_code', '=', currency)
      .execute();
  // Three rows of March are on the bill.
  const march = times.filter((r) => r.currency === 'CNY' && new Date(r.at).getUTCMonth() === 2).slice(0, 3);
  await t.app.db
    .updateTable('ledger_entries')
    .set({ bill_id: billId })
    .where(
      'id',
      'in',
      march.map((r) => r.id),
    )
    .execute();

  await fundCny(t.app.db, customerId, 100_000);
  const api = orderApi(t.app, owner.token);
  const first = await api.create(orderBody({ customerOrderNo: numbers.orderRef, submit: true }));
  expect(first.code, first.message).toBe(ApiCode.Ok);
  numbers.waybill = first.data.waybillNo!;
  const second = await api.create(orderBody({ customerOrderNo: 'CF-ORDER-2', submit: true }));
  expect((await api.cancel([second.data.id])).code).toBe(ApiCode.Ok);
  await assertLedgerConsistent(t.app.db, customerId);
}

async function seedStranger() {
  await fundCny(t.app.db, stranger.customerId, 100_000);
  const rechargeId = await insertRecharge(stranger.customerId, numbers.strangerRechargeNo);
  const posted = await postLedgerEntry(t.app.db, {
    customerId: stranger.customerId,
    currencyCode: 'CNY',
    entryType: 'recharge',
    amount: 50_000,
    heldChange: 0,
    rechargeId,
    referenceNo: numbers.referenceNo,
  });
  strangerEntryId = posted.id;
  const order = await orderApi(t.app, stranger.token).create(
    orderBody({ customerOrderNo: numbers.strangerOrderRef, submit: true }),
  );
  expect(order.code, order.message).toBe(ApiCode.Ok);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOrderCustomer(t.app);
  stranger = await newOrderCustomer(t.app);
  await seedOwner();
  await seedStranger();
}, 120_000);
afterAll(async () => t.close());

/** Every row of the owner as the list should show it, read plainly (no cleverness), newest first. */
async function allRows(customerId: string): Promise<LedgerRow[]> {
  const db = t.app.db;
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('customer_id', '=', customerId)
    .execute();
  const orders = new Map(
    (await db.selectFrom('orders').select(['id', 'customer_order_no', 'waybill_no']).execute()).map((o) => [
      o.id,
      o,
    ]),
  );
  const recharges = new Map(
    (await db.selectFrom('recharges').select(['id', 'recharge_no']).execute()).map((r) => [r.id, r]),
  );
  const bills = new Map(
    (await db.selectFrom('bills').select(['id', 'bill_no']).execute()).map((b) => [b.id, b]),
  );
  return rows
    .map((row) => ({
      id: row.id,
      entryNo: Number(row.entry_no),
      entryType: row.entry_type as LedgerEntryType,
      currencyCode: row.currency_code,
      amount: Number(row.amount),
      heldChange: Number(row.held_change),
      balanceAfter: Number(row.balance_after),
      orderId: row.order_id,
      customerOrderNo: row.order_id ? (orders.get(row.order_id)?.customer_order_no ?? null) : null,
      waybillNo: row.order_id ? (orders.get(row.order_id)?.waybill_no ?? null) : null,
      rechargeId: row.recharge_id,
      rechargeNo: row.recharge_id ? (recharges.get(row.recharge_id)?.recharge_no ?? null) : null,
      billId: row.bill_id,
      billNo: row.bill_id ? (bills.get(row.bill_id)?.bill_no ?? null) : null,
      referenceNo: row.reference_no,
      remark: row.remark,
      createdAt: row.created_at,
    }))
    .sort((a, b) =>
      a.createdAt !== b.createdAt
        ? a.createdAt > b.createdAt
          ? -1
          : 1
        : a.currencyCode !== b.currencyCode
          ? a.currencyCode < b.currencyCode
            ? -1
            : 1
          : b.entryNo - a.entryNo,
    );
}

interface PlainFilter {
  createdFrom?: string;
  createdTo?: string;
  entryTypes?: LedgerEntryType[];
  currencyCode?: string;
  number?: string;
}

/** The filter applied row by row. */
function bruteForce(rows: LedgerRow[], filter: PlainFilter) {
  return rows.filter((row) => {
    if (filter.createdFrom && Date.parse(row.createdAt) < Date.parse(filter.createdFrom)) return false;
    if (filter.createdTo && Date.parse(row.createdAt) >= Date.parse(filter.createdTo)) return false;
    if (filter.entryTypes?.length && !filter.entryTypes.includes(row.entryType)) return false;
    if (filter.currencyCode && row.currencyCode !== filter.currencyCode) return false;
    if (filter.number) {
      const n = filter.number;
      const matches = [
        row.customerOrderNo,
        row.waybillNo,
        row.rechargeNo,
        row.billNo,
        row.referenceNo,
      ].includes(n);
      if (!matches) return false;
    }
    return true;
  });
}

const query = (token: string, body: unknown, language = 'zh-CN') =>
  call<{ list: LedgerRow[]; total: number }>(t.app, {
    method: 'POST',
    url: ApiPath.QueryLedger,
    token,
    body,
    headers: { 'accept-language': language },
  });
const summary = (token: string, body: unknown) =>
  call<LedgerSummary>(t.app, { method: 'POST', url: ApiPath.QueryLedgerSummary, token, body });
const detail = (token: string, id: string, language = 'zh-CN') =>
  call<LedgerDetail>(t.app, {
    url: ApiPath.GetLedgerEntry,
    token,
    query: { id },
    headers: { 'accept-language': language },
  });
/** An instant as the server's wall clock, written as if UTC (how exports show times). */
const wallClock = (iso: string) => {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString();
};
const ownerAuth = () => ({ customerId: owner.customerId }) as AuthContext;

describe(`consumption flow (${ENGINE})`, () => {
  it('lists every row newest first, each with its order, recharge and bill numbers, in pages', async () => {
    const expected = await allRows(owner.customerId);
    expect(expected.length).toBeGreaterThan(210);
    expect(expected.some((row) => row.rechargeNo === numbers.rechargeNo)).toBe(true);
    expect(expected.some((row) => row.billNo === numbers.billNo)).toBe(true);
    expect(expected.some((row) => row.waybillNo === numbers.waybill)).toBe(true);
    for (const pageSize of [7, 13, 500]) {
      const pages = Math.ceil(expected.length / pageSize);
      for (let pageIndex = 1; pageIndex <= pages + 1; pageIndex++) {
        const answer = await query(owner.token, { pageIndex, pageSize });
        expect(answer.code, answer.message).toBe(ApiCode.Ok);
        expect(answer.data.total).toBe(expected.length);
        expect(answer.data.list, `page ${pageIndex} of ${pageSize}`).toEqual(
          expected.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
        );
      }
    }
  });

  it('finds deep pages of several currencies by the search in time down to single rows and shared instants', async () => {
    const expected = await allRows(owner.customerId);
    const ranged = bruteForce(expected, {
      createdFrom: '2026-02-10T00:00:00Z',
      createdTo: '2026-09-01T00:00:00Z',
    });
    for (const [rows, filter] of [
      [expected, {}],
      [ranged, { createdFrom: '2026-02-10T00:00:00Z', createdTo: '2026-09-01T00:00:00Z' }],
    ] as const)
      for (const pageSize of [1, 6]) {
        const pages = Math.ceil(rows.length / pageSize);
        for (let pageIndex = 1; pageIndex <= pages; pageIndex += pageSize === 1 ? 3 : 1) {
          const answer = await queryLedger(
            t.app.db,
            ownerAuth(),
            { ...filter, number: null, pageIndex, pageSize },
            { windowRows: 1 },
          );
          expect(answer.total).toBe(rows.length);
          expect(
            answer.list.map((row) => row.id),
            `page ${pageIndex} of ${pageSize}`,
          ).toEqual(rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize).map((row) => row.id));
        }
      }
  }, 120_000);

  it('answers every filter and combination as the brute force does, on both roads, first/middle/last page', async () => {
    const all = await allRows(owner.customerId);
    const ranges: PlainFilter[] = [
      {},
      { createdFrom: '2026-03-10T08:00:00+08:00' },
      { createdTo: '2026-06-01T00:00:00Z' },
      { createdFrom: '2026-02-01T00:00:00Z', createdTo: '2026-08-15T12:30:00-05:00' },
      // An instant shared by a CNY and a USD row: inclusive from, exclusive to.
      {
        createdFrom: new Date(BASE + 25 * 47 * HOUR).toISOString(),
        createdTo: new Date(BASE + 50 * 47 * HOUR).toISOString(),
      },
    ];
    const typeSets: (LedgerEntryType[] | undefined)[] = [
      undefined,
      ['order_charge'],
      ['recharge', 'refund', 'charge_release'],
    ];
    const currencies = [undefined, 'CNY', 'usd'];
    const numberChoices = [
      undefined,
      numbers.orderRef,
      numbers.waybill,
      numbers.rechargeNo,
      numbers.billNo,
      numbers.referenceNo,
      numbers.strangerOrderRef,
      numbers.strangerRechargeNo,
      'NOBODY-1',
    ];
    let checked = 0;
    for (const range of ranges)
      for (const entryTypes of typeSets)
        for (const currencyCode of currencies)
          for (const number of numberChoices) {
            const filter: PlainFilter = { ...range, entryTypes, currencyCode, number };
            const expected = bruteForce(all, { ...filter, currencyCode: currencyCode?.toUpperCase() });
            const pageSize = 9;
            const last = Math.max(1, Math.ceil(expected.length / pageSize));
            for (const pageIndex of new Set([1, Math.ceil(last / 2), last])) {
              const want = expected.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
              const answer = await query(owner.token, { ...filter, pageIndex, pageSize });
              const label = JSON.stringify({ ...filter, pageIndex });
              expect(answer.code, `${label} ${answer.message}`).toBe(ApiCode.Ok);
              expect(answer.data.total, label).toBe(expected.length);
              expect(
                answer.data.list.map((row) => row.id),
                label,
              ).toEqual(want.map((row) => row.id));
              // The other roads of a narrowed filter: a count and an index walk instead of one small read,
              // and a count and the search in time (windows of one row) instead of the walk.
              for (const options of [{ smallMatchSet: 0 }, { smallMatchSet: 0, windowRows: 1 }]) {
                const other = await queryLedger(
                  t.app.db,
                  ownerAuth(),
                  {
                    ...filter,
                    currencyCode: currencyCode?.toUpperCase() ?? null,
                    number: number ?? null,
                    pageIndex,
                    pageSize,
                  },
                  options,
                );
                const road = `${label} ${JSON.stringify(options)}`;
                expect(other.total, road).toBe(expected.length);
                expect(
                  other.list.map((row) => row.id),
                  road,
                ).toEqual(want.map((row) => row.id));
              }
              checked++;
            }
          }
    expect(checked).toBeGreaterThan(400);
  }, 300_000);

  it('finds an order’s rows by its last-mile number as by its reference and waybill numbers', async () => {
    await t.app.db
      .updateTable('orders')
      .set({ last_mile_no: 'LM-CF-1' })
      .where('customer_id', '=', owner.customerId)
      .where('customer_order_no', '=', numbers.orderRef)
      .execute();
    const byReference = await query(owner.token, { number: numbers.orderRef });
    expect(byReference.data.total).toBeGreaterThan(0);
    expect((await query(owner.token, { number: 'LM-CF-1' })).data).toEqual(byReference.data);
    expect((await query(owner.token, { number: numbers.waybill })).data).toEqual(byReference.data);
    expect((await query(stranger.token, { number: 'LM-CF-1' })).data).toEqual({ list: [], total: 0 });
  });

  it('finds nothing by another customer’s numbers and never lists their rows', async () => {
    for (const number of [numbers.strangerOrderRef, numbers.strangerRechargeNo]) {
      const answer = await query(owner.token, { number });
      expect(answer.data).toEqual({ list: [], total: 0 });
    }
    const theirs = await query(stranger.token, { pageSize: 500 });
    expect(theirs.data.list.map((row) => row.id)).toContain(strangerEntryId);
    const mine = await query(owner.token, { pageSize: 500 });
    expect(mine.data.list.map((row) => row.id)).not.toContain(strangerEntryId);
    // The stranger's reference number is the owner's too: each sees only their own row.
    const byReference = await query(stranger.token, { number: numbers.referenceNo });
    expect(byReference.data.list.map((row) => row.id)).toEqual([strangerEntryId]);
  });

  it('summarises per currency with closing = opening + in + out, equal to the brute force, for any range', async () => {
    const all = await allRows(owner.customerId);
    const first = Date.parse(all[all.length - 1]!.createdAt);
    const lastAt = Date.parse(all[0]!.createdAt);
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const ranges: PlainFilter[] = [
      {},
      { createdTo: new Date(first - HOUR).toISOString() }, // before the first row
      {
        createdFrom: new Date(first - 10 * HOUR).toISOString(),
        createdTo: new Date(first - HOUR).toISOString(),
      },
      { createdFrom: '2026-05-05T00:00:00Z', createdTo: '2026-05-05T00:00:00Z' }, // empty
      { createdFrom: '2026-09-01T00:00:00Z', createdTo: '2099-01-01T00:00:00Z' }, // into the future
      { createdFrom: new Date(lastAt + HOUR).toISOString() }, // after the last row
      {
        createdFrom: new Date(BASE + 25 * 47 * HOUR).toISOString(),
        createdTo: new Date(BASE + 50 * 47 * HOUR).toISOString(),
      },
    ];
    for (let i = 0; i < 25; i++) {
      const a = first - 30 * HOUR + random() * (lastAt - first + 60 * HOUR);
      const b = first - 30 * HOUR + random() * (lastAt - first + 60 * HOUR);
      ranges.push({
        createdFrom: new Date(Math.min(a, b)).toISOString(),
        createdTo: new Date(Math.max(a, b)).toISOString(),
      });
    }
    for (const range of ranges)
      for (const currencyCode of [undefined, 'USD']) {
        const answer = await summary(owner.token, {
          ...range,
          currencyCode,
          entryTypes: ['refund'],
          number: 'X',
        });
        expect(answer.code, answer.message).toBe(ApiCode.Ok);
        const label = JSON.stringify({ ...range, currencyCode });
        expect(
          answer.data.map((s) => s.currencyCode),
          label,
        ).toEqual(currencyCode ? ['USD'] : ['CNY', 'USD']);
        for (const line of answer.data) {
          const rows = all.filter((row) => row.currencyCode === line.currencyCode);
          const before = rows.filter(
            (row) => range.createdFrom && Date.parse(row.createdAt) < Date.parse(range.createdFrom),
          );
          const inside = bruteForce(rows, { createdFrom: range.createdFrom, createdTo: range.createdTo });
          const opening = before.reduce((sum, row) => sum + row.amount, 0);
          const moneyIn = inside.filter((r) => r.amount > 0).reduce((sum, row) => sum + row.amount, 0);
          const moneyOut = inside.filter((r) => r.amount < 0).reduce((sum, row) => sum + row.amount, 0);
          expect(line, label).toEqual({
            currencyCode: line.currencyCode,
            opening,
            moneyIn,
            moneyOut,
            closing: opening + moneyIn + moneyOut,
            rowCount: inside.length,
          });
          // The identity against the rows' own balances: the period's last row's balance after.
          if (inside.length) expect(line.closing, label).toBe(inside[0]!.balanceAfter);
        }
      }
    // A currency the customer never used: zeros; a customer without rows: CNY zeros.
    expect((await summary(owner.token, { currencyCode: 'EUR' })).data).toEqual([
      { currencyCode: 'EUR', opening: 0, moneyIn: 0, moneyOut: 0, closing: 0, rowCount: 0 },
    ]);
    const empty = await newOrderCustomer(t.app);
    expect((await summary(empty.token, {})).data).toEqual([
      { currencyCode: 'CNY', opening: 0, moneyIn: 0, moneyOut: 0, closing: 0, rowCount: 0 },
    ]);
    expect((await query(empty.token, { entryTypes: ['refund'] })).data).toEqual({ list: [], total: 0 });
  });

  it('shows one row with its order, recharge and bill; another customer’s or a malformed id is not found', async () => {
    const all = await allRows(owner.customerId);
    const ofOrder = all.find((row) => row.customerOrderNo === numbers.orderRef)!;
    const orderDetail = await detail(owner.token, ofOrder.id);
    expect(orderDetail.code, orderDetail.message).toBe(ApiCode.Ok);
    expect(orderDetail.data).toMatchObject({ ...ofOrder, recharge: null, bill: null });
    expect(orderDetail.data.order).toMatchObject({
      id: ofOrder.orderId,
      customerOrderNo: numbers.orderRef,
      waybillNo: numbers.waybill,
      productCode: expect.any(String),
      consigneeCountryCode: 'US',
    });
    const ofRecharge = all.find((row) => row.rechargeNo === numbers.rechargeNo)!;
    expect((await detail(owner.token, ofRecharge.id)).data).toMatchObject({
      order: null,
      recharge: {
        id: ofRecharge.rechargeId,
        rechargeNo: numbers.rechargeNo,
        channel: 'alipay',
        status: 'paid',
      },
    });
    const ofBill = all.find((row) => row.billNo === numbers.billNo)!;
    expect((await detail(owner.token, ofBill.id)).data.bill).toEqual({
      id: ofBill.billId,
      billNo: numbers.billNo,
      periodLabel: '2026-03',
    });
    for (const id of [strangerEntryId, 'nope', 'x'.repeat(64)]) {
      const answer = await detail(owner.token, id, 'en-US');
      expect(answer.code, id).toBe(ApiCode.NotFound);
      expect(answer.message).toBe('The record does not exist or has been deleted');
    }
    // An id of a shape no id has is refused before any query.
    for (const id of ['a\u0000b', 'a\u0007b', 'a b']) {
      const answer = await detail(owner.token, id, 'en-US');
      expect(answer.code, id).toBe(ApiCode.BadRequest);
    }
    expect((await detail(owner.token, 'x'.repeat(65))).code).toBe(ApiCode.BadRequest);
  });

  it('refuses a user without finance:view (403) on every call and its exports', async () => {
    const user = await createUser(t.app.db, owner.customerId, { permissions: [Permission.OrderView] });
    const { jwtToken } = await signIn(t.app, user);
    const all = await allRows(owner.customerId);
    for (const answer of [
      await query(jwtToken, {}),
      await summary(jwtToken, {}),
      await detail(jwtToken, all[0]!.id),
      await exportTaskApi(t.app, jwtToken).create({ kind: 'ledger', format: 'csv' }),
      await exportTaskApi(t.app, jwtToken).create({ kind: 'recharges', format: 'csv' }),
    ])
      expect(answer.code).toBe(ApiCode.Forbidden);
  });

  it('answers hostile bodies with a localized validation error', async () => {
    const bad: unknown[] = [
      { createdFrom: '2026-13-45' },
      { createdFrom: 'yesterday' },
      { createdFrom: '2026-05-02T00:00:00Z', createdTo: '2026-05-01T00:00:00Z' },
      { entryTypes: ['theft'] },
      { entryTypes: 'recharge' },
      { currencyCode: 'CNYY' },
      { currencyCode: 'C\u0000Y' },
      { number: 'ab\u0000c' },
      { number: 'a\u0007b' },
      { number: 'x'.repeat(65) },
      { number: "1' or '1'='1" },
      { pageSize: 100_000 },
      { pageSize: 0 },
      { pageIndex: -1 },
      { pageIndex: 1.5 },
      [],
    ];
    for (const body of bad) {
      const answer = await query(owner.token, body, 'en-US');
      expect(answer.code, JSON.stringify(body)).toBe(ApiCode.BadRequest);
      expect(answer.message).toMatch(/[A-Za-z]/);
    }
    const range = await query(
      owner.token,
      { createdFrom: '2026-05-02T00:00:00Z', createdTo: '2026-05-01T00:00:00Z' },
      'zh-TW',
    );
    expect(JSON.stringify(range)).toContain('開始時間不能晚於結束時間');
    const number = await query(owner.token, { number: 'a\u0007b' }, 'zh-CN');
    expect(JSON.stringify(number)).toContain('单号只能包含字母、数字和');
    const summaryBad = await summary(owner.token, { createdTo: 'soon' });
    expect(summaryBad.code).toBe(ApiCode.BadRequest);
    // Oversized: over the body limit, HTTP 413 with a localized envelope.
    const huge = await t.app.inject({
      method: 'POST',
      url: ApiPath.QueryLedger,
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
        'accept-language': 'en-US',
      },
      payload: JSON.stringify({ number: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: ApiCode.BadRequest, message: 'The request is too large' });
    // Far bounds are held to the four-digit years, not refused: the whole ledger.
    const far = await query(owner.token, {
      createdFrom: '0000-01-01T00:00:00+14:00',
      createdTo: '9999-12-31T23:59:59-14:00',
    });
    expect(far.data.total).toBe((await allRows(owner.customerId)).length);
  });

  it('exports the flow as xlsx and csv: headers in the task’s language, type words, decimal amounts, cell by cell', async () => {
    const source = EXPORT_SOURCES.ledger as TableExportSource;
    const filter: LedgerFilterInput = {
      createdFrom: '2026-02-01T00:00:00Z',
      createdTo: '2026-07-01T00:00:00Z',
    };
    const expected = bruteForce(await allRows(owner.customerId), filter as PlainFilter);
    const words = new Map(DICTIONARIES.ledgerType.map((entry) => [entry.value, entry.labels['zh-TW']]));
    const api = exportTaskApi(t.app, owner.token, 'zh-TW');
    const created = await api.create({ kind: 'ledger', format: 'xlsx', ledgerFilter: filter });
    expect(created.code, created.message).toBe(ApiCode.Ok);
    await t.app.taskRunner.runOnce();
    const response = await api.download(created.data.exportTaskID);
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      source.columns.map((c) => c.header['zh-TW']),
    );
    expect(sheet.rowCount).toBe(expected.length + 1);
    expected.forEach((row, i) => {
      const cells = (sheet.getRow(i + 2).values as unknown[]).slice(1);
      const time = cells[0] instanceof Date ? cells[0].toISOString() : cells[0];
      // Excel has no time zones: the cell's UTC fields are the server's wall clock (export-writers.ts).
      expect([time, ...cells.slice(1)].map((c) => (c === undefined ? null : c))).toEqual([
        wallClock(row.createdAt),
        words.get(row.entryType),
        row.amount / 100,
        row.currencyCode,
        row.balanceAfter / 100,
        row.customerOrderNo,
        row.waybillNo,
        row.rechargeNo,
        row.billNo,
        row.referenceNo,
        row.remark,
        row.entryNo,
      ]);
    });

    // CSV of a selection in English: the selection wins over the filter, another customer's id adds nothing.
    const picked = expected.slice(0, 3);
    const en = exportTaskApi(t.app, owner.token, 'en-US');
    const csvTask = await en.create({
      kind: 'ledger',
      format: 'csv',
      ids: [picked[2]!.id, strangerEntryId, picked[0]!.id, picked[1]!.id],
      ledgerFilter: { entryTypes: ['refund'] },
    });
    expect(csvTask.code, csvTask.message).toBe(ApiCode.Ok);
    await t.app.taskRunner.runOnce();
    const csv = (await en.download(csvTask.data.exportTaskID)).rawPayload.toString('utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(source.columns.map((c) => c.header['en-US']).join(','));
    expect(lines).toHaveLength(4);
    const englishWords = new Map(
      DICTIONARIES.ledgerType.map((entry) => [entry.value, entry.labels['en-US']]),
    );
    picked.forEach((row, i) => {
      const cells = lines[i + 1]!.split(',');
      // CSV writes times as the server's local 'YYYY-MM-DD HH:mm:ss'.
      expect(cells[0]).toBe(wallClock(row.createdAt).slice(0, 19).replace('T', ' '));
      expect(cells[1]).toBe(englishWords.get(row.entryType));
      expect(Number(cells[2])).toBe(row.amount / 100);
      expect(cells[3]).toBe(row.currencyCode);
      expect(Number(cells[11])).toBe(row.entryNo);
    });
    expect(csv).not.toContain(strangerEntryId);
    const exportRequest = {
      customerId: owner.customerId,
      userId: 'u',
      language: 'en-US' as const,
      filter: null,
      labelSize: null,
      dataScope: null,
    };
    expect(
      await source.count(t.app.db, {
        ...exportRequest,
        ids: [picked[0]!.id, picked[0]!.id, strangerEntryId, picked[1]!.id],
      }),
    ).toBe(2);
    expect(
      await source.count(t.app.db, {
        ...exportRequest,
        ids: null,
        ledgerFilter: { createdFrom: filter.createdFrom, createdTo: filter.createdTo, number: null },
      }),
    ).toBe(expected.length);
  });

  it('exports the recharge records under the filter with channel and status words, only the customer’s', async () => {
    const source = EXPORT_SOURCES.recharges as TableExportSource;
    const api = exportTaskApi(t.app, owner.token, 'zh-CN');
    const created = await api.create({
      kind: 'recharges',
      format: 'xlsx',
      rechargeFilter: { status: 'paid' },
    });
    expect(created.code, created.message).toBe(ApiCode.Ok);
    await t.app.taskRunner.runOnce();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await api.download(created.data.exportTaskID)).rawPayload as unknown as ArrayBuffer,
    );
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      source.columns.map((c) => c.header['zh-CN']),
    );
    expect(sheet.rowCount).toBe(2);
    const values = sheet.getRow(2).values as unknown[];
    const cells = Array.from({ length: source.columns.length }, (_, i) => values[i + 1]).map((c) =>
      c instanceof Date ? c.toISOString() : (c ?? null),
    );
    expect(cells).toEqual([
      numbers.rechargeNo,
      wallClock(new Date(BASE).toISOString()),
      500,
      'CNY',
      '支付宝',
      '已支付',
      `T-${numbers.rechargeNo}`,
      wallClock(new Date(BASE).toISOString()),
      null,
    ]);
    const none = await api.create({
      kind: 'recharges',
      format: 'csv',
      rechargeFilter: { status: 'pending' },
    });
    await t.app.taskRunner.runOnce();
    const csv = (await api.download(none.data.exportTaskID)).rawPayload.toString('utf8');
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
    expect(
      await source.count(t.app.db, {
        customerId: owner.customerId,
        userId: 'u',
        language: 'en-US',
        ids: null,
        filter: null,
        rechargeFilter: { rechargeNo: numbers.strangerRechargeNo },
        labelSize: null,
        dataScope: null,
      }),
    ).toBe(0);
    // A selection counts and writes only the customer's own recharges; ids that are not plain find nothing.
    const idOf = async (rechargeNo: string) =>
      (
        await t.app.db
          .selectFrom('recharges')
          .select('id')
          .where('recharge_no', '=', rechargeNo)
          .executeTakeFirstOrThrow()
      ).id;
    const selection = {
      customerId: owner.customerId,
      userId: 'u',
      language: 'en-US' as const,
      ids: [await idOf(numbers.rechargeNo), await idOf(numbers.strangerRechargeNo), 'bad\u0000id'],
      filter: null,
      rechargeFilter: { status: 'pending' as const },
      labelSize: null,
      dataScope: null,
    };
    expect(await source.count(t.app.db, selection)).toBe(1);
    const written: unknown[][] = [];
    for await (const row of source.rows(t.app.db, selection)) written.push(row);
    expect(written.map((row) => row[0])).toEqual([numbers.rechargeNo]);
  });
});
