import { ApiCode } from '@portal/contracts/envelope';
import { fallbackCurrencyDisplay, formatMinorAmount, type CurrencyDisplay } from '@portal/contracts/money';
import { Permission } from '@portal/contracts/permissions';
import { MAX_AMOUNT_MINOR } from '@portal/contracts/quantity';
import { LEDGER_ENTRY_TYPES, type InsufficientBalance, type LedgerEntryType } from '@portal/contracts/wallet';
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { followBalanceThresholds } from '../notification/notification.service.ts';
import './wallet.messages.ts';

/**
 * THE one writer of balance changes. Nothing else updates `wallets.balance`/`held` or inserts ledger rows,
 * so "a balance is the sum of its ledger rows" holds by construction (`assertLedgerConsistent` checks it).
 *
 * Sign conventions (minor units of `currencyCode`):
 * - `amount` moves the balance: a charge is negative, money in (recharge, refund, release) positive.
 * - `heldChange` moves the provisional part: an order charge holds its estimate (+), a release or a
 *   weigh-in settles it (−). held ≥ 0 always.
 * - available = balance + creditLimit. A negative `amount` must leave it ≥ 0, except for FORCED_ENTRY_TYPES.
 *
 * Typical rows: submit `order_charge` (amount −X, held +X); cancel `charge_release` (+X, −X);
 * recharge (+X, 0); weigh-in `weight_adjustment` (−extra, −X); opening balance `manual_adjustment` (+X, 0).
 */
export interface LedgerEntryInput {
  customerId: string;
  currencyCode: string;
  entryType: LedgerEntryType;
  amount: number;
  heldChange: number;
  orderId?: string | null;
  /** The recharge this row credits (a `recharge` row). */
  rechargeId?: string | null;
  referenceNo?: string | null;
  remark?: string | null;
  createdBy?: string | null;
}

export interface PostedLedgerEntry {
  id: string;
  /** 1, 2, 3 … within the wallet. */
  entryNo: number;
  balanceAfter: number;
  heldAfter: number;
  creditLimit: number;
  /** The row's time: now, or the wallet's previous row's time if that is later (clocks of instances differ). */
  createdAt: string;
}

/**
 * Entry types operations may write even when they take the balance below −creditLimit: they record what
 * already happened to a parcel (the weighed weight, a surcharge the carrier billed) or an operator's
 * correction, so refusing them would only make the ledger lie. The customer then is in arrears and tops up.
 * Every other negative amount (an order charge above all) is refused as insufficient balance.
 */
export const FORCED_ENTRY_TYPES: readonly LedgerEntryType[] = [
  'weight_adjustment',
  'surcharge',
  'manual_adjustment',
];

type Executor = Db | Transaction<Database>;

/**
 * Writes one ledger row and moves the wallet by it, inside the caller's transaction (an order's insert and
 * its hold commit or roll back together); called with the plain database it opens its own transaction.
 * The wallet row is created on first use (credit limit 0).
 *
 * Concurrency: the change is ONE conditional statement on the wallet row,
 *   UPDATE wallets SET balance = balance + :amount, held = held + :held, entry_count = entry_count + 1
 *   WHERE customer/currency AND balance + :amount + credit_limit >= 0 (charges only) RETURNING …
 * then the ledger insert with the returned values. The check and the write are one statement, evaluated
 * on the row as it is when the write happens, so no lost update or overdraft is possible:
 * - PostgreSQL: the UPDATE takes the row lock, which is held until the caller's transaction ends; a
 *   concurrent UPDATE of the same wallet waits, then (READ COMMITTED) re-evaluates its WHERE on the
 *   committed row and either applies on top of it or matches nothing (refused). The ledger rows of one
 *   wallet are therefore appended in lock order, each with the next `entry_no` and the right balance after.
 * - SQLite: there is one writer at a time (a write transaction holds the database's write lock until
 *   it ends; this process's Kysely connection runs one transaction at a time), so the statement sees
 *   every earlier committed change.
 * The unique (customer, currency, entry_no) index makes a lost update fail loudly instead of silently.
 *
 * For the consumption flow the same statement keeps two more promises: the row's time is the later of now
 * and the wallet's previous row's time (`last_entry_at`), so within a wallet time never goes back as
 * `entry_no` grows (a time range is one entry_no range, even with instances whose clocks differ), and the
 * wallet's running totals of money in (Σ positive amounts) and out (Σ negative) are copied onto the row, so
 * a period's in and out are differences of two rows.
 */
