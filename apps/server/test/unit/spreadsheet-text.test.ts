import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  cellText,
  csvField,
  csvLine,
  neutraliseFormula,
  restoreNeutralised,
} from '../../src/modules/address/spreadsheet-text.ts';

describe('formula neutralising', () => {
  it('prefixes an apostrophe to text a spreadsheet would run, and only to that', () => {
    for (const text of ['=1+1', '+cmd', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['', 'plain', "'quoted", 'a=b', '13800138000'])
      expect(neutraliseFormula(text)).toBe(text);
  });

  it('restores neutralised text and leaves other apostrophes alone', () => {
    for (const text of ['=1+1', '+86 138', '-2', '@x', 'plain', "'already"]) {
      expect(restoreNeutralised(neutraliseFormula(text))).toBe(text);
    }
    expect(restoreNeutralised("'hello")).toBe("'hello");
  });
});

describe('cell text', () => {
  it('reads every cell value type as the text a user sees', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText('a')).toBe('a');
    expect(cellText(13800138000)).toBe('13800138000');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02');
    expect(cellText({ richText: [{ text: '深圳' }, { text: '市' }] })).toBe('深圳市');
    expect(cellText({ formula: 'A1&B1', result: 'ab' })).toBe('ab');
    expect(cellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(cellText({ error: '#N/A' })).toBe('');
  });

  it('reads a number as the spreadsheet shows it: 15 significant digits, without binary noise', () => {
    // Excel stores =0.1*3 as 0.30000000000000004 and shows 0.3; a weight or price "with 17 decimals" is not
    // what the user typed.
    expect(cellText(0.1 * 3)).toBe('0.3');
    expect(cellText({ formula: '0.1+0.2', result: 0.1 + 0.2 })).toBe('0.3');
    expect(cellText(1.1 * 1.1)).toBe('1.21');
    expect(cellText(19.99)).toBe('19.99');
    expect(cellText(-0.5)).toBe('-0.5');
    expect(cellText(1e-7)).toBe('1e-7');
    expect(cellText(0.123456789012345)).toBe('0.123456789012345');
  });
});

describe('CSV and downloads', () => {
  it('quotes fields only when needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvLine(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('quotes every field holding a comma, semicolon, tab, quote or line break (OWASP)', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('a\tb')).toBe('"a\tb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvLine([neutraliseFormula('\t=1+1'), neutraliseFormula('\r@x'), 'x;y'])).toBe(
      `"'\t=1+1","'\r@x","x;y"\r\n`,
    );
  });

  it('names downloads in UTF-8 with an ASCII fallback', () => {
    expect(attachmentDisposition('地址簿-20261122.csv', 'address-book-20261122.csv')).toBe(
      `attachment; filename="address-book-20261122.csv"; filename*=UTF-8''${encodeURIComponent('地址簿-20261122.csv')}`,
    );
    expect(attachmentDisposition("it's (x).csv", 'a"b\\c.csv')).toBe(
      `attachment; filename="a_b_c.csv"; filename*=UTF-8''it%27s%20%28x%29.csv`,
    );
  });
});
