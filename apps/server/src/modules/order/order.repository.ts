import { sql, type Insertable, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { Database, OrderItemsTable, OrderParcelsTable, OrdersTable } from '../../db/schema.ts';
import { isPlainId } from '../../lib/ids.ts';
import { consigneeSearchText } from './order-filter.ts';
import { countNewOrders } from './order-status.ts';

/** SQL of orders. Every statement is scoped to the caller's customer. */

export type OrderRow = OrdersTable;
/** A new order as the create path gives it; `insertOrder` numbers it and derives its search text. */
export type NewOrderRow = Omit<Insertable<OrdersTable>, 'customer_seq' | 'consignee_search' | 'org_unit_id'>;
export type OrderParcelRow = OrderParcelsTable;
export type OrderItemRow = OrderItemsTable;

/**
 * The columns SQLite names for a unique index of this module: its error says "UNIQUE constraint failed:
 * orders.customer_id, orders.customer_order_no", never the index name that PostgreSQL reports.
 */
const UNIQUE_INDEX_COLUMNS: Record<string, string> = {
  orders_customer_order_no_uq: 'orders.customer_id, orders.customer_order_no',
  orders_waybill_no_uq: 'orders.waybill_no',
  recharges_trade_uq: 'recharges.provider, recharges.provider_trade_no',
};

/**
 * A unique index refused the write (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL SQLSTATE 23505); with
 * `indexName`, that index and no other (a clash in the ledger's numbering must not pass for a taken
 * reference number).
 */
export function isUniqueViolation(error: unknown, indexName?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return !indexName || e.constraint === indexName;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    if (!indexName) return true;
    const columns = UNIQUE_INDEX_COLUMNS[indexName];
    return columns !== undefined && e.message === `UNIQUE constraint failed: ${columns}`;
  }
  return false;
}

/** The customer's order; an id no order can have (control characters: PostgreSQL refuses a NUL) is none. */
export async function findOrder(db: Db, customerId: string, id: string) {
  if (!isPlainId(id)) return undefined;
  return db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The customer's orders of these ids, in id order, locked until the transaction ends on PostgreSQL (the
 * fixed order keeps two overlapping cancels from deadlocking); SQLite has one writer at a time.
 */
export async function lockOrders(db: Db, customerId: string, ids: readonly string[]) {
  const plain = ids.filter(isPlainId);
  if (plain.length === 0) return [];
  const query = db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'customer_order_no',
      'waybill_no',
      'estimated_total',
      'estimated_currency_code',
      'org_unit_id',
      'created_by',
    ])
    .where('customer_id', '=', customerId)
    .where('id', 'in', plain)
    .orderBy('id');
  return (isPostgres(db) ? query.forUpdate() : query).execute();
}

export function listParcels(db: Db, orderId: string) {
  return db.selectFrom('order_parcels').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
}

export function listItems(db: Db, orderId: string) {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
}

export async function customerOrderNoExists(db: Db, customerId: string, customerOrderNo: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('customer_order_no', '=', customerOrderNo)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Reserves `count` values of the customer's reference-number counter for a UTC day in one statement;
 * answers the first (1 for the day's first order).
 */
export async function reserveOrderNumbers(
  db: Db,
  customerId: string,
  day: string,
  count: number,
): Promise<number> {
  const row = await db
    .insertInto('order_number_counters')
    .values({ customer_id: customerId, day, last_value: count })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'day'])
        .doUpdateSet({ last_value: sql<number>`order_number_counters.last_value + ${count}` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value) - count + 1;
}

/** Statement parameters per chunk of a long `in (…)` list or a multi-row insert (both engines' limits). */
const PARAMETERS_PER_STATEMENT = 30_000;
const chunked = <T>(list: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) =>
    list.slice(index * size, (index + 1) * size),
  );

/** Which of these reference numbers the customer's orders already have. */
export async function takenCustomerOrderNos(
  db: Db,
  customerId: string,
  numbers: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunked(numbers, 1000)) {
    const rows = await db
      .selectFrom('orders')
      .select('customer_order_no')
      .where('customer_id', '=', customerId)
      .where('customer_order_no', 'in', chunk)
      .execute();
    for (const row of rows) taken.add(row.customer_order_no);
  }
  return taken;
}

