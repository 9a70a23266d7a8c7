import dayjs from 'dayjs';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts/order';
import { MAX_PASTED_NUMBERS, splitNumbers, type OrderQueryInput } from '@portal/contracts/order-list';
import { calendarDayOf, localDayStartInstant } from '../../../lib/format-date';

/**
 * The order list's filters as they live in the URL (`?status=exception&from=2026-11-01&…`), so a link
 * opens the list filtered and back/forward walk through earlier searches. Pure: the page reads
 * `parseOrderSearch(searchParams)` and writes `orderSearchParams(search)`; `orderQueryOf` is the
 * `CustomerOrder/Query` body. Anything malformed in a URL is dropped rather than sent.
 */
export interface OrderListSearch {
  status: OrderStatus | null;
  /** The distinct numbers searched for (reference, waybill or last-mile). */
  numbers: string[];
  /** Local calendar days, `YYYY-MM-DD`, both inclusive. */
  createdFrom: string | null;
  createdTo: string | null;
  countryCode: string | null;
  productCode: string | null;
  keyword: string;
  /** The orders one Excel batch created (the batch-create result links here with `?importId=`). */
  importId: string | null;
  page: number;
}

export const EMPTY_ORDER_SEARCH: OrderListSearch = {
  status: null,
  numbers: [],
  createdFrom: null,
  createdTo: null,
  countryCode: null,
  productCode: null,
  keyword: '',
  importId: null,
  page: 1,
};

/** URL parameter names; short, since a shared link carries them. */
const PARAM = {
  status: 'status',
  numbers: 'numbers',
  createdFrom: 'from',
  createdTo: 'to',
  countryCode: 'country',
  productCode: 'product',
  keyword: 'keyword',
  importId: 'importId',
  page: 'page',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 1_000_000;
const MAX_KEYWORD = 100;
const MAX_PRODUCT_CODE = 32;
const MAX_IMPORT_ID = 64;

function dayOf(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const day = dayjs(value);
  // dayjs rolls 2026-02-30 over to March; only a real calendar day is kept.
  return day.isValid() && calendarDayOf(day) === value ? value : null;
}

function isStatus(value: string | null): value is OrderStatus {
  return value !== null && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function parseOrderSearch(params: URLSearchParams): OrderListSearch {
  const status = params.get(PARAM.status);
  const country = (params.get(PARAM.countryCode) ?? '').trim().toUpperCase();
  const product = (params.get(PARAM.productCode) ?? '').trim();
  const page = Number(params.get(PARAM.page));
  const importId = (params.get(PARAM.importId) ?? '').trim();
  let createdFrom = dayOf(params.get(PARAM.createdFrom));
  let createdTo = dayOf(params.get(PARAM.createdTo));
  // A range typed backwards is the same range.
  if (createdFrom && createdTo && createdFrom > createdTo)
    [createdFrom, createdTo] = [createdTo, createdFrom];
  return {
    status: isStatus(status) ? status : null,
    numbers: splitNumbers(params.get(PARAM.numbers) ?? '').slice(0, MAX_PASTED_NUMBERS),
    createdFrom,
    createdTo,
    countryCode: /^[A-Z]{2}$/.test(country) ? country : null,
    productCode: product && product.length <= MAX_PRODUCT_CODE ? product : null,
    keyword: (params.get(PARAM.keyword) ?? '').trim().slice(0, MAX_KEYWORD),
    importId: importId && importId.length <= MAX_IMPORT_ID ? importId : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The search as URL parameters; what is at its default is left out, so the plain list has a plain URL. */
export function orderSearchParams(search: OrderListSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.status) params.set(PARAM.status, search.status);
  if (search.numbers.length > 0) params.set(PARAM.numbers, search.numbers.join(','));
  if (search.createdFrom) params.set(PARAM.createdFrom, search.createdFrom);
  if (search.createdTo) params.set(PARAM.createdTo, search.createdTo);
  if (search.countryCode) params.set(PARAM.countryCode, search.countryCode);
  if (search.productCode) params.set(PARAM.productCode, search.productCode);
  if (search.keyword) params.set(PARAM.keyword, search.keyword);
  if (search.importId) params.set(PARAM.importId, search.importId);
  if (search.page > 1) params.set(PARAM.page, String(search.page));
  return params;
}

/**
 * The filters of a search as the contracts' `OrderFilter`: the created range is the user's local days,
 * `createdTo` exclusive (the start of the day after the last one chosen).
 */
export function orderFilterOf(search: OrderListSearch): Omit<OrderQueryInput, 'pageIndex' | 'pageSize'> {
  return {
    status: search.status,
    numbers: search.numbers.length > 0 ? search.numbers : null,
    createdFrom: search.createdFrom ? localDayStartInstant(search.createdFrom) : null,
    createdTo: search.createdTo ? localDayStartInstant(search.createdTo, 1) : null,
    countryCode: search.countryCode,
    productCode: search.productCode,
    keyword: search.keyword || null,
    importId: search.importId,
  };
}

export function orderQueryOf(search: OrderListSearch, pageSize: number): OrderQueryInput {
  return { ...orderFilterOf(search), pageIndex: search.page, pageSize };
}

/** Whether any filter other than the status tab narrows the list (the empty state differs). */
export function hasNarrowingFilters(search: OrderListSearch): boolean {
  return Boolean(
    search.numbers.length > 0 ||
    search.createdFrom ||
    search.createdTo ||
    search.countryCode ||
    search.productCode ||
    search.keyword ||
    search.importId,
  );
}

/** What the numbers box recognises as the user types: the distinct numbers and whether there are too many. */
export function recognisedNumbers(text: string): { count: number; isTooMany: boolean } {
  const count = splitNumbers(text).length;
  return { count, isTooMany: count > MAX_PASTED_NUMBERS };
}
