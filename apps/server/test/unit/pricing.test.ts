import { describe, expect, it } from 'vitest';
import {
  convertMinor,
  effectiveLimits,
  girthMm,
  mulDivHalfUp,
  postcodeMatches,
  priceShipment,
  PricingReasonKey,
  roundToBand,
  volumetricGrams,
  type PricingContext,
  type PricingParcel,
  type PricingProduct,
  type PricingShipment,
} from '../../src/modules/product/pricing.ts';

const RATES = {
  CNY: { rateToCnyMicros: 1_000_000, minorUnits: 2 },
  USD: { rateToCnyMicros: 7_120_000, minorUnits: 2 },
  EUR: { rateToCnyMicros: 8_260_000, minorUnits: 2 },
  JPY: { rateToCnyMicros: 50_000, minorUnits: 0 },
  AAA: { rateToCnyMicros: 1_500_000, minorUnits: 2 },
};

/** A US line like the demo one: two bands, every extra service. */
const product = (overrides: Partial<PricingProduct> = {}): PricingProduct => ({
  code: 'US-TEST',
  currencyCode: 'CNY',
  volumetricDivisor: 6000,
  limits: {
    maxParcelWeightGrams: 30_000,
    maxShipmentWeightGrams: 68_000,
    maxLongestSideMm: 1200,
    maxGirthMm: 2740,
    maxParcels: 5,
    maxDeclaredValue: 80_000,
  },
  declaredValueCurrency: 'USD',
  allowsBattery: false,
  customsTerms: ['DDP'],
  requiresIoss: false,
  fuelSurchargeBp: 800,
  zones: { US: 'US' },
  rates: [
    {
      zone: 'US',
      maxWeightGrams: 68_000,
      firstWeightGrams: 2000,
      firstPrice: 16_200,
      stepWeightGrams: 1000,
      stepPrice: 4800,
    },
    {
      zone: 'US',
      maxWeightGrams: 2000,
      firstWeightGrams: 500,
      firstPrice: 7800,
      stepWeightGrams: 500,
      stepPrice: 2800,
    },
  ],
  extraServices: [
    { code: 'SUPERLONG', thresholdMm: 1000, amount: 15_000 },
    { code: 'OVERWEIGHT', thresholdGrams: 22_000, amount: 12_000 },
    {
      code: 'REMOTE_AREA',
      amount: 6000,
      perKgAmount: 800,
      postcodes: [{ countryCode: 'US', from: '995', to: '999' }],
    },
    { code: 'INSURANCE', rateBp: 100, minAmount: 1000 },
    { code: 'SIGNATURE', amount: 2500 },
  ],
  ...overrides,
});

const parcel = (weightGrams: number, l = 200, w = 150, h = 100): PricingParcel => ({
  weightGrams,
  lengthMm: l,
  widthMm: w,
  heightMm: h,
});

const shipment = (overrides: Partial<PricingShipment> = {}): PricingShipment => ({
  countryCode: 'US',
  postalCode: '10001',
  parcels: [parcel(1200)],
  declaredValue: { amount: 5000, currencyCode: 'USD' },
  hasBattery: false,
  ...overrides,
});

const context = (overrides: Partial<PricingContext> = {}): PricingContext => ({
  levelDiscountPercent: 0,
  exchangeRates: RATES,
  ...overrides,
});

function priced(p: PricingProduct, s: PricingShipment, c: PricingContext = context()) {
  const result = priceShipment(p, s, c);
  if (!result.ok) throw new Error(`not ok: ${result.reasons.map((r) => r.key).join(', ')}`);
  return result;
}

const lines = (result: ReturnType<typeof priced>) =>
  Object.fromEntries(result.breakdown.map((line) => [line.code, line.amount]));

const reasonKeys = (p: PricingProduct, s: PricingShipment, c: PricingContext = context()) => {
  const result = priceShipment(p, s, c);
  return result.ok ? [] : result.reasons.map((r) => r.key);
};

