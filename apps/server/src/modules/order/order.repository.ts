import { PostgresAdapter, sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrderItemsTable, OrderParcelsTable, OrdersTable } from '../../db/schema.ts';

/** SQL of orders. Every statement is scoped to the caller's customer. */

export type OrderRow = OrdersTable;
export type NewOrderRow = Insertable<OrdersTable>;
export type OrderParcelRow = OrderParcelsTable;
export type OrderItemRow = OrderItemsTable;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A unique index refused the write (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, indexName?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return !indexName || e.constraint === indexName;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  return false;
}

export function findOrder(db: Db, customerId: string, id: string) {
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
export function lockOrders(db: Db, customerId: string, ids: readonly string[]) {
  const query = db
    .selectFrom('orders')
    .select(['id', 'status', 'customer_order_no', 'waybill_no', 'estimated_total', 'estimated_currency_code'])
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
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

export async function insertOrder(
  db: Db,
  order: NewOrderRow,
  parcels: readonly Insertable<OrderParcelsTable>[],
  items: readonly Insertable<OrderItemsTable>[],
) {
  await db.insertInto('orders').values(order).execute();
  await db.insertInto('order_parcels').values(parcels).execute();
  await db.insertInto('order_items').values(items).execute();
}

/**
 * Moves a draft to submitted with its waybill number and charge. Conditional on the draft state, so of two
 * concurrent submits of one order only one matches (PostgreSQL re-checks the row after the other commits);
 * answers the rows changed (0 or 1).
 */
export async function markSubmitted(
  db: Db,
  customerId: string,
  id: string,
  values: Updateable<OrdersTable> & { waybill_no: string; submitted_at: string },
) {
  const result = await db
    .updateTable('orders')
    .set({ ...values, status: 'submitted' })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markCancelled(db: Db, customerId: string, ids: readonly string[], now: string) {
  const result = await db
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .where('status', 'in', ['draft', 'submitted'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
