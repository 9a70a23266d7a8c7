import type { Language } from '@portal/contracts/languages';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts/order';
import type {
  Charge,
  EndDataItem,
  EndDataResult,
  HomeSummary,
  OrderListItem,
  OrderQuery,
  OrderQueryResult,
  OrderStatusCounts,
  TrackingEvent,
  TrackingResult,
} from '@portal/contracts/order-list';
import { gramsToKg } from '@portal/contracts/quantity';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { localize } from '../application/application.service.ts';
import {
  filteredOrders,
  filtersBesidesStatus,
  notFoundNumbers,
  type ScopedOrderFilter,
} from './order-filter.ts';
import { currentCatalog } from '../product/catalog.ts';
import * as repo from './order-list.repository.ts';

/**
 * The order list, the end-data list, tracking and the home summary: reads of the customer's orders.
 * Filters come from order-filter.ts; the counts of the unfiltered list from the customer's counter row.
 */

const kgOrNull = (grams: number | null) => (grams === null ? null : gramsToKg(grams));

/** Localized names by code, from the catalogue in memory (catalog.ts: one version read per call). */
export async function nameLookups(db: Db, language: Language) {
  const catalog = await currentCatalog(db);
  const products = catalog.productNames;
  const issueKinds = new Map(catalog.issueKinds.map((kind) => [kind.code, kind.name]));
  return {
    /** The product's stored names (JSON LocalizedText), for answers that carry every language. */
    storedProduct: (code: string) => products.get(code),
    product: (code: string) => {
      const stored = products.get(code);
      return stored ? localize(stored, language) : code;
    },
    issueKind: (code: string | null) => {
      if (code === null) return null;
      const stored = issueKinds.get(code);
      return stored ? localize(stored, language) : code;
    },
  };
}
type Names = Awaited<ReturnType<typeof nameLookups>>;

/** The final charge once weighed, else the estimate; null for a draft that was never priced. */
export function chargeOfRow(row: {
  final_total: number | null;
  final_currency_code: string | null;
  estimated_total: number | null;
  estimated_currency_code: string | null;
}): { charge: Charge | null; final: boolean } {
  if (row.final_total !== null && row.final_currency_code !== null)
    return {
      charge: { amount: Number(row.final_total), currencyCode: row.final_currency_code },
      final: true,
    };
  if (row.estimated_total !== null && row.estimated_currency_code !== null)
    return {
      charge: { amount: Number(row.estimated_total), currencyCode: row.estimated_currency_code },
      final: false,
    };
  return { charge: null, final: false };
}

