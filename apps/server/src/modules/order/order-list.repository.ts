import type { OrderStatus } from '@portal/contracts/order';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { filteredOrders, filtersBesidesStatus, type ScopedOrderFilter } from './order-filter.ts';

/**
 * SQL of the order list, the end-data list, tracking and the home summary (reasoning in
 * docs/ARCHITECTURE.md "Order list"). Every statement is scoped to the caller's customer.
 *
 * Pages are found in two steps: the page's `customer_seq` values from an index walk (no row is read for
 * the rows skipped), then the page's rows by (customer_id, customer_seq). The unfiltered list needs no
 * walk while the numbers have no gaps (the counter row's `last_seq` equals the count): page k is a range.
 * A create that failed after drawing its number leaves a gap; the list is then walked like a filtered
 * one. A page nearer the end than the start is walked from the end (the total is known before the page
 * is read).
 */

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

/** The columns a list row shows (`toListItem` in order-list.service.ts). */
const LIST_COLUMNS = [
  'orders.id',
  'orders.customer_seq',
  'orders.status',
  'orders.customer_order_no',
  'orders.waybill_no',
  'orders.last_mile_carrier',
  'orders.last_mile_no',
  'orders.product_code',
  'orders.consignee_name',
  'orders.consignee_company',
  'orders.consignee_country_code',
  'orders.consignee_city',
  'orders.forecast_weight_g',
  'orders.actual_weight_g',
  'orders.chargeable_weight_g',
  'orders.estimated_total',
  'orders.estimated_currency_code',
  'orders.final_total',
  'orders.final_currency_code',
  'orders.issue_kind_code',
  'orders.handed_over_at',
  'orders.created_at',
  'orders.submitted_at',
  'orders.updated_at',
] as const;

export async function listRowsBySeq(db: Db, customerId: string, seqs: readonly number[]) {
  if (seqs.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(LIST_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('order_parcels')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('order_parcels.order_id', '=', 'orders.id')
        .as('parcel_count'),
    )
    .where('orders.customer_id', '=', customerId)
    .where('orders.customer_seq', 'in', seqs)
    .orderBy('orders.customer_seq', 'desc')
    .execute();
}
export type ListRow = Awaited<ReturnType<typeof listRowsBySeq>>[number];

export type StatusCountRow = Record<OrderStatus, number> & { last_seq: number };

const EMPTY_COUNTS: StatusCountRow = {
  last_seq: 0,
  draft: 0,
  submitted: 0,
  received: 0,
  in_transit: 0,
  delivered: 0,
  exception: 0,
  returned: 0,
  cancelled: 0,
};

/** The customer's counter row (migration 085, kept by order-status.ts): one row instead of a count. */
export async function storedStatusCounts(db: Db, customerId: string): Promise<StatusCountRow> {
  const row = await db
    .selectFrom('customer_order_counts')
    .select([
      'last_seq',
      'draft',
      'submitted',
      'received',
      'in_transit',
      'delivered',
      'exception',
      'returned',
      'cancelled',
    ])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return { ...EMPTY_COUNTS };
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, Number(value)]),
  ) as StatusCountRow;
}

