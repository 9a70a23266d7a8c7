import { ApiCode } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import type { QuoteAnswer, QuoteRequest } from '@portal/contracts/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUB_USER } from '../../src/db/seed.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { createProduct, setCustomerLevel, setCustomerProductLimit } from '../support/product-factories.ts';
import { priceOrder } from '../../src/modules/product/quote.service.ts';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let demoToken: string;
beforeAll(async () => {
  t = await createTestApp();
  demoToken = (await signIn(t.app)).jwtToken;
});
afterAll(async () => t.close());

type FieldErrors = { errors: { field: string; message: string }[] } | null;

/** 1.2 kg in a 20 × 15 × 10 cm box (0.5 kg volumetric at 6000), 50.00 USD declared, to New York. */
const toUs = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  countryCode: 'US',
  postalCode: '10001',
  parcels: [{ weight: 1.2, length: 20, width: 15, height: 10 }],
  declaredValue: 5000,
  currencyCode: 'USD',
  hasBattery: false,
  ...overrides,
});

const quote = (token: string, body: unknown, language = 'zh-CN') =>
  call<QuoteAnswer>(t.app, {
    method: 'POST',
    url: '/api/ProductInfo/QueryQuote',
    token,
    body,
    headers: { 'accept-language': language },
  });

async function customerOn(level: string) {
  const { customerId, main } = await createCustomer(t.app.db);
  await setCustomerLevel(t.app.db, customerId, level);
  return { customerId, token: (await signIn(t.app, main)).jwtToken };
}

const codes = (answer: QuoteAnswer) => ({
  usable: answer.usable.map((u) => u.productCode),
  unusable: answer.unusable.map((u) => u.productCode),
});

