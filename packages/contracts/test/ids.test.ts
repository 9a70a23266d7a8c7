import { describe, expect, it } from 'vitest';
import { ID_PATTERN, idField, isIdShaped } from '../src/ids.ts';

describe('idField', () => {
  const id = idField();

  it('accepts every id the server mints and any plain id of letters, digits, - and _', () => {
    for (const good of [
      '6f1c2a9e-3b7d-4c1e-9a55-0d2f8e7b4c31',
      'Vq3o4mZ1xQ2r8_Yb-kL0aT9sH7dN6cP5eW4uJ3iG2fA',
      'x',
      'ORDER_1',
      'a'.repeat(64),
    ])
      expect(id.parse(good), good).toBe(good);
    expect(id.parse('  abc-1 ')).toBe('abc-1');
  });

  it('refuses any other shape with the id message', () => {
    for (const bad of [
      '',
      ' ',
      'a'.repeat(65),
      'a\u0000b',
      'a\u0007b',
      '\u001b[2J',
      'a b',
      "1' OR '1'='1",
      'a/b',
      'ä',
      '😀',
      'a\ud800',
    ]) {
      const result = id.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('id.invalid');
      expect(isIdShaped(bad)).toBe(false);
    }
    expect(ID_PATTERN.test('abc')).toBe(true);
  });
});
