import dayjs, { type Dayjs } from 'dayjs';
import type { LedgerFilterInput, LedgerQueryInput } from '@portal/contracts/consumption-flow';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '@portal/contracts/wallet';
import { calendarDayOf, localDayStartInstant } from '../../../lib/format-date';

/**
 * The consumption flow's filters as they live in the URL (`?from=2026-11-01&to=2026-11-30&type=recharge,refund
 * &currency=CNY&number=…&page=2`), so a link opens the flow filtered and back/forward walk through earlier
 * searches. Pure: the page reads `parseLedgerSearch(searchParams)` and writes `ledgerSearchParams(search)`;
 * `ledgerFilterOf` is the filter of `ConsumptionFlow/Query`, `QuerySummary` and the `ledger` export.
 * Anything malformed in a URL is dropped rather than sent.
 */
export interface LedgerSearch {
  /** Local calendar days, `YYYY-MM-DD`, both inclusive. */
  from: string | null;
  to: string | null;
  types: LedgerEntryType[];
  currencyCode: string | null;
  /** An order, recharge or bill number (exact). */
  number: string;
  page: number;
}

export const EMPTY_LEDGER_SEARCH: LedgerSearch = {
  from: null,
  to: null,
  types: [],
  currencyCode: null,
  number: '',
  page: 1,
};

const PARAM = {
  from: 'from',
  to: 'to',
  types: 'type',
  currencyCode: 'currency',
  number: 'number',
  page: 'page',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 1_000_000;
/** The contracts' number rule (LedgerFilterSchema): letters, digits and - _ . / up to 64 characters. */
export const LEDGER_NUMBER_MAX = 64;
const NUMBER = /^[\p{L}\p{N}\-_./]*$/u;

/** Whether a typed number can be searched for (the server refuses anything else). */
export function isSearchableNumber(text: string): boolean {
  const value = text.trim();
  return value.length <= LEDGER_NUMBER_MAX && NUMBER.test(value);
}

function dayOf(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const day = dayjs(value);
  return day.isValid() && calendarDayOf(day) === value ? value : null;
}

function isEntryType(value: string): value is LedgerEntryType {
  return (LEDGER_ENTRY_TYPES as readonly string[]).includes(value);
}

export function parseLedgerSearch(params: URLSearchParams): LedgerSearch {
  let from = dayOf(params.get(PARAM.from));
  let to = dayOf(params.get(PARAM.to));
  if (from && to && from > to) [from, to] = [to, from];
  const types = (params.get(PARAM.types) ?? '').split(',').filter(isEntryType);
  const currency = (params.get(PARAM.currencyCode) ?? '').trim().toUpperCase();
  const number = (params.get(PARAM.number) ?? '').trim();
  const page = Number(params.get(PARAM.page));
  return {
    from,
    to,
    // In the contracts' order, each once, so equal searches have equal URLs and query keys.
    types: LEDGER_ENTRY_TYPES.filter((type) => types.includes(type)),
    currencyCode: /^[A-Z]{3}$/.test(currency) ? currency : null,
    number: number && isSearchableNumber(number) ? number : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The search as URL parameters; what is at its default is left out, so the plain flow has a plain URL. */
export function ledgerSearchParams(search: LedgerSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.from) params.set(PARAM.from, search.from);
  if (search.to) params.set(PARAM.to, search.to);
  if (search.types.length > 0) params.set(PARAM.types, search.types.join(','));
  if (search.currencyCode) params.set(PARAM.currencyCode, search.currencyCode);
  if (search.number) params.set(PARAM.number, search.number);
  if (search.page > 1) params.set(PARAM.page, String(search.page));
  return params;
}

/** The filter of a search: local days become instants with the browser's offset, `createdTo` exclusive. */
export function ledgerFilterOf(search: LedgerSearch): LedgerFilterInput {
  return {
    createdFrom: search.from ? localDayStartInstant(search.from) : null,
    createdTo: search.to ? localDayStartInstant(search.to, 1) : null,
    entryTypes: search.types.length > 0 ? search.types : null,
    currencyCode: search.currencyCode,
    number: search.number || null,
  };
}

export function ledgerQueryOf(search: LedgerSearch, pageSize: number): LedgerQueryInput {
  return { ...ledgerFilterOf(search), pageIndex: search.page, pageSize };
}

/**
 * The summary's filter: the period and the currency only (a balance has no type or number; the server
 * ignores them), so changing the type leaves the summary's query key, and its answer, alone.
 */
export function ledgerSummaryFilterOf(search: LedgerSearch): LedgerFilterInput {
  const filter = ledgerFilterOf(search);
  return { createdFrom: filter.createdFrom, createdTo: filter.createdTo, currencyCode: filter.currencyCode };
}

export function hasNarrowingFilters(search: LedgerSearch): boolean {
  return Boolean(search.from || search.to || search.types.length > 0 || search.currencyCode || search.number);
}

export const RANGE_PRESETS = ['thisMonth', 'lastMonth', 'last30Days'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The local days of a preset seen from `today`: this month so far, the whole last month, the last 30 days. */
export function presetRange(preset: RangePreset, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const day = today.startOf('day');
  switch (preset) {
    case 'thisMonth':
      return [day.startOf('month'), day];
    case 'lastMonth': {
      const last = day.subtract(1, 'month');
      return [last.startOf('month'), last.endOf('month').startOf('day')];
    }
    case 'last30Days':
      return [day.subtract(29, 'day'), day];
  }
}
