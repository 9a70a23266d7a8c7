import { BILLED_ENTRY_TYPES, type Bill, type BillStatus, type CurrencyAmount } from '@portal/contracts/bill';
import type { LedgerRow } from '@portal/contracts/consumption-flow';
import type { Transaction } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { rowsQuery, toLedgerRow } from '../consumption-flow/consumption-flow.repository.ts';

/**
 * All SQL of bills. Every customer-facing query takes the customer id and filters by it here, so another
 * customer's bill ids simply find nothing.
 */

type Executor = Db | Transaction<Database>;

export interface BillListFilter {
  status?: BillStatus | null;
  /** Instants [from, to) the bill's period start falls in. */
  periodStartFrom?: string | null;
  periodStartTo?: string | null;
  billNo?: string | null;
}

/** What a bill number can look like (`B202610-C100023`, weekly `B2026W44-…`): letters, digits, `_` and `-`. */
const isBillNoShape = (value: string) => /^[A-Za-z0-9_-]{1,40}$/.test(value);

function filteredBills(db: Executor, customerId: string, filter: BillListFilter) {
  let query = db.selectFrom('bills').where('bills.customer_id', '=', customerId);
  if (filter.status) query = query.where('bills.status', '=', filter.status);
  if (filter.periodStartFrom) query = query.where('bills.period_start', '>=', filter.periodStartFrom);
  if (filter.periodStartTo) query = query.where('bills.period_start', '<', filter.periodStartTo);
  // A number no bill can have (a control character above all: PostgreSQL refuses a NUL) matches nothing.
  if (filter.billNo)
    query = query.where('bills.bill_no', '=', isBillNoShape(filter.billNo) ? filter.billNo : '');
  return query;
}

