import { type Insertable, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { OrdersTable, OrderTrackingEventsTable } from '../../db/schema.ts';
import type { OrderAddress } from './operations.schemas.ts';

/** SQL of the operations steps. Every statement on an order is scoped to its customer. */

/**
 * The order a waybill number, or a customer code with the customer's reference number, names, with its
 * customer's code and status; undefined when none. With `lock`, the order row is locked to the end of the
 * transaction on PostgreSQL (SQLite has one writer at a time).
 */
export async function findOrderByAddress(db: Db, address: OrderAddress, lock = false) {
  let query = db
    .selectFrom('orders')
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .selectAll('orders')
    .select(['customers.code as customer_code', 'customers.status as customer_status']);
  if (address.waybillNo) query = query.where('orders.waybill_no', '=', address.waybillNo);
  else
    query = query
      .where('customers.code', '=', address.customerCode!)
      .where('orders.customer_order_no', '=', address.customerOrderNo!);
  if (lock && isPostgres(db)) query = query.forUpdate('orders');
  return query.executeTakeFirst();
}
export type AddressedOrder = NonNullable<Awaited<ReturnType<typeof findOrderByAddress>>>;

/** Locks the customer row first (PostgreSQL): the ledger may then move it into arrears (see ledger.ts). */
export async function lockCustomer(db: Db, customerId: string) {
  if (!isPostgres(db)) return;
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

export async function findCustomerStatus(db: Db, customerId: string) {
  const row = await db
    .selectFrom('customers')
    .select('status')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.status;
}

export async function countParcels(db: Db, orderId: string) {
  const row = await db
    .selectFrom('order_parcels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Columns of an order that are not its status (weights and charges of a re-weigh, last-mile data). */
export async function updateOrder(db: Db, customerId: string, orderId: string, set: Updateable<OrdersTable>) {
  await db
    .updateTable('orders')
    .set(set)
    .where('customer_id', '=', customerId)
    .where('id', '=', orderId)
    .execute();
}

export async function findEnabledIssueKind(db: Db, code: string) {
  return db
    .selectFrom('issue_kinds')
    .select(['code', 'name'])
    .where('code', '=', code)
    .where('is_enabled', '=', 1)
    .executeTakeFirst();
}

/**
 * Adds a tracking event unless the order has the same one already (same time, code and description): a
 * retried call adds nothing. Answers whether it added the event.
 */
export async function addEvent(db: Db, event: Insertable<OrderTrackingEventsTable>): Promise<boolean> {
  const same = await db
    .selectFrom('order_tracking_events')
    .select('id')
    .where('customer_id', '=', event.customer_id)
    .where('order_id', '=', event.order_id)
    .where('occurred_at', '=', event.occurred_at)
    .where('status_code', '=', event.status_code)
    .where('description', '=', event.description)
    .executeTakeFirst();
  if (same) return false;
  await db.insertInto('order_tracking_events').values(event).execute();
  return true;
}

/** The order's events, newest first. */
export function listEvents(db: Db, customerId: string, orderId: string) {
  return db
    .selectFrom('order_tracking_events')
    .select(['id', 'occurred_at', 'location', 'status_code', 'description', 'language'])
    .where('customer_id', '=', customerId)
    .where('order_id', '=', orderId)
    .orderBy('occurred_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** The ledger rows the order caused, oldest first. */
export function listLedgerRows(db: Db, customerId: string, orderId: string) {
  return db
    .selectFrom('ledger_entries')
    .select([
      'entry_no',
      'entry_type',
      'currency_code',
      'amount',
      'held_change',
      'balance_after',
      'held_after',
      'created_at',
    ])
    .where('customer_id', '=', customerId)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('entry_no')
    .execute();
}
