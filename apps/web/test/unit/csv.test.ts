import { describe, expect, test } from 'vitest';
import { UTF8_BOM, csvCell, toCsv } from '../../src/lib/csv';

describe('CSV export', () => {
  test('starts with a UTF-8 byte-order mark and uses CRLF line ends', () => {
    const csv = toCsv(['名称', 'Qty'], [['深圳', 3]]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe('\uFEFF名称,Qty\r\n深圳,3\r\n');
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  test('quotes cells with commas, quotes or line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell(null)).toBe('');
  });

  test.each(['=SUM(A1:A2)', '+86 755', '-1+2', '@cmd', '\tx'])(
    'neutralises a text cell starting with a formula sign: %s',
    (text) => {
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  test('numbers stay numbers, even negative ones', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
  });
});
