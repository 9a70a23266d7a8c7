import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/plugins/compression.ts';

describe('chooseEncoding (Accept-Encoding negotiation for JSON answers)', () => {
  it('prefers brotli when the browser accepts it, gzip when only gzip is', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
  });

  it('follows quality values, `*` and refusals', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('answers nothing when neither is acceptable', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('deflate, zstd')).toBeUndefined();
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });
});