const searchTextOf = (
  order: Pick<
    NewOrderRow,
    'consignee_name' | 'consignee_company' | 'consignee_phone' | 'consignee_email' | 'consignee_city'
  >,
) =>
  consigneeSearchText({
    name: order.consignee_name,
    company: order.consignee_company ?? null,
    phone: order.consignee_phone,
    email: order.consignee_email ?? null,
    city: order.consignee_city,
  });

export async function insertOrder(
  db: Db,
  order: NewOrderRow,
  seq: number,
  parcels: readonly Insertable<OrderParcelsTable>[],
  items: readonly Insertable<OrderItemsTable>[],
  creatorUnit?: string | null,
) {
  await insertOrders(
    db,
    [{ order, parcels, items }],
    seq,
    creatorUnit === undefined ? undefined : new Map([[order.created_by, creatorUnit]]),
  );
}

/**
 * New orders of ONE customer, all in one status, with their parcels and items, numbered `firstSeq`,
 * `firstSeq + 1` … (drawn before the transaction with `drawOrderSeqs`) and counted when the caller's
 * `orderTransaction` ends; multi-row inserts in chunks. The single create passes one order, the Excel
 * batch thousands. `knownUnits` are creators' units already read (the caller's own, with its session).
 */
export async function insertOrders(
  db: Db,
  orders: readonly {
    order: NewOrderRow;
    parcels: readonly Insertable<OrderParcelsTable>[];
    items: readonly Insertable<OrderItemsTable>[];
  }[],
  firstSeq: number,
  knownUnits?: ReadonlyMap<string, string | null>,
) {
  const first = orders[0]?.order;
  if (!first) return;
  if (orders.some(({ order }) => order.customer_id !== first.customer_id || order.status !== first.status))
    throw new Error('insertOrders: one customer and one status per call');
  // Each order keeps its creator's unit as it is now: the unit data scope (organization module) reads it.
  const creators = [...new Set(orders.map(({ order }) => order.created_by))];
  const unitOf = creators.every((id) => knownUnits?.has(id))
    ? knownUnits!
    : await creatorUnits(db, first.customer_id, creators);
  countNewOrders(db, first.customer_id, first.status, orders.length, firstSeq + orders.length - 1);
  const rows = orders.map(({ order }, index) => ({
    ...order,
    customer_seq: firstSeq + index,
    consignee_search: searchTextOf(order),
    org_unit_id: unitOf.get(order.created_by) ?? null,
  }));
  await insertChunked(db, 'orders', rows);
  await insertChunked(
    db,
    'order_parcels',
    orders.flatMap(({ parcels }) => parcels),
  );
  await insertChunked(
    db,
    'order_items',
    orders.flatMap(({ items }) => items),
  );
}

async function creatorUnits(db: Db, customerId: string, userIds: readonly string[]) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'org_unit_id'])
    .where('customer_id', '=', customerId)
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.org_unit_id]));
}

/** Rows inserted by multi-row statements that stay within the engines' parameter limits. */
async function insertChunked<T extends 'orders' | 'order_parcels' | 'order_items'>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
) {
  if (rows.length === 0) return;
  const perRow = Object.keys(rows[0]!).length;
  for (const chunk of chunked(rows, Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / perRow))))
    await db
      .insertInto(table)
      .values(chunk as never)
      .execute();
}

/**
 * A draft's contents replaced (columns, parcels, items) inside the caller's transaction, which has locked
 * the row and checked it is still a draft. The search text follows the consignee.
 */
export async function replaceDraft(
  db: Db,
  customerId: string,
  id: string,
  columns: Omit<
    Updateable<OrdersTable>,
    'id' | 'customer_id' | 'status' | 'customer_seq' | 'consignee_search'
  > &
    Pick<
      NewOrderRow,
      'consignee_name' | 'consignee_company' | 'consignee_phone' | 'consignee_email' | 'consignee_city'
    >,
  parcels: readonly Insertable<OrderParcelsTable>[],
  items: readonly Insertable<OrderItemsTable>[],
) {
  await db
    .updateTable('orders')
    .set({ ...columns, consignee_search: searchTextOf(columns) })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .execute();
  await db.deleteFrom('order_parcels').where('order_id', '=', id).execute();
  await db.deleteFrom('order_items').where('order_id', '=', id).execute();
  await db.insertInto('order_parcels').values(parcels).execute();
  await db.insertInto('order_items').values(items).execute();
}