describe('integer helpers', () => {
  it('rounds half up at the minor unit', () => {
    expect(mulDivHalfUp(101, 5000, 10_000)).toBe(51); // 50.5
    expect(mulDivHalfUp(101, 4999, 10_000)).toBe(50); // 50.4899
    expect(mulDivHalfUp(99, 5000, 10_000)).toBe(50); // 49.5
    expect(mulDivHalfUp(0, 800, 10_000)).toBe(0);
    // Large amounts stay exact (BigInt inside): 1e11 × 9999 would lose digits in a double.
    expect(mulDivHalfUp(100_000_000_001, 9999, 10_000)).toBe(99_990_000_001);
  });

  it('converts between currencies half up to the target minor unit', () => {
    expect(convertMinor(12_345, 'USD', 'CNY', RATES)).toBe(87_896); // 87 896.4
    expect(convertMinor(1, 'AAA', 'CNY', RATES)).toBe(2); // 1.5
    expect(convertMinor(3, 'AAA', 'CNY', RATES)).toBe(5); // 4.5
    expect(convertMinor(7, 'CNY', 'USD', RATES)).toBe(1); // 0.98
    expect(convertMinor(1000, 'JPY', 'CNY', RATES)).toBe(5000); // 1000 yen = 50.00 CNY
    expect(convertMinor(5000, 'CNY', 'JPY', RATES)).toBe(1000);
    expect(convertMinor(5000, 'CNY', 'CNY', RATES)).toBe(5000);
    expect(convertMinor(5000, 'XXX', 'CNY', RATES)).toBeNull();
  });

  it('measures volumetric weight in grams rounded up, and girth on the longest side', () => {
    expect(volumetricGrams(parcel(1, 200, 150, 100), 6000)).toBe(500); // 3 000 000 mm³ ÷ 6000
    expect(volumetricGrams(parcel(1, 100, 100, 61), 6000)).toBe(102); // 101.67
    expect(volumetricGrams(parcel(1, 100, 100, 60), 6000)).toBe(100);
    expect(volumetricGrams(parcel(1, 400, 300, 300), 8000)).toBe(4500);
    expect(volumetricGrams(parcel(1, 400, 300, 300), null)).toBe(0);
    expect(girthMm(parcel(1, 300, 1200, 500))).toBe(1200 + 2 * (500 + 300));
  });

  it('rounds chargeable weight up to the band: first weight, then whole steps', () => {
    const band = {
      zone: 'Z',
      maxWeightGrams: 2000,
      firstWeightGrams: 500,
      firstPrice: 1,
      stepWeightGrams: 500,
      stepPrice: 1,
    };
    expect(roundToBand(1, band)).toEqual({ grams: 500, steps: 0 });
    expect(roundToBand(500, band)).toEqual({ grams: 500, steps: 0 });
    expect(roundToBand(501, band)).toEqual({ grams: 1000, steps: 1 });
    expect(roundToBand(1000, band)).toEqual({ grams: 1000, steps: 1 });
    expect(roundToBand(1001, band)).toEqual({ grams: 1500, steps: 2 });
  });

  it('matches postal codes by prefix or range, ignoring case, spaces and hyphens', () => {
    const alaska = { countryCode: 'US', from: '995', to: '999' };
    expect(postcodeMatches('99501', alaska)).toBe(true);
    expect(postcodeMatches('99999-1234', alaska)).toBe(true);
    expect(postcodeMatches('99499', alaska)).toBe(false);
    expect(postcodeMatches('9', alaska)).toBe(false);
    expect(postcodeMatches('', alaska)).toBe(false);
    const ni = { countryCode: 'GB', from: 'BT', to: 'BT' };
    expect(postcodeMatches('bt1 1aa', ni)).toBe(true);
    expect(postcodeMatches('B1 1AA', ni)).toBe(false);
    expect(postcodeMatches('BS1 1AA', ni)).toBe(false);
  });

  it('narrows limits with a customer limit and never widens them', () => {
    const own = product().limits;
    const narrowed = effectiveLimits(own, {
      maxParcelWeightGrams: 10_000,
      maxShipmentWeightGrams: 100_000,
      maxLongestSideMm: null,
      maxParcels: 2,
      maxDeclaredValue: 20_000,
      discountPercent: null,
    });
    expect(narrowed).toEqual({
      ...own,
      maxParcelWeightGrams: 10_000,
      maxParcels: 2,
      maxDeclaredValue: 20_000,
    });
    expect(effectiveLimits(own, null)).toBe(own);
  });
});

