import type { Transaction } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';

type Trx = Transaction<Database>;

/**
 * Write-off (issue 11, contracts bill.ts): money that arrived settles the oldest open bills first, one
 * currency at a time. "Money that arrived" is the sum of the wallet's `recharge` and `manual_adjustment`
 * rows (a recharge, an opening balance, money staff booked by hand — less what staff took back by hand: a
 * negative adjustment is on no bill, so it uses money that could otherwise pay one); what of it is not yet
 * used by a `prepaid` write-off is applied, oldest bill first, as far as it goes. So a customer who tops up before
 * a bill is issued finds that bill settled when it appears, and one who tops up later settles it then.
 *
 * Called inside the caller's transaction after the money is booked (recharge credit) and after a bill is
 * issued. It locks the wallet row first (PostgreSQL; SQLite writes one at a time), so two recharges of one
 * wallet cannot apply the same money twice; the recharge path already holds that lock from the ledger
 * writer. Lock order: wallet, then the bills' amounts. Answers the amount written off.
 */
export async function applyPrepaidWriteOffs(
  trx: Trx,
  customerId: string,
  currencyCode: string,
  at: string = nowIso(),
): Promise<number> {
  let lock = trx
    .selectFrom('wallets')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode);
  if (isPostgres(trx)) lock = lock.forUpdate();
  if (!(await lock.executeTakeFirst())) return 0;

  const arrived = await trx
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode)
    .where('entry_type', 'in', ['recharge', 'manual_adjustment'])
    .executeTakeFirstOrThrow();
  const used = await trx
    .selectFrom('bill_write_offs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode)
    .where('source', '=', 'prepaid')
    .executeTakeFirstOrThrow();
  let unapplied = Number(arrived.total) - Number(used.total);
  if (unapplied <= 0) return 0;

  const open = await trx
    .selectFrom('bill_amounts as a')
    .innerJoin('bills as b', 'b.id', 'a.bill_id')
    .select(['a.bill_id', 'a.total', 'a.written_off'])
    .where('b.customer_id', '=', customerId)
    .where('a.currency_code', '=', currencyCode)
    .where((eb) => eb('a.written_off', '<', eb.ref('a.total')))
    .orderBy('b.period_start')
    .orderBy('b.bill_no')
    .execute();
  let applied = 0;
  for (const row of open) {
    if (unapplied <= 0) break;
    const amount = Math.min(Number(row.total) - Number(row.written_off), unapplied);
    await recordWriteOff(trx, {
      billId: row.bill_id,
      customerId,
      currencyCode,
      amount,
      source: 'prepaid',
      remark: null,
      createdBy: null,
      at,
    });
    unapplied -= amount;
    applied += amount;
  }
  return applied;
}

export interface WriteOffInput {
  billId: string;
  customerId: string;
  currencyCode: string;
  /** Minor units, > 0 and at most what the bill still owes in the currency (the caller checks). */
  amount: number;
  source: 'prepaid' | 'staff';
  remark: string | null;
  createdBy: string | null;
  at: string;
}

/**
 * THE one writer of a write-off: the row, the bill amount's `written_off`, and the bill's status. Staff
 * write-offs (operations API) call it too, after locking and checking the bill amount themselves.
 */
export async function recordWriteOff(trx: Trx, input: WriteOffInput): Promise<void> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Error(`write-off: amount must be a positive integer (${input.amount})`);
  await trx
    .insertInto('bill_write_offs')
    .values({
      id: newId(),
      bill_id: input.billId,
      customer_id: input.customerId,
      currency_code: input.currencyCode,
      amount: input.amount,
      source: input.source,
      remark: input.remark,
      created_by: input.createdBy,
      created_at: input.at,
    })
    .execute();
  await trx
    .updateTable('bill_amounts')
    .set((eb) => ({ written_off: eb('written_off', '+', input.amount) }))
    .where('bill_id', '=', input.billId)
    .where('currency_code', '=', input.currencyCode)
    .execute();
  await refreshBillStatus(trx, input.billId, input.at);
}

/**
 * A bill's status from its amounts: settled when every currency's written-off reaches its total (a bill
 * owing nothing is settled), partial when something is written off, else open.
 */
export async function refreshBillStatus(trx: Trx, billId: string, at: string): Promise<void> {
  const amounts = await trx
    .selectFrom('bill_amounts')
    .select(['total', 'written_off'])
    .where('bill_id', '=', billId)
    .execute();
  const settled = amounts.every((a) => Number(a.written_off) >= Number(a.total));
  const partial = amounts.some((a) => Number(a.written_off) > 0);
  const status = settled ? 'settled' : partial ? 'partial' : 'open';
  await trx
    .updateTable('bills')
    .set({ status, settled_at: settled ? at : null })
    .where('id', '=', billId)
    .where('status', '!=', status)
    .execute();
}
