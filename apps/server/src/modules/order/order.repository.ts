import { sql, type Insertable, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { OrderItemsTable, OrderParcelsTable, OrdersTable } from '../../db/schema.ts';
import { isPlainId } from '../../lib/ids.ts';
import { consigneeSearchText } from './order-filter.ts';
import { countNewOrder } from './order-status.ts';

/** SQL of orders. Every statement is scoped to the caller's customer. */

export type OrderRow = OrdersTable;
/** A new order as the create path gives it; `insertOrder` numbers it and derives its search text. */
export type NewOrderRow = Omit<Insertable<OrdersTable>, 'customer_seq' | 'consignee_search'>;
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
    .select(['id', 'status', 'customer_order_no', 'waybill_no', 'estimated_total', 'estimated_currency_code'])
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

/** The next value of the customer's reference-number counter for a UTC day (1 for the first). */
export async function nextOrderNumber(db: Db, customerId: string, day: string): Promise<number> {
  const row = await db
    .insertInto('order_number_counters')
    .values({ customer_id: customerId, day, last_value: 1 })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'day'])
        .doUpdateSet({ last_value: sql<number>`order_number_counters.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
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
  parcels: readonly Insertable<OrderParcelsTable>[],
  items: readonly Insertable<OrderItemsTable>[],
) {
  // Counted (and numbered) in the same transaction: the customer's counter row is the list's tabs.
  const customerSeq = await countNewOrder(db, order.customer_id, order.status);
  await db
    .insertInto('orders')
    .values({ ...order, customer_seq: customerSeq, consignee_search: searchTextOf(order) })
    .execute();
  await db.insertInto('order_parcels').values(parcels).execute();
  await db.insertInto('order_items').values(items).execute();
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

/** The product's stored names (JSON LocalizedText); undefined when no product has the code. */
export async function findProductNames(db: Db, productCode: string) {
  const row = await db
    .selectFrom('products')
    .select('name')
    .where('code', '=', productCode)
    .executeTakeFirst();
  return row?.name;
}
