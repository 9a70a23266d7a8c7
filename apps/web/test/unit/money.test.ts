import { describe, expect, test } from 'vitest';
import {
  currencyDigits,
  formatMoney,
  majorTextToMinor,
  minorToMajor,
  minorToMajorText,
} from '../../src/lib/money';

describe('money', () => {
  test('knows each currency minor digits', () => {
    expect(currencyDigits('CNY')).toBe(2);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  test('typed major units become exact minor units', () => {
    expect(majorTextToMinor('12.50', 'CNY')).toBe(1250);
    expect(majorTextToMinor('12.5', 'CNY')).toBe(1250);
    expect(majorTextToMinor('12', 'CNY')).toBe(1200);
    expect(majorTextToMinor('0.29', 'CNY')).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(majorTextToMinor('1.005', 'KWD')).toBe(1005);
    expect(majorTextToMinor(' 1,234.56 ', 'USD')).toBe(123456);
    expect(majorTextToMinor('.5', 'USD')).toBe(50);
    expect(majorTextToMinor('7.', 'USD')).toBe(700);
    expect(majorTextToMinor('1500', 'JPY')).toBe(1500);
  });

  test('refuses what is not an amount of the currency', () => {
    for (const text of ['', ' ', 'abc', '1.234', '-1', '1e3', '1..2', '12.5.0', '¥12'])
      expect(majorTextToMinor(text, 'CNY'), text).toBeNull();
    expect(majorTextToMinor('1.5', 'JPY')).toBeNull();
    expect(majorTextToMinor('99999999999999999999', 'CNY')).toBeNull();
  });

  test('minor units come back as the text an input shows', () => {
    expect(minorToMajorText(1250, 'CNY')).toBe('12.50');
    expect(minorToMajorText(5, 'CNY')).toBe('0.05');
    expect(minorToMajorText(0, 'CNY')).toBe('0.00');
    expect(minorToMajorText(-305, 'USD')).toBe('-3.05');
    expect(minorToMajorText(1500, 'JPY')).toBe('1500');
    for (const minor of [0, 1, 29, 1250, 123456789]) {
      expect(majorTextToMinor(minorToMajorText(minor, 'CNY'), 'CNY')).toBe(minor);
    }
    expect(minorToMajor(123456, 'CNY')).toBe(1234.56);
  });

  test('formats with the currency in the interface language', () => {
    expect(formatMoney(123456, 'CNY', 'zh-CN')).toBe('¥1,234.56');
    expect(formatMoney(123456, 'CNY', 'en-US')).toBe('¥1,234.56');
    expect(formatMoney(123456, 'CNY', 'zh-TW')).toBe('¥1,234.56');
    expect(formatMoney(-500, 'CNY', 'zh-CN')).toBe('-¥5.00');
    expect(formatMoney(1999, 'USD', 'en-US')).toBe('$19.99');
    expect(formatMoney(1999, 'USD', 'zh-CN')).toBe('US$19.99');
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(1234, 'EUR', 'en-US')).toBe('€12.34');
  });
});
