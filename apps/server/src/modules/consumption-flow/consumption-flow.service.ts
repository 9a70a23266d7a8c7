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
import { toLedgerRow } from './consumption-flow.repository.ts';

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

/** Instants probed per list and round of the search in time (one statement per round). */
const PROBES_PER_ROUND = 8;
/** The search in time stops once its window holds at most this many rows; they are then read and sorted. */
const WINDOW_ROWS = 1000;

/**
 * How many rows of each list come before the `skip`-th row of their merge (newest first), without
 * walking: a search in time. f(T), the rows dated at or after T, is Σ per currency (high − the last
 * entry_no dated before T): one seek per currency. Each round probes PROBES_PER_ROUND instants across the
 * window [a, b) that holds the wanted row (f(a) > skip ≥ f(b)), all in one statement, and keeps the
 * sub-window between the last probe still past `skip` and the next, until it holds at most WINDOW_ROWS
 * rows (or one millisecond); those rows are read, sorted, and the rest of the skip taken from them. A million
 * rows need about four rounds. Within WINDOW_ROWS of either end the window is
 * read at once; one list needs nothing: its page is a range.
 */
async function positionsAfter(
  db: Db,
  customerId: string,
  lists: RangeList[],
  skip: number,
  windowRows: number,
) {
  const open = lists.map((list, i) => i).filter((i) => lists[i]!.length > 0);
  if (open.length <= 1) return lists.map((_, i) => (i === open[0] ? skip : 0));
  const low = (i: number) => lists[i]!.high - lists[i]!.length;
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const countIn = (keys: repo.EntryKey[], list: RangeList) =>
    keys.filter((key) => key.currencyCode === list.currencyCode).length;
  // Near either end no search: the first (or last) n rows of the merge are among each list's first (last) n.
  if (Math.min(skip, total - skip) <= windowRows) {
    const fromStart = skip <= total - skip;
    const n = fromStart ? skip : total - skip;
    const keys = (
      await Promise.all(
        open.map((i) => {
          const list = lists[i]!;
          return fromStart
            ? repo.keysInRange(
                db,
                customerId,
                list.currencyCode,
                Math.max(low(i) + 1, list.high - n + 1),
                list.high,
              )
            : repo.keysInRange(
                db,
                customerId,
                list.currencyCode,
                low(i) + 1,
                Math.min(list.high, low(i) + n),
              );
        }),
      )
    ).flat();
    keys.sort(repo.compareNewestFirst);
    return lists.map((list) =>
      fromStart ? countIn(keys.slice(0, n), list) : list.length - countIn(keys.slice(keys.length - n), list),
    );
  }
  const clamp = (i: number, entryNo: number) => Math.min(lists[i]!.high, Math.max(low(i), entryNo));
  // The window starts as the lists' whole span: f(oldest) = total > skip ≥ 0 = f(newest + 1 ms).
  const ends = await repo.keysAt(
    db,
    customerId,
    open.flatMap((i) => [
      { currencyCode: lists[i]!.currencyCode, entryNo: lists[i]!.high },
      { currencyCode: lists[i]!.currencyCode, entryNo: low(i) + 1 },
    ]),
  );
  if (ends.length !== open.length * 2) throw new Error('consumption flow: a wallet row is missing');
  const times = ends.map((key) => Date.parse(key.createdAt));
  let a = Math.min(...times);
  let b = Math.max(...times) + 1;
  let beforeA = open.map((i) => low(i));
  let beforeB = open.map((i) => lists[i]!.high);
  const newerThan = (before: number[]) => open.reduce((sum, i, n) => sum + lists[i]!.high - before[n]!, 0);
  while (b - a > 1 && newerThan(beforeA) - newerThan(beforeB) > windowRows) {
    const step = (b - a) / (PROBES_PER_ROUND + 1);
    const instants = [
      ...new Set(Array.from({ length: PROBES_PER_ROUND }, (_, k) => Math.floor(a + step * (k + 1)))),
    ].filter((t) => t > a && t < b);
    const found = await repo.lastEntryNosBefore(
      db,
      customerId,
      instants.flatMap((t) =>
        open.map((i) => ({ currencyCode: lists[i]!.currencyCode, instant: new Date(t).toISOString() })),
      ),
    );
    const befores = instants.map((_, k) => open.map((i, n) => clamp(i, found[k * open.length + n]!)));
    // Probes ascend in time, so f descends: keep the last probe still past skip and the one after it.
    for (let k = 0; k < instants.length; k++) {
      if (newerThan(befores[k]!) > skip) {
        a = instants[k]!;
        beforeA = befores[k]!;
      } else {
        b = instants[k]!;
        beforeB = befores[k]!;
        break;
      }
    }
  }
  const windowKeys = (
    await Promise.all(
      open.map((i, n) =>
        repo.keysInRange(db, customerId, lists[i]!.currencyCode, beforeA[n]! + 1, beforeB[n]!),
      ),
    )
  ).flat();
  const taken = windowKeys.sort(repo.compareNewestFirst).slice(0, skip - newerThan(beforeB));
  return lists.map((list, i) => {
    const n = open.indexOf(i);
    return n < 0 ? 0 : list.high - beforeB[n]! + countIn(taken, list);
  });
}

