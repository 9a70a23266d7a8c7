import { BILL_STATUSES, type BillQueryInput, type BillStatus } from '@portal/contracts/bill';

/**
 * The bill list's filters in the URL (`?status=open&from=2026-01&to=2026-10&billNo=…&page=2`). Pure, like
 * the consumption flow's: `parseBillSearch` reads, `billSearchParams` writes, `billFilterOf` is the filter of
 * `CustomerBill/Query` and of the `bills` export. Malformed values are dropped.
 */
export interface BillSearch {
  status: BillStatus | null;
  /** Periods `YYYY-MM`, both inclusive. */
  periodFrom: string | null;
  periodTo: string | null;
  billNo: string;
  page: number;
}

export const EMPTY_BILL_SEARCH: BillSearch = {
  status: null,
  periodFrom: null,
  periodTo: null,
  billNo: '',
  page: 1,
};

const PARAM = {
  status: 'status',
  periodFrom: 'from',
  periodTo: 'to',
  billNo: 'billNo',
  page: 'page',
} as const;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
/** BillQuerySchema's limit. */
export const BILL_NO_MAX = 40;
const MAX_PAGE = 1_000_000;

function periodOf(value: string | null): string | null {
  return value && PERIOD.test(value) ? value : null;
}

export function parseBillSearch(params: URLSearchParams): BillSearch {
  const status = params.get(PARAM.status);
  let periodFrom = periodOf(params.get(PARAM.periodFrom));
  let periodTo = periodOf(params.get(PARAM.periodTo));
  if (periodFrom && periodTo && periodFrom > periodTo) [periodFrom, periodTo] = [periodTo, periodFrom];
  const billNo = (params.get(PARAM.billNo) ?? '').trim();
  const page = Number(params.get(PARAM.page));
  return {
    status: (BILL_STATUSES as readonly string[]).includes(status ?? '') ? (status as BillStatus) : null,
    periodFrom,
    periodTo,
    billNo: billNo.length <= BILL_NO_MAX ? billNo : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function billSearchParams(search: BillSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.status) params.set(PARAM.status, search.status);
  if (search.periodFrom) params.set(PARAM.periodFrom, search.periodFrom);
  if (search.periodTo) params.set(PARAM.periodTo, search.periodTo);
  if (search.billNo) params.set(PARAM.billNo, search.billNo);
  if (search.page > 1) params.set(PARAM.page, String(search.page));
  return params;
}

export function billFilterOf(search: BillSearch): Omit<BillQueryInput, 'pageIndex' | 'pageSize'> {
  return {
    status: search.status,
    periodFrom: search.periodFrom,
    periodTo: search.periodTo,
    billNo: search.billNo || null,
  };
}

export function billQueryOf(search: BillSearch, pageSize: number): BillQueryInput {
  return { ...billFilterOf(search), pageIndex: search.page, pageSize };
}

export function hasNarrowingBillFilters(search: BillSearch): boolean {
  return Boolean(search.status || search.periodFrom || search.periodTo || search.billNo);
}

/** A bill not settled whose due date (a calendar day) is before `today` (`YYYY-MM-DD`, local). */
export function isOverdue(bill: { status: BillStatus; dueDate: string }, today: string): boolean {
  return bill.status !== 'settled' && bill.dueDate < today;
}
