import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { MAX_PASTED_NUMBERS } from '@portal/contracts/order-list';
import { numbersProblem, toOrderFilter } from '../../src/features/end-data/lib/end-data-filter';
import { orderLinkPath, statusTiles } from '../../src/features/home/lib/home-summary-model';

describe('home: orders by status', () => {
  test('all first, then every status in lifecycle order, each linking to the filtered list', () => {
    const tiles = statusTiles({
      all: 17,
      draft: 1,
      submitted: 2,
      received: 3,
      in_transit: 4,
      delivered: 5,
      exception: 1,
      returned: 1,
      cancelled: 0,
    });
    expect(tiles.map((tile) => [tile.key, tile.count])).toEqual([
      ['all', 17],
      ['draft', 1],
      ['submitted', 2],
      ['received', 3],
      ['in_transit', 4],
      ['delivered', 5],
      ['exception', 1],
      ['returned', 1],
      ['cancelled', 0],
    ]);
    expect(tiles[0]!.path).toBe('/user/orders/order');
    expect(tiles.find((tile) => tile.key === 'in_transit')!.path).toBe(
      '/user/orders/order?status=in_transit',
    );
  });

  test('an exception links to its order by number, encoded', () => {
    expect(orderLinkPath('A/B 1')).toBe('/user/orders/order?status=exception&numbers=A%2FB%201');
  });
});

describe('end data: filter form → call', () => {
  test("the created range is the user's days: start of the first, start of the day after the last", () => {
    const filter = toOrderFilter({ created: [dayjs('2026-11-01T15:30:00'), dayjs('2026-11-03T09:00:00')] });
    expect(dayjs(filter.createdFrom!).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(dayjs(filter.createdTo!).format('YYYY-MM-DD HH:mm')).toBe('2026-11-04 00:00');
    // With the browser's offset, as the contract's instants require.
    expect(filter.createdFrom).toMatch(/T00:00:00[+-]\d\d:\d\d$/);
  });

  test('empty fields are no filter; pasted numbers are split, deduplicated', () => {
    expect(toOrderFilter({ countryCode: '', productCode: undefined, numbersText: ' \n ' })).toEqual({
      createdFrom: null,
      createdTo: null,
      countryCode: null,
      productCode: null,
      numbers: null,
    });
    expect(toOrderFilter({ numbersText: 'YT001, YT002；YT001\tUS9' }).numbers).toEqual([
      'YT001',
      'YT002',
      'US9',
    ]);
  });

  test('too many or too long numbers are refused before the call', () => {
    const many = Array.from({ length: MAX_PASTED_NUMBERS + 1 }, (_, i) => `N${i}`).join(' ');
    expect(numbersProblem(many)).toBe('tooMany');
    expect(numbersProblem('X'.repeat(65))).toBe('tooLong');
    expect(numbersProblem('A1 B2')).toBeNull();
  });
});
