import { ApiPath } from '@portal/contracts/api-paths';
import type { Bill, BillDetail } from '@portal/contracts/bill';
import type { LedgerRow } from '@portal/contracts/consumption-flow';
import { ApiCode } from '@portal/contracts/envelope';
import type { ExportTask } from '@portal/contracts/export-task';
import { Permission } from '@portal/contracts/permissions';
import type { LedgerEntryType } from '@portal/contracts/wallet';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/lib/ids.ts';
import { issueBills } from '../../src/modules/bill/bill-issue.ts';
import {
  issueMomentOf,
  localDatePlusDays,
  nextPeriod,
  periodContaining,
  previousPeriod,
  type BillingPeriod,
} from '../../src/modules/bill/bill-period.ts';
import { applyPrepaidWriteOffs } from '../../src/modules/bill/write-off.ts';
import { assertLedgerConsistent, postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createUser } from '../support/factories.ts';
import { exportTaskApi, signedInCustomer } from '../support/file-api.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { orderApi, orderBody } from '../support/order-api.ts';
import { pdfText } from '../support/pdf-scan.ts';
import { call, createTestApp, createTestApps, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

const KEY = 'operator-key-for-the-bill-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: KEY });
});
afterAll(async () => t.close());

const db = () => t.app.db;
const settings = () => t.config.bills;
const current = () => periodContaining(settings(), new Date());
/** A moment just after a period ended: when its bills may be issued. */
const afterEnd = (period: BillingPeriod) => new Date(Date.parse(period.end) + 60_000);

/**
 * A new customer with a generous credit line in CNY and USD, so charges can run ahead of payments without
 * putting it in arrears (its calls then still answer 200).
 */
async function billedCustomer() {
  const customer = await signedInCustomer(t.app);
  await db()
    .insertInto('wallets')
    .values(
      ['CNY', 'USD'].map((currency_code) => ({
        customer_id: customer.customerId,
        currency_code,
        balance: 0,
        held: 0,
        credit_limit: 100_000_000,
        entry_count: 0,
        updated_at: nowIso(),
      })),
    )
    .execute();
  const code = await db()
    .selectFrom('customers')
    .select('code')
    .where('id', '=', customer.customerId)
    .executeTakeFirstOrThrow();
  return { ...customer, code: code.code };
}

/** A charge (or its correction, when positive) through the ledger writer. */
const post = (
  customerId: string,
  amount: number,
  options: { currencyCode?: string; entryType?: LedgerEntryType; orderId?: string; remark?: string } = {},
) =>
  postLedgerEntry(db(), {
    customerId,
    currencyCode: options.currencyCode ?? 'CNY',
    entryType: options.entryType ?? 'surcharge',
    amount,
    heldChange: 0,
    orderId: options.orderId ?? null,
    remark: options.remark ?? null,
  });

/** Money in as the recharge path books it: the credit, then the prepaid write-off, in one transaction. */
const recharge = (customerId: string, amount: number, currencyCode = 'CNY') =>
  db()
    .transaction()
    .execute(async (trx) => {
      await postLedgerEntry(trx, { customerId, currencyCode, entryType: 'recharge', amount, heldChange: 0 });
      await applyPrepaidWriteOffs(trx, customerId, currencyCode);
    });

const issue = (customerId: string, period: BillingPeriod, now = afterEnd(period)) =>
  issueBills(db(), period, now, settings(), customerId);

const api = (token: string, language = 'zh-CN') => {
  const headers = { 'accept-language': language };
  return {
    query: (body: unknown = {}) =>
      call<{ list: Bill[]; total: number }>(t.app, {
        method: 'POST',
        url: ApiPath.QueryBills,
        token,
        body,
        headers,
      }),
    get: (id: string) => call<BillDetail>(t.app, { url: ApiPath.GetBill, token, query: { id }, headers }),
    lines: (body: unknown) =>
      call<{ list: LedgerRow[]; total: number }>(t.app, {
        method: 'POST',
        url: ApiPath.QueryBillLines,
        token,
        body,
        headers,
      }),
  };
};

const ops = <T = Bill>(
  url: string,
  body: unknown,
  language = 'zh-CN',
  headers: Record<string, string> = {},
) =>
  call<T>(t.app, {
    method: 'POST',
    url,
    body,
    headers: { 'accept-language': language, 'x-operator-key': KEY, ...headers },
  });
const writeOffUrl = (billNo: string) => `/ops/v1/bills/${encodeURIComponent(billNo)}/write-off`;

async function billsOf(customerId: string) {
  return db()
    .selectFrom('bills')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('period_start')
    .execute();
}

async function billOf(token: string, billNo: string) {
  const answer = await api(token).query({ billNo });
  expect(answer.code).toBe(ApiCode.Ok);
  expect(answer.data.list).toHaveLength(1);
  return answer.data.list[0]!;
}

/** Moves every row of a fresh customer into a period (they keep their order: all get the same time). */
async function dateRowsInto(customerId: string, period: BillingPeriod) {
  await db()
    .updateTable('ledger_entries')
    .set({ created_at: new Date(Date.parse(period.start) + 3_600_000).toISOString() })
    .where('customer_id', '=', customerId)
    .execute();
}

