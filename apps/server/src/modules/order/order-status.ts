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
 * The counter row is one per customer, so every create, submit and cancel of the customer writes it.
 * Written when the change happens, it stayed locked for the rest of the transaction and a customer's
 * creates queued on it (issue 21). So changes are collected and written last: a transaction that
 * changes statuses or adds orders is opened with {@link orderTransaction}, which writes the counts as
 * its last statement before the commit. Lock order, to keep concurrent transactions of one customer from
 * deadlocking on PostgreSQL: the customer row (when the ledger may move it into arrears), the order rows,
 * the wallet (modules/wallet/ledger.ts), then the counter row — always last.
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
  moveStatusCount(trx, customerId, from, to);
  return { id: orderId, from, to, customerOrderNo: order.customer_order_no };
}

/** Count changes of one transaction, per customer, written by `orderTransaction` before it commits. */
type PendingCounts = Map<string, { deltas: Map<OrderStatus, number>; highestSeq: number }>;
const pendingCounts = new WeakMap<Db, PendingCounts>();

/**
 * Runs `work` in a transaction whose order count changes (`transitionOrder`, `insertOrders`) are
 * written as its last statement, right before the commit, so the customer's counter row is locked only
 * for that statement and the commit. Inside an open transaction, runs `work` in it (the outermost
 * `orderTransaction` writes the counts).
 */
export async function orderTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (pendingCounts.has(db)) return work(db);
  return db.transaction().execute(async (trx) => {
    const counts: PendingCounts = new Map();
    pendingCounts.set(trx, counts);
    try {
      const result = await work(trx);
      await writeCounts(trx, counts);
      return result;
    } finally {
      // The demo seed's savepoints hand the same object to each nested "transaction" (db/one-transaction.ts).
      pendingCounts.delete(trx);
    }
  });
}

function pendingOf(trx: Db, customerId: string) {
  const counts = pendingCounts.get(trx);
  if (!counts)
    throw new Error('order statuses and counts change only inside orderTransaction (order-status.ts)');
  let pending = counts.get(customerId);
  if (!pending) {
    pending = { deltas: new Map(), highestSeq: 0 };
    counts.set(customerId, pending);
  }
  return pending;
}

/** One order of the customer moved from one status to another: counted when the transaction ends. */
function moveStatusCount(trx: Db, customerId: string, from: OrderStatus, to: OrderStatus) {
  const { deltas } = pendingOf(trx, customerId);
  deltas.set(from, (deltas.get(from) ?? 0) - 1);
  deltas.set(to, (deltas.get(to) ?? 0) + 1);
}

/**
 * Counts `count` new orders of the customer in `status` (draft from the create path, draft or submitted
 * from the Excel batch), numbered up to `highestSeq`, when the transaction ends. Called by `insertOrders`.
 */
export function countNewOrders(
  trx: Db,
  customerId: string,
  status: OrderStatus,
  count: number,
  highestSeq: number,
): void {
  const pending = pendingOf(trx, customerId);
  pending.deltas.set(status, (pending.deltas.get(status) ?? 0) + count);
  pending.highestSeq = Math.max(pending.highestSeq, highestSeq);
}

/**
 * The collected changes, one upsert per customer. `last_seq` becomes the highest number committed, so
 * the list knows the numbers are gapless when it equals the count (order-list.repository.ts).
 */
async function writeCounts(trx: Db, counts: PendingCounts) {
  const highest = (value: number) =>
    isPostgres(trx)
      ? sql<number>`greatest(customer_order_counts.last_seq, ${value})`
      : sql<number>`max(customer_order_counts.last_seq, ${value})`;
  for (const [customerId, { deltas, highestSeq }] of counts) {
    const changed = [...deltas].filter(([, delta]) => delta !== 0);
    if (changed.length === 0 && highestSeq === 0) continue;
    const added = Object.fromEntries(
      changed.map(([status, delta]) => [
        status,
        sql<number>`customer_order_counts.${sql.ref(status)} + ${delta}`,
      ]),
    );
    await trx
      .insertInto('customer_order_counts')
      .values({ customer_id: customerId, last_seq: highestSeq, ...Object.fromEntries(changed) } as never)
      .onConflict((oc) =>
        oc.column('customer_id').doUpdateSet({ ...added, last_seq: highest(highestSeq) } as never),
      )
      .execute();
  }
}

/**
 * Draws `count` consecutive order numbers (`customer_seq`) of the customer, in a statement of its own:
 * called BEFORE the create's transaction, so the row is locked for one statement, not for a whole create
 * (inside one, as in the demo seed's single transaction, it still numbers correctly). Answers the first;
 * a create that fails afterwards leaves a gap, which the list handles.
 */
export async function drawOrderSeqs(db: Db, customerId: string, count: number): Promise<number> {
  const row = await db
    .insertInto('customer_order_seqs')
    .values({ customer_id: customerId, last_seq: count })
    .onConflict((oc) =>
      oc
        .column('customer_id')
        .doUpdateSet({ last_seq: sql<number>`customer_order_seqs.last_seq + ${count}` }),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq) - count + 1;
}
