import type { OrderFilter } from '@portal/contracts/order-list';
import type { Db } from '../../db/database.ts';
import { isPlainId } from '../../lib/ids.ts';
import { filteredOrders } from '../order/order-filter.ts';
import type { DataScopeFilter } from '../organization/data-scope.ts';

/** SQL of labels: the orders, parcels, items and product names a batch of labels prints. */

/**
 * The customer's orders among `ids` within the caller's data scope (in no particular order), with what a
 * label prints; an id no order can have (control characters: PostgreSQL refuses a NUL) matches nothing.
 */
export async function findLabelOrders(
  db: Db,
  customerId: string,
  ids: readonly string[],
  dataScope: DataScopeFilter | null,
) {
  const plain = ids.filter(isPlainId);
  if (plain.length === 0) return [];
  return filteredOrders(db, customerId, { dataScope }).selectAll().where('orders.id', 'in', plain).execute();
}

/** Parcels of these orders (already the caller's), by order and sequence. */
export function findParcels(db: Db, orderIds: readonly string[]) {
  return db
    .selectFrom('order_parcels')
    .select(['order_id', 'seq', 'weight_g'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('seq')
    .execute();
}

/** Declared items of these orders (already the caller's), by order and sequence. */
export function findItems(db: Db, orderIds: readonly string[]) {
  return db
    .selectFrom('order_items')
    .select(['order_id', 'seq', 'name_cn', 'name_en', 'quantity'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('seq')
    .execute();
}

/**
 * Ids of the customer's orders (within the data scope) that match `filter` and have a label (a waybill number, not a draft or
 * cancelled), newest first as the order list shows them (the customer's sequence).
 */
export async function findLabelIdsByFilter(
  db: Db,
  customerId: string,
  filter: Partial<OrderFilter>,
  dataScope: DataScopeFilter | null,
) {
  const rows = await filteredOrders(db, customerId, { ...filter, dataScope })
    .select('orders.id')
    .where('orders.waybill_no', 'is not', null)
    .where('orders.status', 'not in', ['draft', 'cancelled'])
    .orderBy('orders.customer_seq', 'desc')
    .execute();
  return rows.map((row) => row.id);
}
