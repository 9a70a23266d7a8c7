import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/plugins/idempotency.ts';

describe('canonicalJson (what an Idempotency-Key remembers of a body)', () => {
  it('is the same for the same JSON with its keys in another order, at every depth', () => {
    const a = {
      productCode: 'US-DDP',
      parcels: [{ weight: 1.2, length: 10 }],
      consignee: { name: 'A', city: 'B' },
    };
    const b = {
      consignee: { city: 'B', name: 'A' },
      parcels: [{ length: 10, weight: 1.2 }],
      productCode: 'US-DDP',
    };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe(
      '{"consignee":{"city":"B","name":"A"},"parcels":[{"length":10,"weight":1.2}],"productCode":"US-DDP"}',
    );
  });

  it('tells apart what differs: values, array order, types, missing and null', () => {
    const base = canonicalJson({ a: 1, list: [1, 2] });
    expect(canonicalJson({ a: 2, list: [1, 2] })).not.toBe(base);
    expect(canonicalJson({ a: 1, list: [2, 1] })).not.toBe(base);
    expect(canonicalJson({ a: '1', list: [1, 2] })).not.toBe(base);
    expect(canonicalJson({ list: [1, 2] })).not.toBe(base);
    expect(canonicalJson({ a: null, list: [1, 2] })).not.toBe(base);
  });

  it('drops undefined properties as JSON does, and writes strings escaped', () => {
    expect(canonicalJson({ a: undefined, b: 'x"\n' })).toBe('{"b":"x\\"\\n"}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
  });
});
