import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { BillQuerySchema } from '@portal/contracts/bill';
import { LedgerQuerySchema } from '@portal/contracts/consumption-flow';
import {
  billFilterOf,
  billQueryOf,
  billSearchParams,
  EMPTY_BILL_SEARCH,
  hasNarrowingBillFilters,
  isOverdue,
  parseBillSearch,
  type BillSearch,
} from '../../src/features/finance/lib/bill-search';
import {
  EMPTY_LEDGER_SEARCH,
  hasNarrowingFilters,
  isSearchableNumber,
  ledgerFilterOf,
  ledgerQueryOf,
  ledgerSearchParams,
  ledgerSummaryFilterOf,
  parseLedgerSearch,
  presetRange,
  type LedgerSearch,
} from '../../src/features/finance/lib/ledger-search';
import { orderListPathFor } from '../../src/lib/app-paths';
import { calendarDayOf, localDayStartInstant } from '../../src/lib/format-date';

const parseLedger = (query: string) => parseLedgerSearch(new URLSearchParams(query));
const parseBill = (query: string) => parseBillSearch(new URLSearchParams(query));
const days = (range: [dayjs.Dayjs, dayjs.Dayjs]) => range.map(calendarDayOf);

describe('consumption flow search in the URL', () => {
  test('the plain flow has a plain URL and parses back to the empty search', () => {
    expect(ledgerSearchParams(EMPTY_LEDGER_SEARCH).toString()).toBe('');
    expect(parseLedger('')).toEqual(EMPTY_LEDGER_SEARCH);
    expect(hasNarrowingFilters(EMPTY_LEDGER_SEARCH)).toBe(false);
  });

  test('every filter survives the round trip through the URL', () => {
    const search: LedgerSearch = {
      from: '2026-10-01',
      to: '2026-10-31',
      types: ['recharge', 'weight_adjustment'],
      currencyCode: 'USD',
      number: 'RC20261001-0001',
      page: 4,
    };
    const url = ledgerSearchParams(search).toString();
    expect(url).toBe(
      'from=2026-10-01&to=2026-10-31&type=recharge%2Cweight_adjustment&currency=USD&number=RC20261001-0001&page=4',
    );
    expect(parseLedger(url)).toEqual(search);
    expect(hasNarrowingFilters(search)).toBe(true);
  });

  test('types come back in the contracts order, each once, unknown ones dropped', () => {
    expect(parseLedger('type=refund,recharge,refund,bogus').types).toEqual(['recharge', 'refund']);
  });

  test('a malformed URL is cleaned rather than sent', () => {
    expect(parseLedger('from=2026-02-30&to=yesterday&type=&currency=us&number=a%20b&page=-2')).toEqual(
      EMPTY_LEDGER_SEARCH,
    );
    expect(parseLedger(`number=${'X'.repeat(65)}`).number).toBe('');
    expect(parseLedger('currency=usd').currencyCode).toBe('USD');
    expect(parseLedger('page=1000001').page).toBe(1);
  });

  test('a range typed backwards is the same range', () => {
    const search = parseLedger('from=2026-11-30&to=2026-11-01');
    expect([search.from, search.to]).toEqual(['2026-11-01', '2026-11-30']);
  });

  test('the filter sends local days as instants, the end exclusive at the next day', () => {
    const filter = ledgerFilterOf({ ...EMPTY_LEDGER_SEARCH, from: '2026-11-01', to: '2026-11-30' });
    expect(filter.createdFrom).toBe(localDayStartInstant('2026-11-01'));
    expect(filter.createdTo).toBe(localDayStartInstant('2026-12-01'));
    expect(filter.entryTypes).toBeNull();
    expect(filter.number).toBeNull();
  });

  test('the query is one the server accepts, and the summary ignores type and number', () => {
    const search: LedgerSearch = {
      from: '2026-11-01',
      to: '2026-11-26',
      types: ['order_charge'],
      currencyCode: 'CNY',
      number: 'ORD-1',
      page: 2,
    };
    const parsed = LedgerQuerySchema.parse(ledgerQueryOf(search, 50));
    expect(parsed).toMatchObject({
      entryTypes: ['order_charge'],
      currencyCode: 'CNY',
      number: 'ORD-1',
      pageIndex: 2,
      pageSize: 50,
    });
    const summary = ledgerSummaryFilterOf(search);
    expect(summary).toEqual({
      createdFrom: localDayStartInstant('2026-11-01'),
      createdTo: localDayStartInstant('2026-11-27'),
      currencyCode: 'CNY',
    });
    expect(ledgerSummaryFilterOf({ ...search, types: [], number: '' })).toEqual(summary);
  });

  test('a number is searchable on the same rule as the server', () => {
    expect(isSearchableNumber('ORD20261123-000001')).toBe(true);
    expect(isSearchableNumber(' BL-2026/10 ')).toBe(true);
    expect(isSearchableNumber('订单.1_2')).toBe(true);
    expect(isSearchableNumber('a b')).toBe(false);
    expect(isSearchableNumber("x' or 1=1")).toBe(false);
    expect(isSearchableNumber('X'.repeat(64))).toBe(true);
    expect(isSearchableNumber('X'.repeat(65))).toBe(false);
  });

  test('presets: this month so far, the whole last month, the last 30 days', () => {
    const today = dayjs('2026-03-15T10:00:00');
    expect(days(presetRange('thisMonth', today))).toEqual(['2026-03-01', '2026-03-15']);
    expect(days(presetRange('lastMonth', today))).toEqual(['2026-02-01', '2026-02-28']);
    expect(days(presetRange('last30Days', today))).toEqual(['2026-02-14', '2026-03-15']);
    expect(days(presetRange('lastMonth', dayjs('2026-01-05')))).toEqual(['2025-12-01', '2025-12-31']);
  });

  test('an order number links to My orders filtered by it', () => {
    expect(orderListPathFor('ORD 1/2')).toBe('/user/orders/order?numbers=ORD%201%2F2');
  });
});

