import { ApiCode } from '@portal/contracts/envelope';
import type {
  CustomerLevel,
  CustomerProductLimit,
  IssueKind,
  ProductExtraService,
  ProductInfo,
} from '@portal/contracts/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUB_USER, seedDemoData } from '../../src/db/seed.ts';
import { createCustomer } from '../support/factories.ts';
import { setCustomerLevel, setCustomerProductLimit } from '../support/product-factories.ts';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let demoToken: string;
beforeAll(async () => {
  t = await createTestApp();
  demoToken = (await signIn(t.app)).jwtToken;
});
afterAll(async () => t.close());

const get = <T>(url: string, token: string, language = 'zh-CN') =>
  call<T>(t.app, { url, token, headers: { 'accept-language': language } });

async function newCustomer(level = 'standard') {
  const { customerId, main } = await createCustomer(t.app.db);
  await setCustomerLevel(t.app.db, customerId, level);
  return { customerId, token: (await signIn(t.app, main)).jwtToken };
}

const DEMO_CODES = ['US-DDP-EXP', 'EU-IOSS', 'UK-EXP', 'JP-EXP', 'GLOBAL-REG', 'BATTERY-NA-AU'];

describe('ProductInfo/QueryAll', () => {
  it('lists the demo products in order with names in three languages and their rules', async () => {
    const answer = await get<ProductInfo[]>('/api/ProductInfo/QueryAll', demoToken, 'en-US');
    expect(answer.code).toBe(ApiCode.Ok);
    expect(answer.data.map((p) => p.productCode)).toEqual(DEMO_CODES);
    const us = answer.data[0]!;
    expect(us).toMatchObject({
      productName: 'US Express Line (tax included)',
      names: { 'zh-CN': '美国包税专线', 'en-US': 'US Express Line (tax included)', 'zh-TW': '美國包稅專線' },
      transitDays: '7-12',
      volumetricDivisor: 6000,
      currencyCode: 'CNY',
      countryCodes: ['US'],
      maxParcelWeight: 30,
      maxShipmentWeight: 68,
      maxLongestSide: 120,
      maxGirth: 274,
      maxParcels: 5,
      maxDeclaredValue: 80_000,
      declaredValueCurrency: 'USD',
      allowsBattery: false,
      customsTerms: ['DDP'],
      requiresIoss: false,
      fuelSurchargeBp: 800,
    });
    expect(us.extraServices.map((s) => [s.serviceCode, s.isOptional])).toEqual([
      ['SUPERLONG', false],
      ['OVERWEIGHT', false],
      ['REMOTE_AREA', false],
      ['INSURANCE', true],
      ['SIGNATURE', true],
    ]);
    const eu = answer.data.find((p) => p.productCode === 'EU-IOSS')!;
    expect([eu.requiresIoss, eu.maxDeclaredValue, eu.declaredValueCurrency]).toEqual([true, 15_000, 'EUR']);
    expect(eu.countryCodes).toEqual(expect.arrayContaining(['DE', 'FR', 'IT', 'ES', 'NL']));
    const small = answer.data.find((p) => p.productCode === 'GLOBAL-REG')!;
    expect([small.maxParcelWeight, small.volumetricDivisor, small.countryCodes.length]).toEqual([
      2,
      null,
      44,
    ]);
    expect(answer.data.find((p) => p.productCode === 'BATTERY-NA-AU')!.allowsBattery).toBe(true);
    const traditional = await get<ProductInfo[]>('/api/ProductInfo/QueryAll', demoToken, 'zh-TW');
    expect(traditional.data.map((p) => p.productName)).toEqual([
      '美國包稅專線',
      '歐洲 IOSS 專線',
      '英國專線',
      '日本專線',
      '全球掛號小包',
      '帶電專線（美加澳）',
    ]);
  });

  it("hides a product hidden for one customer and shows one customer's narrowed limits to it alone", async () => {
    const limited = await newCustomer();
    const other = await newCustomer();
    await setCustomerProductLimit(t.app.db, limited.customerId, 'JP-EXP', { isHidden: true });
    await setCustomerProductLimit(t.app.db, limited.customerId, 'UK-EXP', {
      maxParcelWeightGrams: 10_000,
      maxLongestSideMm: 800,
      maxParcels: 2,
      maxDeclaredValue: 5000,
      // Wider than the product's: never widens.
      maxShipmentWeightGrams: 500_000,
    });
    const mine = await get<ProductInfo[]>('/api/ProductInfo/QueryAll', limited.token);
    expect(mine.data.map((p) => p.productCode)).not.toContain('JP-EXP');
    expect(mine.data.find((p) => p.productCode === 'UK-EXP')).toMatchObject({
      maxParcelWeight: 10,
      maxShipmentWeight: 60,
      maxLongestSide: 80,
      maxParcels: 2,
      maxDeclaredValue: 5000,
    });
    const theirs = await get<ProductInfo[]>('/api/ProductInfo/QueryAll', other.token);
    expect(theirs.data.map((p) => p.productCode)).toEqual(DEMO_CODES);
    expect(theirs.data.find((p) => p.productCode === 'UK-EXP')).toMatchObject({
      maxParcelWeight: 30,
      maxLongestSide: 120,
      maxParcels: 5,
      maxDeclaredValue: 13_500,
    });
  });

  it('leaves out disabled products', async () => {
    await t.app.db
      .updateTable('products')
      .set({ status: 'disabled' })
      .where('code', '=', 'BATTERY-NA-AU')
      .execute();
    try {
      const answer = await get<ProductInfo[]>('/api/ProductInfo/QueryAll', demoToken);
      expect(answer.data.map((p) => p.productCode)).not.toContain('BATTERY-NA-AU');
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ status: 'active' })
        .where('code', '=', 'BATTERY-NA-AU')
        .execute();
    }
  });
});