/** Orders per status under the filter's other conditions; the counter row when there are none. */
export async function statusCounts(
  db: Db,
  customerId: string,
  filter: ScopedOrderFilter,
): Promise<{ counts: Record<OrderStatus, number>; lastSeq: number | null }> {
  if (!filtersBesidesStatus(filter)) {
    const { last_seq, ...counts } = await storedStatusCounts(db, customerId);
    return { counts, lastSeq: last_seq };
  }
  const rows = await filteredOrders(db, customerId, filter, { withStatus: false })
    .select(['orders.status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('orders.status')
    .execute();
  const { last_seq: _, ...counts } = EMPTY_COUNTS;
  for (const row of rows) counts[row.status] = Number(row.count);
  return { counts, lastSeq: null };
}

/**
 * The filter's matches under every status, as (status, customer_seq), when there are at most `cap`;
 * undefined when there are more. One index read answers a small result whole — the tabs' counts and any
 * page — instead of a count plus a walk that, for a rare match, would visit the whole list in order.
 */
export async function smallMatchSet(db: Db, customerId: string, filter: ScopedOrderFilter, cap: number) {
  const rows = await filteredOrders(db, customerId, filter, { withStatus: false })
    .select(['orders.status', 'orders.customer_seq'])
    .limit(cap + 1)
    .execute();
  return rows.length > cap
    ? undefined
    : rows.map((row) => ({ status: row.status, seq: Number(row.customer_seq) }));
}

/**
 * The `customer_seq` values of one page of `query` (newest first), given how many rows it has. Walks
 * the index from whichever end is nearer, so the last page costs what the first does.
 */
export async function pageSeqs(query: OrdersQuery, total: number, pageIndex: number, pageSize: number) {
  const offset = (pageIndex - 1) * pageSize;
  if (offset >= total) return [];
  const after = total - offset - pageSize; // rows after this page, negative on a short last page
  if (after < offset) {
    const rows = await query
      .select('orders.customer_seq')
      .orderBy('orders.customer_seq', 'asc')
      .limit(pageSize + Math.min(0, after))
      .offset(Math.max(0, after))
      .execute();
    return rows.map((row) => Number(row.customer_seq)).reverse();
  }
  const rows = await query
    .select('orders.customer_seq')
    .orderBy('orders.customer_seq', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return rows.map((row) => Number(row.customer_seq));
}

/**
 * The unfiltered list's page as a range of sequence numbers, when they have no gaps (`count` orders
 * numbered 1…lastSeq: orders are never deleted).
 */
export function seqRangePage(lastSeq: number, pageIndex: number, pageSize: number) {
  const highest = lastSeq - (pageIndex - 1) * pageSize;
  const seqs: number[] = [];
  for (let seq = highest; seq > Math.max(0, highest - pageSize); seq--) seqs.push(seq);
  return seqs;
}

/** The end-data list's rows: orders with a last-mile number, under the filter. */
export const endDataQuery = (db: Db, customerId: string, filter: ScopedOrderFilter) =>
  filteredOrders(db, customerId, filter).where('orders.last_mile_no', 'is not', null);

export async function countRows(query: OrdersQuery) {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The customer's orders matching any of the numbers (reference, waybill or last-mile). */
export function ordersByNumbers(
  db: Db,
  customerId: string,
  numbers: readonly string[],
  dataScope: ScopedOrderFilter['dataScope'],
) {
  return filteredOrders(db, customerId, { numbers: [...numbers], dataScope })
    .select([
      'orders.id',
      'orders.customer_order_no',
      'orders.waybill_no',
      'orders.last_mile_carrier',
      'orders.last_mile_no',
      'orders.status',
      'orders.consignee_country_code',
    ])
    .orderBy('orders.customer_seq', 'desc')
    .execute();
}

/** Tracking events of the customer's orders, newest first. */
export function trackingEvents(db: Db, customerId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_tracking_events')
    .select(['id', 'order_id', 'occurred_at', 'location', 'status_code', 'description', 'language'])
    .where('customer_id', '=', customerId)
    .where('order_id', 'in', orderIds)
    .orderBy('occurred_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The ledger rows an order caused, oldest first. */
export function ledgerRowsOfOrder(db: Db, customerId: string, orderId: string) {
  return db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'entry_type',
      'currency_code',
      'amount',
      'balance_after',
      'order_id',
      'reference_no',
      'remark',
      'created_at',
    ])
    .where('customer_id', '=', customerId)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('entry_no')
    .execute();
}

/**
 * Orders submitted in [from, to) that were not cancelled, and their charges per currency (the final
 * charge once weighed, else the estimate): an index range of `orders_submitted_idx`, no table rows.
 */
export async function submittedBetween(
  db: Db,
  customerId: string,
  from: string,
  to: string,
  dataScope: ScopedOrderFilter['dataScope'],
) {
  const currency = sql<string | null>`coalesce(final_currency_code, estimated_currency_code)`;
  const rows = await filteredOrders(db, customerId, { dataScope })
    .select([
      currency.as('currency_code'),
      (eb) => eb.fn.countAll<number>().as('orders'),
      sql<number | null>`sum(coalesce(final_total, estimated_total))`.as('amount'),
    ])
    .where('submitted_at', '>=', from)
    .where('submitted_at', '<', to)
    .where('status', '!=', 'cancelled')
    .groupBy(currency)
    .execute();
  return rows.map((row) => ({
    currencyCode: row.currency_code,
    orders: Number(row.orders),
    amount: row.amount === null ? 0 : Number(row.amount),
  }));
}

/** The customer's newest orders in one status, within the data scope (the home page's recent exceptions). */
export function newestInStatus(
  db: Db,
  customerId: string,
  status: OrderStatus,
  limit: number,
  dataScope: ScopedOrderFilter['dataScope'],
) {
  return filteredOrders(db, customerId, { status, dataScope })
    .select('orders.customer_seq')
    .orderBy('orders.customer_seq', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Keyset pages of a query's rows, newest first, `chunk` at a time (exports: memory stays flat however
 * many rows). `select` gives the columns; each chunk starts below the last sequence number seen.
 */
export async function* keysetChunks<Row extends { customer_seq: number }>(
  query: OrdersQuery,
  select: (query: OrdersQuery) => SelectQueryBuilder<Database, 'orders', Row>,
  chunk = 1000,
): AsyncGenerator<Row[]> {
  let below: number | null = null;
  for (;;) {
    let page = query;
    if (below !== null) page = page.where('orders.customer_seq', '<', below);
    const rows: Row[] = await select(page).orderBy('orders.customer_seq', 'desc').limit(chunk).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < chunk) return;
    below = Number(rows[rows.length - 1]!.customer_seq);
  }
}

export { LIST_COLUMNS };
