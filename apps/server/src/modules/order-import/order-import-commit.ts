import { ApiCode } from '@portal/contracts/envelope';
import { formatMinorAmount } from '@portal/contracts/money';
import type { OrderCreateParsed } from '@portal/contracts/order';
import type { InsufficientBalance } from '@portal/contracts/wallet';
import { sql } from 'kysely';
import { isStorageFull } from '../../db/availability.ts';
import type { Db } from '../../db/database.ts';
import { enqueue, PermanentTaskError, type TaskHandler } from '../../jobs/task-runner.ts';
import { AppError } from '../../lib/errors.ts';
import { isPlainId, newId, nowIso } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as orderRepo from '../order/order.repository.ts';
import { drawOrderSeqs, orderTransaction } from '../order/order-status.ts';
import {
  generateCustomerOrderNos,
  orderRows,
  orderShape,
  quoteRequestOf,
  shipperColumns,
  type PartyColumns,
} from '../order/order.service.ts';
import { issueWaybillNos } from '../order/waybill.ts';
import { loadOrderPricer } from '../product/quote.service.ts';
import { currencyDisplay, postLedgerEntries } from '../wallet/ledger.ts';
import { findOwnImport, importNotFound } from './order-import-check.ts';
import { lastRowNumber } from './order-import.repository.ts';
import './order-import-commit.messages.ts';

/**
 * The commit of an Excel batch (issue 12): every valid, not excluded order of the import becomes an
 * order — a draft, or submitted with its waybill number and hold — all or none.
 *
 * `startCommit` (the route) moves the import `ready` → `committing` by ONE conditional UPDATE and queues
 * the task in the same transaction, so of two commits at once (two clicks, two instances) exactly one
 * wins; the other hears 409. The task (`orderImportCommitHandler`) then
 * 1. reads the valid lead rows in chunks and prices every order again with ONE loaded pricer (prices,
 *    products and the sender may have changed since the preview), saving progress now and then — outside
 *    any transaction (SQLite has one connection);
 * 2. writes everything in ONE transaction: the orders (`import_id`), parcels and items by multi-row
 *    inserts, generated reference numbers and waybill numbers reserved n at a time, the holds through
 *    the ledger's batch form, the rows `created` with their order and the import `committed`.
 * A refusal (insufficient balance, a product now unusable, a reference number now taken) fails the task
 * at once; its `failed` hook puts the import back to `ready` with the reason (message key + params,
 * worded in the reader's language). Any other failure is retried by the runner — safe, because nothing
 * of a failed attempt was written — and after the last attempt the import is `ready` again too.
 */

/** The runner's kind; the payload names the import and who committed it. */
export const ORDER_IMPORT_COMMIT_TASK = 'orderImport.commit';
export interface OrderImportCommitPayload {
  importId: string;
  customerId: string;
  userId: string;
}

/** Lead rows read per query. */
const READ_CHUNK = 500;
/** Reading and pricing take the progress to here; the write transaction takes it to 100. */
const PRICED_PROGRESS = 90;
/** Progress is saved at most this often. */
const PROGRESS_SAVE_MS = 500;

