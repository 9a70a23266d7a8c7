import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import {
  RECHARGE_CHANNELS,
  RECHARGE_STATUSES,
  RechargeNoSchema,
  RechargeSchema,
} from '@portal/contracts/recharge';
import { optionalTextField, textField } from '@portal/contracts/text';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { StoredFileMissing, type FileStorage } from '../../lib/storage/index.ts';
import { OPS_PREFIX } from '../operations/operations.schemas.ts';
import { isUniqueViolation } from '../order/order.repository.ts';
import { notifyRechargeResult } from './recharge-notifications.ts';
import * as repo from './recharge.repository.ts';
import { creditRecharge, toRecharge } from './recharge.service.ts';

/**
 * Recharges for the provider's staff (operations API and `npm run ops`): the list with pending vouchers
 * first, a voucher's file, confirming a bank transfer (credited through creditRecharge, provider `staff`)
 * or rejecting it with a reason, and the log of payment notifications.
 */
export const RechargeOpsPath = {
  List: `${OPS_PREFIX}/recharges`,
  Voucher: `${OPS_PREFIX}/recharges/:rechargeNo/voucher`,
  Confirm: `${OPS_PREFIX}/recharges/:rechargeNo/confirm`,
  Reject: `${OPS_PREFIX}/recharges/:rechargeNo/reject`,
  Notifications: `${OPS_PREFIX}/payment-notifications`,
} as const;

const LABELS = {
  reason: { 'zh-CN': '驳回原因', 'en-US': 'Reason', 'zh-TW': '駁回原因' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark', 'zh-TW': '備註' },
  staff: { 'zh-CN': '经办人', 'en-US': 'Staff', 'zh-TW': '經辦人' },
} as const;

const PageFields = {
  pageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

export const OpsRechargeQuerySchema = z.object({
  status: z.enum(RECHARGE_STATUSES).optional(),
  channel: z.enum(RECHARGE_CHANNELS).optional(),
  customerCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,20}$/)
    .optional(),
  ...PageFields,
});
export const RechargeNoParamsSchema = z.object({ rechargeNo: RechargeNoSchema });
/** The bank's reference of the transfer, kept as the recharge's trade number. */
const TradeNoSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_./-]*$/, 'operations.numberShape');
export const OpsConfirmSchema = z.object({
  tradeNo: TradeNoSchema.optional(),
  remark: optionalTextField({ max: 200, label: LABELS.remark }),
  staff: optionalTextField({ max: 50, label: LABELS.staff }),
});
export const OpsRejectSchema = z.object({
  reason: textField({ max: 200, label: LABELS.reason }),
  staff: optionalTextField({ max: 50, label: LABELS.staff }),
});
export const NOTIFICATION_OUTCOMES = [
  'credited',
  'duplicate',
  'closed',
  'ignored',
  'bad_signature',
  'amount_mismatch',
  'app_mismatch',
  'unknown_recharge',
  'malformed',
] as const;
export const OpsNotificationQuerySchema = z.object({
  outcome: z.enum(NOTIFICATION_OUTCOMES).optional(),
  rechargeNo: RechargeNoSchema.optional(),
  ...PageFields,
});

export const OpsRechargeSchema = RechargeSchema.extend({
  customerCode: z.string(),
  companyName: z.string(),
  source: z.enum(['portal', 'public']),
  reviewedBy: z.string().nullable(),
});
export const OpsRechargePageSchema = z.object({ list: z.array(OpsRechargeSchema), total: z.number().int() });
export const OpsRechargeResultSchema = z.object({ recharge: OpsRechargeSchema, changed: z.boolean() });
export const OpsNotificationSchema = z.object({
  id: z.string(),
  provider: z.string(),
  rechargeNo: z.string().nullable(),
  tradeNo: z.string().nullable(),
  outcome: z.enum(NOTIFICATION_OUTCOMES),
  detail: z.string().nullable(),
  remoteAddress: z.string().nullable(),
  body: z.string().nullable(),
  receivedAt: z.string(),
});
export const OpsNotificationPageSchema = z.object({
  list: z.array(OpsNotificationSchema),
  total: z.number().int(),
});

export type OpsRecharge = z.infer<typeof OpsRechargeSchema>;

async function customersOf(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { code: string; company_name: string }>();
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'code', 'company_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function toOpsRecharges(db: Db, rows: repo.RechargeRow[], language: Language): Promise<OpsRecharge[]> {
  const customers = await customersOf(
    db,
    rows.map((row) => row.customer_id),
  );
  return rows.map((row) => ({
    ...toRecharge(row, language),
    customerCode: customers.get(row.customer_id)?.code ?? '',
    companyName: customers.get(row.customer_id)?.company_name ?? '',
    source: row.source,
    reviewedBy: row.reviewed_by,
  }));
}