/**
 * The books agree: once every billed-type row is on a bill, what the open bills still owe in a currency
 * is exactly what the wallet is below zero (money paid in wrote off the oldest bills first).
 */
async function expectBooksAgree(customerId: string) {
  const unbilled = await db()
    .selectFrom('ledger_entries')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('bill_id', 'is', null)
    .where('entry_type', 'not in', ['recharge', 'manual_adjustment'])
    .execute();
  expect(unbilled).toHaveLength(0);
  const wallets = await db()
    .selectFrom('wallets')
    .select(['currency_code', 'balance'])
    .where('customer_id', '=', customerId)
    .execute();
  const amounts = await db()
    .selectFrom('bill_amounts as a')
    .innerJoin('bills as b', 'b.id', 'a.bill_id')
    .select(['a.currency_code', 'a.total', 'a.written_off'])
    .where('b.customer_id', '=', customerId)
    .execute();
  for (const wallet of wallets) {
    const outstanding = amounts
      .filter((a) => a.currency_code === wallet.currency_code)
      .reduce((sum, a) => sum + Math.max(0, a.total - a.written_off), 0);
    expect([wallet.currency_code, outstanding]).toEqual([wallet.currency_code, Math.max(0, -wallet.balance)]);
  }
  await assertLedgerConsistent(db(), customerId);
}

