import { describe, expect, it } from 'vitest';
import { decimals, kgToGrams, LengthCmSchema, WeightKgSchema } from '../src/quantity.ts';

describe('decimals', () => {
  it('counts digits after the point, in plain and in exponent form', () => {
    expect(decimals(12)).toBe(0);
    expect(decimals(1.25)).toBe(2);
    expect(decimals(9999.999)).toBe(3);
    expect(decimals(1e-7)).toBe(7);
    expect(decimals(1.5e-7)).toBe(8);
    expect(decimals(1e21)).toBe(0);
  });
});

describe('weights and lengths', () => {
  it('refuse tiny numbers written with an exponent, which would be stored as 0 g or 0 mm', () => {
    expect(kgToGrams(1e-7)).toBe(0);
    expect(WeightKgSchema.safeParse(1e-7).success).toBe(false);
    expect(WeightKgSchema.safeParse(5e-7).success).toBe(false);
    expect(LengthCmSchema.safeParse(1e-7).success).toBe(false);
    expect(WeightKgSchema.safeParse(0.001).success).toBe(true);
    expect(LengthCmSchema.safeParse(0.1).success).toBe(true);
  });
});
