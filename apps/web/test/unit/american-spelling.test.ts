import { describe, expect, test } from 'vitest';
import enUS from '../../src/locales/en-US';

/** British spellings that must not reach an en-US user. */
const BRITISH =
  /\b\w*(colour|centre|licence|organis|favourite|cancell|behaviour|catalogue|recognis|authoris|customis|initialis|normalis|analys(e|ing))\w*\b/i;

function strings(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    strings(value, path ? `${path}.${key}` : key),
  );
}

describe('en-US interface texts', () => {
  test('use American spelling', () => {
    const texts = strings(enUS, '');
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter(([, text]) => BRITISH.test(text))).toEqual([]);
  });
});
