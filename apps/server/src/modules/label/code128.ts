/**
 * Code 128 (ISO/IEC 15417) encoder: text → symbol values → bar and space widths in modules, for drawing
 * the bars as vector rectangles. Printable ASCII and control characters (0–127) are encodable; the
 * encoder picks code sets so that the symbol is short: runs of digits go into set C (two digits per
 * symbol), control characters into set A, everything else into set B, with SHIFT for a single character
 * of the other letter set.
 */

/** Bar/space widths (modules) of each symbol value 0–106: bar first; each sums to 11 (the stop to 13). */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
].map((pattern) => [...pattern].map(Number));

export const Code128 = {
  SHIFT: 98,
  CODE_C: 99,
  CODE_B: 100,
  CODE_A: 101,
  START_A: 103,
  START_B: 104,
  START_C: 105,
  STOP: 106,
} as const;

/** The quiet zone each side of the symbol that ISO/IEC 15417 requires: 10 modules. */
export const CODE128_QUIET_ZONE_MODULES = 10;

type CodeSet = 'A' | 'B' | 'C';

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Digits in a row from `index`. */
function digitRun(text: string, index: number): number {
  let end = index;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end - index;
}

/** Whether set A (control characters) serves the text from `index` better than set B (lower case). */
function prefersA(text: string, index: number): boolean {
  for (let i = index; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32) return true;
    if (code >= 96) return false;
  }
  return false;
}

/** The value of a character in set A or B; undefined when that set lacks it. */
function valueIn(set: 'A' | 'B', code: number): number | undefined {
  if (code >= 32 && code <= 95) return code - 32;
  if (set === 'A' && code < 32) return code + 64;
  if (set === 'B' && code >= 96 && code <= 127) return code - 32;
  return undefined;
}

/**
 * Whether a digit run from `index` is worth set C: at least 4 digits when it starts or ends the data,
 * at least 6 in between (a switch in and out costs two symbols), or the whole data being 2 digits.
 */
function worthSetC(text: string, index: number, run: number): boolean {
  if (run === text.length) return run >= 2 && run % 2 === 0 ? true : run >= 4;
  const atEdge = index === 0 || index + run === text.length;
  return run >= (atEdge ? 4 : 6);
}

/** The symbol values of `text`: start, data, check symbol, stop. Throws for characters above 127. */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new Error('Code 128 needs at least one character');
  for (const char of text) {
    if (char.charCodeAt(0) > 127 || char.length > 1)
      throw new Error(`Code 128 cannot encode ${JSON.stringify(char)}`);
  }
  const values: number[] = [];
  let set: CodeSet;
  let index = 0;
  const firstRun = digitRun(text, 0);
  if (worthSetC(text, 0, firstRun)) {
    set = 'C';
    values.push(Code128.START_C);
  } else {
    set = prefersA(text, 0) ? 'A' : 'B';
    values.push(set === 'A' ? Code128.START_A : Code128.START_B);
  }

  while (index < text.length) {
    const run = digitRun(text, index);
    if (set === 'C') {
      if (run >= 2) {
        values.push(Number(text.slice(index, index + 2)));
        index += 2;
        continue;
      }
      set = prefersA(text, index) ? 'A' : 'B';
      values.push(set === 'A' ? Code128.CODE_A : Code128.CODE_B);
      continue;
    }
    if (run >= 4 && worthSetC(text, index, run)) {
      // An odd run leaves its first digit in the current set, so set C takes whole pairs.
      if (run % 2 === 1) {
        values.push(valueIn(set, text.charCodeAt(index))!);
        index++;
      }
      set = 'C';
      values.push(Code128.CODE_C);
      continue;
    }
    const code = text.charCodeAt(index);
    const value = valueIn(set, code);
    if (value !== undefined) {
      values.push(value);
      index++;
      continue;
    }
    // The other letter set has it: SHIFT for one character when the next one is ours again, else switch.
    const other: 'A' | 'B' = set === 'A' ? 'B' : 'A';
    const next = index + 1 < text.length ? text.charCodeAt(index + 1) : undefined;
    if (next !== undefined && valueIn(set, next) !== undefined && valueIn(other, next) === undefined) {
      values.push(Code128.SHIFT, valueIn(other, code)!);
      index++;
      continue;
    }
    set = other;
    values.push(set === 'A' ? Code128.CODE_A : Code128.CODE_B);
  }

  values.push(code128Checksum(values), Code128.STOP);
  return values;
}

/** The check symbol: the start value plus each data value times its position, modulo 103. */
export function code128Checksum(startAndData: readonly number[]): number {
  let sum = startAndData[0]!;
  for (let i = 1; i < startAndData.length; i++) sum += startAndData[i]! * i;
  return sum % 103;
}

/** The widths (modules) of `text`'s bars and spaces, bar first, without quiet zones. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => PATTERNS[value]!);
}

/** The bars of `text` as [start, width] in modules from the symbol's left edge (quiet zone excluded). */
export function code128Bars(text: string): { bars: [number, number][]; totalModules: number } {
  const bars: [number, number][] = [];
  let x = 0;
  code128Widths(text).forEach((width, i) => {
    if (i % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { bars, totalModules: x };
}
