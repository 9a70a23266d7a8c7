import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import {
  PAY_RESULT_PAGE,
  PAY_NOTIFY_PATHS,
  TRANSFER_VOUCHER_MAX_BYTES,
  TRANSFER_VOUCHER_TYPES,
  type OnlineRechargeChannel,
  type PaymentProviderName,
  type PayResult,
  type PayStarted,
  type Recharge,
  type RechargeChannel,
  type RechargeCreated,
  type TopUpCustomer,
} from '@portal/contracts/recharge';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { PaymentsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { translate } from '../../lib/messages.ts';
import { addressKey, hitRateLimit } from '../../lib/rate-limit.ts';
import type { FileStorage } from '../../lib/storage/index.ts';
import { applyPrepaidWriteOffs } from '../bill/write-off.ts';
import { sniffContentType } from '../file/content-type.ts';
import { insertFile } from '../file/file.repository.ts';
import type { PaymentState } from '../payment/payment-provider.ts';
import type { PaymentProviders } from '../payment/providers.ts';
import { postLedgerEntry, type PostedLedgerEntry } from '../wallet/ledger.ts';
import {
  isPayTokenOf,
  maskCompanyName,
  newRechargeNo,
  payTokenFor,
  signLookupToken,
  verifyLookupToken,
} from './recharge-tokens.ts';
import { notifyRechargeResult } from './recharge-notifications.ts';
import * as repo from './recharge.repository.ts';
import './recharge.messages.ts';

type Trx = Transaction<Database>;

/** What the recharge services need besides the database. */
export interface RechargeDeps {
  db: Db;
  payments: PaymentProviders;
  tokenSecret: string;
  config: PaymentsConfig;
}

// ---------------------------------------------------------------------------------------------------
// THE credit: exactly once
// ---------------------------------------------------------------------------------------------------

export interface CreditInput {
  rechargeId: string;
  /** Who confirmed the money: the provider that notified or answered a query, or `staff`. */
  provider: 'sandbox' | 'alipay' | 'wechat' | 'staff';
  tradeNo: string | null;
  paidAt: Date;
  /** Staff's name for a confirmed transfer (recorded as the reviewer and the ledger row's author). */
  reviewedBy?: string | null;
  remark?: string | null;
}

/**
 * THE one way money of a recharge reaches the wallet, inside the caller's transaction. ONE conditional
 * statement flips the recharge to paid:
 *   UPDATE recharges SET status = 'paid', … WHERE id = ? AND status IN ('pending', 'closed', 'failed') RETURNING …
 * Only the transaction whose UPDATE matched posts the `recharge` ledger row (postLedgerEntry) and applies
 * the money to open bills (applyPrepaidWriteOffs). A concurrent second credit of the same recharge waits
 * for the first one's row lock on PostgreSQL and then matches nothing (status is paid); SQLite writes one
 * transaction at a time. Lock order: the recharge row, then the wallet (in the ledger writer), then bills.
 * A closed or failed recharge is credited too: the provider says the money arrived.
 * Answers null when the recharge was already paid (a duplicate).
 */
export async function creditRecharge(
  trx: Trx,
  input: CreditInput,
): Promise<{ recharge: repo.RechargeRow; entry: PostedLedgerEntry } | null> {
  const now = nowIso();
  const flipped = await trx
    .updateTable('recharges')
    .set({
      status: 'paid',
      provider: input.provider,
      provider_trade_no: input.tradeNo,
      paid_at: input.paidAt.toISOString(),
      status_reason_key: null,
      status_note: null,
      reviewed_by: input.reviewedBy ?? null,
      updated_at: now,
    })
    .where('id', '=', input.rechargeId)
    .where('status', 'in', ['pending', 'closed', 'failed'])
    .returningAll()
    .executeTakeFirst();
  if (!flipped) return null;
  const entry = await postLedgerEntry(trx, {
    customerId: flipped.customer_id,
    currencyCode: flipped.currency_code,
    entryType: 'recharge',
    amount: flipped.amount,
    heldChange: 0,
    rechargeId: flipped.id,
    referenceNo: flipped.recharge_no,
    remark: input.remark ?? remarkOf(flipped.channel, input.provider, input.tradeNo),
    createdBy: input.reviewedBy ?? flipped.created_by,
  });
  await trx
    .updateTable('recharges')
    .set({ ledger_entry_id: entry.id })
    .where('id', '=', flipped.id)
    .execute();
  await applyPrepaidWriteOffs(trx, flipped.customer_id, flipped.currency_code, entry.createdAt);
  await notifyRechargeResult(trx, flipped, { outcome: 'credited', balanceAfter: entry.balanceAfter });
  return { recharge: { ...flipped, ledger_entry_id: entry.id, created_by_name: null }, entry };
}

const CHANNEL_NAMES: Record<RechargeChannel, string> = {
  alipay: '支付宝 Alipay',
  wechat: '微信支付 WeChat Pay',
  bank_transfer: '银行转账 Bank transfer',
};

/** The ledger row's remark: how the money came (the row is read in every language). */
const remarkOf = (channel: RechargeChannel, provider: string, tradeNo: string | null) =>
  `${CHANNEL_NAMES[channel]}${provider === 'sandbox' ? ' (sandbox)' : ''}${tradeNo ? ` ${tradeNo}` : ''}`;

export type PaymentOutcome = Exclude<repo.NotificationOutcome, 'bad_signature' | 'malformed'>;

/**
 * What a provider reported (a verified notification, or the answer to a query) applied to its recharge:
 * paid → credited (or duplicate), closed → the pending recharge closed, anything else ignored. A report
 * about a recharge another provider processes, or with a different amount or currency, credits nothing.
 */
export async function applyPaymentState(
  db: Db,
  providerName: 'sandbox' | 'alipay' | 'wechat',
  state: PaymentState,
): Promise<{ outcome: PaymentOutcome; detail: string | null }> {
  const recharge = await repo.findRechargeByNo(db, state.rechargeNo);
  if (!recharge) return { outcome: 'unknown_recharge', detail: null };
  if (recharge.channel === 'bank_transfer' || recharge.provider !== providerName)
    return {
      outcome: 'app_mismatch',
      detail: `recharge is processed by ${recharge.provider}, not ${providerName}`,
    };
  if (state.state === 'paid') {
    if (state.amount !== recharge.amount || state.currencyCode !== recharge.currency_code)
      return {
        outcome: 'amount_mismatch',
        detail: `reported ${state.amount} ${state.currencyCode}, recharge is ${recharge.amount} ${recharge.currency_code}`,
      };
    const credited = await db.transaction().execute((trx) =>
      creditRecharge(trx, {
        rechargeId: recharge.id,
        provider: providerName,
        tradeNo: state.tradeNo,
        paidAt: state.paidAt,
      }),
    );
    if (credited) return { outcome: 'credited', detail: null };
    const same = recharge.provider_trade_no === null || recharge.provider_trade_no === state.tradeNo;
    return {
      outcome: 'duplicate',
      detail: same ? null : `already paid by trade ${recharge.provider_trade_no}`,
    };
  }
  if (state.state === 'closed') {
    const closed = await closeRecharge(db, recharge.id, 'recharge.reason.closedByProvider');
    return {
      outcome: closed ? 'closed' : 'ignored',
      detail: closed ? null : `recharge is ${recharge.status}`,
    };
  }
  return { outcome: 'ignored', detail: `provider reports ${state.state}` };
}

/** A pending recharge closed (expired, or closed at the provider); false when it was no longer pending. */
export async function closeRecharge(db: Db, rechargeId: string, reasonKey: string): Promise<boolean> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('recharges')
      .set({ status: 'closed', status_reason_key: reasonKey, closed_at: now, updated_at: now })
      .where('id', '=', rechargeId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (closed) await notifyRechargeResult(trx, closed, { outcome: 'closed' });
    return closed !== undefined;
  });
}