describe('priceShipment: freight and chargeable weight', () => {
  it('prices first weight + steps, fuel on freight, total the sum of lines', () => {
    // 1.2 kg, 20×15×10 cm (500 g volumetric) → 1.5 kg: 78.00 + 2 × 28.00 = 134.00; fuel 8 % = 10.72.
    const result = priced(product(), shipment());
    expect(result).toMatchObject({
      ok: true,
      currencyCode: 'CNY',
      chargeableWeightGrams: 1500,
      volumetricWeightGrams: 500,
      actualWeightGrams: 1200,
      zone: 'US',
      totalAmount: 14_472,
    });
    expect(lines(result)).toEqual({ freight: 13_400, fuel: 1072 });
    expect(result.breakdown[0]!.detail).toEqual({
      key: 'product.detail.freightSteps',
      params: { first: '0.5', steps: 2, step: '0.5' },
    });
  });

  it('charges the first weight alone up to it, and a step for one gram more', () => {
    expect(lines(priced(product(), shipment({ parcels: [parcel(500, 100, 100, 100)] })))).toEqual({
      freight: 7800,
      fuel: 624,
    });
    expect(
      priced(product(), shipment({ parcels: [parcel(500, 100, 100, 100)] })).breakdown[0]!.detail!.key,
    ).toBe('product.detail.freightFirst');
    expect(lines(priced(product(), shipment({ parcels: [parcel(501, 100, 100, 100)] }))).freight).toBe(
      10_600,
    );
  });

  it('picks the band whose upper bound holds the weight (inclusive)', () => {
    const atEdge = priced(product(), shipment({ parcels: [parcel(2000, 100, 100, 100)] }));
    expect([atEdge.chargeableWeightGrams, lines(atEdge).freight]).toEqual([2000, 16_200]);
    const past = priced(product(), shipment({ parcels: [parcel(2001, 100, 100, 100)] }));
    expect([past.chargeableWeightGrams, lines(past).freight]).toEqual([3000, 21_000]);
  });

  it('charges volumetric weight when larger', () => {
    // 0.5 kg in 40×30×30 cm = 6 kg volumetric → 16 200 + 4 × 4800.
    const result = priced(product(), shipment({ parcels: [parcel(500, 400, 300, 300)] }));
    expect([result.chargeableWeightGrams, result.volumetricWeightGrams, lines(result).freight]).toEqual([
      6000, 6000, 35_400,
    ]);
  });

  it('takes the larger weight per parcel, then sums (not the larger of the sums)', () => {
    // A: 5 kg, 10 cm cube (167 g vol.); B: 0.5 kg in 40×30×30 (6000 g vol.). Per parcel 5000 + 6000 = 11 kg;
    // the larger of the sums would have been 6.167 kg.
    const result = priced(
      product(),
      shipment({ parcels: [parcel(5000, 100, 100, 100), parcel(500, 400, 300, 300)] }),
    );
    expect([result.chargeableWeightGrams, result.volumetricWeightGrams, result.actualWeightGrams]).toEqual([
      11_000, 6167, 5500,
    ]);
    expect(lines(result).freight).toBe(16_200 + 9 * 4800);
  });

  it('charges actual weight only on a product without a volumetric divisor', () => {
    const result = priced(
      product({ volumetricDivisor: null }),
      shipment({ parcels: [parcel(500, 400, 300, 300)] }),
    );
    expect([result.chargeableWeightGrams, result.volumetricWeightGrams]).toEqual([500, 0]);
  });

  it('rounds the fuel surcharge half up', () => {
    const cheap = (bp: number) =>
      product({
        fuelSurchargeBp: bp,
        rates: [
          {
            zone: 'US',
            maxWeightGrams: 2000,
            firstWeightGrams: 2000,
            firstPrice: 101,
            stepWeightGrams: 500,
            stepPrice: 1,
          },
        ],
      });
    expect(lines(priced(cheap(5000), shipment())).fuel).toBe(51); // 50.5
    expect(lines(priced(cheap(4999), shipment())).fuel).toBe(50); // 50.49
    expect(lines(priced(cheap(0), shipment())).fuel).toBeUndefined();
  });
});

