import { BILLED_ENTRY_TYPES } from '@portal/contracts/bill';
import type { Transaction } from 'kysely';
import type { BillsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { BILLS_LINK } from '../notification/notification-links.ts';
import { notify } from '../notification/notification.service.ts';
import { currencyDisplay } from '../wallet/ledger.ts';
import { formatMinorAmount } from '@portal/contracts/money';
import { Permission } from '@portal/contracts/permissions';
import { localDatePlusDays, nextPeriod, periodContaining, type BillingPeriod } from './bill-period.ts';
import { customersToBill } from './bill.repository.ts';
import { applyPrepaidWriteOffs, refreshBillStatus } from './write-off.ts';

export interface IssueResult {
  period: string;
  /** Bill numbers issued by this call (a second run, or another instance's, issues none). */
  billNos: string[];
}

/** `B202610-C100023`: the period without its hyphen, then the customer's code. */
export const billNoOf = (period: BillingPeriod, customerCode: string) =>
  `B${period.label.replace('-', '')}-${customerCode}`;

/** Rolls back a bill that found no lines (another run billed them first): nothing is written. */
class NothingToBill extends Error {}

/**
 * Issues the period's bills: one per customer with billed-type ledger rows (BILLED_ENTRY_TYPES) not
 * billed yet and dated before the period's end, so rows that arrive after their period was billed join
 * the next bill and a row is billed once. Each customer in its own transaction:
 *
 * 1. insert the bill — the unique (customer, period_start) index makes a second run, or a second instance
 *    running at the same moment, insert nothing (ON CONFLICT DO NOTHING; on PostgreSQL the second insert
 *    waits for the first transaction and then does nothing), and that customer is skipped;
 * 2. take the rows: `SET bill_id … WHERE bill_id IS NULL` (their money never changes);
 * 3. totals per currency = −Σ amount of its lines; order count = distinct orders of its lines;
 * 4. status from the totals (≤ 0 everywhere → settled), then money already paid in writes it off
 *    (`applyPrepaidWriteOffs`, per currency).
 *
 * `customerId` limits it to one customer (the demo seed).
 */
export async function issueBills(
  db: Db,
  period: BillingPeriod,
  now: Date,
  settings: Pick<BillsConfig, 'dueDays' | 'utcOffsetMinutes'>,
  customerId?: string,
): Promise<IssueResult> {
  const customers = await customersToBill(db, period, customerId);
  const billNos: string[] = [];
  const issuedAt = now.toISOString();
  const dueDate = localDatePlusDays(settings.utcOffsetMinutes, now, settings.dueDays);
  for (const customer of customers) {
    const billNo = billNoOf(period, customer.code);
    try {
      const issued = await db
        .transaction()
        .execute((trx) => issueOne(trx, period, customer.customer_id, billNo, issuedAt, dueDate));
      if (issued) billNos.push(billNo);
    } catch (error) {
      if (!(error instanceof NothingToBill)) throw error;
    }
  }
  return { period: period.label, billNos };
}

async function issueOne(
  trx: Transaction<Database>,
  period: BillingPeriod,
  customerId: string,
  billNo: string,
  issuedAt: string,
  dueDate: string,
): Promise<boolean> {
  const billId = newId();
  const inserted = await trx
    .insertInto('bills')
    .values({
      id: billId,
      bill_no: billNo,
      customer_id: customerId,
      period_label: period.label,
      period_start: period.start,
      period_end: period.end,
      order_count: 0,
      status: 'open',
      due_date: dueDate,
      issued_at: issuedAt,
      settled_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;

  await trx
    .updateTable('ledger_entries')
    .set({ bill_id: billId })
    .where('customer_id', '=', customerId)
    .where('bill_id', 'is', null)
    .where('created_at', '<', period.end)
    .where('entry_type', 'in', [...BILLED_ENTRY_TYPES])
    .execute();
  const sums = await trx
    .selectFrom('ledger_entries')
    .select((eb) => ['currency_code', eb.fn.sum<number>('amount').as('amount')])
    .where('customer_id', '=', customerId)
    .where('bill_id', '=', billId)
    .groupBy('currency_code')
    .execute();
  if (sums.length === 0) throw new NothingToBill();
  const orders = await trx
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.count<number>('order_id').distinct().as('count'))
    .where('customer_id', '=', customerId)
    .where('bill_id', '=', billId)
    .executeTakeFirstOrThrow();

  await trx
    .insertInto('bill_amounts')
    .values(
      sums.map((sum) => ({
        bill_id: billId,
        currency_code: sum.currency_code,
        total: -Number(sum.amount),
        written_off: 0,
      })),
    )
    .execute();
  await trx
    .updateTable('bills')
    .set({ order_count: Number(orders.count) })
    .where('id', '=', billId)
    .execute();
  await refreshBillStatus(trx, billId, issuedAt);
  for (const sum of sums)
    if (-Number(sum.amount) > 0) await applyPrepaidWriteOffs(trx, customerId, sum.currency_code, issuedAt);
  const amounts: string[] = [];
  for (const sum of sums)
    amounts.push(formatMinorAmount(-Number(sum.amount), await currencyDisplay(trx, sum.currency_code)));
  await notify(trx, {
    customerId,
    permission: Permission.FinanceBill,
    kind: 'bill_issued',
    titleKey: 'notification.billIssued.title',
    bodyKey: 'notification.billIssued.body',
    params: { billNo, period: period.label, amounts: amounts.join(', ') },
    link: BILLS_LINK,
    sourceKey: `bill:${billId}`,
  });
  return true;
}

/**
 * The demo's bills: every period from the customer's first billed row up to the one before `now`, so a
 * new portal's bills page has bills to show (the current period is billed when it ends, as for anyone).
 */
export async function issueDemoBills(
  db: Db,
  settings: BillsConfig,
  customerId: string,
  now = new Date(),
): Promise<string[]> {
  const first = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('customer_id', '=', customerId)
    .where('bill_id', 'is', null)
    .where('entry_type', 'in', [...BILLED_ENTRY_TYPES])
    .executeTakeFirst();
  if (!first?.at) return [];
  const current = periodContaining(settings, now);
  const billNos: string[] = [];
  for (
    let period = periodContaining(settings, new Date(first.at));
    period.start < current.start;
    period = nextPeriod(settings, period)
  )
    billNos.push(...(await issueBills(db, period, now, settings, customerId)).billNos);
  return billNos;
}
