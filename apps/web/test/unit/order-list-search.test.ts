import { describe, expect, test } from 'vitest';
import { MAX_PASTED_NUMBERS, OrderQuerySchema } from '@portal/contracts/order-list';
import {
  EMPTY_ORDER_SEARCH,
  hasNarrowingFilters,
  orderFilterOf,
  orderQueryOf,
  orderSearchParams,
  parseOrderSearch,
  recognisedNumbers,
  type OrderListSearch,
} from '../../src/features/order/lib/order-list-search';
import { nextSelection } from '../../src/features/order/lib/selection-order';
import { localDayStartInstant } from '../../src/lib/format-date';

const parse = (query: string) => parseOrderSearch(new URLSearchParams(query));
const OFFSET_INSTANT = /^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}$/;

describe('order list search in the URL', () => {
  test('the plain list has a plain URL and parses back to the empty search', () => {
    expect(orderSearchParams(EMPTY_ORDER_SEARCH).toString()).toBe('');
    expect(parse('')).toEqual(EMPTY_ORDER_SEARCH);
  });

  test('the home page link ?status=exception opens the exception tab', () => {
    expect(parse('status=exception')).toEqual({ ...EMPTY_ORDER_SEARCH, status: 'exception' });
  });

  test('every filter survives the round trip through the URL', () => {
    const search: OrderListSearch = {
      status: 'in_transit',
      numbers: ['ORD20261123-000001', 'PS000000000197', 'LM-1/2'],
      createdFrom: '2026-11-01',
      createdTo: '2026-11-26',
      countryCode: 'US',
      productCode: 'US-DDP-EXP',
      keyword: 'John Smith',
      importId: 'imp_01JDX4',
      page: 3,
    };
    const url = orderSearchParams(search).toString();
    expect(url).toContain('status=in_transit');
    expect(parse(url)).toEqual(search);
  });

  test('malformed values from a hand-edited link are dropped, not sent', () => {
    expect(
      parse('status=lost&from=2026-02-30&to=yesterday&country=USA&page=-2&product=' + 'P'.repeat(40)),
    ).toEqual(EMPTY_ORDER_SEARCH);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=2000000').page).toBe(1);
    expect(parse('country=us').countryCode).toBe('US');
    expect(parse(`keyword=${'k'.repeat(300)}`).keyword).toHaveLength(100);
  });

  test('a range written backwards is the same range', () => {
    const search = parse('from=2026-11-26&to=2026-11-01');
    expect([search.createdFrom, search.createdTo]).toEqual(['2026-11-01', '2026-11-26']);
  });

  test('numbers in the URL are split with any separator, de-duplicated and capped', () => {
    expect(parse('numbers=A1%0AB2,%20A1；C3').numbers).toEqual(['A1', 'B2', 'C3']);
    const many = Array.from({ length: MAX_PASTED_NUMBERS + 20 }, (_, i) => `N${i}`).join(',');
    expect(parse(`numbers=${many}`).numbers).toHaveLength(MAX_PASTED_NUMBERS);
  });
});

describe('the Query body', () => {
  test('local days become instants with the offset, the end exclusive at the next day', () => {
    const filter = orderFilterOf({
      ...EMPTY_ORDER_SEARCH,
      createdFrom: '2026-11-01',
      createdTo: '2026-11-26',
    });
    expect(filter.createdFrom).toMatch(OFFSET_INSTANT);
    expect(filter.createdTo).toMatch(OFFSET_INSTANT);
    expect(Date.parse(filter.createdFrom!)).toBe(new Date(2026, 10, 1).getTime());
    expect(Date.parse(filter.createdTo!)).toBe(new Date(2026, 10, 27).getTime());
    expect(localDayStartInstant('2026-03-01')).toMatch(/^2026-03-01T00:00:00/);
    expect(localDayStartInstant('2026-02-28', 1)).toMatch(/^2026-03-01T00:00:00/);
  });

  test('a single day covers exactly that day', () => {
    const filter = orderFilterOf({
      ...EMPTY_ORDER_SEARCH,
      createdFrom: '2026-12-31',
      createdTo: '2026-12-31',
    });
    expect(Date.parse(filter.createdTo!) - Date.parse(filter.createdFrom!)).toBe(
      new Date(2027, 0, 1).getTime() - new Date(2026, 11, 31).getTime(),
    );
  });

  test('the body passes the contracts schema and keeps the page and page size', () => {
    const search = parse(
      'status=submitted&numbers=A1,B2&from=2026-11-01&to=2026-11-02&country=DE&keyword=x&page=4',
    );
    const body = orderQueryOf(search, 50);
    const parsed = OrderQuerySchema.parse(body);
    expect(parsed).toMatchObject({
      status: 'submitted',
      numbers: ['A1', 'B2'],
      countryCode: 'DE',
      pageIndex: 4,
      pageSize: 50,
    });
  });

  test('absent filters are sent as null, never as empty strings', () => {
    expect(orderQueryOf(EMPTY_ORDER_SEARCH, 10)).toEqual({
      status: null,
      numbers: null,
      createdFrom: null,
      createdTo: null,
      countryCode: null,
      productCode: null,
      keyword: null,
      importId: null,
      pageIndex: 1,
      pageSize: 10,
    });
  });

  test('only filters other than the tab count as narrowing (the empty state differs)', () => {
    expect(hasNarrowingFilters({ ...EMPTY_ORDER_SEARCH, status: 'draft', page: 3 })).toBe(false);
    expect(hasNarrowingFilters({ ...EMPTY_ORDER_SEARCH, keyword: 'a' })).toBe(true);
    // The batch-create result's link: the orders of one import.
    expect(hasNarrowingFilters({ ...EMPTY_ORDER_SEARCH, importId: 'imp_1' })).toBe(true);
    expect(parse('importId=imp_1').importId).toBe('imp_1');
    expect(parse(`importId=${'x'.repeat(65)}`).importId).toBeNull();
    expect(orderFilterOf({ ...EMPTY_ORDER_SEARCH, importId: 'imp_1' }).importId).toBe('imp_1');
    expect(hasNarrowingFilters({ ...EMPTY_ORDER_SEARCH, numbers: ['A'] })).toBe(true);
  });
});

describe('the numbers box', () => {
  test('counts the distinct numbers as typed, over the limit flagged', () => {
    expect(recognisedNumbers('')).toEqual({ count: 0, isTooMany: false });
    expect(recognisedNumbers('A1 A1\tB2;C3，D4')).toEqual({ count: 4, isTooMany: false });
    const over = Array.from({ length: MAX_PASTED_NUMBERS + 1 }, (_, i) => `X${i}`).join('\n');
    expect(recognisedNumbers(over)).toEqual({ count: MAX_PASTED_NUMBERS + 1, isTooMany: true });
  });
});

describe('row selection order', () => {
  test('keeps the order rows were picked in, so labels print in that order', () => {
    let selected = nextSelection([], ['c']);
    selected = nextSelection(selected, ['a', 'c']);
    selected = nextSelection(selected, ['a', 'b', 'c']);
    expect(selected).toEqual(['c', 'a', 'b']);
    expect(nextSelection(selected, ['a', 'b'])).toEqual(['a', 'b']);
  });
});