function toListItem(row: repo.ListRow, names: Names): OrderListItem {
  const { charge, final } = chargeOfRow(row);
  return {
    id: row.id,
    status: row.status,
    customerOrderNo: row.customer_order_no,
    waybillNo: row.waybill_no,
    lastMileCarrier: row.last_mile_carrier,
    lastMileNo: row.last_mile_no,
    productCode: row.product_code,
    productName: names.product(row.product_code),
    consigneeName: row.consignee_name,
    consigneeCompany: row.consignee_company,
    consigneeCountryCode: row.consignee_country_code,
    consigneeCity: row.consignee_city,
    parcelCount: Number(row.parcel_count ?? 0),
    forecastWeight: gramsToKg(row.forecast_weight_g),
    actualWeight: kgOrNull(row.actual_weight_g),
    chargeableWeight: kgOrNull(row.chargeable_weight_g),
    charge,
    chargeFinal: final,
    issueKindCode: row.issue_kind_code,
    issueKindName: names.issueKind(row.issue_kind_code),
    createdAt: row.created_at,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

const withAll = (counts: Record<OrderStatus, number>): OrderStatusCounts => ({
  all: ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0),
  ...counts,
});

/** Matches up to this many are read whole (counts and page from one index read). */
const SMALL_MATCH_SET = 5000;

/** The tabs' counts and the sequence numbers of the asked page (see order-list.repository.ts). */
async function listPage(
  db: Db,
  customerId: string,
  query: OrderQuery & ScopedOrderFilter,
  smallMatchSet: number,
) {
  const offset = (query.pageIndex - 1) * query.pageSize;
  if (filtersBesidesStatus(query) && smallMatchSet > 0) {
    const matches = await repo.smallMatchSet(db, customerId, query, smallMatchSet);
    if (matches) {
      const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
        OrderStatus,
        number
      >;
      for (const match of matches) counts[match.status]++;
      const seqs = matches
        .filter((match) => !query.status || match.status === query.status)
        .map((match) => match.seq)
        .sort((a, b) => b - a)
        .slice(offset, offset + query.pageSize);
      return { statusCounts: withAll(counts), seqs };
    }
  }
  const { counts, lastSeq } = await repo.statusCounts(db, customerId, query);
  const statusCounts = withAll(counts);
  const total = query.status ? statusCounts[query.status] : statusCounts.all;
  // No filter at all, and numbers without gaps: the page is a range of sequence numbers.
  const seqs =
    !query.status && !filtersBesidesStatus(query) && lastSeq === total
      ? repo.seqRangePage(total, query.pageIndex, query.pageSize)
      : await repo.pageSeqs(filteredOrders(db, customerId, query), total, query.pageIndex, query.pageSize);
  return { statusCounts, seqs };
}

/** `POST /api/CustomerOrder/Query`: a page of the list, its total, the tabs' counts, the unknown numbers. */
export async function queryOrders(
  db: Db,
  auth: AuthContext,
  query: OrderQuery,
  language: Language,
  /** Tests set 0 to take the other road (counts, then an index walk) on small fixtures. */
  { smallMatchSet = SMALL_MATCH_SET }: { smallMatchSet?: number } = {},
): Promise<OrderQueryResult> {
  const { customerId } = auth;
  const dataScope = auth.dataScope;
  const [notFound, names] = await Promise.all([
    notFoundNumbers(db, customerId, query.numbers ?? [], dataScope),
    nameLookups(db, language),
  ]);
  const { statusCounts, seqs } = await listPage(db, customerId, { ...query, dataScope }, smallMatchSet);
  const total = query.status ? statusCounts[query.status] : statusCounts.all;
  const rows = await repo.listRowsBySeq(db, customerId, seqs);
  return {
    list: rows.map((row) => toListItem(row, names)),
    total,
    statusCounts,
    notFoundNumbers: notFound,
  };
}

/** `POST /api/CustomerOrder/QueryEndData`: orders with a last-mile number, under the list's filters. */
export async function queryEndData(db: Db, auth: AuthContext, query: OrderQuery): Promise<EndDataResult> {
  const { customerId } = auth;
  const dataScope = auth.dataScope;
  const base = () => repo.endDataQuery(db, customerId, { ...query, dataScope });
  const [total, notFound] = await Promise.all([
    repo.countRows(base()),
    notFoundNumbers(db, customerId, query.numbers ?? [], dataScope),
  ]);
  const seqs = await repo.pageSeqs(base(), total, query.pageIndex, query.pageSize);
  const rows = await repo.listRowsBySeq(db, customerId, seqs);
  return { list: rows.map(toEndDataItem), total, notFoundNumbers: notFound };
}

export function toEndDataItem(row: repo.ListRow): EndDataItem {
  return {
    id: row.id,
    status: row.status,
    customerOrderNo: row.customer_order_no,
    waybillNo: row.waybill_no,
    lastMileCarrier: row.last_mile_carrier ?? '',
    lastMileNo: row.last_mile_no ?? '',
    handedOverAt: row.handed_over_at,
    consigneeName: row.consignee_name,
    consigneeCountryCode: row.consignee_country_code,
    productCode: row.product_code,
    createdAt: row.created_at,
  };
}

export const toTrackingEvent = (row: {
  id: string;
  occurred_at: string;
  location: string | null;
  status_code: string;
  description: string;
  language: string | null;
}): TrackingEvent => ({
  id: row.id,
  occurredAt: row.occurred_at,
  location: row.location,
  statusCode: row.status_code,
  description: row.description,
  language: row.language,
});

/**
 * `POST /api/CustomerOrder/QueryTracking`: per asked number, each of the customer's orders it names with
 * its events (newest first); numbers naming none — including another customer's — are "not found".
 */
export async function queryTracking(
  db: Db,
  auth: AuthContext,
  numbers: readonly string[],
): Promise<TrackingResult> {
  const orders = await repo.ordersByNumbers(db, auth.customerId, numbers, auth.dataScope);
  const events = await repo.trackingEvents(
    db,
    auth.customerId,
    orders.map((order) => order.id),
  );
  const eventsByOrder = new Map<string, TrackingEvent[]>();
  for (const event of events) {
    const list = eventsByOrder.get(event.order_id) ?? [];
    list.push(toTrackingEvent(event));
    eventsByOrder.set(event.order_id, list);
  }
  const list: TrackingResult['list'] = [];
  const notFound: string[] = [];
  for (const number of numbers) {
    const matching = orders.filter(
      (order) =>
        order.customer_order_no === number || order.waybill_no === number || order.last_mile_no === number,
    );
    if (matching.length === 0) notFound.push(number);
    for (const order of matching)
      list.push({
        number,
        orderId: order.id,
        customerOrderNo: order.customer_order_no,
        waybillNo: order.waybill_no,
        lastMileCarrier: order.last_mile_carrier,
        lastMileNo: order.last_mile_no,
        status: order.status,
        consigneeCountryCode: order.consignee_country_code,
        events: eventsByOrder.get(order.id) ?? [],
      });
  }
  return { list, notFoundNumbers: notFound };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The caller's today and this month as UTC instants [from, to), for a UTC offset in minutes. */
export function localPeriods(now: number, utcOffsetMinutes: number) {
  const offsetMs = utcOffsetMinutes * 60_000;
  const local = new Date(now + offsetMs);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMs;
  const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMs;
  const nextMonth = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - offsetMs;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    today: { from: iso(dayStart), to: iso(dayStart + DAY_MS) },
    month: { from: iso(monthStart), to: iso(nextMonth) },
  };
}

async function periodSummary(
  db: Db,
  customerId: string,
  period: { from: string; to: string },
  dataScope: ScopedOrderFilter['dataScope'],
) {
  const rows = await repo.submittedBetween(db, customerId, period.from, period.to, dataScope);
  return {
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    charges: rows
      .filter((row): row is typeof row & { currencyCode: string } => row.currencyCode !== null)
      .map((row) => ({ amount: row.amount, currencyCode: row.currencyCode }))
      .sort((a, b) => a.currencyCode.localeCompare(b.currencyCode)),
  };
}

/** How many exceptions the home page lists. */
const RECENT_EXCEPTIONS = 5;

/**
 * `GET /api/CustomerOrder/QueryHomeSummary`: the counter row, two index ranges of submitted orders, and
 * the newest exceptions from the status index — no statement reads more than the period's orders. A
 * unit-scoped caller counts its scope's orders instead of the counter row (same as the list's tabs).
 */
export async function homeSummary(
  db: Db,
  auth: AuthContext,
  utcOffsetMinutes: number,
  language: Language,
): Promise<HomeSummary> {
  const { customerId } = auth;
  const periods = localPeriods(Date.now(), utcOffsetMinutes);
  const dataScope = auth.dataScope;
  const [{ counts }, today, month, exceptionSeqs, names] = await Promise.all([
    repo.statusCounts(db, customerId, { dataScope }),
    periodSummary(db, customerId, periods.today, dataScope),
    periodSummary(db, customerId, periods.month, dataScope),
    repo.newestInStatus(db, customerId, 'exception', RECENT_EXCEPTIONS, dataScope),
    nameLookups(db, language),
  ]);
  const exceptions = await repo.listRowsBySeq(
    db,
    customerId,
    exceptionSeqs.map((row) => Number(row.customer_seq)),
  );
  return {
    statusCounts: withAll(counts),
    today,
    month,
    recentExceptions: exceptions.map((row) => toListItem(row, names)),
  };
}

export { toListItem };