// ---------------------------------------------------------------------------------------------------
// Creating recharges
// ---------------------------------------------------------------------------------------------------

export function toRecharge(row: repo.RechargeRow, language: Language): Recharge {
  return {
    id: row.id,
    rechargeNo: row.recharge_no,
    amount: row.amount,
    currencyCode: row.currency_code,
    channel: row.channel,
    provider: row.provider,
    status: row.status,
    providerTradeNo: row.provider_trade_no,
    createdByName: row.created_by_name,
    statusReason: row.status_reason_key
      ? translate(language, row.status_reason_key, { note: row.status_note ?? '' })
      : null,
    remark: row.remark,
    voucherFileId: row.voucher_file_id,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    closedAt: row.closed_at,
    expiresAt: row.expires_at,
  };
}

export interface NewRecharge {
  customerId: string;
  createdBy: string | null;
  source: 'portal' | 'public';
  amount: number;
  currencyCode: string;
  channel: RechargeChannel;
  remark?: string | null;
}

/** The customer's currencies: its wallets', CNY always (a new customer has no wallet yet). */
async function customerCurrencies(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wallets')
    .select('currency_code')
    .where('customer_id', '=', customerId)
    .execute();
  return [...new Set(['CNY', ...rows.map((row) => row.currency_code)])];
}