export async function postLedgerEntry(db: Executor, entry: LedgerEntryInput): Promise<PostedLedgerEntry> {
  checkEntry(entry);
  if (!db.isTransaction) return db.transaction().execute((trx) => postInTransaction(trx, entry));
  return postInTransaction(db, entry);
}

async function postInTransaction(trx: Executor, entry: LedgerEntryInput): Promise<PostedLedgerEntry> {
  const now = nowIso();
  const id = newId();
  let posted = await applyAndRecord(trx, entry, now, id);
  if (!posted) {
    // No wallet yet, or the change does not fit: the row is created when missing, the UPDATE runs again.
    await createWallet(trx, entry.customerId, entry.currencyCode, now);
    posted = await applyAndRecord(trx, entry, now, id);
  }
  if (!posted) throw await refusal(trx, entry);
  await followArrears(trx, entry, posted.balance + posted.credit_limit);
  if (Number(posted.thresholds_crossed) > 0)
    await followBalanceWarnings(trx, entry.customerId, entry.currencyCode, posted.balance);
  return {
    id,
    entryNo: posted.entry_count,
    balanceAfter: posted.balance,
    heldAfter: posted.held,
    creditLimit: posted.credit_limit,
    createdAt: posted.last_entry_at,
  };
}

/** A ledger row's columns that come from the entry itself; the rest come from the wallet it moved. */
const entryColumns = (entry: LedgerEntryInput, id: string) => ({
  id,
  customer_id: entry.customerId,
  currency_code: entry.currencyCode,
  entry_type: entry.entryType,
  amount: entry.amount,
  held_change: entry.heldChange,
  order_id: entry.orderId ?? null,
  recharge_id: entry.rechargeId ?? null,
  bill_id: null,
  reference_no: entry.referenceNo ?? null,
  remark: entry.remark ?? null,
  created_by: entry.createdBy ?? null,
});

/** What the wallet UPDATE leaves (walletAfterChange), the ledger row written from it. */
interface WalletAfterChange {
  balance: number;
  held: number;
  credit_limit: number;
  entry_count: number;
  total_in: number;
  total_out: number;
  /** The row's time: the later of now and the wallet's previous row. */
  last_entry_at: string;
  thresholds_crossed: number | string;
}

/**
 * The conditional wallet UPDATE and the ledger row made from what it returns; undefined (nothing written)
 * when no wallet row matched. On PostgreSQL one statement: the wallet's row lock is taken by the UPDATE
 * and held to the commit, so every round trip saved here is one a customer's other writers no longer wait
 * for. SQLite (one writer at a time, no data-modifying WITH) runs the two statements.
 */
async function applyAndRecord(
  trx: Executor,
  entry: LedgerEntryInput,
  now: string,
  id: string,
): Promise<WalletAfterChange | undefined> {
  const update = walletUpdate(trx, entry, now).returning(walletAfterChange);
  const fixed = entryColumns(entry, id);
  if (isPostgres(trx)) {
    const columns = Object.keys(fixed);
    const { rows } = await sql<WalletAfterChange>`
      with w as (${update})
      insert into ledger_entries (${sql.join(columns.map((column) => sql.ref(column)))},
        entry_no, balance_after, held_after, created_at, total_in_after, total_out_after)
      select ${sql.join(Object.values(fixed).map((value) => sql`${value}`))},
        w.entry_count, w.balance, w.held, w.last_entry_at, w.total_in, w.total_out
      from w
      returning entry_no as entry_count, balance_after as balance, held_after as held,
        total_in_after as total_in, total_out_after as total_out, (select last_entry_at from w) as last_entry_at,
        (select credit_limit from w) as credit_limit, (select thresholds_crossed from w) as thresholds_crossed`.execute(
      trx,
    );
    return rows[0];
  }
  const wallet = (await update.executeTakeFirst()) as WalletAfterChange | undefined;
  if (!wallet) return undefined;
  await trx
    .insertInto('ledger_entries')
    .values({
      ...fixed,
      entry_no: wallet.entry_count,
      balance_after: wallet.balance,
      held_after: wallet.held,
      created_at: wallet.last_entry_at,
      total_in_after: wallet.total_in,
      total_out_after: wallet.total_out,
    })
    .execute();
  return wallet;
}