describe('bill search in the URL', () => {
  test('the plain list has a plain URL', () => {
    expect(billSearchParams(EMPTY_BILL_SEARCH).toString()).toBe('');
    expect(parseBill('')).toEqual(EMPTY_BILL_SEARCH);
    expect(hasNarrowingBillFilters(EMPTY_BILL_SEARCH)).toBe(false);
  });

  test('every filter survives the round trip and the query is one the server accepts', () => {
    const search: BillSearch = {
      status: 'partial',
      periodFrom: '2026-01',
      periodTo: '2026-10',
      billNo: 'BL202610-0001',
      page: 2,
    };
    const url = billSearchParams(search).toString();
    expect(parseBill(url)).toEqual(search);
    expect(BillQuerySchema.parse(billQueryOf(search, 20))).toMatchObject({
      ...billFilterOf(search),
      pageIndex: 2,
    });
    expect(hasNarrowingBillFilters(search)).toBe(true);
  });

  test('malformed values are dropped and a backwards range turned round', () => {
    expect(parseBill('status=paid&from=2026-13&to=26-01&page=x')).toEqual(EMPTY_BILL_SEARCH);
    expect(parseBill(`billNo=${'B'.repeat(41)}`).billNo).toBe('');
    const search = parseBill('from=2026-10&to=2026-01');
    expect([search.periodFrom, search.periodTo]).toEqual(['2026-01', '2026-10']);
    expect(billFilterOf(EMPTY_BILL_SEARCH)).toEqual({
      status: null,
      periodFrom: null,
      periodTo: null,
      billNo: null,
    });
  });

  test('a bill is overdue after its due date until it is settled', () => {
    expect(isOverdue({ status: 'open', dueDate: '2026-11-15' }, '2026-11-16')).toBe(true);
    expect(isOverdue({ status: 'partial', dueDate: '2026-11-15' }, '2026-11-16')).toBe(true);
    expect(isOverdue({ status: 'open', dueDate: '2026-11-15' }, '2026-11-15')).toBe(false);
    expect(isOverdue({ status: 'settled', dueDate: '2026-11-15' }, '2026-12-01')).toBe(false);
  });
});