async function checkCurrency(db: Db, input: NewRecharge) {
  if (input.channel !== 'bank_transfer' && input.currencyCode !== 'CNY')
    throw new AppError(ApiCode.BadRequest, 'recharge.onlineCnyOnly');
  const known = await db
    .selectFrom('currencies')
    .select('code')
    .where('code', '=', input.currencyCode)
    .executeTakeFirst();
  const currencies = await customerCurrencies(db, input.customerId);
  if (!known || !currencies.includes(input.currencyCode))
    throw new AppError(ApiCode.BadRequest, 'recharge.currencyNotAllowed', {
      currencyCode: input.currencyCode,
    });
}

/** The provider of a new recharge: the one configured for its online channel, staff for a transfer. */
function providerOf(deps: RechargeDeps, channel: RechargeChannel): PaymentProviderName {
  return channel === 'bank_transfer' ? 'staff' : deps.payments.providerFor(channel).name;
}

/**
 * A pending recharge, numbered (a number already taken is drawn again). `write` adds the caller's other
 * writes in the same transaction (a voucher's stored file).
 */
async function insertNewRecharge(
  deps: RechargeDeps,
  input: NewRecharge,
  extra: { voucherFileId?: string; write?: (trx: Trx) => Promise<void> } = {},
): Promise<repo.RechargeRow> {
  const now = nowIso();
  for (let attempt = 1; ; attempt++) {
    const row = {
      id: newId(),
      recharge_no: newRechargeNo(),
      customer_id: input.customerId,
      amount: input.amount,
      currency_code: input.currencyCode,
      channel: input.channel,
      provider: providerOf(deps, input.channel),
      status: 'pending' as const,
      provider_trade_no: null,
      created_by: input.createdBy,
      source: input.source,
      remark: input.remark ?? null,
      voucher_file_id: extra.voucherFileId ?? null,
      status_reason_key: null,
      status_note: null,
      reviewed_by: null,
      ledger_entry_id: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
      closed_at: null,
      expires_at: null,
    };
    try {
      await deps.db.transaction().execute(async (trx) => {
        await extra.write?.(trx);
        await repo.insertRecharge(trx, row);
      });
    } catch (error) {
      const taken = await repo.findRechargeByNo(deps.db, row.recharge_no);
      if (taken && taken.id !== row.id && attempt < 3) continue;
      throw error;
    }
    const created = await repo.findRechargeByNo(deps.db, row.recharge_no);
    return created!;
  }
}

/** `OrderMall/CreateOrder` and `TopUp/CreateOrder`: a pending online recharge and its payToken. */
export async function createOnlineRecharge(
  deps: RechargeDeps,
  input: NewRecharge,
  language: Language,
): Promise<RechargeCreated> {
  await checkCurrency(deps.db, input);
  const row = await insertNewRecharge(deps, input);
  return { recharge: toRecharge(row, language), payToken: payTokenFor(deps.tokenSecret, row.id) };
}

/** An uploaded voucher as the route read it. */
export interface VoucherUpload {
  bytes: Buffer;
  fileName: string;
}

/** Voucher bytes that may be kept, with their type; refused with a localized reason otherwise. */
export function checkVoucher(upload: VoucherUpload): string {
  if (upload.bytes.length === 0) throw new AppError(ApiCode.BadRequest, 'recharge.voucher.empty');
  if (upload.bytes.length > TRANSFER_VOUCHER_MAX_BYTES) throw voucherTooLarge();
  const type = sniffContentType(upload.bytes);
  if (!(TRANSFER_VOUCHER_TYPES as readonly string[]).includes(type))
    throw new AppError(ApiCode.BadRequest, 'recharge.voucher.type');
  return type;
}