/**
 * The batch form of `postLedgerEntry`: many entries of ONE customer (the Excel batch's holds, one per
 * order), inside the caller's transaction. It writes exactly the rows posting them one by one in this
 * order would — entry_no, balance_after, held_after, running totals, created_at (the later of now and the
 * wallet's previous row, the same for every row of the batch, so still monotonic) — with ONE conditional
 * wallet UPDATE per currency for the sum and multi-row inserts. The UPDATE's condition is the one-by-one
 * conditions taken together: the lowest running balance any charge reaches (and the lowest held any
 * release reaches) must fit, so a batch is refused, nothing written, exactly when some entry posted alone
 * would be (insufficient balance: the same 409 naming the shortfall of the whole batch).
 */
export async function postLedgerEntries(
  db: Executor,
  entries: readonly LedgerEntryInput[],
): Promise<PostedLedgerEntry[]> {
  if (entries.length === 0) return [];
  entries.forEach(checkEntry);
  const customerId = entries[0]!.customerId;
  if (entries.some((entry) => entry.customerId !== customerId))
    throw new Error("ledger: a batch is one customer's");
  if (!db.isTransaction) return db.transaction().execute((trx) => postBatchInTransaction(trx, entries));
  return postBatchInTransaction(db, entries);
}

/** What a batch of one wallet's entries does to it, and the lowest points its running sums reach. */
export interface WalletBatchChange {
  customerId: string;
  currencyCode: string;
  count: number;
  amount: number;
  held: number;
  totalIn: number;
  totalOut: number;
  /** Lowest running Σ amount at a charge that must fit (null: none in the batch). */
  lowestCharged: number | null;
  /** Lowest running Σ held change at an entry that lowers held (null: none). */
  lowestHeld: number | null;
}

function walletBatchChange(entries: readonly LedgerEntryInput[]): WalletBatchChange {
  const change: WalletBatchChange = {
    customerId: entries[0]!.customerId,
    currencyCode: entries[0]!.currencyCode,
    count: entries.length,
    amount: 0,
    held: 0,
    totalIn: 0,
    totalOut: 0,
    lowestCharged: null,
    lowestHeld: null,
  };
  for (const entry of entries) {
    change.amount += entry.amount;
    change.held += entry.heldChange;
    change.totalIn += Math.max(entry.amount, 0);
    change.totalOut += Math.min(entry.amount, 0);
    if (entry.amount < 0 && !FORCED_ENTRY_TYPES.includes(entry.entryType))
      change.lowestCharged = Math.min(change.lowestCharged ?? change.amount, change.amount);
    if (entry.heldChange < 0) change.lowestHeld = Math.min(change.lowestHeld ?? change.held, change.held);
  }
  if (!isAmount(change.amount) || !isAmount(change.held))
    throw new Error(`ledger: a batch's sum is out of range (${change.amount}, ${change.held})`);
  return change;
}