describe('priceShipment: extra services', () => {
  it('adds the superlong surcharge per parcel over the threshold, not at it', () => {
    const at = priced(product(), shipment({ parcels: [parcel(1000, 1000, 100, 100)] }));
    expect(lines(at).superlong).toBeUndefined();
    const over = priced(
      product(),
      shipment({ parcels: [parcel(1000, 1001, 100, 100), parcel(1000, 100, 1100, 100)] }),
    );
    expect(lines(over).superlong).toBe(30_000);
    expect(over.breakdown.find((l) => l.code === 'superlong')!.detail).toEqual({
      key: 'product.detail.superlong',
      params: { count: 2, threshold: '100' },
    });
  });

  it('adds the overweight surcharge per parcel over the threshold, not at it', () => {
    expect(
      lines(priced(product(), shipment({ parcels: [parcel(22_000, 100, 100, 100)] }))).overweight,
    ).toBeUndefined();
    expect(lines(priced(product(), shipment({ parcels: [parcel(22_001, 100, 100, 100)] }))).overweight).toBe(
      12_000,
    );
  });

  it('adds the remote-area surcharge by postal code: the larger of the minimum and per kg', () => {
    expect(lines(priced(product(), shipment({ postalCode: '99501' }))).remoteArea).toBe(6000); // 1.5 kg × 8 < 60
    const heavy = shipment({ postalCode: '995-01', parcels: [parcel(11_000, 100, 100, 100)] });
    expect(lines(priced(product(), heavy)).remoteArea).toBe(8800); // 11 kg × 8.00
    expect(lines(priced(product(), shipment({ postalCode: '99499' }))).remoteArea).toBeUndefined();
    expect(lines(priced(product(), shipment({ postalCode: null }))).remoteArea).toBeUndefined();
    // The range is for the US only.
    const other = product({ zones: { US: 'US', CA: 'US' } });
    expect(
      lines(priced(other, shipment({ countryCode: 'CA', postalCode: '99501' }))).remoteArea,
    ).toBeUndefined();
  });

  it('adds insurance only when asked: rate of the insured value in the rate card currency, at least the minimum', () => {
    expect(lines(priced(product(), shipment())).insurance).toBeUndefined();
    // 500.00 USD declared = 3560.00 CNY × 1 % = 35.60.
    const insured = shipment({
      declaredValue: { amount: 50_000, currencyCode: 'USD' },
      extraServiceCodes: ['INSURANCE'],
    });
    expect(lines(priced(product(), insured)).insurance).toBe(3560);
    // An explicit insured value wins over the declared value: 123.45 USD = 878.96 CNY → 8.79 → minimum 10.00.
    expect(
      lines(priced(product(), { ...insured, insuredValue: { amount: 12_345, currencyCode: 'USD' } }))
        .insurance,
    ).toBe(1000);
    // Half up: 0.5 % of 1.00 CNY... 3.00 CNY × 50 bp = 0.015 → 0.02.
    const halfUp = product({ extraServices: [{ code: 'INSURANCE', rateBp: 50, minAmount: 0 }] });
    const small = shipment({
      declaredValue: { amount: 300, currencyCode: 'CNY' },
      extraServiceCodes: ['INSURANCE'],
    });
    expect(lines(priced(halfUp, small)).insurance).toBe(2);
  });

  it('adds signature only when asked, and ignores rule-based codes in the request', () => {
    expect(lines(priced(product(), shipment({ extraServiceCodes: ['SIGNATURE'] }))).signature).toBe(2500);
    expect(lines(priced(product(), shipment({ extraServiceCodes: ['SUPERLONG', 'REMOTE_AREA'] })))).toEqual({
      freight: 13_400,
      fuel: 1072,
    });
  });
});