/** The page of the unnarrowed list: per currency the next `pageSize` rows after the skipped ones, merged. */
async function rangePage(
  db: Db,
  customerId: string,
  lists: RangeList[],
  offset: number,
  pageSize: number,
  windowRows: number,
) {
  const passed = await positionsAfter(db, customerId, lists, offset, windowRows);
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

/**
 * A page deep inside a large narrowed set (types) without walking to it: the search in time of
 * `positionsAfter`, with counts instead of seeks. The window [a, b) holding the wanted match is cut into
 * PROBES_PER_ROUND + 1 intervals whose matches are counted in one statement (index ranges per type and
 * currency); the interval where the running count crosses the offset becomes the window, until it holds
 * at most `windowRows` matches. Each round counts only the window, so all rounds together count about
 * 1.1 × the matches once — never the rows of other types, which a walk of the list's order would step
 * over. Then the page is a short walk from the window's newer end.
 */
async function searchedPageKeys(
  db: Db,
  customerId: string,
  match: repo.EntryMatch,
  total: number,
  offset: number,
  pageSize: number,
  windowRows: number,
): Promise<repo.EntryKey[]> {
  const span = await repo.timeSpan(db, customerId, await repo.wallets(db, customerId, null));
  if (!span) return [];
  let a = Math.max(span.oldest, match.createdFrom ? Date.parse(match.createdFrom) : -Infinity);
  let b = Math.min(span.newest + 1, match.createdTo ? Date.parse(match.createdTo) : Infinity);
  let newer = 0; // matches dated at or after b
  let inWindow = total;
  while (b - a > 1 && inWindow > windowRows) {
    const step = (b - a) / (PROBES_PER_ROUND + 1);
    const cuts = [
      b,
      ...new Set(Array.from({ length: PROBES_PER_ROUND }, (_, k) => Math.ceil(b - step * (k + 1)))),
    ].filter((t, k) => k === 0 || (t > a && t < b));
    cuts.push(a);
    const iso = (t: number) => new Date(t).toISOString();
    // Newest interval first: [cuts[1], cuts[0]), [cuts[2], cuts[1]), …
    const intervals = cuts.slice(1).map((from, k) => ({ from: iso(from), to: iso(cuts[k]!) }));
    const counts = await repo.countMatchesBetween(db, customerId, match, intervals);
    for (let k = 0; k < counts.length; k++) {
      if (newer + counts[k]! > offset || k === counts.length - 1) {
        b = cuts[k]!;
        a = cuts[k + 1]!;
        inWindow = counts[k]!;
        break;
      }
      newer += counts[k]!;
    }
  }
  return repo.walkKeys(
    db,
    customerId,
    { ...match, createdTo: new Date(b).toISOString() },
    offset - newer,
    pageSize,
  );
}

/**
 * The keys of a narrowed filter's matches when they are few (at most `cap`), else their total: a number
 * names few rows, read through the indexes of what it names; under types the total is an index count per
 * (type, currency) first, and the keys are read only when it is small.
 */
async function narrowedMatches(
  db: Db,
  customerId: string,
  match: repo.EntryMatch,
  cap: number,
): Promise<{ keys: repo.EntryKey[] } | { total: number }> {
  if (match.number && cap > 0) {
    const keys = await repo.numberMatchSet(db, customerId, match, cap);
    if (keys) return { keys };
  }
  const total = await repo.countMatches(db, customerId, match);
  if (total > cap) return { total };
  return { keys: await repo.matchKeys(db, customerId, match) };
}

/** How many rows the filter matches (the list's total, an export's count). */
export async function countLedger(db: Db, customerId: string, filter: LedgerFilter) {
  if (!narrowsRows(filter))
    return (await rangeLists(db, customerId, filter)).reduce((sum, list) => sum + list.length, 0);
  const match = await entryMatch(db, customerId, filter);
  if (!match) return 0;
  const found = await narrowedMatches(db, customerId, match, SMALL_MATCH_SET);
  return 'keys' in found ? found.keys.length : found.total;
}

/** `POST /api/ConsumptionFlow/Query`: a page newest first and the total. */
export async function queryLedger(
  db: Db,
  auth: AuthContext,
  query: LedgerPageQuery,
  /**
   * Tests set `smallMatchSet` 0 to take the other road (a count and an index walk) on small fixtures, and
   * `windowRows` 1 to run the search in time down to single rows.
   */
  {
    smallMatchSet = SMALL_MATCH_SET,
    windowRows = WINDOW_ROWS,
  }: { smallMatchSet?: number; windowRows?: number } = {},
): Promise<{ list: LedgerRow[]; total: number }> {
  const { customerId } = auth;
  const offset = (query.pageIndex - 1) * query.pageSize;
  if (!narrowsRows(query)) {
    const lists = await rangeLists(db, customerId, query);
    const total = lists.reduce((sum, list) => sum + list.length, 0);
    const rows =
      offset < total ? await rangePage(db, customerId, lists, offset, query.pageSize, windowRows) : [];
    return { list: rows.map(toLedgerRow), total };
  }
  const match = await entryMatch(db, customerId, query);
  if (!match) return { list: [], total: 0 };
  const found = await narrowedMatches(db, customerId, match, smallMatchSet);
  const total = 'keys' in found ? found.keys.length : found.total;
  const nearEnd = Math.min(offset, total - offset - query.pageSize) <= windowRows;
  const keys =
    'keys' in found
      ? found.keys.sort(repo.compareNewestFirst).slice(offset, offset + query.pageSize)
      : offset >= total
        ? []
        : nearEnd
          ? await repo.pageKeys(db, customerId, match, total, offset, query.pageSize)
          : await searchedPageKeys(db, customerId, match, total, offset, query.pageSize, windowRows);
  const rows = sortedByKey(await repo.rowsAt(db, customerId, keys));
  return { list: rows.map(toLedgerRow), total };
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