/** Recharges across customers, pending bank transfers (waiting for staff) first, then newest first. */
export async function listRecharges(
  db: Db,
  query: z.infer<typeof OpsRechargeQuerySchema>,
  language: Language,
) {
  let base = db.selectFrom('recharges as r');
  if (query.status) base = base.where('r.status', '=', query.status);
  if (query.channel) base = base.where('r.channel', '=', query.channel);
  if (query.customerCode) {
    const code = query.customerCode;
    base = base.where(
      'r.customer_id',
      'in',
      db.selectFrom('customers').select('id').where('code', '=', code),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .selectAll('r')
      .select('u.display_name as created_by_name')
      .orderBy(sql`case when r.status = 'pending' and r.channel = 'bank_transfer' then 0 else 1 end`)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageIndex - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { list: await toOpsRecharges(db, rows as repo.RechargeRow[], language), total: Number(count.count) };
}

async function rechargeNamed(db: Db, rechargeNo: string) {
  const row = await repo.findRechargeByNo(db, rechargeNo);
  if (!row) throw new AppError(ApiCode.NotFound, 'ops.recharge.notFound', { rechargeNo });
  return row;
}

/** The voucher file of a bank transfer. */
export async function openVoucher(db: Db, storage: FileStorage, rechargeNo: string) {
  const row = await rechargeNamed(db, rechargeNo);
  const file = row.voucher_file_id
    ? await db.selectFrom('stored_files').selectAll().where('id', '=', row.voucher_file_id).executeTakeFirst()
    : undefined;
  if (!file) throw new AppError(ApiCode.NotFound, 'ops.recharge.noVoucher');
  try {
    return {
      stream: await storage.get(file.storage_key),
      fileName: file.file_name,
      contentType: file.content_type,
      size: file.file_size,
    };
  } catch (error) {
    if (error instanceof StoredFileMissing) throw new AppError(ApiCode.NotFound, 'ops.recharge.noVoucher');
    throw error;
  }
}

/**
 * Staff confirm that a bank transfer's money arrived: credited through creditRecharge (provider `staff`,
 * the bank's reference as the trade number). A pending or rejected transfer may be confirmed; confirming
 * a paid one changes nothing (`changed: false`).
 */
export async function confirmTransfer(
  db: Db,
  rechargeNo: string,
  input: z.infer<typeof OpsConfirmSchema>,
  language: Language,
) {
  const row = await rechargeNamed(db, rechargeNo);
  if (row.channel !== 'bank_transfer') throw new AppError(ApiCode.Conflict, 'recharge.notBankTransfer');
  if (input.tradeNo) {
    // One bank reference credits one recharge (also the unique index's rule, said in words).
    const taken = await db
      .selectFrom('recharges')
      .select('id')
      .where('provider', '=', 'staff')
      .where('provider_trade_no', '=', input.tradeNo)
      .where('id', '!=', row.id)
      .executeTakeFirst();
    if (taken) throw new AppError(ApiCode.Conflict, 'recharge.tradeNoTaken', { tradeNo: input.tradeNo });
  }
  const credited = await db
    .transaction()
    .execute((trx) =>
      creditRecharge(trx, {
        rechargeId: row.id,
        provider: 'staff',
        tradeNo: input.tradeNo ?? null,
        paidAt: new Date(),
        reviewedBy: input.staff ?? 'staff',
        remark: input.remark ?? null,
      }),
    )
    .catch((error: unknown) => {
      // Two confirmations with one reference at once both passed the check above: the index decides.
      if (input.tradeNo && isUniqueViolation(error, 'recharges_trade_uq'))
        throw new AppError(ApiCode.Conflict, 'recharge.tradeNoTaken', { tradeNo: input.tradeNo });
      throw error;
    });
  const after = (await repo.findRechargeByNo(db, rechargeNo))!;
  const [recharge] = await toOpsRecharges(db, [after], language);
  return { recharge: recharge!, changed: credited !== null };
}

/** Staff reject a pending transfer's voucher: failed, with their reason shown to the customer. */
export async function rejectTransfer(
  db: Db,
  rechargeNo: string,
  input: z.infer<typeof OpsRejectSchema>,
  language: Language,
) {
  const row = await rechargeNamed(db, rechargeNo);
  if (row.channel !== 'bank_transfer') throw new AppError(ApiCode.Conflict, 'recharge.notBankTransfer');
  if (row.status === 'paid') throw new AppError(ApiCode.Conflict, 'recharge.alreadyPaid');
  const now = new Date().toISOString();
  const rejected = await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('recharges')
      .set({
        status: 'failed',
        status_reason_key: 'recharge.reason.voucherRejected',
        status_note: input.reason,
        reviewed_by: input.staff ?? 'staff',
        closed_at: now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (failed) await notifyRechargeResult(trx, failed, { outcome: 'rejected', reason: input.reason });
    return failed !== undefined;
  });
  const after = (await repo.findRechargeByNo(db, rechargeNo))!;
  if (after.status === 'paid') throw new AppError(ApiCode.Conflict, 'recharge.alreadyPaid');
  const [recharge] = await toOpsRecharges(db, [after], language);
  return { recharge: recharge!, changed: rejected };
}

/** The payment notification log, newest first. */
export async function listNotifications(db: Db, query: z.infer<typeof OpsNotificationQuerySchema>) {
  let base = db.selectFrom('payment_notifications');
  if (query.outcome) base = base.where('outcome', '=', query.outcome);
  if (query.rechargeNo)
    base = base.where('recharge_no', '=', repo.isRechargeNoShape(query.rechargeNo) ? query.rechargeNo : '');
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageIndex - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      rechargeNo: row.recharge_no,
      tradeNo: row.provider_trade_no,
      outcome: row.outcome,
      detail: row.detail,
      remoteAddress: row.remote_address,
      body: row.body,
      receivedAt: row.received_at,
    })),
    total: Number(count.count),
  };
}