describe('priceShipment: discounts', () => {
  it('takes the level discount off freight and fuel, not off extra services', () => {
    // (134.00 + 10.72) × 5 % = 7.236 → 7.24.
    const result = priced(
      product(),
      shipment({ extraServiceCodes: ['SIGNATURE'] }),
      context({ levelDiscountPercent: 5 }),
    );
    expect(lines(result)).toEqual({ freight: 13_400, fuel: 1072, signature: 2500, discount: -724 });
    expect(result.totalAmount).toBe(13_400 + 1072 + 2500 - 724);
    expect(result.breakdown.at(-1)!.detail).toEqual({
      key: 'product.detail.levelDiscount',
      params: { percent: 5 },
    });
  });

  it('rounds the discount half up as a positive amount', () => {
    const ten = product({
      fuelSurchargeBp: 0,
      rates: [
        {
          zone: 'US',
          maxWeightGrams: 2000,
          firstWeightGrams: 2000,
          firstPrice: 10,
          stepWeightGrams: 500,
          stepPrice: 1,
        },
      ],
    });
    expect(lines(priced(ten, shipment(), context({ levelDiscountPercent: 5 }))).discount).toBe(-1); // 0.5
    expect(lines(priced(ten, shipment(), context({ levelDiscountPercent: 4 }))).discount).toBe(0); // 0.4
    expect(Object.is(lines(priced(ten, shipment(), context({ levelDiscountPercent: 4 }))).discount, -0)).toBe(
      false,
    );
  });

  it("uses the customer product limit's discount in place of the level's", () => {
    const result = priced(
      product(),
      shipment(),
      context({
        levelDiscountPercent: 5,
        customerLimit: {
          maxParcelWeightGrams: null,
          maxShipmentWeightGrams: null,
          maxLongestSideMm: null,
          maxParcels: null,
          maxDeclaredValue: null,
          discountPercent: 8,
        },
      }),
    );
    expect(lines(result).discount).toBe(-1158); // 144.72 × 8 % = 11.5776
    expect(result.breakdown.at(-1)!.detail!.key).toBe('product.detail.productDiscount');
  });

  it('always totals exactly the sum of its lines', () => {
    for (let i = 0; i < 200; i++) {
      const weight = 1 + ((i * 7919) % 20_000);
      const result = priced(
        product(),
        shipment({
          postalCode: i % 3 === 0 ? '99601' : '10001',
          parcels: [parcel(weight, 100 + (i % 1000), 150, 100 + (i % 50))],
          declaredValue: { amount: 100 + i * 37, currencyCode: i % 2 ? 'USD' : 'EUR' },
          extraServiceCodes: i % 2 ? ['INSURANCE', 'SIGNATURE'] : [],
        }),
        context({ levelDiscountPercent: i % 11 }),
      );
      expect(result.totalAmount).toBe(result.breakdown.reduce((sum, line) => sum + line.amount, 0));
      for (const line of result.breakdown) expect(Number.isInteger(line.amount)).toBe(true);
    }
  });
});