async function postBatchInTransaction(
  trx: Executor,
  entries: readonly LedgerEntryInput[],
): Promise<PostedLedgerEntry[]> {
  const byCurrency = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const list = byCurrency.get(entry.currencyCode) ?? [];
    list.push(index);
    byCurrency.set(entry.currencyCode, list);
  });
  const posted: PostedLedgerEntry[] = new Array(entries.length);
  for (const indexes of byCurrency.values()) {
    const list = indexes.map((index) => entries[index]!);
    const change = walletBatchChange(list);
    const now = nowIso();
    let wallet = await applyBatchToWallet(trx, change, now);
    if (!wallet) {
      await createWallet(trx, change.customerId, change.currencyCode, now);
      wallet = await applyBatchToWallet(trx, change, now);
    }
    if (!wallet) throw await batchRefusal(trx, change);
    // The wallet as it was before the batch, then each row as posting one by one leaves it.
    let balance = wallet.balance - change.amount;
    let held = wallet.held - change.held;
    let totalIn = wallet.total_in - change.totalIn;
    let totalOut = wallet.total_out - change.totalOut;
    let entryNo = wallet.entry_count - change.count;
    const createdAt = wallet.last_entry_at ?? now;
    const rows = list.map((entry) => {
      balance += entry.amount;
      held += entry.heldChange;
      totalIn += Math.max(entry.amount, 0);
      totalOut += Math.min(entry.amount, 0);
      entryNo += 1;
      return {
        ...entryColumns(entry, newId()),
        entry_no: entryNo,
        balance_after: balance,
        held_after: held,
        created_at: createdAt,
        total_in_after: totalIn,
        total_out_after: totalOut,
      };
    });
    for (const [position, entry] of list.entries())
      await followArrears(trx, entry, rows[position]!.balance_after + wallet.credit_limit);
    if (Number(wallet.thresholds_crossed) > 0)
      await followBalanceWarnings(trx, change.customerId, change.currencyCode, wallet.balance);
    // 18 columns a row: 1,000 rows stay within both engines' parameter limits.
    for (let start = 0; start < rows.length; start += 1000)
      await trx
        .insertInto('ledger_entries')
        .values(rows.slice(start, start + 1000))
        .execute();
    rows.forEach((row, position) => {
      posted[indexes[position]!] = {
        id: row.id,
        entryNo: row.entry_no,
        balanceAfter: row.balance_after,
        heldAfter: row.held_after,
        creditLimit: wallet.credit_limit,
        createdAt,
      };
    });
  }
  return posted;
}

/** The batch's one conditional UPDATE (see `walletUpdate`); undefined when missing or it does not fit. */
function applyBatchToWallet(trx: Executor, change: WalletBatchChange, now: string) {
  let update = trx
    .updateTable('wallets')
    .set((eb) => ({
      balance: eb('balance', '+', change.amount),
      held: eb('held', '+', change.held),
      entry_count: eb('entry_count', '+', change.count),
      total_in: eb('total_in', '+', change.totalIn),
      total_out: eb('total_out', '+', change.totalOut),
      last_entry_at: sql<string>`case when ${eb.ref('last_entry_at')} > ${now} then ${eb.ref('last_entry_at')} else ${now} end`,
      updated_at: now,
    }))
    .where('customer_id', '=', change.customerId)
    .where('currency_code', '=', change.currencyCode);
  const { lowestCharged, lowestHeld } = change;
  if (lowestCharged !== null)
    update = update.where((eb) =>
      eb(eb(eb('balance', '+', lowestCharged), '+', eb.ref('credit_limit')), '>=', 0),
    );
  if (lowestHeld !== null) update = update.where((eb) => eb(eb('held', '+', lowestHeld), '>=', 0));
  return update.returning(walletAfterChange).executeTakeFirst();
}

/** Why the batch's UPDATE matched nothing, as the error to throw (see `refusal`). */
async function batchRefusal(trx: Executor, change: WalletBatchChange): Promise<Error> {
  const wallet = await trx
    .selectFrom('wallets')
    .select(['balance', 'held', 'credit_limit'])
    .where('customer_id', '=', change.customerId)
    .where('currency_code', '=', change.currencyCode)
    .executeTakeFirst();
  if (!wallet)
    return new Error(`ledger: wallet ${change.customerId}/${change.currencyCode} could not be created`);
  if (change.lowestHeld !== null && wallet.held + change.lowestHeld < 0)
    return new Error(`ledger: a batch would take held ${wallet.held} below zero (by ${change.lowestHeld})`);
  const available = wallet.balance + wallet.credit_limit;
  return insufficientBalance(trx, change.currencyCode, -(change.lowestCharged ?? 0), available);
}