describe(`bills on ${ENGINE}`, () => {
  it('issues one bill per customer and period: totals = −Σ lines, distinct orders, due date; a second run issues none', async () => {
    const customer = await billedCustomer();
    const orders = orderApi(t.app, customer.token);
    const first = await orders.create({ ...orderBody({ customerOrderNo: 'BILL-1' }), submit: true });
    const second = await orders.create({ ...orderBody({ customerOrderNo: 'BILL-2' }), submit: true });
    expect([first.code, second.code]).toEqual([ApiCode.Ok, ApiCode.Ok]);
    await post(customer.customerId, -500, { orderId: first.data.id, remark: 'remote area' });
    await post(customer.customerId, 200, { entryType: 'compensation', orderId: second.data.id });
    // Booked by staff, not a charge of the period: never on a bill.
    await post(customer.customerId, -300, { entryType: 'manual_adjustment' });

    const period = current();
    const now = afterEnd(period);
    const [a, b] = await Promise.all([
      issue(customer.customerId, period, now),
      issue(customer.customerId, period, now),
    ]);
    expect([...a.billNos, ...b.billNos]).toEqual([`B${period.label.replace('-', '')}-${customer.code}`]);
    expect((await issue(customer.customerId, period, now)).billNos).toEqual([]);
    expect(await billsOf(customer.customerId)).toHaveLength(1);

    const rows = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('customer_id', '=', customer.customerId)
      .execute();
    const billed = rows.filter((row) => row.bill_id !== null);
    expect(billed.map((row) => row.entry_type).sort()).toEqual(
      ['compensation', 'order_charge', 'order_charge', 'surcharge'].sort(),
    );
    const total = -billed.reduce((sum, row) => sum + row.amount, 0);
    expect(total).toBeGreaterThan(0);

    const bill = await billOf(customer.token, `B${period.label.replace('-', '')}-${customer.code}`);
    expect(bill).toMatchObject({
      periodLabel: period.label,
      periodStart: period.start,
      periodEnd: period.end,
      orderCount: 2,
      totals: [{ currencyCode: 'CNY', amount: total }],
      writtenOff: [{ currencyCode: 'CNY', amount: 0 }],
      outstanding: [{ currencyCode: 'CNY', amount: total }],
      status: 'open',
      dueDate: localDatePlusDays(settings().utcOffsetMinutes, now, settings().dueDays),
      issuedAt: now.toISOString(),
      settledAt: null,
    });

    const detail = await api(customer.token).get(bill.id);
    expect(detail.code).toBe(ApiCode.Ok);
    expect(detail.data.subtotals.reduce((sum, s) => sum + s.amount, 0)).toBe(total);
    expect(detail.data.subtotals.find((s) => s.entryType === 'order_charge')).toMatchObject({
      currencyCode: 'CNY',
      count: 2,
    });
    expect(detail.data.subtotals.find((s) => s.entryType === 'compensation')).toEqual({
      entryType: 'compensation',
      currencyCode: 'CNY',
      amount: -200,
      count: 1,
    });
    expect(detail.data.writeOffs).toEqual([]);

    const lines = await api(customer.token).lines({ billId: bill.id, pageSize: 100 });
    expect(lines.code).toBe(ApiCode.Ok);
    expect(lines.data.total).toBe(4);
    expect(-lines.data.list.reduce((sum, line) => sum + line.amount, 0)).toBe(total);
    const times = lines.data.list.map((line) => line.createdAt);
    expect(times).toEqual([...times].sort());
    expect(lines.data.list.every((line) => line.billNo === bill.billNo && line.billId === bill.id)).toBe(
      true,
    );
    expect(lines.data.list.map((line) => line.customerOrderNo)).toEqual([
      'BILL-1',
      'BILL-2',
      'BILL-1',
      'BILL-2',
    ]);
    expect(lines.data.list[0]!.waybillNo).toBe(first.data.waybillNo);
    const paged = await api(customer.token).lines({ billId: bill.id, pageSize: 3, pageIndex: 2 });
    expect(paged.data.list.map((line) => line.id)).toEqual([lines.data.list[3]!.id]);
  });

  it('puts rows that arrive after their period was billed on the next bill, and bills no row twice', async () => {
    const customer = await billedCustomer();
    await post(customer.customerId, -1000);
    const period = current();
    const [first] = (await issue(customer.customerId, period)).billNos;
    // Dated inside the billed period (now), but written after its bill: the late row.
    await post(customer.customerId, -700);
    expect((await issue(customer.customerId, period)).billNos).toEqual([]);
    const next = nextPeriod(settings(), period);
    const [second] = (await issue(customer.customerId, next)).billNos;
    expect(second).toBe(`B${next.label.replace('-', '')}-${customer.code}`);
    expect((await billOf(customer.token, first!)).totals).toEqual([{ currencyCode: 'CNY', amount: 1000 }]);
    expect((await billOf(customer.token, second!)).totals).toEqual([{ currencyCode: 'CNY', amount: 700 }]);
    const perBill = await db()
      .selectFrom('ledger_entries')
      .select(['bill_id', 'amount'])
      .where('customer_id', '=', customer.customerId)
      .execute();
    expect(perBill.map((row) => row.amount).sort()).toEqual([-1000, -700]);
    expect(new Set(perBill.map((row) => row.bill_id)).size).toBe(2);
    // Nothing left to bill: a later period has no bill for this customer.
    expect((await issue(customer.customerId, nextPeriod(settings(), next))).billNos).toEqual([]);
    await expectBooksAgree(customer.customerId);
  });

  it('lists amounts per currency, CNY first, totals, written off and outstanding lined up', async () => {
    const customer = await billedCustomer();
    await post(customer.customerId, -300, { currencyCode: 'USD' });
    await post(customer.customerId, -1000);
    const [billNo] = (await issue(customer.customerId, current())).billNos;
    await recharge(customer.customerId, 100, 'USD');
    const bill = await billOf(customer.token, billNo!);
    expect(bill).toMatchObject({
      totals: [
        { currencyCode: 'CNY', amount: 1000 },
        { currencyCode: 'USD', amount: 300 },
      ],
      writtenOff: [
        { currencyCode: 'CNY', amount: 0 },
        { currencyCode: 'USD', amount: 100 },
      ],
      outstanding: [
        { currencyCode: 'CNY', amount: 1000 },
        { currencyCode: 'USD', amount: 200 },
      ],
      status: 'partial',
    });
    await expectBooksAgree(customer.customerId);
  });

  it('settles a bill whose total is not above zero when it is issued', async () => {
    const customer = await billedCustomer();
    await post(customer.customerId, -400);
    await post(customer.customerId, 400, { entryType: 'refund' });
    await post(customer.customerId, 50, { entryType: 'compensation', currencyCode: 'USD' });
    const [billNo] = (await issue(customer.customerId, current())).billNos;
    const bill = await billOf(customer.token, billNo!);
    expect(bill.status).toBe('settled');
    expect(bill.settledAt).not.toBeNull();
    expect(bill.totals).toEqual([
      { currencyCode: 'CNY', amount: 0 },
      { currencyCode: 'USD', amount: -50 },
    ]);
    expect(bill.outstanding).toEqual([
      { currencyCode: 'CNY', amount: 0 },
      { currencyCode: 'USD', amount: 0 },
    ]);
  });

  it('writes off with money paid in: oldest bill first, per currency, before and after issue, partly then settled', async () => {
    const customer = await billedCustomer();
    const p1 = current();
    const p2 = nextPeriod(settings(), p1);
    const p3 = nextPeriod(settings(), p2);
    // Paid in before the bill exists: the bill is partly written off the moment it is issued.
    await recharge(customer.customerId, 500);
    await post(customer.customerId, -1200);
    await post(customer.customerId, -90, { currencyCode: 'USD' });
    const [b1] = (await issue(customer.customerId, p1)).billNos;
    expect(await billOf(customer.token, b1!)).toMatchObject({
      writtenOff: [
        { currencyCode: 'CNY', amount: 500 },
        { currencyCode: 'USD', amount: 0 },
      ],
      status: 'partial',
    });
    await expectBooksAgree(customer.customerId);

    await post(customer.customerId, -800);
    const [b2] = (await issue(customer.customerId, p2)).billNos;
    expect((await billOf(customer.token, b2!)).status).toBe('open');
    await expectBooksAgree(customer.customerId);

    // After issue: the oldest bill is settled first, the rest goes to the next one.
    await recharge(customer.customerId, 1000);
    expect(await billOf(customer.token, b1!)).toMatchObject({
      outstanding: [
        { currencyCode: 'CNY', amount: 0 },
        { currencyCode: 'USD', amount: 90 },
      ],
      status: 'partial',
    });
    expect(await billOf(customer.token, b2!)).toMatchObject({
      writtenOff: [{ currencyCode: 'CNY', amount: 300 }],
      status: 'partial',
    });
    await expectBooksAgree(customer.customerId);

    // USD money settles the USD debt only.
    await recharge(customer.customerId, 90, 'USD');
    const settledFirst = await billOf(customer.token, b1!);
    expect(settledFirst.status).toBe('settled');
    expect((await billOf(customer.token, b2!)).writtenOff).toEqual([{ currencyCode: 'CNY', amount: 300 }]);

    await recharge(customer.customerId, 600);
    expect((await billOf(customer.token, b2!)).status).toBe('settled');
    // ¥1.00 is left over; the next bill (¥0.50) is settled when issued.
    await post(customer.customerId, -50);
    const [b3] = (await issue(customer.customerId, p3)).billNos;
    expect(await billOf(customer.token, b3!)).toMatchObject({
      writtenOff: [{ currencyCode: 'CNY', amount: 50 }],
      status: 'settled',
    });
    await expectBooksAgree(customer.customerId);

    const detail = await api(customer.token).get(settledFirst.id);
    // (The write-off at issue is dated with the test's issue time, after the period: order by amount.)
    expect(
      detail.data.writeOffs.map((w) => [w.source, w.currencyCode, w.amount]).sort((x, y) => +x[2]! - +y[2]!),
    ).toEqual([
      ['prepaid', 'USD', 90],
      ['prepaid', 'CNY', 500],
      ['prepaid', 'CNY', 700],
    ]);
  });

  it('answers the bill list with filters, newest period first, paged; only the customer’s own', async () => {
    const customer = await billedCustomer();
    const other = await billedCustomer();
    const p1 = current();
    const p2 = nextPeriod(settings(), p1);
    await post(customer.customerId, -100);
    const [b1] = (await issue(customer.customerId, p1)).billNos;
    await post(customer.customerId, -200);
    const [b2] = (await issue(customer.customerId, p2)).billNos;
    await post(other.customerId, -300);
    const [otherNo] = (await issue(other.customerId, p1)).billNos;
    await recharge(customer.customerId, 100);

    const all = await api(customer.token).query();
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((bill) => bill.billNo)).toEqual([b2, b1]);
    expect((await api(customer.token).query({ status: 'open' })).data.list.map((b) => b.billNo)).toEqual([
      b2,
    ]);
    expect((await api(customer.token).query({ status: 'settled' })).data.list.map((b) => b.billNo)).toEqual([
      b1,
    ]);
    expect((await api(customer.token).query({ billNo: b1!.toLowerCase() })).data.total).toBe(1);
    expect((await api(customer.token).query({ billNo: otherNo })).data.total).toBe(0);
    const month = (period: BillingPeriod) => period.label.slice(0, 7);
    if (settings().period === 'month') {
      const onlySecond = await api(customer.token).query({ periodFrom: month(p2), periodTo: month(p2) });
      expect(onlySecond.data.list.map((b) => b.billNo)).toEqual([b2]);
      const upToFirst = await api(customer.token).query({ periodFrom: '', periodTo: month(p1) });
      expect(upToFirst.data.list.map((b) => b.billNo)).toEqual([b1]);
    }
    const page = await api(customer.token).query({ pageSize: 1, pageIndex: 2 });
    expect(page.data).toMatchObject({ total: 2, list: [{ billNo: b1 }] });
  });

  it('answers 404 for another customer’s bill ids, 403 without finance:bill, and refuses hostile input', async () => {
    const customer = await billedCustomer();
    const other = await billedCustomer();
    await post(other.customerId, -300);
    const [otherNo] = (await issue(other.customerId, current())).billNos;
    const otherBill = await billOf(other.token, otherNo!);

    const get = await api(customer.token, 'en-US').get(otherBill.id);
    expect([get.httpStatus, get.code]).toEqual([200, ApiCode.NotFound]);
    expect(get.message).toBe('The record does not exist or has been deleted');
    expect((await api(customer.token).lines({ billId: otherBill.id })).code).toBe(ApiCode.NotFound);
    // An id of a shape no id has is refused before any query; a well-formed one nobody has is not found.
    expect((await api(customer.token).get('\u0000x')).code).toBe(ApiCode.BadRequest);
    expect((await api(customer.token).get("1' OR '1'='1")).code).toBe(ApiCode.BadRequest);
    expect((await api(customer.token).get('no-such-bill')).code).toBe(ApiCode.NotFound);

    const viewer = await signIn(
      t.app,
      await createUser(db(), customer.customerId, { permissions: [Permission.FinanceView] }),
    );
    for (const answer of [
      await api(viewer.jwtToken, 'en-US').query(),
      await api(viewer.jwtToken, 'en-US').get(otherBill.id),
      await api(viewer.jwtToken, 'en-US').lines({ billId: otherBill.id }),
    ]) {
      expect(answer.code).toBe(ApiCode.Forbidden);
      expect(answer.message).toContain('finance:bill');
    }
    const bookkeeper = await signIn(
      t.app,
      await createUser(db(), customer.customerId, { permissions: [Permission.FinanceBill] }),
    );
    expect((await api(bookkeeper.jwtToken).query()).code).toBe(ApiCode.Ok);

    for (const body of [
      { pageSize: 100_000 },
      { pageIndex: 0 },
      { status: 'paid' },
      { periodFrom: '2026-13' },
      { periodTo: '26-1' },
      { billNo: 'B'.repeat(41) },
      { status: ['open'] },
    ]) {
      const answer = await api(customer.token, 'en-US').query(body);
      expect([JSON.stringify(body), answer.code]).toEqual([JSON.stringify(body), ApiCode.BadRequest]);
    }
    const period = await api(customer.token, 'zh-CN').query({ periodFrom: '2026-13' });
    expect(JSON.stringify(period)).toContain('账期格式不正确');
    const lines = await api(customer.token, 'en-US').lines({ billId: '' });
    expect(lines.code).toBe(ApiCode.BadRequest);
    const malformed = await t.app.inject({
      method: 'POST',
      url: ApiPath.QueryBills,
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(malformed.json().code).toBe(ApiCode.BadRequest);
  });

  it('issues a past period on demand through the operations API, once; refuses current and malformed periods', async () => {
    const customer = await billedCustomer();
    await post(customer.customerId, -1000);
    const previous = previousPeriod(settings(), current());
    await dateRowsInto(customer.customerId, previous);

    const issued = await ops<{ period: string; billNos: string[] }>(
      '/ops/v1/bills/issue',
      { period: previous.label },
      'en-US',
    );
    expect(issued.code).toBe(ApiCode.Ok);
    const billNo = `B${previous.label.replace('-', '')}-${customer.code}`;
    expect(issued.data.billNos).toContain(billNo);
    expect(issued.message).toContain(previous.label);
    const again = await ops<{ billNos: string[] }>('/ops/v1/bills/issue', { period: previous.label });
    expect(again.data.billNos).not.toContain(billNo);
    expect(await billsOf(customer.customerId)).toHaveLength(1);

    const running = await ops('/ops/v1/bills/issue', { period: current().label }, 'en-US');
    expect(running.code).toBe(ApiCode.Conflict);
    expect(running.message).toContain('has not ended yet');
    for (const period of ['2026-13', 'abc', '2026-W44x', '', 'x'.repeat(500)]) {
      const answer = await ops('/ops/v1/bills/issue', { period }, 'en-US');
      expect([period, answer.code]).toEqual([period, ApiCode.BadRequest]);
    }
    // A week while bills are monthly is not a period of this portal.
    expect((await ops('/ops/v1/bills/issue', { period: '2026-W44' })).code).toBe(ApiCode.BadRequest);
    const keyless = await ops('/ops/v1/bills/issue', { period: previous.label }, 'en-US', {
      'x-operator-key': 'nope',
    });
    expect(keyless.httpStatus).toBe(401);
  });

  it('lets staff write off what a bill owes, and refuses more than that with a localized message', async () => {
    const customer = await billedCustomer();
    await post(customer.customerId, -1000);
    const [billNo] = (await issue(customer.customerId, current())).billNos;

    const tooMuch = await ops(writeOffUrl(billNo!), { currencyCode: 'CNY', amount: 1001 }, 'en-US');
    expect(tooMuch.code).toBe(ApiCode.Conflict);
    expect(tooMuch.message).toBe('The write-off is more than the bill still owes (¥10.00)');
    const zh = await ops(writeOffUrl(billNo!), { currencyCode: 'CNY', amount: 1001 }, 'zh-CN');
    expect(zh.message).toBe('核销金额超过账单未结金额 ¥10.00');

    const part = await ops(writeOffUrl(billNo!), { currencyCode: 'cny', amount: 400, remark: 'goodwill' });
    expect(part.code).toBe(ApiCode.Ok);
    expect(part.data).toMatchObject({
      status: 'partial',
      writtenOff: [{ currencyCode: 'CNY', amount: 400 }],
      outstanding: [{ currencyCode: 'CNY', amount: 600 }],
    });
    const rest = await ops(writeOffUrl(billNo!.toLowerCase()), { currencyCode: 'CNY', amount: 600 });
    expect(rest.data.status).toBe('settled');
    expect(rest.data.settledAt).not.toBeNull();
    const more = await ops(writeOffUrl(billNo!), { currencyCode: 'CNY', amount: 1 }, 'en-US');
    expect(more.message).toBe('The write-off is more than the bill still owes (¥0.00)');

    const detail = await api(customer.token).get(rest.data.id);
    expect(detail.data.writeOffs.map((w) => [w.source, w.amount, w.remark])).toEqual([
      ['staff', 400, 'goodwill'],
      ['staff', 600, null],
    ]);

    expect((await ops(writeOffUrl(billNo!), { currencyCode: 'USD', amount: 1 })).code).toBe(ApiCode.NotFound);
    const unknown = await ops(writeOffUrl('B202001-NOBODY'), { currencyCode: 'CNY', amount: 1 }, 'en-US');
    expect([unknown.code, unknown.message]).toEqual([ApiCode.NotFound, 'Bill B202001-NOBODY does not exist']);
    const hostile: unknown[] = [
      { currencyCode: 'CNY', amount: 0 },
      { currencyCode: 'CNY', amount: -5 },
      { currencyCode: 'CNY', amount: 1.5 },
      { currencyCode: 'CNY', amount: '100' },
      { currencyCode: 'CNY', amount: 1e20 },
      { amount: 100 },
      { currencyCode: 'yuan', amount: 100 },
      { currencyCode: 'CNY', amount: 100, remark: 'bad\u0000remark' },
      { currencyCode: 'CNY', amount: 100, remark: 'x'.repeat(201) },
      [],
    ];
    const other = await billedCustomer();
    await post(other.customerId, -500);
    const [otherNo] = (await issue(other.customerId, current())).billNos;
    for (const body of hostile) {
      const answer = await ops(writeOffUrl(otherNo!), body, 'en-US');
      expect([JSON.stringify(body), answer.code]).toEqual([JSON.stringify(body), ApiCode.BadRequest]);
    }
    expect((await ops(writeOffUrl('not a bill'), { currencyCode: 'CNY', amount: 1 })).code).toBe(
      ApiCode.BadRequest,
    );
    const oversized = await ops(writeOffUrl(otherNo!), {
      currencyCode: 'CNY',
      amount: 1,
      remark: 'x'.repeat(10_000),
    });
    expect(oversized.httpStatus).toBe(413);
    // Nothing half-written: the other bill is untouched.
    const untouched = await db()
      .selectFrom('bill_write_offs')
      .select('id')
      .where('customer_id', '=', other.customerId)
      .execute();
    expect(untouched).toHaveLength(0);
    expect((await billOf(other.token, otherNo!)).status).toBe('open');
  });

  it('never writes off more than a bill owes when staff and money in race for it', async () => {
    const customer = await billedCustomer();
    await post(customer.customerId, -1000);
    const [billNo] = (await issue(customer.customerId, current())).billNos;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => ops(writeOffUrl(billNo!), { currencyCode: 'CNY', amount: 300 })),
      recharge(customer.customerId, 200).then(() => null),
    ]);
    const accepted = answers.filter((answer) => answer?.code === ApiCode.Ok);
    const refused = answers.filter((answer) => answer?.code === ApiCode.Conflict);
    expect(accepted.length + refused.length).toBe(5);
    const [amount] = await db()
      .selectFrom('bill_amounts as a')
      .innerJoin('bills as b', 'b.id', 'a.bill_id')
      .select(['a.total', 'a.written_off'])
      .where('b.bill_no', '=', billNo!)
      .execute();
    const writeOffs = await db()
      .selectFrom('bill_write_offs')
      .select(['amount', 'source'])
      .where('customer_id', '=', customer.customerId)
      .execute();
    // Whatever the order, the write-offs add up to what the bill records and never pass its total.
    expect(writeOffs.reduce((sum, w) => sum + w.amount, 0)).toBe(amount!.written_off);
    expect(amount!.written_off).toBeLessThanOrEqual(1000);
    expect(writeOffs.filter((w) => w.source === 'staff')).toHaveLength(accepted.length);
    // Three staff write-offs fit when they come before the money (which then covers the last ¥1.00),
    // two when the money comes first or between them.
    expect([2, 3]).toContain(accepted.length);
    expect(amount!.written_off).toBe(accepted.length === 3 ? 1000 : 800);
  });

  it('continues a long statement over pages with the lines table’s header on each', async () => {
    const customer = await billedCustomer();
    for (let i = 1; i <= 130; i++) await post(customer.customerId, -i, { remark: `line ${i}` });
    const [billNo] = (await issue(customer.customerId, current())).billNos;
    const bill = await billOf(customer.token, billNo!);
    const exports = exportTaskApi(t.app, customer.token, 'en-US');
    const created = await exports.create({ kind: 'billDetail', format: 'pdf', ids: [bill.id] });
    await t.app.taskRunner.runOnce();
    const text = pdfText((await exports.download(created.data.exportTaskID)).rawPayload);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.slice(1)) expect(page).toContain('Remark');
    for (const i of [1, 65, 130]) expect(text).toContain(`line ${i}`);
    expect(text).toContain(`¥${(bill.totals[0]!.amount / 100).toFixed(2)}`);
  });

  it('exports the bill list and the bills’ lines as xlsx and as PDF statements whose numbers agree', async () => {
    const customer = await billedCustomer();
    const other = await billedCustomer();
    const orders = orderApi(t.app, customer.token);
    const order = await orders.create({ ...orderBody({ customerOrderNo: 'EXPORT-1' }), submit: true });
    await post(customer.customerId, -1234, { orderId: order.data.id, remark: '偏远地区附加费' });
    await post(customer.customerId, -500, { currencyCode: 'USD' });
    const [billNo] = (await issue(customer.customerId, current())).billNos;
    await recharge(customer.customerId, 1000);
    const bill = await billOf(customer.token, billNo!);
    const cnyTotal = bill.totals[0]!.amount;
    await post(other.customerId, -300);
    const [otherNo] = (await issue(other.customerId, current())).billNos;
    const otherBill = await billOf(other.token, otherNo!);

    const exports = exportTaskApi(t.app, customer.token, 'en-US');
    const run = async (body: unknown) => {
      const created = await exports.create(body);
      expect(created.code).toBe(ApiCode.Ok);
      await t.app.taskRunner.runOnce();
      const task = (await exports.query({ ids: [created.data.exportTaskID] })).data.items[0]!;
      return {
        task,
        file: task.status === 'succeeded' ? (await exports.download(task.exportTaskID)).rawPayload : null,
      };
    };
    const sheetOf = async (file: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file as unknown as ArrayBuffer);
      return book.worksheets[0]!;
    };

    const list = await run({ kind: 'bills', format: 'xlsx', billFilter: { status: 'partial' } });
    const listSheet = await sheetOf(list.file!);
    expect((listSheet.getRow(1).values as unknown[]).slice(1, 7)).toEqual([
      'Bill number',
      'Period',
      'Currency',
      'Total',
      'Written off',
      'Outstanding',
    ]);
    expect(listSheet.rowCount).toBe(3);
    expect((listSheet.getRow(2).values as unknown[]).slice(1, 8)).toEqual([
      billNo,
      bill.periodLabel,
      'CNY',
      cnyTotal / 100,
      10,
      (cnyTotal - 1000) / 100,
      'Partly written off',
    ]);
    expect((listSheet.getRow(3).values as unknown[]).slice(1, 7)).toEqual([
      billNo,
      bill.periodLabel,
      'USD',
      5,
      0,
      5,
    ]);

    const detail = await run({ kind: 'billDetail', format: 'xlsx', ids: [bill.id] });
    const detailSheet = await sheetOf(detail.file!);
    const rows = (detailSheet.getSheetValues() as unknown[][]).slice(2).map((row) => row.slice(1));
    expect(rows.every((row) => row[0] === billNo && row[1] === bill.periodLabel)).toBe(true);
    const sum = (currency: string) =>
      Math.round(
        rows.filter((row) => row[4] === currency).reduce((s, row) => s + (row[5] as number) * 100, 0),
      );
    expect(-sum('CNY')).toBe(cnyTotal);
    expect(-sum('USD')).toBe(500);
    expect(JSON.stringify(rows)).toContain('EXPORT-1');
    expect(JSON.stringify(rows)).toContain('Surcharge');

    const pdf = await run({ kind: 'billDetail', format: 'pdf', ids: [bill.id] });
    expect(pdf.task.status).toBe('succeeded');
    const text = pdfText(pdf.file!).replace(/\s+/g, ' ');
    for (const expected of [
      'Statement',
      billNo!,
      bill.periodLabel,
      bill.dueDate,
      `¥${(cnyTotal / 100).toFixed(2)}`,
      '¥10.00',
      `¥${((cnyTotal - 1000) / 100).toFixed(2)}`,
      '$5.00',
      'EXPORT-1',
      '-¥12.34',
      '偏远地区附加费',
      'Prepaid balance',
    ])
      expect([expected, text.includes(expected)]).toEqual([expected, true]);

    const zh = await exportTaskApi(t.app, customer.token, 'zh-CN').create({
      kind: 'billDetail',
      format: 'pdf',
      ids: [bill.id],
    });
    await t.app.taskRunner.runOnce();
    const zhText = pdfText(
      (await exportTaskApi(t.app, customer.token).download(zh.data.exportTaskID)).rawPayload,
    );
    expect(zhText).toContain('对账单');
    expect(zhText).toContain('预存款核销');

    const stolen = await run({ kind: 'billDetail', format: 'xlsx', ids: [bill.id, otherBill.id] });
    expect(stolen.task.status).toBe('failed');
    expect(stolen.file).toBeNull();
    const viewer = await signIn(
      t.app,
      await createUser(db(), customer.customerId, { permissions: [Permission.FinanceView] }),
    );
    const refused = await exportTaskApi(t.app, viewer.jwtToken).create({ kind: 'bills', format: 'xlsx' });
    expect(refused.code).toBe(ApiCode.Forbidden);
    const csvPdf = await exports.create({ kind: 'bills', format: 'pdf' });
    expect(csvPdf.code).toBe(ApiCode.BadRequest);
    const tasks = await call<{ items: ExportTask[] }>(t.app, {
      method: 'POST',
      url: ApiPath.QueryExportTask,
      token: viewer.jwtToken,
      body: {},
    });
    expect(tasks.data.items.filter((task) => task.kind === 'bills' || task.kind === 'billDetail')).toEqual(
      [],
    );
  });
});

