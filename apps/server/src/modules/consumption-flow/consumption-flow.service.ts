import type {
  LedgerDetail,
  LedgerFilter,
  LedgerRow,
  LedgerSummary,
} from '@portal/contracts/consumption-flow';
import type { LedgerEntryType } from '@portal/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { isPlainId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { utcText } from '../order/order-filter.ts';
import { HOME_CURRENCY } from '../wallet/wallet.service.ts';
import * as repo from './consumption-flow.repository.ts';

/**
 * The consumption flow: the customer's ledger read page by page, its per-currency summary and one row's
 * detail. How a page is found at a million rows is in docs/ARCHITECTURE.md "Consumption flow".
 */

/** Matches up to this many are read whole (total and any page from one index read). */
const SMALL_MATCH_SET = 5000;

export interface LedgerPageQuery extends LedgerFilter {
  pageIndex: number;
  pageSize: number;
}

/** The filter's time bounds as stored times compare (UTC text, clamped to four-digit years). */
const bounds = (filter: LedgerFilter) => ({
  from: filter.createdFrom ? utcText(filter.createdFrom) : null,
  to: filter.createdTo ? utcText(filter.createdTo) : null,
});

/** Whether the filter needs more than the wallets' entry_no ranges: a type or a number. */
const narrowsRows = (filter: LedgerFilter) => Boolean(filter.number || filter.entryTypes?.length);

/**
 * One currency's rows of the time range, newest first: position p (0, 1, …) is entry_no `high − p`,
 * `length` of them.
 */
interface RangeList {
  currencyCode: string;
  high: number;
  length: number;
}

/** Per wallet the entry_no range of [from, to): two seeks each (none without bounds). */
async function rangeLists(db: Db, customerId: string, filter: LedgerFilter): Promise<RangeList[]> {
  const { from, to } = bounds(filter);
  const wallets = await repo.wallets(db, customerId, filter.currencyCode ?? null);
  return Promise.all(
    wallets.map(async (wallet) => {
      const [low, high] = await Promise.all([
        from ? repo.lastEntryNoBefore(db, customerId, wallet.currencyCode, from) : 0,
        to ? repo.lastEntryNoBefore(db, customerId, wallet.currencyCode, to) : wallet.entryCount,
      ]);
      return { currencyCode: wallet.currencyCode, high, length: Math.max(0, high - low) };
    }),
  );
}

/**
 * How many rows of each list come before the `skip`-th row of their merge (newest first): a selection
 * over sorted lists with random access. Each round probes, in every list not yet used up, the row `m` =
 * ⌊skip / lists⌋ further on, and passes the list whose probe comes first up to and including it: at most
 * (m − 1) rows of every list precede that probe, so it ranks within the `skip` rows passed. The remaining
 * skip shrinks by a fraction each round: O(lists × log skip) seeks, whatever the depth. One list needs none.
 */
async function positionsAfter(db: Db, customerId: string, lists: RangeList[], skip: number) {
  const passed = lists.map(() => 0);
  let remaining = skip;
  while (remaining > 0) {
    const open = lists.map((_, i) => i).filter((i) => passed[i]! < lists[i]!.length);
    if (open.length === 1) {
      passed[open[0]!]! += remaining;
      break;
    }
    const m = Math.max(1, Math.floor(remaining / open.length));
    const steps = open.map((i) => Math.min(m, lists[i]!.length - passed[i]!));
    const probes = await repo.keysAt(
      db,
      customerId,
      open.map((i, n) => ({
        currencyCode: lists[i]!.currencyCode,
        entryNo: lists[i]!.high - (passed[i]! + steps[n]! - 1),
      })),
    );
    if (probes.length !== open.length) throw new Error('consumption flow: a wallet row is missing');
    const first = probes.reduce((best, key) => (repo.compareNewestFirst(key, best) < 0 ? key : best));
    const n = open.findIndex((i) => lists[i]!.currencyCode === first.currencyCode);
    passed[open[n]!]! += steps[n]!;
    remaining -= steps[n]!;
  }
  return passed;
}

/** The page of the unnarrowed list: per currency the next `pageSize` rows after the skipped ones, merged. */
async function rangePage(db: Db, customerId: string, lists: RangeList[], offset: number, pageSize: number) {
  const passed = await positionsAfter(db, customerId, lists, offset);
  const rows = await repo.rowsInRanges(
    db,
    customerId,
    lists.map((list, i) => ({
      currencyCode: list.currencyCode,
      high: list.high - passed[i]!,
      low: Math.max(list.high - list.length + 1, list.high - passed[i]! - pageSize + 1),
    })),
  );
  return sortedByKey(rows).slice(0, pageSize);
}

const keyOf = (row: repo.FlowRow): repo.EntryKey => ({
  currencyCode: row.currency_code,
  entryNo: Number(row.entry_no),
  createdAt: row.created_at,
});
const sortedByKey = (rows: repo.FlowRow[]) =>
  rows.sort((a, b) => repo.compareNewestFirst(keyOf(a), keyOf(b)));

/**
 * The filter as the repository's match (a number resolved to the customer's orders, recharges, bills);
 * null when the customer has no wallet of the asked currency (nothing can match).
 */
export async function entryMatch(
  db: Db,
  customerId: string,
  filter: LedgerFilter,
): Promise<repo.EntryMatch | null> {
  const { from, to } = bounds(filter);
  const wallets = await repo.wallets(db, customerId, filter.currencyCode ?? null);
  if (wallets.length === 0) return null;
  return {
    currencyCodes: wallets.map((wallet) => wallet.currencyCode),
    createdFrom: from,
    createdTo: to,
    entryTypes: filter.entryTypes?.length ? (filter.entryTypes as LedgerEntryType[]) : null,
    number: filter.number ? await repo.resolveNumber(db, customerId, filter.number) : null,
  };
}