describe('QueryQuote', () => {
  it('prices every usable product, cheapest first, with its breakdown, and lists the others with reasons', async () => {
    const answer = await quote(demoToken, toUs());
    expect(answer.code).toBe(ApiCode.Ok);
    expect(codes(answer.data)).toEqual({
      usable: ['GLOBAL-REG', 'US-DDP-EXP', 'BATTERY-NA-AU'],
      unusable: ['EU-IOSS', 'JP-EXP', 'UK-EXP'],
    });
    // The demo customer is gold (5 % off freight and fuel).
    expect(answer.data.usable.map((u) => u.totalAmount)).toEqual([11_400, 13_748, 15_854]);
    const us = answer.data.usable[1]!;
    expect(us).toEqual({
      productCode: 'US-DDP-EXP',
      productName: '美国包税专线',
      chargeableWeight: 1.5,
      totalAmount: 13_748,
      currencyCode: 'CNY',
      transitDays: '7-12',
      breakdown: [
        { code: 'freight', label: '运费', amount: 13_400, detail: '首重 0.5 kg + 续重 2 × 0.5 kg' },
        { code: 'fuel', label: '燃油附加费', amount: 1072, detail: '运费 × 8%' },
        { code: 'discount', label: '折扣', amount: -724, detail: '客户等级折扣 5%（运费及燃油）' },
      ],
    });
    expect(answer.data.usable[0]!.chargeableWeight).toBe(1.2); // small packet: actual weight, 10 g steps
    expect(answer.data.unusable[0]).toEqual({
      productCode: 'EU-IOSS',
      productName: '欧洲 IOSS 专线',
      reasons: ['该渠道不发往美国'],
    });
  });

  it('answers names, labels and reasons in the caller language', async () => {
    const english = await quote(demoToken, toUs(), 'en-US');
    expect(english.data.usable[1]).toMatchObject({
      productName: 'US Express Line (tax included)',
      breakdown: [
        { label: 'Freight', detail: 'First 0.5 kg + 2 × 0.5 kg' },
        { label: 'Fuel surcharge', detail: 'Freight × 8%' },
        { label: 'Discount', detail: 'Customer level discount 5% (freight and fuel)' },
      ],
    });
    expect(english.data.unusable[0]!.reasons).toEqual(['This service does not ship to United States']);
    const traditional = await quote(demoToken, toUs(), 'zh-TW');
    expect(traditional.data.usable[1]).toMatchObject({
      productName: '美國包稅專線',
      breakdown: [{ label: '運費' }, { label: '燃油附加費' }, { label: '折扣' }],
    });
    expect(traditional.data.unusable[0]!.reasons[0]).toMatch(/^該渠道不寄往/);
  });

  it('lists every reason a product refuses a shipment, not only the first', async () => {
    const answer = await quote(
      demoToken,
      {
        countryCode: 'GB',
        postalCode: 'SW1A 1AA',
        parcels: [
          { weight: 31, length: 20, width: 20, height: 20 },
          ...Array.from({ length: 4 }, () => ({ weight: 1, length: 130, width: 10, height: 10 })),
          { weight: 1, length: 20, width: 20, height: 20 },
        ],
        declaredValue: 20_000,
        currencyCode: 'GBP',
        hasBattery: true,
        customsTerms: 'DDP',
        extraServiceCodes: ['SIGNATURE'],
      },
      'en-US',
    );
    expect(answer.data.usable).toEqual([]);
    expect(answer.data.unusable.find((u) => u.productCode === 'UK-EXP')!.reasons).toEqual([
      '6 parcels, more than the 5 per shipment allowed',
      'Parcel 1: over the 30 kg per-parcel weight limit',
      'Parcel 2, 3, 4, 5: a side longer than 120 cm',
      'Declared value 200.00 GBP is over the 135.00 GBP limit',
      'This service does not take goods with batteries',
    ]);
    expect(answer.data.unusable.find((u) => u.productCode === 'JP-EXP')!.reasons).toEqual([
      'Parcel 1: over the 30 kg per-parcel weight limit',
      'This service does not take goods with batteries',
      'This service does not ship to United Kingdom',
      'This service does not offer signature on delivery',
    ]);
  });

  it('adds the remote-area surcharge for a listed postal code', async () => {
    const answer = await quote(demoToken, toUs({ postalCode: '99501' }));
    const us = answer.data.usable.find((u) => u.productCode === 'US-DDP-EXP')!;
    expect(us.breakdown.map((l) => [l.code, l.amount])).toEqual([
      ['freight', 13_400],
      ['fuel', 1072],
      ['remoteArea', 6000],
      ['discount', -724],
    ]);
    expect(us.breakdown[2]!.detail).toBe('邮编 99501 属于偏远地区');
    expect(us.totalAmount).toBe(19_748);
  });

  it('prices optional services when asked, and refuses products that do not offer them', async () => {
    const answer = await quote(demoToken, toUs({ extraServiceCodes: ['INSURANCE', 'SIGNATURE'] }), 'en-US');
    // 50.00 USD = 356.00 CNY × 1 % = 3.56 → the 10.00 minimum; signature 25.00.
    const us = answer.data.usable.find((u) => u.productCode === 'US-DDP-EXP')!;
    expect(us.breakdown.map((l) => [l.code, l.amount])).toEqual([
      ['freight', 13_400],
      ['fuel', 1072],
      ['insurance', 1000],
      ['signature', 2500],
      ['discount', -724],
    ]);
    expect(answer.data.unusable.find((u) => u.productCode === 'GLOBAL-REG')!.reasons).toEqual([
      'This service does not offer insurance',
      'This service does not offer signature on delivery',
    ]);
  });

  it('asks for an IOSS number on the EU IOSS line once the caller says there is none', async () => {
    const toDe = (extra: Partial<QuoteRequest> = {}) =>
      toUs({ countryCode: 'DE', postalCode: '10115', ...extra });
    const eu = (answer: QuoteAnswer) =>
      answer.usable.find((u) => u.productCode === 'EU-IOSS') ??
      answer.unusable.find((u) => u.productCode === 'EU-IOSS');
    expect(eu((await quote(demoToken, toDe())).data)).toMatchObject({ totalAmount: 12_017 });
    expect(eu((await quote(demoToken, toDe({ iossNumber: null }), 'en-US')).data)).toMatchObject({
      reasons: ['This service needs an IOSS number'],
    });
    expect(eu((await quote(demoToken, toDe({ iossNumber: 'IM2760000001' }))).data)).toMatchObject({
      totalAmount: 12_017,
    });
  });

  it("uses a customer product limit's negotiated discount (the demo customer's UK line)", async () => {
    const answer = await quote(
      demoToken,
      toUs({
        countryCode: 'GB',
        postalCode: 'SW1A 1AA',
        parcels: [{ weight: 1, length: 20, width: 15, height: 10 }],
      }),
    );
    expect(codes(answer.data).usable).toEqual(['UK-EXP', 'GLOBAL-REG']);
    const uk = answer.data.usable[0]!;
    // 48.00 + 22.00 = 70.00, fuel 9 % = 6.30, 8 % off 76.30 = 6.10.
    expect(uk.breakdown.map((l) => [l.code, l.amount])).toEqual([
      ['freight', 7000],
      ['fuel', 630],
      ['discount', -610],
    ]);
    expect(uk.breakdown[2]!.detail).toBe('协议折扣 8%（运费及燃油）');
  });

  it("applies the customer's level: no discount line on standard, 10 % on platinum", async () => {
    const standard = await customerOn('standard');
    const platinum = await customerOn('platinum');
    const us = async (token: string) =>
      (await quote(token, toUs())).data.usable.find((u) => u.productCode === 'US-DDP-EXP')!;
    expect((await us(standard.token)).breakdown.map((l) => l.code)).toEqual(['freight', 'fuel']);
    expect((await us(standard.token)).totalAmount).toBe(14_472);
    const best = await us(platinum.token);
    expect(best.breakdown.at(-1)).toEqual({
      code: 'discount',
      label: '折扣',
      amount: -1447, // 144.72 × 10 % = 14.472
      detail: '客户等级折扣 10%（运费及燃油）',
    });
  });

  it('leaves a product hidden for one customer out entirely, and shows it to another', async () => {
    const hidden = await customerOn('standard');
    const other = await customerOn('standard');
    await setCustomerProductLimit(t.app.db, hidden.customerId, 'US-DDP-EXP', { isHidden: true });
    const hiddenAnswer = await quote(hidden.token, toUs());
    expect([...codes(hiddenAnswer.data).usable, ...codes(hiddenAnswer.data).unusable]).not.toContain(
      'US-DDP-EXP',
    );
    expect(codes((await quote(other.token, toUs())).data).usable).toContain('US-DDP-EXP');
  });

  it('applies a narrowed limit for one customer and not for another', async () => {
    const narrowed = await customerOn('standard');
    const other = await customerOn('standard');
    await setCustomerProductLimit(t.app.db, narrowed.customerId, 'GLOBAL-REG', {
      maxParcelWeightGrams: 1000,
    });
    const answer = await quote(narrowed.token, toUs(), 'en-US');
    expect(answer.data.unusable.find((u) => u.productCode === 'GLOBAL-REG')!.reasons).toEqual([
      'Parcel 1: over the 1 kg per-parcel weight limit',
    ]);
    expect(codes((await quote(other.token, toUs())).data).usable).toContain('GLOBAL-REG');
  });

  it('sorts by price in CNY when products price in different currencies', async () => {
    const buyer = await customerOn('standard');
    // 17.00 USD = 121.04 CNY: dearer than the small packet's 120.00 CNY although 1700 < 12 000.
    const id = await createProduct(t.app.db, {
      code: 'ZZ-USD-ECO',
      currencyCode: 'USD',
      countries: ['US'],
      firstPrice: 1100,
      stepPrice: 300,
    });
    try {
      const answer = await quote(buyer.token, toUs());
      expect(answer.data.usable.map((u) => [u.productCode, u.totalAmount, u.currencyCode])).toEqual([
        ['GLOBAL-REG', 12_000, 'CNY'],
        ['ZZ-USD-ECO', 1700, 'USD'],
        ['US-DDP-EXP', 14_472, 'CNY'],
        ['BATTERY-NA-AU', 16_688, 'CNY'],
      ]);
    } finally {
      await t.app.db.updateTable('products').set({ status: 'disabled' }).where('id', '=', id).execute();
    }
  });

  it('requires the order:create permission', async () => {
    const viewer = await signIn(t.app, DEMO_SUB_USER);
    const refused = await quote(viewer.jwtToken, toUs());
    expect([refused.code, refused.message]).toEqual([
      ApiCode.Forbidden,
      '对不起，您没有操作权限：order:create',
    ]);
    const { customerId } = await createCustomer(t.app.db);
    const creator = await createUser(t.app.db, customerId, { permissions: [Permission.OrderCreate] });
    expect((await quote((await signIn(t.app, creator)).jwtToken, toUs())).code).toBe(ApiCode.Ok);
    expect((await quote('', toUs())).code).toBe(ApiCode.NotSignedIn);
  });
});