/** The wallet row on first use (credit limit 0); a no-op when it exists. */
async function createWallet(trx: Executor, customerId: string, currencyCode: string, now: string) {
  // On PostgreSQL a concurrent creator's insert waits for ours and then does nothing.
  await trx
    .insertInto('wallets')
    .values({
      customer_id: customerId,
      currency_code: currencyCode,
      balance: 0,
      held: 0,
      credit_limit: 0,
      entry_count: 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['customer_id', 'currency_code']).doNothing())
    .execute();
}

/**
 * The customer's arrears follow the ledger, here, so no caller can forget them (PRODUCT.md "Wallet": a
 * balance below minus the credit limit puts the customer in arrears, which the session check answers with
 * 203). A forced charge that leaves this wallet's available < 0 moves an active customer to `arrears`; any
 * money in (amount > 0) lifts arrears once every wallet of the customer is back to available >= 0. A frozen
 * customer stays frozen. Each is one conditional UPDATE that matches, and so locks the customer row, only
 * when the status really changes; callers that force charges lock the customer row before the order rows
 * (operations weigh-in) so this later lock never inverts the create path's order (customer, then wallet).
 */
async function followArrears(trx: Executor, entry: LedgerEntryInput, availableAfter: number) {
  if (entry.amount < 0 && availableAfter < 0) {
    await trx
      .updateTable('customers')
      .set({ status: 'arrears' })
      .where('id', '=', entry.customerId)
      .where('status', '=', 'active')
      .execute();
  } else if (entry.amount > 0) {
    await trx
      .updateTable('customers')
      .set({ status: 'active' })
      .where('id', '=', entry.customerId)
      .where('status', '=', 'arrears')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('wallets')
              .select('currency_code')
              .where('customer_id', '=', entry.customerId)
              .where((eb) => eb(eb('balance', '+', eb.ref('credit_limit')), '<', 0)),
          ),
        ),
      )
      .execute();
  }
}

/** The users' low-balance warnings (modules/notification): one notification per fall below a threshold. */
function followBalanceWarnings(
  trx: Executor,
  customerId: string,
  currencyCode: string,
  balanceAfter: number,
) {
  return followBalanceThresholds(trx, {
    customerId,
    currencyCode,
    balanceAfter,
    formatAmount: async (amount) => formatMinorAmount(amount, await currencyDisplay(trx, currencyCode)),
  });
}

/**
 * What each wallet UPDATE answers: the row after the change, and how many users' low-balance warnings it
 * moves across (balance now below ≠ marked below) — most changes cross none and then cost no statement more.
 */
const walletAfterChange = (eb: ExpressionBuilder<Database, 'wallets'>) => [
  'balance' as const,
  'held' as const,
  'credit_limit' as const,
  'entry_count' as const,
  'total_in' as const,
  'total_out' as const,
  'last_entry_at' as const,
  eb
    .selectFrom('balance_thresholds')
    .select((s) => s.fn.countAll<number>().as('crossed'))
    .whereRef('balance_thresholds.customer_id', '=', 'wallets.customer_id')
    .whereRef('balance_thresholds.currency_code', '=', 'wallets.currency_code')
    .where(
      sql<boolean>`(case when ${sql.ref('wallets.balance')} < ${sql.ref('balance_thresholds.threshold_amount')} then 1 else 0 end) <> ${sql.ref('balance_thresholds.is_below')}`,
    )
    .as('thresholds_crossed'),
];

