import type { LedgerRow } from '@portal/contracts/consumption-flow';
import type { LedgerEntryType } from '@portal/contracts/wallet';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { filteredOrders } from '../order/order-filter.ts';

/**
 * SQL of the consumption flow (reasoning in docs/ARCHITECTURE.md "Consumption flow"). Every statement is
 * scoped to the caller's customer. A wallet's rows are numbered 1…n (`entry_no`) and dated monotonically,
 * so "the rows of a time range" are, per currency, the entry_no range (lo, hi] found by two index seeks.
 */

type LedgerEb = ExpressionBuilder<Database, 'ledger_entries'>;

/** The list's order: newest first; rows of one instant by currency, then entry_no descending. */
export interface EntryKey {
  currencyCode: string;
  entryNo: number;
  createdAt: string;
}
export const compareNewestFirst = (a: EntryKey, b: EntryKey) =>
  a.createdAt !== b.createdAt
    ? a.createdAt > b.createdAt
      ? -1
      : 1
    : a.currencyCode !== b.currencyCode
      ? a.currencyCode < b.currencyCode
        ? -1
        : 1
      : b.entryNo - a.entryNo;

/** The customer's wallets (one per currency it has used) with their last entry_no, by currency. */
export async function wallets(db: Db, customerId: string, currencyCode: string | null) {
  let query = db
    .selectFrom('wallets')
    .select(['currency_code', 'entry_count'])
    .where('customer_id', '=', customerId);
  if (currencyCode) query = query.where('currency_code', '=', currencyCode);
  const rows = await query.orderBy('currency_code').execute();
  return rows.map((row) => ({ currencyCode: row.currency_code, entryCount: Number(row.entry_count) }));
}

/** The wallet's row reached by a balance reading: balance and running totals after it. */
export interface WalletPoint {
  entryNo: number;
  balanceAfter: number;
  totalInAfter: number;
  totalOutAfter: number;
}
export const ZERO_POINT: WalletPoint = { entryNo: 0, balanceAfter: 0, totalInAfter: 0, totalOutAfter: 0 };

/**
 * The wallet's last row dated before `instant` (one seek of (customer, currency, created_at, entry_no)),
 * or its very last row when `instant` is null; the point before row 1 when there is none.
 */
export async function lastPointBefore(
  db: Db,
  customerId: string,
  currencyCode: string,
  instant: string | null,
): Promise<WalletPoint> {
  let query = db
    .selectFrom('ledger_entries')
    .select(['entry_no', 'balance_after', 'total_in_after', 'total_out_after'])
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode);
  query =
    instant === null
      ? query.orderBy('entry_no', 'desc')
      : query.where('created_at', '<', instant).orderBy('created_at', 'desc').orderBy('entry_no', 'desc');
  const row = await query.limit(1).executeTakeFirst();
  if (!row) return ZERO_POINT;
  return {
    entryNo: Number(row.entry_no),
    balanceAfter: Number(row.balance_after),
    totalInAfter: Number(row.total_in_after),
    totalOutAfter: Number(row.total_out_after),
  };
}

/** The last entry_no dated before `instant` (index only), 0 when none. */
export async function lastEntryNoBefore(db: Db, customerId: string, currencyCode: string, instant: string) {
  const row = await db
    .selectFrom('ledger_entries')
    .select('entry_no')
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode)
    .where('created_at', '<', instant)
    .orderBy('created_at', 'desc')
    .orderBy('entry_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.entry_no) : 0;
}

/**
 * `lastEntryNoBefore` for many (currency, instant) probes in one statement: each a scalar subquery that is
 * one seek of (customer, currency, created_at, entry_no). 0 where no row is dated before the instant.
 */