/** A refusal the customer can act on: the import is `ready` again with this reason (no retry). */
export class CommitRefusal extends PermanentTaskError {
  override name = 'CommitRefusal';
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

/** The valid, not excluded orders of an import: their lead rows. */
const validLeadRows = (db: Db, importId: string) =>
  db
    .selectFrom('order_import_rows')
    .where('order_import_rows.import_id', '=', importId)
    .where('order_import_rows.is_lead', '=', 1)
    .where('order_import_rows.state', '=', 'valid')
    .where('order_import_rows.excluded', '=', 0)
    .where('order_import_rows.order_input', 'is not', null);

/**
 * `POST BatchImportCommit`: `ready` → `committing` in one conditional UPDATE (only when the import has a
 * valid order), and the task queued in the same transaction. Not the caller's import: 404; not `ready`
 * (committing, committed, waiting for a mapping): 409; no valid order: 400. Answers the orders to create.
 */
export async function startCommit(
  db: Db,
  auth: AuthContext,
  input: { id: string; submit: boolean },
): Promise<number> {
  if (!isPlainId(input.id)) throw importNotFound();
  return db.transaction().execute(async (trx) => {
    // The caller's own import, within its unit data scope, before anything is claimed or queued.
    await findOwnImport(trx, auth, input.id);
    const taskId = newId();
    const now = nowIso();
    const started = await trx
      .updateTable('order_imports')
      .set({
        status: 'committing',
        submit: input.submit ? 1 : 0,
        progress: 0,
        commit_error: null,
        task_id: taskId,
        updated_at: now,
      })
      .where('id', '=', input.id)
      .where('customer_id', '=', auth.customerId)
      .where('status', '=', 'ready')
      .where(({ exists }) => exists(validLeadRows(trx, input.id).select('order_import_rows.row_number')))
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) !== 1) {
      const current = await trx
        .selectFrom('order_imports')
        .select('status')
        .where('id', '=', input.id)
        .where('customer_id', '=', auth.customerId)
        .executeTakeFirst();
      if (!current) throw importNotFound();
      if (current.status !== 'ready') throw new AppError(ApiCode.Conflict, 'orderImport.commitNotReady');
      throw new AppError(ApiCode.BadRequest, 'orderImport.commitNothingValid');
    }
    const payload: OrderImportCommitPayload = {
      importId: input.id,
      customerId: auth.customerId,
      userId: auth.userId,
    };
    await enqueue(trx, ORDER_IMPORT_COMMIT_TASK, payload, { id: taskId });
    const { count } = await validLeadRows(trx, input.id)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  });
}

/**
 * What phase 1 keeps of the batch: per order only its row and typed reference number. The orders' rows are
 * built again, chunk by chunk, inside the write transaction, so memory does not grow with the batch (a
 * 100,000-order batch held about 900 MB when every order's rows waited for the transaction).
 */
interface BatchPlan {
  orders: { rowNumber: number; customerOrderNo: string | null }[];
  shipper: PartyColumns;
  /** Σ the orders' charges per currency: what a refusal for balance says the batch needs. */
  totals: Map<string, number>;
}

/** One order of a chunk, priced and shaped as stored, waiting for its numbers. */
interface BatchOrder {
  rowNumber: number;
  /** Typed in the sheet; null: generated at commit. */
  customerOrderNo: string | null;
  rows: ReturnType<typeof orderRows>;
  total: number;
  currencyCode: string;
}

/** Saves the import's progress now and then, one write at a time, never holding up the rows. */
function progressSaver(save: (percent: number) => Promise<void>) {
  let last = 0;
  let saving: Promise<void> | undefined;
  return {
    report(percent: number) {
      const now = Date.now();
      if (saving || now - last < PROGRESS_SAVE_MS) return;
      last = now;
      saving = save(Math.floor(percent))
        .catch(() => undefined)
        .finally(() => {
          saving = undefined;
        });
    },
    flush: async () => saving,
  };
}

type ImportRow = { id: string; customer_id: string; shipper_address_id: string | null };

/** The sender's columns for every order of the batch; gone since the preview: a refusal. */
async function batchShipper(db: Db, imported: ImportRow): Promise<PartyColumns> {
  if (!imported.shipper_address_id) throw new CommitRefusal('orderImport.commitSenderGone');
  try {
    return await shipperColumns(db, imported.customer_id, {
      shipperAddressId: imported.shipper_address_id,
      shipper: undefined,
    });
  } catch (error) {
    if (error instanceof AppError) throw new CommitRefusal('orderImport.commitSenderGone');
    throw error;
  }
}