/** How many rows the filter matches (the list's total, an export's count). */
export async function countLedger(db: Db, customerId: string, filter: LedgerFilter) {
  if (!narrowsRows(filter))
    return (await rangeLists(db, customerId, filter)).reduce((sum, list) => sum + list.length, 0);
  const match = await entryMatch(db, customerId, filter);
  if (!match) return 0;
  const small = await repo.smallMatchSet(db, customerId, match, SMALL_MATCH_SET);
  return small ? small.length : repo.countMatches(db, customerId, match);
}

/** `POST /api/ConsumptionFlow/Query`: a page newest first and the total. */
export async function queryLedger(
  db: Db,
  auth: AuthContext,
  query: LedgerPageQuery,
  { smallMatchSet = SMALL_MATCH_SET }: { smallMatchSet?: number } = {},
): Promise<{ list: LedgerRow[]; total: number }> {
  const { customerId } = auth;
  const offset = (query.pageIndex - 1) * query.pageSize;
  if (!narrowsRows(query)) {
    const lists = await rangeLists(db, customerId, query);
    const total = lists.reduce((sum, list) => sum + list.length, 0);
    const rows = offset < total ? await rangePage(db, customerId, lists, offset, query.pageSize) : [];
    return { list: rows.map(toLedgerRow), total };
  }
  const match = await entryMatch(db, customerId, query);
  if (!match) return { list: [], total: 0 };
  const small =
    smallMatchSet > 0 ? await repo.smallMatchSet(db, customerId, match, smallMatchSet) : undefined;
  let total: number;
  let keys: repo.EntryKey[];
  if (small) {
    total = small.length;
    keys = small.sort(repo.compareNewestFirst).slice(offset, offset + query.pageSize);
  } else {
    total = await repo.countMatches(db, customerId, match);
    keys = await repo.pageKeys(db, customerId, match, total, offset, query.pageSize);
  }
  const rows = sortedByKey(await repo.rowsAt(db, customerId, keys));
  return { list: rows.map(toLedgerRow), total };
}

export function toLedgerRow(row: repo.FlowRow): LedgerRow {
  return {
    id: row.id,
    entryNo: Number(row.entry_no),
    entryType: row.entry_type as LedgerEntryType,
    currencyCode: row.currency_code,
    amount: Number(row.amount),
    heldChange: Number(row.held_change),
    balanceAfter: Number(row.balance_after),
    orderId: row.order_id,
    customerOrderNo: row.customer_order_no,
    waybillNo: row.waybill_no,
    rechargeId: row.recharge_id,
    rechargeNo: row.recharge_no,
    billId: row.bill_id,
    billNo: row.bill_no,
    referenceNo: row.reference_no,
    remark: row.remark,
    createdAt: row.created_at,
  };
}

/**
 * `POST /api/ConsumptionFlow/QuerySummary`: per currency, from the wallet's rows at the period's two
 * ends (one seek each): opening = balance after the last row before `from`, in and out = differences of
 * the running totals, closing = opening + in + out, rows = difference of the entry numbers. Type and
 * number do not apply to a balance.
 */
export async function queryLedgerSummary(db: Db, auth: AuthContext, filter: LedgerFilter) {
  const { customerId } = auth;
  const { from, to } = bounds(filter);
  const currency = filter.currencyCode ?? null;
  const wallets = await repo.wallets(db, customerId, currency);
  const codes = wallets.map((wallet) => wallet.currencyCode);
  if (codes.length === 0) codes.push(currency ?? HOME_CURRENCY);
  const summary: LedgerSummary = await Promise.all(
    codes.map(async (currencyCode) => {
      const [start, end] = await Promise.all([
        from ? repo.lastPointBefore(db, customerId, currencyCode, from) : repo.ZERO_POINT,
        repo.lastPointBefore(db, customerId, currencyCode, to),
      ]);
      const moneyIn = end.totalInAfter - start.totalInAfter;
      const moneyOut = end.totalOutAfter - start.totalOutAfter;
      return {
        currencyCode,
        opening: start.balanceAfter,
        moneyIn,
        moneyOut,
        closing: start.balanceAfter + moneyIn + moneyOut,
        rowCount: end.entryNo - start.entryNo,
      };
    }),
  );
  return summary.sort((a, b) =>
    a.currencyCode === HOME_CURRENCY
      ? -1
      : b.currencyCode === HOME_CURRENCY
        ? 1
        : a.currencyCode < b.currencyCode
          ? -1
          : 1,
  );
}

/** `GET /api/ConsumptionFlow/Get`: one of the customer's rows; anything else (another's, malformed) 404. */
export async function getLedgerEntry(db: Db, auth: AuthContext, id: string): Promise<LedgerDetail> {
  const row = isPlainId(id) ? await repo.detailRow(db, auth.customerId, id) : undefined;
  if (!row) throw notFound();
  return {
    ...toLedgerRow(row),
    heldAfter: Number(row.held_after),
    createdByName: row.created_by_name,
    order:
      row.order_id && row.customer_order_no !== null
        ? {
            id: row.order_id,
            customerOrderNo: row.customer_order_no,
            waybillNo: row.waybill_no,
            status: row.order_status!,
            productCode: row.order_product_code!,
            consigneeCountryCode: row.order_country_code!,
          }
        : null,
    recharge:
      row.recharge_id && row.recharge_no !== null
        ? {
            id: row.recharge_id,
            rechargeNo: row.recharge_no,
            channel: row.recharge_channel!,
            status: row.recharge_status!,
          }
        : null,
    bill:
      row.bill_id && row.bill_no !== null
        ? { id: row.bill_id, billNo: row.bill_no, periodLabel: row.bill_period_label! }
        : null,
  };
}
