import { LANGUAGES } from '@portal/contracts/languages';
import { describe, expect, it } from 'vitest';
import { DEMO_ISSUE_KINDS, DEMO_PRODUCTS } from '../../src/db/seed-products.ts';
import { countryCodes } from '../../src/modules/reference/countries.ts';

/** The demo catalog must be priceable everywhere it claims to go, up to its own limits. */

const SEEDED_CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'HKD'];
const grams = (kg: number) => Math.round(kg * 1000);
const priceAt = (band: { firstKg: number; first: number; stepKg: number; step: number }, kg: number) =>
  band.first + Math.max(0, Math.ceil((grams(kg) - grams(band.firstKg)) / grams(band.stepKg))) * band.step;

describe('demo catalog', () => {
  it('names every product and issue kind in the three languages', () => {
    for (const { name } of [...DEMO_PRODUCTS, ...DEMO_ISSUE_KINDS]) {
      const text = JSON.parse(name) as Record<string, string>;
      for (const language of LANGUAGES) expect(text[language], name).toMatch(/\S/);
    }
    expect(new Set(DEMO_PRODUCTS.map((p) => p.code)).size).toBe(DEMO_PRODUCTS.length);
  });

  it('ships only to real countries, each in one zone with a rate card', () => {
    const known = countryCodes();
    for (const product of DEMO_PRODUCTS) {
      const countries = Object.values(product.zones).flat();
      expect(
        countries.filter((c) => !known.has(c)),
        product.code,
      ).toEqual([]);
      expect(new Set(countries).size, product.code).toBe(countries.length);
      expect(Object.keys(product.rates).sort(), product.code).toEqual(Object.keys(product.zones).sort());
      if (product.declared) expect(SEEDED_CURRENCIES).toContain(product.declared[1]);
      expect(product.maxParcelKg).toBeLessThanOrEqual(product.maxShipmentKg);
    }
  });

  it('prices every weight up to the shipment limit, never cheaper for more weight', () => {
    for (const product of DEMO_PRODUCTS) {
      for (const [zone, bands] of Object.entries(product.rates)) {
        const sorted = [...bands].sort((a, b) => a.maxKg - b.maxKg);
        const where = `${product.code} ${zone}`;
        expect(sorted.at(-1)!.maxKg, where).toBeGreaterThanOrEqual(product.maxShipmentKg);
        let previousMax = 0;
        let previousPrice = 0;
        for (const band of sorted) {
          // Rounding up to a step inside a band never passes the band's upper bound.
          expect((grams(band.maxKg) - grams(band.firstKg)) % grams(band.stepKg), where).toBe(0);
          // A band starts where the previous ended, at the price the previous reached there.
          if (previousMax > 0) {
            expect(band.firstKg, where).toBe(previousMax);
            expect(band.first, where).toBe(previousPrice);
          }
          previousMax = band.maxKg;
          previousPrice = priceAt(band, band.maxKg);
        }
      }
    }
  });

  it('gives each extra service the fields its rule needs', () => {
    for (const product of DEMO_PRODUCTS) {
      for (const service of product.services) {
        const where = `${product.code} ${service.code}`;
        if (service.code === 'SUPERLONG') {
          expect(service.thresholdCm, where).toBeLessThanOrEqual(product.maxLongestCm ?? Infinity);
        }
        if (service.code === 'OVERWEIGHT')
          expect(service.thresholdKg, where).toBeLessThan(product.maxParcelKg);
        if (service.code === 'REMOTE_AREA') {
          for (const [country, from, to] of service.postcodes ?? []) {
            expect(Object.values(product.zones).flat(), where).toContain(country);
            expect([from.length === to.length, from <= to], `${where} ${from}-${to}`).toEqual([true, true]);
          }
        }
        if (service.code === 'INSURANCE') expect(service.rateBp, where).toBeGreaterThan(0);
      }
    }
  });
});