/**
 * Walks the valid lead rows in windows of row numbers (not `row_number > after … LIMIT`: PostgreSQL, without
 * statistics yet for rows just inserted, answers that form with a scan of every later row) and hands each
 * window's orders shaped and priced, with ONE loaded pricer for the whole walk. A row that no longer makes
 * an order, or whose product can no longer carry it, refuses the batch naming the row.
 */
async function forEachPricedChunk(
  db: Db,
  imported: ImportRow,
  shipper: PartyColumns,
  handle: (orders: BatchOrder[]) => Promise<void>,
) {
  // Reasons are not kept (the message names the row and product in the reader's language).
  const pricer = await loadOrderPricer(db, imported.customer_id, 'zh-CN');
  const last = await lastRowNumber(db, imported.id);
  for (let after = 0; after < last; after += READ_CHUNK) {
    const chunk = await validLeadRows(db, imported.id)
      .select(['order_import_rows.row_number', 'order_import_rows.order_input'])
      .where('order_import_rows.row_number', '>', after)
      .where('order_import_rows.row_number', '<=', after + READ_CHUNK)
      .orderBy('order_import_rows.row_number')
      .execute();
    const orders = chunk.map(({ row_number: rowNumber, order_input: orderInput }): BatchOrder => {
      const input = JSON.parse(orderInput!) as OrderCreateParsed;
      let shape: ReturnType<typeof orderShape>;
      try {
        shape = orderShape(input, shipper);
      } catch (error) {
        if (error instanceof AppError)
          throw new CommitRefusal('orderImport.commitRowRefused', { row: rowNumber });
        throw error;
      }
      const priced = pricer(input.productCode, quoteRequestOf(shape.shipment));
      if (!priced.ok)
        throw new CommitRefusal('orderImport.commitProductUnusable', {
          row: rowNumber,
          productCode: input.productCode,
        });
      return {
        rowNumber,
        customerOrderNo: input.customerOrderNo ?? null,
        rows: orderRows(shape, priced),
        total: priced.usable.totalAmount,
        currencyCode: priced.usable.currencyCode,
      };
    });
    if (orders.length > 0) await handle(orders);
  }
}

/**
 * Phase 1, outside any transaction: every order checked and priced once (a refusal comes before the write
 * transaction holds anything), progress saved; only the plan is kept.
 */