describe('CustomerProductLimit/Query', () => {
  it("answers only the caller's own limits", async () => {
    const demo = await get<CustomerProductLimit[]>('/api/CustomerProductLimit/Query', demoToken, 'en-US');
    expect(demo.data).toEqual([
      {
        productCode: 'UK-EXP',
        productName: 'UK Express Line',
        isHidden: false,
        maxParcelWeight: null,
        maxShipmentWeight: null,
        maxLongestSide: null,
        maxParcels: null,
        maxDeclaredValue: null,
        declaredValueCurrency: null,
        discountPercent: 8,
      },
    ]);
    const fresh = await newCustomer();
    expect((await get<CustomerProductLimit[]>('/api/CustomerProductLimit/Query', fresh.token)).data).toEqual(
      [],
    );
    await setCustomerProductLimit(t.app.db, fresh.customerId, 'EU-IOSS', { isHidden: true });
    await setCustomerProductLimit(t.app.db, fresh.customerId, 'BATTERY-NA-AU', {
      maxParcelWeightGrams: 5500,
      maxDeclaredValue: 20_000,
    });
    const own = await get<CustomerProductLimit[]>('/api/CustomerProductLimit/Query', fresh.token);
    expect(
      own.data.map((l) => [
        l.productCode,
        l.isHidden,
        l.maxParcelWeight,
        l.maxDeclaredValue,
        l.declaredValueCurrency,
      ]),
    ).toEqual([
      ['BATTERY-NA-AU', false, 5.5, 20_000, 'USD'],
      ['EU-IOSS', true, null, null, null],
    ]);
    // The demo customer still sees only its own row.
    expect(
      (await get<CustomerProductLimit[]>('/api/CustomerProductLimit/Query', demoToken)).data,
    ).toHaveLength(1);
  });
});

describe('ProductSuperlongOverweight/GetSystemExtraServiceList', () => {
  it('lists each product’s extra services with rules and prices, in the caller language', async () => {
    const answer = await get<ProductExtraService[]>(
      '/api/ProductSuperlongOverweight/GetSystemExtraServiceList',
      demoToken,
      'en-US',
    );
    const us = answer.data.filter((s) => s.productCode === 'US-DDP-EXP');
    expect(us.find((s) => s.serviceCode === 'SUPERLONG')).toMatchObject({
      name: 'Oversize surcharge',
      names: { 'zh-CN': '超长附加费', 'en-US': 'Oversize surcharge', 'zh-TW': '超長附加費' },
      currencyCode: 'CNY',
      thresholdCm: 100,
      amount: 15_000,
    });
    expect(us.find((s) => s.serviceCode === 'OVERWEIGHT')).toMatchObject({ thresholdKg: 22, amount: 12_000 });
    expect(us.find((s) => s.serviceCode === 'REMOTE_AREA')).toMatchObject({
      amount: 6000,
      perKgAmount: 800,
      remotePostcodeRanges: 4,
    });
    expect(us.find((s) => s.serviceCode === 'INSURANCE')).toMatchObject({
      rateBp: 100,
      minAmount: 1000,
      isOptional: true,
    });
    expect(answer.data.some((s) => s.productCode === 'GLOBAL-REG')).toBe(false);
    // A hidden product's services are hidden with it.
    const hidden = await newCustomer();
    await setCustomerProductLimit(t.app.db, hidden.customerId, 'US-DDP-EXP', { isHidden: true });
    const theirs = await get<ProductExtraService[]>(
      '/api/ProductSuperlongOverweight/GetSystemExtraServiceList',
      hidden.token,
    );
    expect(theirs.data.some((s) => s.productCode === 'US-DDP-EXP')).toBe(false);
    expect(theirs.data.some((s) => s.productCode === 'UK-EXP')).toBe(true);
  });
});