export const voucherTooLarge = () =>
  new AppError(ApiCode.BadRequest, 'recharge.voucher.tooLarge', {
    megabytes: TRANSFER_VOUCHER_MAX_BYTES / 1024 / 1024,
  });

/**
 * The signed-in voucher upload's caps per customer (issue 20), checked before the body is read: at most
 * `maxPending` bank transfers sent from the portal waiting for staff, and `limit` uploads per window
 * (counted across instances by `hitRateLimit`, refused ones included). The pending cap is checked again
 * in the transaction that inserts the recharge (`createTransferRecharge`), so parallel uploads cannot pass
 * it together. Transfers from the public /topUp page do not count: a stranger with the customer code
 * must not be able to lock the customer out (that page has its own cap per address).
 */
export async function limitPortalVouchers(deps: RechargeDeps, customerId: string): Promise<void> {
  const cap = deps.config.portalVouchers;
  await refuseOverPendingCap(deps.db, customerId, cap.maxPending);
  const verdict = await hitRateLimit(deps.db, {
    bucket: `voucherUpload:${customerId}`,
    limit: cap.limit,
    windowSeconds: cap.windowSeconds,
  });
  if (!verdict.allowed)
    throw new AppError(ApiCode.TooManyRequests, 'recharge.voucher.tooManyUploads', {
      minutes: Math.ceil(verdict.retryAfterSeconds / 60),
    });
}

async function refuseOverPendingCap(db: Db, customerId: string, maxPending: number) {
  if ((await repo.countPendingPortalTransfers(db, customerId)) >= maxPending)
    throw new AppError(ApiCode.TooManyRequests, 'recharge.voucher.tooManyPending', { max: maxPending });
}

/**
 * `OrderMall/UploadTransferVoucher` and `TopUp/UploadTransferVoucher`: a pending bank transfer with its
 * voucher kept as a stored file (purpose `transferVoucher`). The bytes are stored first, then the file row
 * and the recharge in one transaction; if that fails the bytes are deleted again: nothing half-written.
 * A portal transfer is refused in that transaction when the customer's pending cap is reached.
 */