describe('QueryQuote refuses bad input with a localized 400', () => {
  const refused = async (body: unknown, field: string) => {
    const answer = await call<FieldErrors>(t.app, {
      method: 'POST',
      url: '/api/ProductInfo/QueryQuote',
      token: demoToken,
      body,
      headers: { 'accept-language': 'en-US' },
    });
    expect(answer.code, JSON.stringify(answer)).toBe(ApiCode.BadRequest);
    expect(answer.data!.errors.map((e) => e.field)).toContain(field);
    return answer;
  };
  const parcel = { weight: 1, length: 10, width: 10, height: 10 };

  it('refuses weights and sizes out of shape', async () => {
    await refused(toUs({ parcels: [{ ...parcel, weight: -1 }] }), 'parcels.0.weight');
    await refused(toUs({ parcels: [{ ...parcel, weight: 0 }] }), 'parcels.0.weight');
    // Eight characters: more than the weight field's seven.
    await refused(toUs({ parcels: [{ ...parcel, weight: 12345.678 }] }), 'parcels.0.weight');
    const decimals = await refused(toUs({ parcels: [{ ...parcel, weight: 1.2345 }] }), 'parcels.0.weight');
    expect(decimals.data!.errors[0]!.message).toBe('Weight takes at most 3 decimals (kg)');
    const cm = await refused(toUs({ parcels: [{ ...parcel, length: 10.25 }] }), 'parcels.0.length');
    expect(cm.data!.errors[0]!.message).toBe('Dimensions take at most 1 decimal (cm)');
    await refused(toUs({ parcels: Array.from({ length: 51 }, () => parcel) }), 'parcels');
    await refused(toUs({ parcels: [] }), 'parcels');
    await refused(toUs({ declaredValue: 12.5 }), 'declaredValue');
    await refused(toUs({ declaredValue: -1 }), 'declaredValue');
    await refused({ ...toUs(), hasBattery: 'yes' }, 'hasBattery');
    await refused({ ...toUs(), extraServiceCodes: ['TELEPORT'] }, 'extraServiceCodes.0');
  });

  it('refuses unknown countries and currencies', async () => {
    const country = await refused(toUs({ countryCode: 'ZZ' }), 'countryCode');
    expect(country.data!.errors[0]!.message).toBe('Unknown country or region code');
    await refused(toUs({ countryCode: 'USA' }), 'countryCode');
    const currency = await refused(toUs({ currencyCode: 'XYZ' }), 'currencyCode');
    expect(currency.data!.errors[0]!.message).toBe('Unknown currency code');
  });

  it('refuses control characters in the postal code', async () => {
    const answer = await refused(toUs({ postalCode: '10001\u0000' }), 'postalCode');
    expect(answer.data!.errors[0]!.message).toBe(
      'Postal code contains an invisible control character; please remove it',
    );
    await refused(toUs({ postalCode: '1'.repeat(17) }), 'postalCode');
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/ProductInfo/QueryQuote',
      headers: {
        authorization: `Bearer ${demoToken}`,
        'content-type': 'application/json',
        'accept-language': 'en-US',
      },
      payload: '{"countryCode": "US", ',
    });
    expect(malformed.json()).toMatchObject({
      code: ApiCode.BadRequest,
      message: 'The request body is not valid JSON',
    });
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/ProductInfo/QueryQuote',
      headers: {
        authorization: `Bearer ${demoToken}`,
        'content-type': 'application/json',
        'accept-language': 'en-US',
      },
      payload: JSON.stringify({ ...toUs(), postalCode: 'x'.repeat(40_000) }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toMatchObject({ code: ApiCode.BadRequest, message: 'The request is too large' });
  });
});

