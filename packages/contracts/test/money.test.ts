import { describe, expect, it } from 'vitest';
import { fallbackCurrencyDisplay, formatMinorAmount } from '../src/money.ts';

const CNY = { symbol: '¥', minorUnits: 2 };

describe('formatMinorAmount', () => {
  it('writes minor units with the currency symbol and its decimals', () => {
    expect(formatMinorAmount(1234, CNY)).toBe('¥12.34');
    expect(formatMinorAmount(5, CNY)).toBe('¥0.05');
    expect(formatMinorAmount(50, CNY)).toBe('¥0.50');
    expect(formatMinorAmount(0, CNY)).toBe('¥0.00');
    expect(formatMinorAmount(100, { symbol: 'HK$', minorUnits: 2 })).toBe('HK$1.00');
  });

  it('groups thousands and keeps the sign in front of the symbol', () => {
    expect(formatMinorAmount(123456789, CNY)).toBe('¥1,234,567.89');
    expect(formatMinorAmount(100000, CNY)).toBe('¥1,000.00');
    expect(formatMinorAmount(99999, CNY)).toBe('¥999.99');
    expect(formatMinorAmount(-500012, CNY)).toBe('-¥5,000.12');
    expect(formatMinorAmount(-1, CNY)).toBe('-¥0.01');
  });

  it('follows the currency’s minor units (none for yen, three for dinar)', () => {
    expect(formatMinorAmount(1234, { symbol: '¥', minorUnits: 0 })).toBe('¥1,234');
    expect(formatMinorAmount(1234, { symbol: 'KD', minorUnits: 3 })).toBe('KD1.234');
    expect(formatMinorAmount(7, { symbol: 'KD', minorUnits: 3 })).toBe('KD0.007');
  });

  it('is exact for the largest amounts (integer arithmetic, no float rounding)', () => {
    expect(formatMinorAmount(Number.MAX_SAFE_INTEGER, CNY)).toBe('¥90,071,992,547,409.91');
    expect(formatMinorAmount(1_000_000_000_01, CNY)).toBe('¥1,000,000,000.01');
  });

  it('names an unknown currency by its code', () => {
    expect(formatMinorAmount(1234, fallbackCurrencyDisplay('CHF'))).toBe('CHF 12.34');
  });

  it('refuses what is not an integer amount', () => {
    expect(() => formatMinorAmount(12.5, CNY)).toThrow(RangeError);
    expect(() => formatMinorAmount(Number.NaN, CNY)).toThrow(RangeError);
  });
});