export async function lastEntryNosBefore(
  db: Db,
  customerId: string,
  probes: readonly { currencyCode: string; instant: string }[],
): Promise<number[]> {
  if (probes.length === 0) return [];
  const row = await db
    .selectNoFrom((eb) =>
      probes.map((probe, n) =>
        eb
          .selectFrom('ledger_entries')
          .select('entry_no')
          .where('customer_id', '=', customerId)
          .where('currency_code', '=', probe.currencyCode)
          .where('created_at', '<', probe.instant)
          .orderBy('created_at', 'desc')
          .orderBy('entry_no', 'desc')
          .limit(1)
          .as(`p${n}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const values = row as Record<string, number | string | null>;
  return probes.map((_, n) => Number(values[`p${n}`] ?? 0));
}

/** The keys of one currency's rows numbered low…high (inclusive), by the unique index. */
export async function keysInRange(
  db: Db,
  customerId: string,
  currencyCode: string,
  low: number,
  high: number,
): Promise<EntryKey[]> {
  if (low > high) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['currency_code', 'entry_no', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode)
    .where('entry_no', '>=', low)
    .where('entry_no', '<=', high)
    .execute();
  return rows.map(toKey);
}

/**
 * The times of the given rows of the customer's wallets, as keys: one unique-index seek each (one
 * statement per row: an OR of (currency, entry_no) pairs is not read by index seeks on SQLite).
 */
export async function keysAt(
  db: Db,
  customerId: string,
  positions: readonly { currencyCode: string; entryNo: number }[],
): Promise<EntryKey[]> {
  const rows = await Promise.all(
    positions.map((p) =>
      db
        .selectFrom('ledger_entries')
        .select(['currency_code', 'entry_no', 'created_at'])
        .where('customer_id', '=', customerId)
        .where('currency_code', '=', p.currencyCode)
        .where('entry_no', '=', p.entryNo)
        .executeTakeFirst(),
    ),
  );
  return rows.filter((row) => row !== undefined).map(toKey);
}

const toKey = (row: { currency_code: string; entry_no: number; created_at: string }): EntryKey => ({
  currencyCode: row.currency_code,
  entryNo: Number(row.entry_no),
  createdAt: row.created_at,
});

/** What a filtered read asks for beyond the wallets' ranges: the types and a number's matches. */
export interface EntryMatch {
  /** The customer's currencies asked for (never empty): the type index is read per (type, currency). */
  currencyCodes: readonly string[];
  createdFrom: string | null;
  createdTo: string | null;
  entryTypes: readonly LedgerEntryType[] | null;
  /** The number's matches; null when no number was given. */
  number: NumberMatch | null;
}
export interface NumberMatch {
  number: string;
  orderIds: string[];
  rechargeIds: string[];
  billIds: string[];
}

/**
 * What a number names among the customer's own: orders (reference, waybill or last-mile number),
 * recharges, bills. Another customer's numbers name nothing.
 */
export async function resolveNumber(db: Db, customerId: string, number: string): Promise<NumberMatch> {
  const [orders, recharges, bills] = await Promise.all([
    filteredOrders(db, customerId, { numbers: [number] })
      .select('orders.id')
      .limit(100)
      .execute(),
    db
      .selectFrom('recharges')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('recharge_no', '=', number)
      .execute(),
    db
      .selectFrom('bills')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('bill_no', '=', number)
      .execute(),
  ]);
  return {
    number,
    orderIds: orders.map((row) => row.id),
    rechargeIds: recharges.map((row) => row.id),
    billIds: bills.map((row) => row.id),
  };
}

/** The filter as one condition on `ledger_entries`, always scoped to the customer. */
export function matchCondition(customerId: string, match: EntryMatch) {
  return (eb: LedgerEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [
      eb('ledger_entries.customer_id', '=', customerId),
      eb('ledger_entries.currency_code', 'in', [...match.currencyCodes]),
    ];
    if (match.createdFrom) conditions.push(eb('ledger_entries.created_at', '>=', match.createdFrom));
    if (match.createdTo) conditions.push(eb('ledger_entries.created_at', '<', match.createdTo));
    if (match.entryTypes) conditions.push(eb('ledger_entries.entry_type', 'in', [...match.entryTypes]));
    if (match.number) {
      const { number, orderIds, rechargeIds, billIds } = match.number;
      const any: Expression<SqlBool>[] = [eb('ledger_entries.reference_no', '=', number)];
      if (orderIds.length) any.push(eb('ledger_entries.order_id', 'in', orderIds));
      if (rechargeIds.length) any.push(eb('ledger_entries.recharge_id', 'in', rechargeIds));
      if (billIds.length) any.push(eb('ledger_entries.bill_id', 'in', billIds));
      conditions.push(eb.or(any));
    }
    return eb.and(conditions);
  };
}

const matching = (db: Db, customerId: string, match: EntryMatch) =>
  db.selectFrom('ledger_entries').where(matchCondition(customerId, match));

/** The matches' keys (for a set known to be small). */
export async function matchKeys(db: Db, customerId: string, match: EntryMatch) {
  const rows = await matching(db, customerId, match)
    .select(['currency_code', 'entry_no', 'created_at'])
    .execute();
  return rows.map(toKey);
}

/**
 * A number's matches' keys when there are at most `cap`, else undefined: one statement per way a row can
 * name the number (its reference number; its order, recharge or bill), each read by its own index, the
 * other filters applied to the few rows found. (One statement with the four ORed would be read through
 * the customer's whole range on SQLite.)
 */
export async function numberMatchSet(db: Db, customerId: string, match: EntryMatch, cap: number) {
  const { number } = match;
  if (!number) throw new Error('numberMatchSet without a number');
  const rest = matchCondition(customerId, { ...match, number: null });
  const reads = [
    db
      .selectFrom('ledger_entries')
      .where(rest)
      .where('ledger_entries.reference_no', '=', number.number)
      .select(['currency_code', 'entry_no', 'created_at'])
      .limit(cap + 1)
      .execute(),
  ];
  // Rows of the customer's own orders, recharges, bills: read through those ids' indexes. The customer and
  // the other filters are checked on the rows found, written so that SQLite does not take them as the
  // way in (every other index leads with customer_id and would walk the customer's whole ledger).
  const byIds = (column: 'order_id' | 'recharge_id' | 'bill_id', ids: string[]) =>
    db
      .selectFrom('ledger_entries')
      .where(`ledger_entries.${column}`, 'in', ids)
      .where(sql<string>`ledger_entries.customer_id || ''`, '=', customerId)
      .select(['customer_id', 'currency_code', 'entry_no', 'created_at', 'entry_type'])
      .limit(cap + 1)
      .execute()
      .then((rows) => rows.filter((row) => row.customer_id === customerId && keptBy(match, row)));
  if (number.orderIds.length) reads.push(byIds('order_id', number.orderIds));
  if (number.rechargeIds.length) reads.push(byIds('recharge_id', number.rechargeIds));
  if (number.billIds.length) reads.push(byIds('bill_id', number.billIds));
  const keys = new Map<string, EntryKey>();
  for (const rows of await Promise.all(reads))
    for (const row of rows) keys.set(`${row.currency_code}/${row.entry_no}`, toKey(row));
  return keys.size > cap ? undefined : [...keys.values()];
}

/** Whether a row passes the match's currency, time and type conditions (the number's aside). */
function keptBy(
  match: EntryMatch,
  row: { currency_code: string; created_at: string; entry_type: string },
): boolean {
  if (!match.currencyCodes.includes(row.currency_code)) return false;
  if (match.createdFrom && row.created_at < match.createdFrom) return false;
  if (match.createdTo && row.created_at >= match.createdTo) return false;
  return !match.entryTypes || match.entryTypes.includes(row.entry_type as LedgerEntryType);
}

export async function countMatches(db: Db, customerId: string, match: EntryMatch) {
  const row = await matching(db, customerId, match)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of the matches' keys, newest first, given their total: an index walk over
 * (customer, created_at, currency desc, entry_no, entry_type) from whichever end is nearer, so the last
 * page costs what the first does and the rows skipped are index entries.
 */
export async function pageKeys(
  db: Db,
  customerId: string,
  match: EntryMatch,
  total: number,
  offset: number,
  pageSize: number,
): Promise<EntryKey[]> {
  if (offset >= total) return [];
  const after = total - offset - pageSize; // rows after this page, negative on a short last page
  if (after >= offset) return walkKeys(db, customerId, match, offset, pageSize);
  const rows = await matching(db, customerId, match)
    .select(['currency_code', 'entry_no', 'created_at'])
    .orderBy('created_at', 'asc')
    .orderBy('currency_code', 'desc')
    .orderBy('entry_no', 'asc')
    .limit(pageSize + Math.min(0, after))
    .offset(Math.max(0, after))
    .execute();
  return rows.map(toKey).reverse();
}

/** `limit` matches after the first `offset`, newest first: a walk of the list's own index order. */
export async function walkKeys(db: Db, customerId: string, match: EntryMatch, offset: number, limit: number) {
  const rows = await matching(db, customerId, match)
    .select(['currency_code', 'entry_no', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('currency_code', 'asc')
    .orderBy('entry_no', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toKey);
}

/**
 * How many matches fall in each [from, to) interval, in one statement: a scalar count per interval, each
 * a count of the (type, currency) ranges of (customer, entry_type, currency_code, created_at, entry_no).
 */
export async function countMatchesBetween(
  db: Db,
  customerId: string,
  match: EntryMatch,
  intervals: readonly { from: string; to: string }[],
): Promise<number[]> {
  if (intervals.length === 0) return [];
  const row = await db
    .selectNoFrom((eb) =>
      intervals.map((interval, n) =>
        eb
          .selectFrom('ledger_entries')
          .where(matchCondition(customerId, { ...match, createdFrom: interval.from, createdTo: interval.to }))
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .as(`c${n}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const values = row as Record<string, number | string | null>;
  return intervals.map((_, n) => Number(values[`c${n}`] ?? 0));
}

/** The oldest and newest times of the given wallets' rows (the first and last row of each: seeks). */
export async function timeSpan(
  db: Db,
  customerId: string,
  wallets: readonly { currencyCode: string; entryCount: number }[],
) {
  const keys = await keysAt(
    db,
    customerId,
    wallets
      .filter((wallet) => wallet.entryCount > 0)
      .flatMap((wallet) => [
        { currencyCode: wallet.currencyCode, entryNo: 1 },
        { currencyCode: wallet.currencyCode, entryNo: wallet.entryCount },
      ]),
  );
  if (keys.length === 0) return null;
  const times = keys.map((key) => Date.parse(key.createdAt));
  return { oldest: Math.min(...times), newest: Math.max(...times) };
}

/**
 * A row as the list shows it: the ledger row with its order's, recharge's and bill's numbers (each join
 * kept to the customer), mapped to the contract's LedgerRow by `toLedgerRow`. Bill lines read it too.
 */
export function rowsQuery(db: Db, customerId: string) {
  return db
    .selectFrom('ledger_entries')
    .leftJoin('orders', (join) =>
      join
        .onRef('orders.id', '=', 'ledger_entries.order_id')
        .onRef('orders.customer_id', '=', 'ledger_entries.customer_id'),
    )
    .leftJoin('recharges', (join) =>
      join
        .onRef('recharges.id', '=', 'ledger_entries.recharge_id')
        .onRef('recharges.customer_id', '=', 'ledger_entries.customer_id'),
    )
    .leftJoin('bills', (join) =>
      join
        .onRef('bills.id', '=', 'ledger_entries.bill_id')
        .onRef('bills.customer_id', '=', 'ledger_entries.customer_id'),
    )
    .select([
      'ledger_entries.id',
      'ledger_entries.entry_no',
      'ledger_entries.entry_type',
      'ledger_entries.currency_code',
      'ledger_entries.amount',
      'ledger_entries.held_change',
      'ledger_entries.balance_after',
      'ledger_entries.held_after',
      'ledger_entries.order_id',
      'orders.customer_order_no',
      'orders.waybill_no',
      'ledger_entries.recharge_id',
      'recharges.recharge_no',
      'ledger_entries.bill_id',
      'bills.bill_no',
      'ledger_entries.reference_no',
      'ledger_entries.remark',
      'ledger_entries.created_by',
      'ledger_entries.created_at',
    ])
    .where('ledger_entries.customer_id', '=', customerId);
}
export type FlowRow = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

export function toLedgerRow(row: FlowRow): LedgerRow {
  return {
    id: row.id,
    entryNo: Number(row.entry_no),
    entryType: row.entry_type as LedgerEntryType,
    currencyCode: row.currency_code,
    amount: Number(row.amount),
    heldChange: Number(row.held_change),
    balanceAfter: Number(row.balance_after),
    orderId: row.order_id,
    customerOrderNo: row.customer_order_no,
    waybillNo: row.waybill_no,
    rechargeId: row.recharge_id,
    rechargeNo: row.recharge_no,
    billId: row.bill_id,
    billNo: row.bill_no,
    referenceNo: row.reference_no,
    remark: row.remark,
    createdAt: row.created_at,
  };
}

/** The rows of the given entry_no ranges (inclusive), one range scan per currency; unordered. */
export async function rowsInRanges(
  db: Db,
  customerId: string,
  ranges: readonly { currencyCode: string; low: number; high: number }[],
) {
  const pages = await Promise.all(
    ranges
      .filter((range) => range.low <= range.high)
      .map((range) =>
        rowsQuery(db, customerId)
          .where('ledger_entries.currency_code', '=', range.currencyCode)
          .where('ledger_entries.entry_no', '>=', range.low)
          .where('ledger_entries.entry_no', '<=', range.high)
          .execute(),
      ),
  );
  return pages.flat();
}

/** The rows of the given keys, one statement per currency; unordered. */
export async function rowsAt(
  db: Db,
  customerId: string,
  keys: readonly { currencyCode: string; entryNo: number }[],
) {
  const byCurrency = new Map<string, number[]>();
  for (const key of keys)
    byCurrency.set(key.currencyCode, [...(byCurrency.get(key.currencyCode) ?? []), key.entryNo]);
  const pages = await Promise.all(
    [...byCurrency].map(([currencyCode, entryNos]) =>
      rowsQuery(db, customerId)
        .where('ledger_entries.currency_code', '=', currencyCode)
        .where('ledger_entries.entry_no', 'in', entryNos)
        .execute(),
    ),
  );
  return pages.flat();
}

/** How many of the given ids are the customer's rows. */
export async function countByIds(db: Db, customerId: string, ids: readonly string[]) {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .where('id', 'in', [...ids])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The customer's rows of the given ids (a selection); unordered. */
export function rowsByIds(db: Db, customerId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsQuery(db, customerId)
    .where('ledger_entries.id', 'in', [...ids])
    .execute();
}

/**
 * One currency's matching rows below `beforeEntryNo`, newest first, `limit` of them: the keyset page of
 * an export (index (customer, currency, entry_no) descending).
 */
export function rowsOfCurrencyBefore(
  db: Db,
  customerId: string,
  match: EntryMatch,
  currencyCode: string,
  beforeEntryNo: number,
  limit: number,
) {
  return rowsQuery(db, customerId)
    .where(matchCondition(customerId, { ...match, currencyCodes: [currencyCode] }))
    .where('ledger_entries.entry_no', '<', beforeEntryNo)
    .orderBy('ledger_entries.entry_no', 'desc')
    .limit(limit)
    .execute();
}

/** One row of the customer with what its detail shows, or undefined. */
export function detailRow(db: Db, customerId: string, id: string) {
  return rowsQuery(db, customerId)
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'ledger_entries.created_by')
        .onRef('users.customer_id', '=', 'ledger_entries.customer_id'),
    )
    .select([
      'users.display_name as created_by_name',
      'orders.status as order_status',
      'orders.product_code as order_product_code',
      'orders.consignee_country_code as order_country_code',
      'recharges.channel as recharge_channel',
      'recharges.status as recharge_status',
      'bills.period_label as bill_period_label',
    ])
    .where('ledger_entries.id', '=', id)
    .executeTakeFirst();
}
