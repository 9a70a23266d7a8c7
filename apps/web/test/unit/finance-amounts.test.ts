import { describe, expect, test } from 'vitest';
import {
  currencyAmountLines,
  signedMoney,
  summaryIdentity,
} from '../../src/features/finance/lib/currency-amounts';
import { formatMoney } from '../../src/lib/money';

describe('currency amount lists', () => {
  test('one line per currency, CNY first and the others by code', () => {
    const lines = currencyAmountLines(
      [
        { currencyCode: 'USD', amount: 3500 },
        { currencyCode: 'EUR', amount: -120 },
        { currencyCode: 'CNY', amount: 120000 },
      ],
      'en-US',
    );
    expect(lines.map((line) => line.currencyCode)).toEqual(['CNY', 'EUR', 'USD']);
    expect(lines.map((line) => line.text)).toEqual([
      formatMoney(120000, 'CNY', 'en-US'),
      formatMoney(-120, 'EUR', 'en-US'),
      formatMoney(3500, 'USD', 'en-US'),
    ]);
    expect(lines[0]!.text).toBe('¥1,200.00');
  });

  test('the currency decides the decimals: JPY has none', () => {
    expect(currencyAmountLines([{ currencyCode: 'JPY', amount: 1500 }], 'zh-CN')[0]!.text).toMatch(/1,500$/);
  });

  test('an empty list is one zero line, never a blank cell', () => {
    expect(currencyAmountLines([], 'zh-CN')).toEqual([{ currencyCode: 'CNY', amount: 0, text: '¥0.00' }]);
  });

  test('the input list is left as it was', () => {
    const amounts = [
      { currencyCode: 'USD', amount: 1 },
      { currencyCode: 'CNY', amount: 2 },
    ];
    currencyAmountLines(amounts, 'zh-CN');
    expect(amounts[0]!.currencyCode).toBe('USD');
  });

  test('a movement always carries its sign', () => {
    expect(signedMoney(10000, 'CNY', 'zh-CN')).toBe('+¥100.00');
    expect(signedMoney(-1230, 'CNY', 'zh-CN')).toBe(formatMoney(-1230, 'CNY', 'zh-CN'));
    expect(signedMoney(-1230, 'CNY', 'zh-CN')).toMatch(/^-/);
    expect(signedMoney(0, 'CNY', 'zh-CN')).toBe('¥0.00');
  });

  test('the summary identity is written out and checked', () => {
    const row = {
      currencyCode: 'CNY',
      opening: 5000,
      moneyIn: 10000,
      moneyOut: -2550,
      closing: 12450,
      rowCount: 3,
    };
    expect(summaryIdentity(row, 'zh-CN')).toEqual({
      text: '¥50.00 + ¥100.00 − ¥25.50 = ¥124.50',
      holds: true,
    });
    expect(summaryIdentity({ ...row, closing: 12451 }, 'zh-CN').holds).toBe(false);
    expect(summaryIdentity({ ...row, opening: -5000, closing: 2450 }, 'en-US')).toEqual({
      text: `${formatMoney(-5000, 'CNY', 'en-US')} + ¥100.00 − ¥25.50 = ¥24.50`,
      holds: true,
    });
  });
});
