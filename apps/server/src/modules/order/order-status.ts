import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import type { OrderStatus } from '@portal/contracts/order';
import { canTransition } from '@portal/contracts/order-list';
import { sql, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { OrdersTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { translate } from '../../lib/messages.ts';
import { statusMessageKey } from './order.messages.ts';

/**
 * The ONE writer of an order's status. Every status change — the customer's submit and cancel, every
 * operations step — goes through `transitionOrder`, which refuses what `ORDER_TRANSITIONS` (contracts
 * order-list.ts) does not allow, stamps the journey time and moves the customer's per-status counter
 * (`customer_order_counts`, read by the list's tabs and the home page) in the same transaction.
 *
 * Lock order, to keep concurrent transactions of one customer from deadlocking on PostgreSQL: the order
 * rows, then the customer's counter row (here), then the wallet (modules/wallet/ledger.ts). So call this
 * BEFORE posting the ledger entry that goes with the change.
 */

/** The journey time each status stamps (`handed_over_at` is set with the last-mile number, not here). */
const JOURNEY_COLUMN: Partial<Record<OrderStatus, keyof OrdersTable>> = {
  submitted: 'submitted_at',
  received: 'received_at',
  delivered: 'delivered_at',
  returned: 'returned_at',
  exception: 'exception_at',
  cancelled: 'cancelled_at',
};

/** Columns a transition may set besides the status and its journey time (weights, charges, numbers …). */
export type TransitionColumns = Omit<
  Updateable<OrdersTable>,
  'id' | 'customer_id' | 'status' | 'customer_seq' | 'created_at' | 'updated_at'
>;

export interface TransitionInput {
  customerId: string;
  orderId: string;
  to: OrderStatus;
  /** When it happened (ISO-8601 UTC): `updated_at` and the journey time. */
  at: string;
  set?: TransitionColumns;
  /** The language of the refusal's status names (the caller's); default zh-CN. */
  language?: Language;
  /**
   * The refusal's message key when the caller has a more specific one (submit: "only drafts can be
   * submitted"); it gets the params `customerOrderNo`, `status` (the current one), `from` and `to`.
   */
  refusalKey?: string;
}

export interface Transitioned {
  id: string;
  from: OrderStatus;
  to: OrderStatus;
  customerOrderNo: string;
}

/**
 * Moves one order of the customer to `to`, inside `trx`. Not the customer's order: 404. A change the
 * lifecycle does not allow: 409 naming both statuses in the caller's language, nothing written.
 */
export async function transitionOrder(trx: Db, input: TransitionInput): Promise<Transitioned> {
  const { customerId, orderId, to, at } = input;
  const query = trx
    .selectFrom('orders')
    .select(['id', 'status', 'customer_order_no'])
    .where('customer_id', '=', customerId)
    .where('id', '=', orderId);
  // Locked to the end of the transaction on PostgreSQL; SQLite has one writer at a time.
  const order = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (!order) throw notFound();
  const from = order.status;
  if (!canTransition(from, to)) {
    const language = input.language ?? 'zh-CN';
    const fromName = translate(language, statusMessageKey(from));
    throw new AppError(ApiCode.Conflict, input.refusalKey ?? 'order.illegalTransition', {
      customerOrderNo: order.customer_order_no,
      status: fromName,
      from: fromName,
      to: translate(language, statusMessageKey(to)),
    });
  }

  const journey = JOURNEY_COLUMN[to];
  const values: Updateable<OrdersTable> = { ...input.set, status: to, updated_at: at };
  // The first receipt is the journey's; an exception is stamped each time it happens.
  if (journey === 'received_at') values.received_at = sql<string>`coalesce(received_at, ${at})` as never;
  else if (journey) values[journey] = at as never;
  const result = await trx
    .updateTable('orders')
    .set(values)
    .where('customer_id', '=', customerId)
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  // The row is locked (PostgreSQL) or the writer is alone (SQLite): the status read above still holds.
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`order ${orderId} changed status while locked`);
  await moveStatusCount(trx, customerId, from, to);
  return { id: orderId, from, to, customerOrderNo: order.customer_order_no };
}

/** One order of the customer moved from one status to another in the counters. */
async function moveStatusCount(trx: Db, customerId: string, from: OrderStatus, to: OrderStatus) {
  await trx
    .updateTable('customer_order_counts')
    .set((eb) => ({ [from]: eb(from, '-', 1), [to]: eb(to, '+', 1) }) as never)
    .where('customer_id', '=', customerId)
    .execute();
}

/**
 * Counts `count` new orders of the customer in `status` (draft from the create path, draft or submitted
 * from the Excel batch) in one statement, in the same transaction as their insert; answers the last
 * `customer_seq` reserved (they are `last − count + 1 … last`). Called by `insertOrders`.
 */
export async function countNewOrders(
  trx: Db,
  customerId: string,
  status: OrderStatus,
  count: number,
): Promise<number> {
  const row = await trx
    .insertInto('customer_order_counts')
    .values({ customer_id: customerId, last_seq: count, [status]: count } as never)
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet({
        last_seq: sql<number>`customer_order_counts.last_seq + ${count}`,
        [status]: sql<number>`customer_order_counts.${sql.ref(status)} + ${count}`,
      } as never),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}