describe('priceOrder (what order create and submit call)', () => {
  it('prices one product for one customer, or says why not', async () => {
    const { customerId } = await customerOn('gold');
    const ok = await priceOrder(t.app.db, customerId, 'US-DDP-EXP', toUs(), 'zh-CN');
    expect(ok).toMatchObject({
      ok: true,
      chargeableWeightGrams: 1500,
      volumetricWeightGrams: 500,
      usable: { productCode: 'US-DDP-EXP', totalAmount: 13_748, currencyCode: 'CNY', chargeableWeight: 1.5 },
    });
    expect(await priceOrder(t.app.db, customerId, 'NO-SUCH', toUs(), 'en-US')).toEqual({
      ok: false,
      reasons: ['This service does not exist or is not available'],
      unworded: [{ key: 'product.reason.unavailable', params: {} }],
    });
    await setCustomerProductLimit(t.app.db, customerId, 'BATTERY-NA-AU', { isHidden: true });
    expect(await priceOrder(t.app.db, customerId, 'BATTERY-NA-AU', toUs(), 'en-US')).toEqual({
      ok: false,
      reasons: ['This service does not exist or is not available'],
      unworded: [{ key: 'product.reason.unavailable', params: {} }],
    });
    const toDe = toUs({ countryCode: 'DE', postalCode: '10115', iossNumber: null, customsTerms: 'DDU' });
    expect(await priceOrder(t.app.db, customerId, 'EU-IOSS', toDe, 'en-US')).toEqual({
      ok: false,
      reasons: [
        'This service does not offer DDU terms (available: DDP)',
        'This service needs an IOSS number',
      ],
      // The same reasons unworded, for a batch import that words them in each reader's language.
      unworded: [
        { key: 'product.reason.customsTerms', params: expect.any(Object) },
        { key: 'product.reason.iossRequired', params: {} },
      ],
    });
    expect(
      await priceOrder(t.app.db, customerId, 'US-DDP-EXP', toUs({ countryCode: 'ZZ' }), 'en-US'),
    ).toEqual({
      ok: false,
      reasons: ['Unknown country or region code'],
      unworded: [{ key: 'quantity.countryCode', params: {} }],
    });
  });
});
