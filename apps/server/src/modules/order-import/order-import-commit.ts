import { ApiCode } from '@portal/contracts/envelope';
import { formatMinorAmount } from '@portal/contracts/money';
import type { OrderCreateParsed } from '@portal/contracts/order';
import type { InsufficientBalance } from '@portal/contracts/wallet';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { enqueue, PermanentTaskError, type TaskHandler } from '../../jobs/task-runner.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isPlainId, newId, nowIso } from '../../lib/ids.ts';
import { defineMessages } from '../../lib/messages.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as orderRepo from '../order/order.repository.ts';
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

defineMessages({
  'orderImport.commitStarted': {
    'zh-CN': '正在创建 {count} 个订单',
    'en-US': 'Creating {count} orders',
    'zh-TW': '正在建立 {count} 個訂單',
  },
  'orderImport.commitNotReady': {
    'zh-CN': '该批次正在提交、已经提交或尚未完成列映射，不能提交',
    'en-US': 'This batch is being committed, has been committed, or still needs its columns mapped',
    'zh-TW': '該批次正在提交、已經提交或尚未完成欄位對應，不能提交',
  },
  'orderImport.commitNothingValid': {
    'zh-CN': '没有可以创建的有效订单',
    'en-US': 'There is no valid order to create',
    'zh-TW': '沒有可以建立的有效訂單',
  },
  'orderImport.insufficientBalance': {
    'zh-CN': '余额不足：需要 {required}，可用 {available}',
    'en-US': 'Insufficient balance: {required} needed, {available} available',
    'zh-TW': '餘額不足：需要 {required}，可用 {available}',
  },
  'orderImport.commitProductUnusable': {
    'zh-CN': '第 {row} 行：产品 {productCode} 现在不能用于该订单，请修改后再提交',
    'en-US': 'Row {row}: product {productCode} can no longer ship this order; change it and commit again',
    'zh-TW': '第 {row} 列：產品 {productCode} 現在不能用於該訂單，請修改後再提交',
  },
  'orderImport.commitNoTaken': {
    'zh-CN': '第 {row} 行：客户单号 {customerOrderNo} 已被其他订单使用',
    'en-US': 'Row {row}: reference number {customerOrderNo} is already used by another order',
    'zh-TW': '第 {row} 列：客戶單號 {customerOrderNo} 已被其他訂單使用',
  },
  'orderImport.commitRowRefused': {
    'zh-CN': '第 {row} 行的订单无法创建，请检查后再提交',
    'en-US': 'The order of row {row} cannot be created; check it and commit again',
    'zh-TW': '第 {row} 列的訂單無法建立，請檢查後再提交',
  },
  'orderImport.commitSenderGone': {
    'zh-CN': '发件地址已不存在，请重新选择发件人后再提交',
    'en-US': 'The sender address no longer exists; choose a sender and commit again',
    'zh-TW': '寄件地址已不存在，請重新選擇寄件人後再提交',
  },
  'orderImport.commitFailed': {
    'zh-CN': '批量创建失败，没有创建任何订单，请重试',
    'en-US': 'The batch could not be created; no order was created. Please try again',
    'zh-TW': '批次建立失敗，沒有建立任何訂單，請重試',
  },
});

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
  if (!isPlainId(input.id)) throw notFound();
  return db.transaction().execute(async (trx) => {
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
      if (!current) throw notFound();
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

/** One order of the batch, priced and shaped as stored, waiting for its numbers. */
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

/** Phase 1: the valid orders read in chunks and priced again, with one loaded pricer. */
async function priceBatch(
  db: Db,
  imported: ImportRow,
  report: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<BatchOrder[]> {
  if (!imported.shipper_address_id) throw new CommitRefusal('orderImport.commitSenderGone');
  let shipper: PartyColumns;
  try {
    shipper = await shipperColumns(db, imported.customer_id, {
      shipperAddressId: imported.shipper_address_id,
      shipper: undefined,
    });
  } catch (error) {
    if (error instanceof AppError) throw new CommitRefusal('orderImport.commitSenderGone');
    throw error;
  }
  const { count } = await validLeadRows(db, imported.id)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  // Reasons are not kept (the message names the row and product in the reader's language).
  const pricer = await loadOrderPricer(db, imported.customer_id, 'zh-CN');
  const orders: BatchOrder[] = [];
  let after = 0;
  for (;;) {
    const chunk = await validLeadRows(db, imported.id)
      .select(['order_import_rows.row_number', 'order_import_rows.order_input'])
      .where('order_import_rows.row_number', '>', after)
      .orderBy('order_import_rows.row_number')
      .limit(READ_CHUNK)
      .execute();
    if (chunk.length === 0) break;
    for (const { row_number: rowNumber, order_input: orderInput } of chunk) {
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
      orders.push({
        rowNumber,
        customerOrderNo: input.customerOrderNo ?? null,
        rows: orderRows(shape, priced),
        total: priced.usable.totalAmount,
        currencyCode: priced.usable.currencyCode,
      });
    }
    after = chunk[chunk.length - 1]!.row_number;
    report(orders.length, total);
    signal.throwIfAborted();
  }
  return orders;
}

/** Insufficient balance for the batch's holds, as the import's reason: "余额不足：需要 ¥X，可用 ¥Y". */
async function insufficientRefusal(db: Db, data: InsufficientBalance) {
  const display = await currencyDisplay(db, data.currencyCode);
  return new CommitRefusal('orderImport.insufficientBalance', {
    required: formatMinorAmount(data.required, display),
    available: formatMinorAmount(data.available, display),
  });
}

/**
 * Phase 2: the whole batch in ONE transaction. The import row is claimed first (`committing` with this
 * task → `committed`): an attempt of a lost lease or an older commit finds nothing to claim and writes
 * nothing. Lock order as the single create: the import, the customer's counter rows, the wallet.
 */
async function writeBatch(
  db: Db,
  imported: ImportRow,
  payload: OrderImportCommitPayload,
  taskId: string,
  submit: boolean,
  orders: readonly BatchOrder[],
): Promise<void> {
  const customerId = imported.customer_id;
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const claimed = await trx
      .updateTable('order_imports')
      .set({
        status: 'committed',
        committed_at: now,
        created_order_count: orders.length,
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

    // Reference numbers typed in the sheet that an order took since the preview: the first one's row named.
    const typed = orders.flatMap((order) => (order.customerOrderNo ? [order.customerOrderNo] : []));
    const taken = await orderRepo.takenCustomerOrderNos(trx, customerId, typed);
    const clash = orders.find((order) => order.customerOrderNo && taken.has(order.customerOrderNo));
    if (clash)
      throw new CommitRefusal('orderImport.commitNoTaken', {
        row: clash.rowNumber,
        customerOrderNo: clash.customerOrderNo!,
      });
    const generated = await generateCustomerOrderNos(
      trx,
      customerId,
      now,
      orders.length - typed.length,
      new Set(typed),
    );
    const waybills = submit ? await issueWaybillNos(trx, orders.length) : [];
    let nextGenerated = 0;
    const created = orders.map((order, index) => ({
      ...order,
      id: newId(),
      customerOrderNo: order.customerOrderNo ?? generated[nextGenerated++]!,
      waybillNo: submit ? waybills[index]! : null,
    }));
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
    );
    if (submit) {
      try {
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
      } catch (error) {
        if (error instanceof AppError && error.messageKey === 'wallet.insufficientBalance')
          throw await insufficientRefusal(trx, error.data as InsufficientBalance);
        throw error;
      }
    }
    // Every row of each order (lead and the rest share its lead row number) is `created` with the order.
    for (let start = 0; start < created.length; start += READ_CHUNK) {
      const chunk = created.slice(start, start + READ_CHUNK);
      await trx
        .updateTable('order_import_rows')
        .set({
          state: 'created',
          order_id: sql<string>`case ${sql.ref('lead_row_number')} ${sql.join(
            chunk.map((order) => sql`when ${order.rowNumber} then ${order.id}`),
            sql` `,
          )} end`,
        })
        .where('import_id', '=', imported.id)
        .where(
          'lead_row_number',
          'in',
          chunk.map((order) => order.rowNumber),
        )
        .execute();
    }
  });
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
      let orders: BatchOrder[];
      try {
        orders = await priceBatch(
          db,
          imported,
          (done, total) => saver.report((PRICED_PROGRESS * done) / Math.max(total, 1)),
          signal,
        );
      } finally {
        // No progress write may still be running when the write transaction starts (SQLite: one connection).
        await saver.flush();
      }
      await writeBatch(db, imported, payload, taskId, imported.submit === 1, orders);
    },

    async failed(trx, payload, error, taskId) {
      const reason =
        error instanceof CommitRefusal
          ? { key: error.messageKey, params: error.params }
          : { key: 'orderImport.commitFailed', params: {} };
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