export async function countBills(db: Executor, customerId: string, filter: BillListFilter) {
  const row = await filteredBills(db, customerId, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the customer's bills, newest period first. */
export function listBills(
  db: Executor,
  customerId: string,
  filter: BillListFilter,
  page: { offset: number; limit: number },
) {
  return filteredBills(db, customerId, filter)
    .selectAll('bills')
    .orderBy('bills.period_start', 'desc')
    .orderBy('bills.bill_no')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export type BillRow = Awaited<ReturnType<typeof listBills>>[number];

export function findBill(db: Executor, customerId: string, billId: string) {
  return db
    .selectFrom('bills')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', billId)
    .executeTakeFirst();
}

/** The bills of ids that are the customer's (others are left out: the caller compares the counts). */
export function findBillsByIds(db: Executor, customerId: string, ids: readonly string[]) {
  return db
    .selectFrom('bills')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .orderBy('period_start', 'desc')
    .orderBy('bill_no')
    .execute();
}

export function findBillByNo(db: Executor, billNo: string) {
  return db.selectFrom('bills').selectAll().where('bill_no', '=', billNo).executeTakeFirst();
}

export function billAmounts(db: Executor, billIds: readonly string[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bill_amounts')
    .select(['bill_id', 'currency_code', 'total', 'written_off'])
    .where('bill_id', 'in', billIds)
    .execute();
}

/** One bill amount row, locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
export function lockBillAmount(trx: Transaction<Database>, billId: string, currencyCode: string) {
  let query = trx
    .selectFrom('bill_amounts')
    .select(['total', 'written_off'])
    .where('bill_id', '=', billId)
    .where('currency_code', '=', currencyCode);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Locks the wallet row first, the order `applyPrepaidWriteOffs` takes its locks in (wallet, then bills). */
export async function lockWallet(trx: Transaction<Database>, customerId: string, currencyCode: string) {
  let query = trx
    .selectFrom('wallets')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode);
  if (isPostgres(trx)) query = query.forUpdate();
  await query.executeTakeFirst();
}

/** Per entry type and currency: Σ amount (ledger sign) and the number of lines. */
export function billSubtotals(db: Executor, customerId: string, billId: string) {
  return db
    .selectFrom('ledger_entries')
    .select((eb) => [
      'entry_type',
      'currency_code',
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('customer_id', '=', customerId)
    .where('bill_id', '=', billId)
    .groupBy(['entry_type', 'currency_code'])
    .execute();
}

export function billWriteOffs(db: Executor, customerId: string, billId: string) {
  return db
    .selectFrom('bill_write_offs')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('bill_id', '=', billId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * A bill's lines as the consumption flow shows ledger rows, oldest first (the index on (bill_id,
 * created_at) serves it).
 */
export async function billLines(
  db: Executor,
  customerId: string,
  billIds: readonly string[],
  page?: { offset: number; limit: number },
): Promise<LedgerRow[]> {
  let query = rowsQuery(db, customerId)
    .where('ledger_entries.bill_id', 'in', billIds)
    .orderBy('ledger_entries.bill_id')
    .orderBy('ledger_entries.created_at')
    .orderBy('ledger_entries.currency_code')
    .orderBy('ledger_entries.entry_no');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return (await query.execute()).map(toLedgerRow);
}

export async function countBillLines(db: Executor, customerId: string, billIds: readonly string[]) {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .where('bill_id', 'in', billIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Home currency first, then by code: the order every currency list of a bill is in. */
const HOME_CURRENCY = 'CNY';
export const byCurrency = (a: { currencyCode: string }, b: { currencyCode: string }) =>
  a.currencyCode === b.currencyCode
    ? 0
    : a.currencyCode === HOME_CURRENCY
      ? -1
      : b.currencyCode === HOME_CURRENCY
        ? 1
        : a.currencyCode < b.currencyCode
          ? -1
          : 1;

/**
 * A bill row with its amounts as the API shows it: totals, written off and outstanding, each a list with
 * one entry per currency of the bill (the same currencies in the same order, CNY first), so the three
 * line up; outstanding is what is still owed, never below zero.
 */
export function toBill(
  row: BillRow,
  amounts: readonly { currency_code: string; total: number; written_off: number }[],
): Bill {
  const sorted = amounts
    .map((a) => ({
      currencyCode: a.currency_code,
      total: Number(a.total),
      writtenOff: Number(a.written_off),
    }))
    .sort(byCurrency);
  const list = (pick: (a: (typeof sorted)[number]) => number): CurrencyAmount[] =>
    sorted.map((a) => ({ currencyCode: a.currencyCode, amount: pick(a) }));
  return {
    id: row.id,
    billNo: row.bill_no,
    periodLabel: row.period_label,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    orderCount: Number(row.order_count),
    totals: list((a) => a.total),
    writtenOff: list((a) => a.writtenOff),
    outstanding: list((a) => Math.max(0, a.total - a.writtenOff)),
    status: row.status,
    dueDate: row.due_date,
    issuedAt: row.issued_at,
    settledAt: row.settled_at,
  };
}

/** Bills with their amounts, in the order given. */
export async function withAmounts(db: Executor, rows: readonly BillRow[]): Promise<Bill[]> {
  const amounts = await billAmounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toBill(
      row,
      amounts.filter((a) => a.bill_id === row.id),
    ),
  );
}

// ---- issuing ----

/**
 * The customers with billed-type rows not billed yet, dated before `periodEnd`, that have no bill for the
 * period starting at `periodStart` (a second run finds nobody), by id.
 */
export function customersToBill(db: Executor, period: { start: string; end: string }, customerId?: string) {
  let query = db
    .selectFrom('ledger_entries as le')
    .innerJoin('customers as c', 'c.id', 'le.customer_id')
    .select(['le.customer_id', 'c.code'])
    .distinct()
    .where('le.bill_id', 'is', null)
    .where('le.created_at', '<', period.end)
    .where('le.entry_type', 'in', [...BILLED_ENTRY_TYPES])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bills as b')
            .select('b.id')
            .whereRef('b.customer_id', '=', 'le.customer_id')
            .where('b.period_start', '=', period.start),
        ),
      ),
    );
  if (customerId) query = query.where('le.customer_id', '=', customerId);
  return query.orderBy('le.customer_id').execute();
}