/** The conditional UPDATE (not yet run): it matches no row when the wallet is missing or the change does not fit. */
function walletUpdate(trx: Executor, entry: LedgerEntryInput, now: string) {
  let update = trx
    .updateTable('wallets')
    .set((eb) => ({
      balance: eb('balance', '+', entry.amount),
      held: eb('held', '+', entry.heldChange),
      entry_count: eb('entry_count', '+', 1),
      total_in: eb('total_in', '+', Math.max(entry.amount, 0)),
      total_out: eb('total_out', '+', Math.min(entry.amount, 0)),
      last_entry_at: sql<string>`case when ${eb.ref('last_entry_at')} > ${now} then ${eb.ref('last_entry_at')} else ${now} end`,
      updated_at: now,
    }))
    .where('customer_id', '=', entry.customerId)
    .where('currency_code', '=', entry.currencyCode);
  if (entry.amount < 0 && !FORCED_ENTRY_TYPES.includes(entry.entryType)) {
    update = update.where((eb) =>
      eb(eb(eb('balance', '+', entry.amount), '+', eb.ref('credit_limit')), '>=', 0),
    );
  }
  if (entry.heldChange < 0) update = update.where((eb) => eb(eb('held', '+', entry.heldChange), '>=', 0));
  return update;
}

/** Why the UPDATE matched nothing, as the error to throw. */
async function refusal(trx: Executor, entry: LedgerEntryInput): Promise<Error> {
  const wallet = await trx
    .selectFrom('wallets')
    .select(['balance', 'held', 'credit_limit'])
    .where('customer_id', '=', entry.customerId)
    .where('currency_code', '=', entry.currencyCode)
    .executeTakeFirst();
  if (!wallet)
    return new Error(`ledger: wallet ${entry.customerId}/${entry.currencyCode} could not be created`);
  if (wallet.held + entry.heldChange < 0) {
    // A release of more than is held is a bug in the caller (a double cancel), never the customer's doing.
    return new Error(
      `ledger: ${entry.entryType} would take held ${wallet.held} below zero (change ${entry.heldChange})`,
    );
  }
  const available = wallet.balance + wallet.credit_limit;
  return insufficientBalance(trx, entry.currencyCode, -entry.amount, available);
}

/** How a message writes amounts of the currency: its symbol and digits, the fallback when it has no row. */
export async function currencyDisplay(db: Executor, currencyCode: string): Promise<CurrencyDisplay> {
  const currency = await db
    .selectFrom('currencies')
    .select(['symbol', 'minor_units'])
    .where('code', '=', currencyCode)
    .executeTakeFirst();
  return currency
    ? { symbol: currency.symbol, minorUnits: Number(currency.minor_units) }
    : fallbackCurrencyDisplay(currencyCode);
}

/** Body code 409 whose message names the shortfall in the currency ("余额不足，还差 ¥12.34，请先充值"). */
async function insufficientBalance(trx: Executor, currencyCode: string, required: number, available: number) {
  const display = await currencyDisplay(trx, currencyCode);
  // Another transaction may have freed money between the refused UPDATE and this read; still at least 1.
  const shortfall = Math.max(1, required - available);
  const data: InsufficientBalance = {
    reason: 'insufficientBalance',
    currencyCode,
    required,
    available,
    shortfall,
  };
  // The balance is the company's: someone without finance:view learns that it does not suffice, not by how much.
  const withoutFigures: InsufficientBalance = { ...data, available: null, shortfall: null };
  return new AppError(
    ApiCode.Conflict,
    'wallet.insufficientBalance',
    { shortfall: formatMinorAmount(shortfall, display) },
    data,
  ).withheldFrom(
    Permission.FinanceView,
    new AppError(ApiCode.Conflict, 'wallet.insufficientBalanceAskFinance', {}, withoutFigures),
  );
}

const CURRENCY_CODE = /^[A-Z]{3}$/;
const isAmount = (value: number) => Number.isSafeInteger(value) && Math.abs(value) <= MAX_AMOUNT_MINOR;

/** Programming errors, never the customer's: a 500, not a message. */
function checkEntry(entry: LedgerEntryInput) {
  if (!LEDGER_ENTRY_TYPES.includes(entry.entryType))
    throw new Error(`ledger: unknown entry type ${entry.entryType}`);
  if (!CURRENCY_CODE.test(entry.currencyCode))
    throw new Error(`ledger: bad currency code ${entry.currencyCode}`);
  if (!isAmount(entry.amount) || !isAmount(entry.heldChange))
    throw new Error(`ledger: amounts must be integer minor units (${entry.amount}, ${entry.heldChange})`);
  if (entry.amount === 0 && entry.heldChange === 0) throw new Error('ledger: an entry must change something');
  if (!entry.customerId) throw new Error('ledger: customer id missing');
}