async function planBatch(
  db: Db,
  imported: ImportRow,
  report: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<BatchPlan> {
  const shipper = await batchShipper(db, imported);
  const { count } = await validLeadRows(db, imported.id)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const orders: BatchPlan['orders'] = [];
  const totals = new Map<string, number>();
  await forEachPricedChunk(db, imported, shipper, async (chunk) => {
    for (const order of chunk) {
      orders.push({ rowNumber: order.rowNumber, customerOrderNo: order.customerOrderNo });
      totals.set(order.currencyCode, (totals.get(order.currencyCode) ?? 0) + order.total);
    }
    report(orders.length, total);
    signal.throwIfAborted();
  });
  return { orders, shipper, totals };
}

/** Insufficient balance for the batch's holds, as the import's reason: "余额不足：需要 ¥X，可用 ¥Y". */
async function insufficientRefusal(
  db: Db,
  data: { currencyCode: string; required: number; available: number },
) {
  const display = await currencyDisplay(db, data.currencyCode);
  return new CommitRefusal('orderImport.insufficientBalance', {
    required: formatMinorAmount(data.required, display),
    available: formatMinorAmount(data.available, display),
  });
}

/**
 * Phase 2: the whole batch in ONE transaction. The import row is claimed first (`committing` with this
 * task → `committed`): an attempt of a lost lease or an older commit finds nothing to claim and writes
 * nothing. Lock order as the single create: the import, the wallet, the customer's counter row (last). The
 * orders are shaped and priced again chunk by chunk (the same as phase 1 unless a price changed in
 * between: what is written is what is held) and written chunk by chunk, so only one chunk's rows are in
 * memory; all of it commits or none.
 */
async function writeBatch(
  db: Db,
  imported: ImportRow,
  payload: OrderImportCommitPayload,
  taskId: string,
  submit: boolean,
  plan: BatchPlan,
): Promise<void> {
  const customerId = imported.customer_id;
  // The batch's order numbers, drawn before its transaction (order-status.ts drawOrderSeqs).
  const firstSeq = await drawOrderSeqs(db, customerId, plan.orders.length);
  await orderTransaction(db, async (trx) => {
    const now = nowIso();
    const claimed = await trx
      .updateTable('order_imports')
      .set({
        status: 'committed',
        committed_at: now,
        created_order_count: plan.orders.length,
        valid_order_count: 0,
        progress: 100,
        commit_error: null,
        updated_at: now,
      })
      .where('id', '=', imported.id)
      .where('status', '=', 'committing')
      .where('task_id', '=', taskId)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;

    // The customer may have been frozen or put in arrears since the commit was asked for; a signed-in
    // request would now be refused, so the background write is too.
    const customer = await trx
      .selectFrom('customers')
      .select('status')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (customer?.status !== 'active') throw new CommitRefusal('orderImport.commitAccountBlocked');

    // Reference numbers typed in the sheet that an order took since the preview: the first one's row named.
    const typed = plan.orders.flatMap((order) => (order.customerOrderNo ? [order.customerOrderNo] : []));
    const taken = await orderRepo.takenCustomerOrderNos(trx, customerId, typed);
    const clash = plan.orders.find((order) => order.customerOrderNo && taken.has(order.customerOrderNo));
    if (clash)
      throw new CommitRefusal('orderImport.commitNoTaken', {
        row: clash.rowNumber,
        customerOrderNo: clash.customerOrderNo!,
      });
    const generated = await generateCustomerOrderNos(
      trx,
      customerId,
      now,
      plan.orders.length - typed.length,
      new Set(typed),
    );
    const waybills = submit ? await issueWaybillNos(trx, plan.orders.length) : [];
    let nextGenerated = 0;
    let written = 0;
    const heldSoFar = new Map<string, number>();
    await forEachPricedChunk(trx, imported, plan.shipper, async (orders) => {
      const chunkSeq = firstSeq + written;
      const created = orders.map((order) => {
        const index = written++;
        // A row that became valid between the phases would not match the plan: refuse rather than guess.
        if (plan.orders[index]?.rowNumber !== order.rowNumber)
          throw new Error(`order import ${imported.id}: row ${order.rowNumber} is not the plan's`);
        return {
          ...order,
          id: newId(),
          customerOrderNo: order.customerOrderNo ?? generated[nextGenerated++]!,
          waybillNo: submit ? waybills[index]! : null,
        };
      });
      try {
        await writeChunk(trx, imported, payload, submit, now, created, chunkSeq);
      } catch (error) {
        if (!(error instanceof AppError) || error.messageKey !== 'wallet.insufficientBalance') throw error;
        // Worded for the whole batch: all it needs against what was available before it.
        const data = error.data as InsufficientBalance;
        const before = (data.available ?? 0) + (heldSoFar.get(data.currencyCode) ?? 0);
        throw await insufficientRefusal(trx, {
          ...data,
          required: plan.totals.get(data.currencyCode) ?? data.required,
          available: before,
        });
      }
      for (const order of created)
        heldSoFar.set(order.currencyCode, (heldSoFar.get(order.currencyCode) ?? 0) + order.total);
    });
    if (written !== plan.orders.length)
      throw new Error(
        `order import ${imported.id}: ${written} orders written, ${plan.orders.length} planned`,
      );
  });
}

/** One chunk of the batch written inside the batch's transaction: orders, holds, rows `created`. */
async function writeChunk(
  trx: Db,
  imported: ImportRow,
  payload: OrderImportCommitPayload,
  submit: boolean,
  now: string,
  created: (BatchOrder & { id: string; customerOrderNo: string; waybillNo: string | null })[],
  firstSeq: number,
) {
  const customerId = imported.customer_id;
  await orderRepo.insertOrders(
    trx,
    created.map((order) => ({
      order: {
        id: order.id,
        customer_id: customerId,
        customer_order_no: order.customerOrderNo,
        waybill_no: order.waybillNo,
        status: submit ? 'submitted' : 'draft',
        ...order.rows.columns,
        import_id: imported.id,
        created_by: payload.userId,
        created_at: now,
        updated_at: now,
        submitted_at: submit ? now : null,
      },
      parcels: order.rows.parcels.map((parcel) => ({ order_id: order.id, ...parcel })),
      items: order.rows.items.map((item) => ({ order_id: order.id, ...item })),
    })),
    firstSeq,
  );
  if (submit) {
    // A free shipment holds nothing (the ledger takes no empty rows), as the single submit.
    await postLedgerEntries(
      trx,
      created
        .filter((order) => order.total !== 0)
        .map((order) => ({
          customerId,
          currencyCode: order.currencyCode,
          entryType: 'order_charge' as const,
          amount: -order.total,
          heldChange: order.total,
          orderId: order.id,
          referenceNo: order.waybillNo,
          createdBy: payload.userId,
        })),
    );
  }
  // Every row of each order (lead and the rest share its lead row number) is `created` with the order.
  await trx
    .updateTable('order_import_rows')
    .set({
      state: 'created',
      order_id: sql<string>`case ${sql.ref('lead_row_number')} ${sql.join(
        created.map((order) => sql`when ${order.rowNumber} then ${order.id}`),
        sql` `,
      )} end`,
    })
    .where('import_id', '=', imported.id)
    .where(
      'lead_row_number',
      'in',
      created.map((order) => order.rowNumber),
    )
    .execute();
}

/** The runner's handler of `orderImport.commit`. */
export function orderImportCommitHandler(db: Db): TaskHandler<OrderImportCommitPayload> {
  return {
    async run({ payload, taskId, signal, progress }) {
      const imported = await db
        .selectFrom('order_imports')
        .select(['id', 'customer_id', 'shipper_address_id', 'status', 'submit', 'task_id'])
        .where('id', '=', payload.importId)
        .where('customer_id', '=', payload.customerId)
        .executeTakeFirst();
      // Deleted, committed by an earlier attempt, or no longer this task's commit: nothing to do.
      if (!imported || imported.status !== 'committing' || imported.task_id !== taskId) return;
      const saver = progressSaver(async (percent) => {
        await db
          .updateTable('order_imports')
          .set({ progress: percent })
          .where('id', '=', imported.id)
          .where('status', '=', 'committing')
          .where('task_id', '=', taskId)
          .execute();
        await progress(percent);
      });
      let plan: BatchPlan;
      try {
        plan = await planBatch(
          db,
          imported,
          (done, total) => saver.report((PRICED_PROGRESS * done) / Math.max(total, 1)),
          signal,
        );
      } finally {
        // No progress write may still be running when the write transaction starts (SQLite: one connection).
        await saver.flush();
      }
      await writeBatch(db, imported, payload, taskId, imported.submit === 1, plan);
    },

    async failed(trx, payload, error, taskId) {
      const reason =
        error instanceof CommitRefusal
          ? { key: error.messageKey, params: error.params }
          : // A full disk is said as such: the user can try again once there is room.
            { key: isStorageFull(error) ? 'error.storageFull' : 'orderImport.commitFailed', params: {} };
      await trx
        .updateTable('order_imports')
        .set({ status: 'ready', progress: 0, commit_error: JSON.stringify(reason), updated_at: nowIso() })
        .where('id', '=', payload.importId)
        .where('status', '=', 'committing')
        .where('task_id', '=', taskId)
        .execute();
    },
  };
}
