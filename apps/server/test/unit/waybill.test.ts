import { describe, expect, it } from 'vitest';
import {
  formatWaybillNo,
  hasValidMod97Check,
  isValidWaybillNo,
  mod97CheckDigits,
  WAYBILL_PATTERN,
} from '../../src/modules/order/waybill.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Serials at the edges and a spread in between (a fixed stride, so the run is the same every time). */
const SERIALS = [1, 2, 9, 10, 97, 98, 12_345, 99_999_999, 9_999_999_999];
for (let serial = 7; serial < 9_999_999_999; serial = serial * 13 + 11) SERIALS.push(serial);

describe('ISO 7064 MOD 97-10', () => {
  it('matches the standard’s example and the IBAN check', () => {
    expect(mod97CheckDigits('794')).toBe('44');
    expect(hasValidMod97Check('79444')).toBe(true);
    // GB82 WEST 1234 5698 7654 32, with its first four characters moved to the end as IBAN reads it.
    expect(hasValidMod97Check('WEST12345698765432GB82')).toBe(true);
    expect(hasValidMod97Check('WEST12345698765432GB83')).toBe(false);
  });

  it('refuses anything but letters and digits', () => {
    expect(hasValidMod97Check('PS-0000000001')).toBe(false);
    expect(hasValidMod97Check('')).toBe(false);
  });
});

describe('waybill numbers', () => {
  it('are the prefix, ten serial digits and two check digits', () => {
    const first = formatWaybillNo(1);
    expect(first).toMatch(WAYBILL_PATTERN);
    expect(first.slice(0, 12)).toBe('PS0000000001');
    expect(isValidWaybillNo(first)).toBe(true);
    expect(formatWaybillNo(9_999_999_999)).toHaveLength(14);
  });

  it('refuses serials outside ten digits', () => {
    expect(() => formatWaybillNo(0)).toThrow();
    expect(() => formatWaybillNo(10_000_000_000)).toThrow();
    expect(() => formatWaybillNo(1.5)).toThrow();
  });

  it('are distinct for distinct serials', () => {
    const numbers = SERIALS.map(formatWaybillNo);
    expect(new Set(numbers).size).toBe(new Set(SERIALS).size);
  });

  it('detect every single-character substitution', () => {
    let checked = 0;
    for (const serial of SERIALS) {
      const number = formatWaybillNo(serial);
      for (let position = 0; position < number.length; position++) {
        for (const replacement of ALPHABET) {
          if (replacement === number[position]) continue;
          const typo = number.slice(0, position) + replacement + number.slice(position + 1);
          expect(isValidWaybillNo(typo), `${number} → ${typo}`).toBe(false);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(SERIALS.length * 14 * 30);
  });

  it('detect every transposition of two adjacent different characters', () => {
    let checked = 0;
    for (const serial of SERIALS) {
      const number = formatWaybillNo(serial);
      for (let position = 0; position + 1 < number.length; position++) {
        const [a, b] = [number[position]!, number[position + 1]!];
        if (a === b) continue;
        const swapped = number.slice(0, position) + b + a + number.slice(position + 2);
        expect(isValidWaybillNo(swapped), `${number} → ${swapped}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(SERIALS.length * 5);
  });
});
