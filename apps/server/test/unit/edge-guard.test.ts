import { describe, expect, it } from 'vitest';
import { bodyIsVouched, findUnsafeText, isUnsafeText, vouchForJson } from '../../src/plugins/edge-guard.ts';

describe('the edge guard’s check', () => {
  it('finds a NUL or a lone surrogate in any string or key, at any depth, and names where', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, true, null, { c: 'x\u0000y' }] })).toBe('b.3.c');
    expect(findUnsafeText({ items: [{ nameEn: 'T-shirt' }, { nameEn: 'a\ud800' }] })).toBe('items.1.nameEn');
    expect(findUnsafeText({ ['k\u0000']: 'v' })).toBe('k\u0000');
    expect(findUnsafeText('\udc00 alone')).toBe('body');
    expect(findUnsafeText({ id: 'x' })).toBeUndefined();
    expect(findUnsafeText(Buffer.from([0x7b, 0x00, 0x7d]))).toBe('body');
    expect(findUnsafeText(Buffer.from('{"a":1}'))).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
  });

  it('accepts what is well formed: emoji (surrogate pairs), CJK, line breaks, U+FFFD', () => {
    for (const fine of ['😀', '张三', 'a\nb', '\ufffd', 'e\u0301', '\u2028'])
      expect(isUnsafeText(fine), JSON.stringify(fine)).toBe(false);
    for (const bad of ['\u0000', 'a\ud83d', '\ude00b', '\ude00\ud83d'])
      expect(isUnsafeText(bad), JSON.stringify(bad)).toBe(true);
  });

  it('refuses a body nested deeper than any request needs instead of overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toBe(Array.from({ length: 64 }, () => '0').join('.'));
  });

  it('vouches only for JSON text with no escaped NUL or surrogate', () => {
    const vouched = (text: string) => {
      const parsed = JSON.parse(text) as object;
      vouchForJson(text, parsed);
      return bodyIsVouched(parsed);
    };
    expect(vouched('{"a":"b","c":["😀",1]}')).toBe(true);
    expect(vouched('{"a":"b\\u0000"}')).toBe(false);
    expect(vouched('{"a":"\\ud800"}')).toBe(false);
    expect(vouched('{"a\\u0000":1}')).toBe(false);
    // An escaped emoji is a pair of surrogate escapes: not vouched for, so walked, and found fine.
    expect(vouched('{"a":"\\ud83d\\ude00"}')).toBe(false);
    expect(findUnsafeText(JSON.parse('{"a":"\\ud83d\\ude00"}'))).toBeUndefined();
    expect(vouched('"a string"')).toBe(false);
  });
});