describe(`bills across instances on ${ENGINE}`, () => {
  let apps: FastifyInstance[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ apps, close } = await createTestApps(2, { BILL_ISSUE_DAY: '3' }));
  });
  afterAll(async () => close());

  it('issues one bill when two instances issue the same period (at once on PostgreSQL)', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const customer = await signedInCustomer(a);
    await postLedgerEntry(a.db, {
      customerId: customer.customerId,
      currencyCode: 'CNY',
      entryType: 'surcharge',
      amount: -999,
      heldChange: 0,
    });
    const config = t.config.bills;
    const period = periodContaining(config, new Date());
    const now = afterEnd(period);
    const runs = [a, b, a, b].map((app) => () => issueBills(app.db, period, now, config));
    // On PostgreSQL truly at once. SQLite instances in one test process cannot overlap transactions (the
    // driver is synchronous: a waiting writer would block the holder's commit), so they take turns.
    const results =
      ENGINE === 'postgres'
        ? await Promise.all(runs.map((run) => run()))
        : [await runs[0]!(), await runs[1]!(), await runs[2]!(), await runs[3]!()];
    // A fresh database: this customer is the only one with charges.
    expect(results.flatMap((result) => result.billNos)).toHaveLength(1);
    const bills = await a.db
      .selectFrom('bills')
      .select('id')
      .where('customer_id', '=', customer.customerId)
      .execute();
    expect(bills).toHaveLength(1);
    const amounts = await a.db
      .selectFrom('bill_amounts')
      .selectAll()
      .where('bill_id', '=', bills[0]!.id)
      .execute();
    expect(amounts).toEqual([expect.objectContaining({ currency_code: 'CNY', total: 999, written_off: 0 })]);
  });

  it('the billing task issues the previous period on its issue day, once across instances', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const customer = await signedInCustomer(a);
    await postLedgerEntry(a.db, {
      customerId: customer.customerId,
      currencyCode: 'CNY',
      entryType: 'surcharge',
      amount: -250,
      heldChange: 0,
    });
    const config = { ...t.config.bills, issueDay: 3 };
    // Rows of this period are billed on the 3rd of the next one.
    const period = periodContaining(config, new Date());
    const issueAt = issueMomentOf(config, period);
    expect(issueAt.toISOString()).toBe(new Date(Date.parse(period.end) + 2 * 86_400_000).toISOString());
    const tick = async (at: Date) => {
      // Make the task due at `at` (the scheduler runs it once per interval).
      await a.db
        .updateTable('scheduled_tasks')
        .set({ next_run_at: at.toISOString() })
        .where('name', '=', 'billing')
        .execute();
      return (await Promise.all([a.scheduler.runDue(at), b.scheduler.runDue(at)]))
        .flat()
        .filter((n) => n === 'billing');
    };
    await a.scheduler.runDue(new Date(0));
    expect(await tick(new Date(issueAt.getTime() - 1000))).toEqual(['billing']);
    expect(
      await a.db.selectFrom('bills').select('id').where('customer_id', '=', customer.customerId).execute(),
    ).toEqual([]);
    expect(await tick(issueAt)).toEqual(['billing']);
    const bills = await a.db
      .selectFrom('bills')
      .selectAll()
      .where('customer_id', '=', customer.customerId)
      .execute();
    expect(bills.map((bill) => bill.period_label)).toEqual([period.label]);
    expect(await tick(new Date(issueAt.getTime() + 86_400_000))).toEqual(['billing']);
    expect(
      await a.db.selectFrom('bills').select('id').where('customer_id', '=', customer.customerId).execute(),
    ).toHaveLength(1);
  });
});