/**
 * Test support (and an operations check): for every wallet (of one customer, or all), balance = Σ amount
 * and held = Σ held change of its ledger rows, the rows are numbered 1…n without gaps, each row's balance,
 * held and running totals after follow from the previous row, no row is dated before the previous one,
 * and held is never negative. Throws naming every mismatch.
 */
export async function assertLedgerConsistent(db: Executor, customerId?: string): Promise<void> {
  let walletQuery = db.selectFrom('wallets').selectAll();
  let entryQuery = db
    .selectFrom('ledger_entries')
    .select([
      'customer_id',
      'currency_code',
      'entry_no',
      'amount',
      'held_change',
      'balance_after',
      'held_after',
      'total_in_after',
      'total_out_after',
      'created_at',
    ]);
  if (customerId) {
    walletQuery = walletQuery.where('customer_id', '=', customerId);
    entryQuery = entryQuery.where('customer_id', '=', customerId);
  }
  const [wallets, entries] = await Promise.all([
    walletQuery.execute(),
    entryQuery.orderBy('customer_id').orderBy('currency_code').orderBy('entry_no').execute(),
  ]);
  const byWallet = new Map<string, typeof entries>();
  for (const row of entries) {
    const key = `${row.customer_id}/${row.currency_code}`;
    const list = byWallet.get(key) ?? [];
    list.push(row);
    byWallet.set(key, list);
  }
  const problems: string[] = [];
  for (const wallet of wallets) {
    const key = `${wallet.customer_id}/${wallet.currency_code}`;
    const rows = byWallet.get(key) ?? [];
    byWallet.delete(key);
    let balance = 0;
    let held = 0;
    let totalIn = 0;
    let totalOut = 0;
    let previousAt = '';
    rows.forEach((row, index) => {
      balance += row.amount;
      held += row.held_change;
      if (row.amount > 0) totalIn += row.amount;
      else totalOut += row.amount;
      if (row.total_in_after !== totalIn || row.total_out_after !== totalOut)
        problems.push(
          `${key} #${row.entry_no}: running totals ${row.total_in_after}/${row.total_out_after}, rows sum to ${totalIn}/${totalOut}`,
        );
      if (row.created_at < previousAt)
        problems.push(
          `${key} #${row.entry_no}: dated ${row.created_at}, before the previous row (${previousAt})`,
        );
      previousAt = row.created_at;
      if (row.entry_no !== index + 1) problems.push(`${key}: row ${index + 1} is numbered ${row.entry_no}`);
      if (row.balance_after !== balance)
        problems.push(`${key} #${row.entry_no}: balance after ${row.balance_after}, rows sum to ${balance}`);
      if (row.held_after !== held)
        problems.push(`${key} #${row.entry_no}: held after ${row.held_after}, rows sum to ${held}`);
      if (held < 0) problems.push(`${key} #${row.entry_no}: held is negative (${held})`);
    });
    if (wallet.balance !== balance) problems.push(`${key}: balance ${wallet.balance} ≠ Σ amount ${balance}`);
    if (wallet.held !== held) problems.push(`${key}: held ${wallet.held} ≠ Σ held change ${held}`);
    if (wallet.total_in !== totalIn || wallet.total_out !== totalOut)
      problems.push(`${key}: totals ${wallet.total_in}/${wallet.total_out} ≠ rows ${totalIn}/${totalOut}`);
    if (wallet.entry_count !== rows.length)
      problems.push(`${key}: entry count ${wallet.entry_count} ≠ ${rows.length} rows`);
  }
  for (const key of byWallet.keys()) problems.push(`${key}: ledger rows without a wallet`);
  if (problems.length > 0) throw new Error(`ledger inconsistent:\n${problems.join('\n')}`);
}