describe('priceShipment: limits', () => {
  it('refuses each limit on its own', () => {
    const p = product();
    expect(reasonKeys(p, shipment({ parcels: Array.from({ length: 6 }, () => parcel(1000)) }))).toEqual([
      PricingReasonKey.ParcelCount,
    ]);
    expect(reasonKeys(p, shipment({ parcels: [parcel(30_000, 100, 100, 100)] }))).toEqual([]);
    expect(reasonKeys(p, shipment({ parcels: [parcel(30_001, 100, 100, 100)] }))).toEqual([
      PricingReasonKey.ParcelWeight,
    ]);
    expect(reasonKeys(p, shipment({ parcels: [parcel(1000, 1201, 100, 100)] }))).toEqual([
      PricingReasonKey.LongestSide,
    ]);
    // 1100 + 2 × (500 + 300) = 2700 passes; 1100 + 2 × (520 + 300) = 2740 passes; one more mm does not.
    expect(reasonKeys(p, shipment({ parcels: [parcel(1000, 1100, 520, 300)] }))).toEqual([]);
    expect(reasonKeys(p, shipment({ parcels: [parcel(1000, 1100, 521, 300)] }))).toEqual([
      PricingReasonKey.Girth,
    ]);
    expect(reasonKeys(p, shipment({ hasBattery: true }))).toEqual([PricingReasonKey.Battery]);
    expect(reasonKeys(p, shipment({ countryCode: 'GB' }))).toEqual([PricingReasonKey.CountryNotServed]);
    expect(reasonKeys(p, shipment({ customsTerms: 'DDU' }))).toEqual([PricingReasonKey.CustomsTerms]);
    expect(reasonKeys(p, shipment({ customsTerms: 'DDP' }))).toEqual([]);
  });

  it('checks the shipment weight on the chargeable weight', () => {
    const three = (kg: number) => Array.from({ length: 3 }, () => parcel(kg * 1000, 100, 100, 100));
    expect(reasonKeys(product(), shipment({ parcels: [...three(20), parcel(8000, 100, 100, 100)] }))).toEqual(
      [],
    );
    expect(reasonKeys(product(), shipment({ parcels: [...three(20), parcel(8001, 100, 100, 100)] }))).toEqual(
      [PricingReasonKey.ShipmentWeight],
    );
    // Bulky but light: 4 × 20 kg volumetric (60×50×40 cm) = 80 kg chargeable.
    expect(
      reasonKeys(
        product(),
        shipment({ parcels: Array.from({ length: 4 }, () => parcel(1000, 600, 500, 400)) }),
      ),
    ).toEqual([PricingReasonKey.ShipmentWeight]);
  });

  it('compares the declared value in the limit currency, after conversion', () => {
    expect(
      reasonKeys(product(), shipment({ declaredValue: { amount: 80_000, currencyCode: 'USD' } })),
    ).toEqual([]);
    expect(
      reasonKeys(product(), shipment({ declaredValue: { amount: 80_001, currencyCode: 'USD' } })),
    ).toEqual([PricingReasonKey.DeclaredValue]);
    // 689.59 EUR = 800.00 USD after rounding; 689.60 EUR = 800.01 USD.
    expect(
      reasonKeys(product(), shipment({ declaredValue: { amount: 68_959, currencyCode: 'EUR' } })),
    ).toEqual([]);
    const over = priceShipment(
      product(),
      shipment({ declaredValue: { amount: 68_960, currencyCode: 'EUR' } }),
      context(),
    );
    expect(over).toEqual({
      ok: false,
      reasons: [
        { key: PricingReasonKey.DeclaredValue, params: { value: '689.60 EUR', limit: '800.00 USD' } },
      ],
    });
    expect(reasonKeys(product(), shipment({ declaredValue: { amount: 1, currencyCode: 'XXX' } }))).toEqual([
      PricingReasonKey.CurrencyUnknown,
    ]);
  });

  it('requires an IOSS number only once the caller says whether there is one', () => {
    const eu = product({ requiresIoss: true });
    expect(reasonKeys(eu, shipment())).toEqual([]);
    expect(reasonKeys(eu, shipment({ iossNumber: null }))).toEqual([PricingReasonKey.IossRequired]);
    expect(reasonKeys(eu, shipment({ iossNumber: '  ' }))).toEqual([PricingReasonKey.IossRequired]);
    expect(reasonKeys(eu, shipment({ iossNumber: 'IM2760000001' }))).toEqual([]);
  });

  it('refuses optional services the product does not offer', () => {
    const bare = product({ extraServices: [] });
    expect(reasonKeys(bare, shipment({ extraServiceCodes: ['INSURANCE', 'SIGNATURE'] }))).toEqual([
      PricingReasonKey.InsuranceNotOffered,
      PricingReasonKey.SignatureNotOffered,
    ]);
  });

  it('refuses a weight past the heaviest band when no shipment limit explains it', () => {
    const short = product({ rates: [product().rates[1]!] }); // only the band up to 2 kg
    expect(priceShipment(short, shipment({ parcels: [parcel(2500, 100, 100, 100)] }), context())).toEqual({
      ok: false,
      reasons: [{ key: PricingReasonKey.NoRate, params: { weight: '2.5' } }],
    });
  });

  it('applies a narrowed customer limit', () => {
    const narrowed = context({
      customerLimit: {
        maxParcelWeightGrams: 10_000,
        maxShipmentWeightGrams: null,
        maxLongestSideMm: null,
        maxParcels: null,
        maxDeclaredValue: null,
        discountPercent: null,
      },
    });
    const twelve = shipment({ parcels: [parcel(12_000, 100, 100, 100)] });
    expect(reasonKeys(product(), twelve)).toEqual([]);
    expect(priceShipment(product(), twelve, narrowed)).toEqual({
      ok: false,
      reasons: [{ key: PricingReasonKey.ParcelWeight, params: { parcels: '1', limit: '10' } }],
    });
  });

  it('lists every reason at once, each naming all offending parcels', () => {
    const eu = product({ requiresIoss: true, extraServices: [] });
    const result = priceShipment(
      eu,
      {
        countryCode: 'GB',
        postalCode: null,
        parcels: [
          parcel(31_000, 100, 100, 100),
          parcel(8000, 1300, 100, 100),
          parcel(8000, 1200, 500, 500),
          parcel(8000),
          parcel(8000),
          parcel(31_000),
        ],
        declaredValue: { amount: 90_000, currencyCode: 'USD' },
        hasBattery: true,
        extraServiceCodes: ['SIGNATURE'],
        customsTerms: 'DDU',
        iossNumber: null,
      },
      context(),
    );
    expect(result).toEqual({
      ok: false,
      reasons: [
        { key: PricingReasonKey.ParcelCount, params: { count: 6, limit: 5 } },
        { key: PricingReasonKey.ParcelWeight, params: { parcels: '1, 6', limit: '30' } },
        { key: PricingReasonKey.ShipmentWeight, params: { weight: '136', limit: '68' } },
        { key: PricingReasonKey.LongestSide, params: { parcels: '2', limit: '120' } },
        { key: PricingReasonKey.Girth, params: { parcels: '3', limit: '274' } },
        { key: PricingReasonKey.DeclaredValue, params: { value: '900.00 USD', limit: '800.00 USD' } },
        { key: PricingReasonKey.Battery, params: {} },
        { key: PricingReasonKey.CountryNotServed, params: { country: 'GB' } },
        { key: PricingReasonKey.CustomsTerms, params: { terms: 'DDU', offered: 'DDP' } },
        { key: PricingReasonKey.IossRequired, params: {} },
        { key: PricingReasonKey.SignatureNotOffered, params: {} },
      ],
    });
  });
});
