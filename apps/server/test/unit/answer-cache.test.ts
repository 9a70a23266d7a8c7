import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/lib/answer-cache.ts';

const bytes = (size: number, fill = 'x') => Buffer.alloc(size, fill);

describe('AnswerCache', () => {
  it('keeps answers up to its byte bound, dropping the least recently used first', () => {
    const cache = new AnswerCache(800);
    cache.set('a', bytes(100, 'a'));
    cache.set('b', bytes(100, 'b'));
    cache.set('c', bytes(100, 'c'));
    expect(cache.get('a')?.toString()).toBe('a'.repeat(100));
    for (let i = 0; i < 6; i++) cache.set(`n${i}`, bytes(100));
    // 900 bytes were offered to an 800-byte cache: b, the least recently used, went first.
    expect(cache.bytes).toBeLessThanOrEqual(800);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(8);
  });

  it('replaces an entry under the same key without counting it twice', () => {
    const cache = new AnswerCache(1000);
    cache.set('k', bytes(100));
    cache.set('k', bytes(50, 'y'));
    expect(cache.bytes).toBe(50);
    expect(cache.get('k')?.toString()).toBe('y'.repeat(50));
  });

  it('keeps nothing larger than an eighth of its bound, and nothing at all with a bound of 0', () => {
    const cache = new AnswerCache(800);
    cache.set('big', bytes(101));
    expect(cache.get('big')).toBeUndefined();
    const off = new AnswerCache(0);
    off.set('k', bytes(1));
    expect(off.get('k')).toBeUndefined();
    expect(off.bytes).toBe(0);
  });

  it('counts hits and misses', () => {
    const cache = new AnswerCache(1000);
    cache.get('none');
    cache.set('k', bytes(10));
    cache.get('k');
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
  });
});