describe(`npm run ops -- bills-… on ${ENGINE}`, () => {
  const cli = (args: string[]) => runOpsCli(t.config, args);

  it('issues a past period and writes off, with exit codes and messages', async () => {
    const customer = await billedCustomer();
    await post(customer.customerId, -700);
    const previous = previousPeriod(settings(), current());
    await dateRowsInto(customer.customerId, previous);
    const billNo = `B${previous.label.replace('-', '')}-${customer.code}`;

    const issued = await cli(['bills-issue', '--period', previous.label, '--lang', 'en-US']);
    expect(issued.stderr).toBe('');
    expect(issued.code).toBe(0);
    expect(issued.stdout).toContain(billNo);
    const refused = await cli([
      'bills-write-off',
      '--bill',
      billNo,
      '--currency',
      'CNY',
      '--amount',
      '701',
      '--lang',
      'en-US',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('more than the bill still owes (¥7.00)');
    const bad = await cli(['bills-write-off', '--bill', billNo, '--currency', 'CNY', '--amount', 'ten']);
    expect(bad.code).toBe(2);
    const done = await cli([
      'bills-write-off',
      '--bill',
      billNo,
      '--currency',
      'CNY',
      '--amount',
      '700',
      '--remark',
      'paid by wire',
      '--lang',
      'en-US',
    ]);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('status: settled');
    const future = await cli(['bills-issue', '--period', current().label]);
    expect(future.code).toBe(1);
    // Several child processes, each starting tsx: generous on a loaded machine.
  }, 120_000);
});
