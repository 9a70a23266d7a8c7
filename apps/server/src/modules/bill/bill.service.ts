import type { Bill, BillDetail, BillQuerySchema, BillLinesQuerySchema } from '@portal/contracts/bill';
import type { LedgerRow } from '@portal/contracts/consumption-flow';
import { ApiCode } from '@portal/contracts/envelope';
import { formatMinorAmount } from '@portal/contracts/money';
import type { LedgerEntryType } from '@portal/contracts/wallet';
import type { z } from 'zod';
import type { BillsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { isPlainId, nowIso } from '../../lib/ids.ts';
import { issueBills, type IssueResult } from './bill-issue.ts';
import { monthRange, parsePeriodLabel } from './bill-period.ts';
import './bill.messages.ts';
import * as repo from './bill.repository.ts';
import { currencyDisplay } from '../wallet/ledger.ts';
import { recordWriteOff } from './write-off.ts';

/**
 * Bills as the customer reads them (finance:bill) and as the provider's staff issue and write them off
 * (operations API and `npm run ops`). Issuing is bill-issue.ts, write-offs write-off.ts.
 */

type BillQuery = z.output<typeof BillQuerySchema>;

/** The list filter of the contracts as the repository's: months as instants in the billing time zone. */
export function billListFilter(settings: Pick<BillsConfig, 'utcOffsetMinutes'>, query: Partial<BillQuery>) {
  const range = monthRange(settings.utcOffsetMinutes, query.periodFrom ?? null, query.periodTo ?? null);
  return {
    status: query.status ?? null,
    periodStartFrom: range.from,
    periodStartTo: range.to,
    billNo: query.billNo ? query.billNo.toUpperCase() : null,
  } satisfies repo.BillListFilter;
}

export async function queryBills(
  db: Db,
  settings: Pick<BillsConfig, 'utcOffsetMinutes'>,
  customerId: string,
  query: BillQuery,
): Promise<{ list: Bill[]; total: number }> {
  const filter = billListFilter(settings, query);
  const [total, rows] = await Promise.all([
    repo.countBills(db, customerId, filter),
    repo.listBills(db, customerId, filter, {
      offset: (query.pageIndex - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return { list: await repo.withAmounts(db, rows), total };
}

async function requireBill(db: Db, customerId: string, billId: string) {
  const row = isPlainId(billId) ? await repo.findBill(db, customerId, billId) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The bill with per-type subtotals (positive: owed, like the totals, so they add up to them) and write-offs. */
export async function getBill(db: Db, customerId: string, billId: string): Promise<BillDetail> {
  const row = await requireBill(db, customerId, billId);
  const [[bill], subtotals, writeOffs] = await Promise.all([
    repo.withAmounts(db, [row]),
    repo.billSubtotals(db, customerId, row.id),
    repo.billWriteOffs(db, customerId, row.id),
  ]);
  return {
    ...bill!,
    subtotals: subtotals
      .map((s) => ({
        entryType: s.entry_type as LedgerEntryType,
        currencyCode: s.currency_code,
        amount: -Number(s.amount),
        count: Number(s.count),
      }))
      .sort((a, b) => repo.byCurrency(a, b) || a.entryType.localeCompare(b.entryType)),
    writeOffs: writeOffs.map((w) => ({
      id: w.id,
      currencyCode: w.currency_code,
      amount: Number(w.amount),
      source: w.source,
      remark: w.remark,
      createdAt: w.created_at,
    })),
  };
}

export async function queryBillLines(
  db: Db,
  customerId: string,
  query: z.output<typeof BillLinesQuerySchema>,
): Promise<{ list: LedgerRow[]; total: number }> {
  const row = await requireBill(db, customerId, query.billId);
  const [total, rows] = await Promise.all([
    repo.countBillLines(db, customerId, [row.id]),
    repo.billLines(db, customerId, [row.id], {
      offset: (query.pageIndex - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return { list: rows, total };
}

/**
 * Issues a chosen period's bills on demand (operations API, `npm run ops -- bills-issue`): past periods
 * only, since a bill of a period still running would leave out the rest of it.
 */
export async function issueBillsForPeriod(
  db: Db,
  settings: BillsConfig,
  label: string,
  now = new Date(),
): Promise<IssueResult> {
  const period = parsePeriodLabel(settings, label);
  if (!period) throw invalidField('period', 'bill.periodInvalid');
  if (Date.parse(period.end) > now.getTime())
    throw new AppError(ApiCode.Conflict, 'bill.periodNotPast', { period: label });
  return issueBills(db, period, now, settings);
}

export interface StaffWriteOffInput {
  currencyCode: string;
  amount: number;
  remark?: string | null;
}

/**
 * Staff write off part or all of what a bill owes in one currency. Locks the wallet and then the bill's
 * amount row (the order the prepaid write-off locks in, so the two never apply the same debt twice),
 * refuses more than is outstanding, then records it through the one write-off writer.
 */
export async function writeOffByStaff(
  db: Db,
  billNo: string,
  input: StaffWriteOffInput,
  operator: string,
): Promise<Bill> {
  const bill = await repo.findBillByNo(db, billNo);
  if (!bill) throw new AppError(ApiCode.NotFound, 'bill.notFound', { billNo });
  await db.transaction().execute(async (trx) => {
    await repo.lockWallet(trx, bill.customer_id, input.currencyCode);
    const amount = await repo.lockBillAmount(trx, bill.id, input.currencyCode);
    if (!amount)
      throw new AppError(ApiCode.NotFound, 'bill.currencyNotBilled', {
        billNo,
        currencyCode: input.currencyCode,
      });
    const outstanding = Math.max(0, Number(amount.total) - Number(amount.written_off));
    if (input.amount > outstanding) {
      const display = await currencyDisplay(trx, input.currencyCode);
      throw new AppError(
        ApiCode.Conflict,
        'bill.writeOffTooLarge',
        { outstanding: formatMinorAmount(outstanding, display) },
        { currencyCode: input.currencyCode, outstanding },
      );
    }
    await recordWriteOff(trx, {
      billId: bill.id,
      customerId: bill.customer_id,
      currencyCode: input.currencyCode,
      amount: input.amount,
      source: 'staff',
      remark: input.remark ?? null,
      createdBy: operator,
      at: nowIso(),
    });
  });
  const [answer] = await repo.withAmounts(db, [(await repo.findBillByNo(db, billNo))!]);
  return answer!;
}
