import { BitArray, Code128Reader, DecodeHintType } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import {
  Code128,
  code128Bars,
  code128Checksum,
  code128Values,
  code128Widths,
} from '../../src/modules/label/code128.ts';

/** Code 128 encoder (labels): symbol values, check symbol, code set choice, and a real decoder reading it. */

const { START_A, START_B, START_C, CODE_A, CODE_B, CODE_C, SHIFT, STOP } = Code128;

/** Reads the symbol back with ZXing's Code 128 reader from one row of modules (10-module quiet zones). */
function decode(text: string): string {
  const { bars, totalModules } = code128Bars(text);
  const row = new BitArray(totalModules + 20);
  for (const [start, width] of bars) for (let m = 0; m < width; m++) row.set(10 + start + m);
  const hints = new Map([[DecodeHintType.ASSUME_GS1, false]]);
  return new Code128Reader().decodeRow(0, row, hints).getText();
}

describe('check symbol', () => {
  it('is the start value plus each value times its position, modulo 103', () => {
    // "PJJ123C" in set B: P=48, J=42, J=42, 1=17, 2=18, 3=19, C=35;
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 = 8·103 + 55.
    expect(code128Values('PJJ123C')).toEqual([START_B, 48, 42, 42, 17, 18, 19, 35, 55, STOP]);
    expect(code128Checksum([START_B, 48, 42, 42, 17, 18, 19, 35])).toBe(55);
  });

  it('changes with any substituted or swapped character', () => {
    const check = (text: string) => code128Values(text).at(-2);
    expect(check('PS000000012361')).not.toBe(check('PS000000012371'));
    expect(check('AB')).not.toBe(check('BA'));
  });
});

describe('code sets', () => {
  it('puts a waybill number’s 12 digits into set C, two per symbol, after the letters in set B', () => {
    const values = code128Values('PS000000012361');
    expect(values.slice(0, 10)).toEqual([START_B, 48, 51, CODE_C, 0, 0, 0, 1, 23, 61]);
    expect(values).toHaveLength(12);
    // 11 symbols of 11 modules and the 13-module stop: every waybill number is as wide as any other.
    expect(code128Bars('PS000000012361').totalModules).toBe(134);
    expect(code128Bars('PS999999999999').totalModules).toBe(134);
  });

  it('starts in set C for data that begins with four or more digits, and for an even all-digit string', () => {
    expect(code128Values('1234').slice(0, 3)).toEqual([START_C, 12, 34]);
    expect(code128Values('12').slice(0, 2)).toEqual([START_C, 12]);
    expect(code128Values('1234AB').slice(0, 6)).toEqual([START_C, 12, 34, CODE_B, 33, 34]);
    // Three digits are no shorter in set C: set B.
    expect(code128Values('123')[0]).toBe(START_B);
  });

  it('encodes an odd run’s first digit in the current set, then the pairs in set C', () => {
    expect(code128Values('12345').slice(0, 5)).toEqual([START_C, 12, 34, CODE_B, 21]);
    expect(code128Values('A12345').slice(0, 6)).toEqual([START_B, 33, 17, CODE_C, 23, 45]);
  });

  it('leaves a short digit run inside text in set B (switching costs more than it saves)', () => {
    const values = code128Values('AB1234CD');
    expect(values).not.toContain(CODE_C);
    expect(values.slice(0, 9)).toEqual([START_B, 33, 34, 17, 18, 19, 20, 35, 36]);
    expect(code128Values('AB123456CD')).toContain(CODE_C);
  });

  it('uses set A for control characters, SHIFT for a single one, and set B for lower case', () => {
    expect(code128Values('\tAB').slice(0, 4)).toEqual([START_A, 73, 33, 34]);
    // One lower-case letter between control characters: SHIFT, not two switches.
    expect(code128Values('\ta\t').slice(0, 5)).toEqual([START_A, 73, SHIFT, 65, 73]);
    expect(code128Values('ab\t\tc').slice(0, 7)).toEqual([START_B, 65, 66, CODE_A, 73, 73, CODE_B]);
  });

  it('refuses characters outside ASCII and empty text', () => {
    expect(() => code128Values('运单')).toThrow(/cannot encode/);
    expect(() => code128Values('')).toThrow();
  });
});

describe('bars', () => {
  it('gives every symbol 11 modules in 3 bars and 3 spaces and the stop 13 in 4 bars', () => {
    const widths = code128Widths('Ab1');
    const symbols = code128Values('Ab1');
    expect(widths).toHaveLength((symbols.length - 1) * 6 + 7);
    for (let i = 0; i < symbols.length - 1; i++)
      expect(widths.slice(i * 6, i * 6 + 6).reduce((a, b) => a + b)).toBe(11);
    expect(widths.slice(-7).reduce((a, b) => a + b)).toBe(13);
    expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
  });

  it('reads back with an independent decoder in every code set', () => {
    for (const text of [
      'PS000000012361',
      'PJJ123C',
      '1234567890',
      '12345',
      'A12345',
      'R-20261126-0001/x',
      'hello world 42',
      'AB\tcd\nEF',
      ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
    ])
      expect(decode(text)).toBe(text);
  });
});