export async function createTransferRecharge(
  deps: RechargeDeps,
  storage: FileStorage,
  input: NewRecharge,
  upload: VoucherUpload,
  language: Language,
): Promise<RechargeCreated> {
  const contentType = checkVoucher(upload);
  await checkCurrency(deps.db, input);
  const fileId = newId();
  const key = `uploads/${input.customerId}/${fileId}`;
  await storage.put(key, upload.bytes, contentType);
  let row: repo.RechargeRow;
  try {
    row = await insertNewRecharge(deps, input, {
      voucherFileId: fileId,
      write: async (trx) => {
        if (input.source === 'portal') {
          await repo.lockCustomerTransfers(trx, input.customerId);
          await refuseOverPendingCap(trx, input.customerId, deps.config.portalVouchers.maxPending);
        }
        await insertFile(trx, {
          id: fileId,
          customer_id: input.customerId,
          file_name: upload.fileName,
          content_type: contentType,
          file_size: upload.bytes.length,
          purpose: 'transferVoucher',
          storage_key: key,
          uploaded_by: input.createdBy,
          created_at: nowIso(),
        });
      },
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { recharge: toRecharge(row, language), payToken: payTokenFor(deps.tokenSecret, row.id) };
}

// ---------------------------------------------------------------------------------------------------
// Reading recharges (signed in)
// ---------------------------------------------------------------------------------------------------

export async function queryRecharges(
  db: Db,
  customerId: string,
  query: repo.RechargeFilter & { pageIndex: number; pageSize: number },
  language: Language,
) {
  const { rows, total, paidTotals } = await repo.listRecharges(db, customerId, query, query);
  return { list: rows.map((row) => toRecharge(row, language)), total, paidTotals };
}

export async function getRecharge(db: Db, customerId: string, id: string, language: Language) {
  const row = await repo.findCustomerRecharge(db, customerId, id);
  if (!row) throw notFound();
  return toRecharge(row, language);
}

// ---------------------------------------------------------------------------------------------------
// The payment journey (public: the payToken is the authority)
// ---------------------------------------------------------------------------------------------------

/** The recharge a payToken opens; any mismatch is the same refusal (nothing to learn from it). */
export async function rechargeByPayToken(deps: RechargeDeps, rechargeNo: string, payToken: string) {
  const row = await repo.findRechargeByNo(deps.db, rechargeNo);
  if (!row || !isPayTokenOf(deps.tokenSecret, row.id, payToken))
    throw new AppError(ApiCode.NotFound, 'recharge.payTokenInvalid');
  return row;
}

export const payResultUrl = (config: PaymentsConfig, rechargeNo: string, payToken: string) =>
  `${config.publicBaseUrl}${PAY_RESULT_PAGE}?${new URLSearchParams({ rechargeNo, payToken }).toString()}`;

async function companyOf(db: Db, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['code', 'company_name', 'status'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
}

/**
 * A started recharge past its expiry is not paid any more (the providers refuse an expired `time_expire`,
 * so starting it again would only answer "try again"): the payer creates a new one, and reconciliation
 * closes this one. A payment that did arrive before the expiry is still credited by its notification.
 */
export function refuseExpired(row: Pick<repo.RechargeRow, 'expires_at'>, now = Date.now()) {
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now)
    throw new AppError(ApiCode.Conflict, 'recharge.expired');
}

/**
 * `Pay/CreateAlipayOrder` / `Pay/CreateWeChatOrder`: starts paying a pending recharge of that channel at
 * the channel's provider; the expiry is fixed at the first start (a page reload starts it again with the
 * same expiry).
 */
export async function startPayment(
  deps: RechargeDeps,
  channel: OnlineRechargeChannel,
  input: { rechargeNo: string; payToken: string },
  log?: FastifyBaseLogger,
): Promise<PayStarted> {
  const row = await rechargeByPayToken(deps, input.rechargeNo, input.payToken);
  if (row.channel !== channel) throw new AppError(ApiCode.Conflict, 'recharge.wrongChannel');
  if (row.status !== 'pending') throw new AppError(ApiCode.Conflict, 'recharge.notPending');
  refuseExpired(row);
  const provider = deps.payments.providerFor(channel);
  const expiresAt = row.expires_at
    ? new Date(row.expires_at)
    : new Date(Date.now() + deps.config.rechargeExpireMinutes * 60_000);
  const customer = await companyOf(deps.db, row.customer_id);
  let started;
  try {
    started = await provider.startPayment(channel, {
      rechargeNo: row.recharge_no,
      amount: row.amount,
      currencyCode: row.currency_code,
      subject: `账户充值 ${customer.code}`,
      notifyUrl: `${deps.config.publicBaseUrl}${PAY_NOTIFY_PATHS[provider.name]}`,
      returnUrl: payResultUrl(deps.config, row.recharge_no, input.payToken),
      expiresAt,
    });
  } catch (error) {
    // The provider's outage is not the payer's fault: a message to try again, the cause in the log.
    log?.warn({ err: error, rechargeNo: row.recharge_no, provider: provider.name }, 'payment start failed');
    throw new AppError(ApiCode.ServiceUnavailable, 'recharge.providerUnavailable');
  }
  await deps.db
    .updateTable('recharges')
    .set({ provider: provider.name, expires_at: expiresAt.toISOString(), updated_at: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  return {
    rechargeNo: row.recharge_no,
    provider: provider.name,
    cashierUrl: started.cashierUrl,
    codeUrl: started.codeUrl,
    expiresAt: expiresAt.toISOString(),
  };
}

/** A pending online recharge this old is worth asking its provider about when the payer polls. */
export const ASK_PROVIDER_AFTER_MS = 15_000;
/** At most one provider query per recharge per this many seconds, across instances. */
const ASK_PROVIDER_WINDOW_SECONDS = 10;

/**
 * `Pay/QueryPayResult`: what /payResult shows. While an online recharge is pending and older than 15 s,
 * the provider is asked (at most once per recharge every 10 s across instances), so a lost notification
 * does not keep the payer waiting for the next reconciliation.
 */
export async function queryPayResult(
  deps: RechargeDeps,
  input: { rechargeNo: string; payToken: string },
  language: Language,
  log?: FastifyBaseLogger,
): Promise<PayResult> {
  let row = await rechargeByPayToken(deps, input.rechargeNo, input.payToken);
  if (
    row.status === 'pending' &&
    row.channel !== 'bank_transfer' &&
    row.expires_at !== null &&
    Date.now() - Date.parse(row.created_at) > ASK_PROVIDER_AFTER_MS
  ) {
    const provider = deps.payments.byName(row.provider);
    const verdict = await hitRateLimit(deps.db, {
      bucket: `payQuery:${row.recharge_no}`,
      limit: 1,
      windowSeconds: ASK_PROVIDER_WINDOW_SECONDS,
    });
    if (provider && verdict.allowed) {
      try {
        const state = await provider.queryPayment(row.channel, row.recharge_no);
        await applyPaymentState(deps.db, provider.name, state);
        row = (await repo.findRechargeByNo(deps.db, row.recharge_no))!;
      } catch (error) {
        // The page keeps polling; the notification or the reconciliation will tell.
        log?.warn({ err: error, rechargeNo: row.recharge_no }, 'payment query failed');
      }
    }
  }
  const customer = await companyOf(deps.db, row.customer_id);
  const recharge = toRecharge(row, language);
  return {
    rechargeNo: row.recharge_no,
    status: row.status,
    amount: row.amount,
    currencyCode: row.currency_code,
    channel: row.channel,
    customerCode: customer.code,
    maskedCompanyName: maskCompanyName(customer.company_name),
    paidAt: row.paid_at,
    statusReason: recharge.statusReason,
  };
}

// ---------------------------------------------------------------------------------------------------
// The public /topUp page
// ---------------------------------------------------------------------------------------------------

/**
 * `TopUp/QueryCustomer`: rate-limited per address (shared across instances); an unknown and a frozen
 * customer get the same answer, so the look-up tells nothing beyond "this code can be topped up".
 */
export async function lookUpCustomer(
  deps: RechargeDeps,
  customerCode: string,
  address: string,
): Promise<TopUpCustomer> {
  const verdict = await hitRateLimit(deps.db, {
    bucket: `topUpLookup:${addressKey(address)}`,
    limit: deps.config.topUpLookup.limit,
    windowSeconds: deps.config.topUpLookup.windowSeconds,
  });
  if (!verdict.allowed)
    throw new AppError(ApiCode.TooManyRequests, 'topUp.tooManyLookups', {
      seconds: verdict.retryAfterSeconds,
    });
  const customer = await deps.db
    .selectFrom('customers')
    .select(['id', 'code', 'company_name', 'status'])
    .where('code', '=', customerCode)
    .executeTakeFirst();
  if (!customer || customer.status === 'frozen')
    throw new AppError(ApiCode.NotFound, 'topUp.customerNotFound');
  return {
    customerCode: customer.code,
    maskedCompanyName: maskCompanyName(customer.company_name),
    lookupToken: signLookupToken(deps.tokenSecret, customer.id),
    currencies: await customerCurrencies(deps.db, customer.id),
  };
}

/**
 * `TopUp/CreateOrder` and `TopUp/UploadTransferVoucher` write (a recharge row, a voucher of up to 10 MiB)
 * for anyone holding a 30-minute lookup token: counted per address like the look-up, before the body is
 * read, so a script cannot fill the storage or the staff's voucher queue.
 */
export async function limitPublicRecharges(deps: RechargeDeps, address: string): Promise<void> {
  const verdict = await hitRateLimit(deps.db, {
    bucket: `topUpCreate:${addressKey(address)}`,
    limit: deps.config.topUpCreate.limit,
    windowSeconds: deps.config.topUpCreate.windowSeconds,
  });
  if (!verdict.allowed)
    throw new AppError(ApiCode.TooManyRequests, 'topUp.tooManyRecharges', {
      seconds: verdict.retryAfterSeconds,
    });
}

/** The customer a lookup token names (still not frozen). */
export async function customerOfLookupToken(deps: RechargeDeps, token: string): Promise<string> {
  const verified = verifyLookupToken(deps.tokenSecret, token);
  if (!verified.ok) throw new AppError(ApiCode.NotFound, 'topUp.lookupExpired');
  const customer = await deps.db
    .selectFrom('customers')
    .select('status')
    .where('id', '=', verified.customerId)
    .executeTakeFirst();
  if (!customer || customer.status === 'frozen') throw new AppError(ApiCode.NotFound, 'topUp.lookupExpired');
  return verified.customerId;
}