describe('CustomerLevel/Query', () => {
  it('lists the levels with their discount and marks the caller’s', async () => {
    const demo = await get<CustomerLevel[]>('/api/CustomerLevel/Query', demoToken, 'zh-TW');
    expect(demo.data.map((l) => [l.code, l.name, l.discountPercent, l.isCurrent])).toEqual([
      ['standard', '標準客戶', 0, false],
      ['gold', '黃金客戶', 5, true],
      ['platinum', '鉑金客戶', 10, false],
    ]);
    const platinum = await newCustomer('platinum');
    const theirs = await get<CustomerLevel[]>('/api/CustomerLevel/Query', platinum.token, 'en-US');
    expect(theirs.data.filter((l) => l.isCurrent).map((l) => l.name)).toEqual(['Platinum']);
  });
});

describe('SystemIssueKind/QueryEnabled', () => {
  it('lists the enabled issue kinds in order, in three languages', async () => {
    const answer = await get<IssueKind[]>('/api/SystemIssueKind/QueryEnabled', demoToken, 'en-US');
    expect(answer.data.map((k) => k.code)).toEqual([
      'ADDRESS',
      'CUSTOMS_HOLD',
      'DAMAGED',
      'LOST',
      'REFUSED',
      'UNREACHABLE',
      'PROHIBITED',
      'DELAYED',
    ]);
    expect(answer.data[1]).toEqual({
      code: 'CUSTOMS_HOLD',
      name: 'Held by customs',
      names: { 'zh-CN': '海关扣货', 'en-US': 'Held by customs', 'zh-TW': '海關扣貨' },
    });
    await t.app.db.updateTable('issue_kinds').set({ is_enabled: 0 }).where('code', '=', 'DELAYED').execute();
    try {
      const fewer = await get<IssueKind[]>('/api/SystemIssueKind/QueryEnabled', demoToken);
      expect(fewer.data.map((k) => k.code)).not.toContain('DELAYED');
      expect(fewer.data).toHaveLength(7);
    } finally {
      await t.app.db
        .updateTable('issue_kinds')
        .set({ is_enabled: 1 })
        .where('code', '=', 'DELAYED')
        .execute();
    }
  });
});

describe('product reference calls', () => {
  const paths = [
    '/api/ProductInfo/QueryAll',
    '/api/CustomerProductLimit/Query',
    '/api/ProductSuperlongOverweight/GetSystemExtraServiceList',
    '/api/CustomerLevel/Query',
    '/api/SystemIssueKind/QueryEnabled',
  ];

  it('need a signed-in user', async () => {
    for (const path of paths) {
      const answer = await call(t.app, { url: path });
      expect([path, answer.code]).toEqual([path, ApiCode.NotSignedIn]);
    }
  });

  it('answer a sub-user with any role (reference data of its own customer)', async () => {
    const viewer = await signIn(t.app, DEMO_SUB_USER);
    for (const path of paths) {
      const answer = await call(t.app, { url: path, token: viewer.jwtToken });
      expect([path, answer.code]).toEqual([path, ApiCode.Ok]);
    }
  });

  it('seeds the catalog once: a second seed adds nothing and keeps an operator’s change', async () => {
    await t.app.db
      .updateTable('products')
      .set({ fuel_surcharge_bp: 777 })
      .where('code', '=', 'JP-EXP')
      .execute();
    await seedDemoData(t.app.db);
    const count = await t.app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEMO_CODES.length);
    const jp = await t.app.db
      .selectFrom('products')
      .select('fuel_surcharge_bp')
      .where('code', '=', 'JP-EXP')
      .executeTakeFirstOrThrow();
    expect(jp.fuel_surcharge_bp).toBe(777);
    await t.app.db
      .updateTable('products')
      .set({ fuel_surcharge_bp: 500 })
      .where('code', '=', 'JP-EXP')
      .execute();
  });
});
