import { ApiCode } from '@portal/contracts/envelope';
import type { OrderCreateInput } from '@portal/contracts/order';
import type { QuoteAnswer } from '@portal/contracts/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { setCustomerLevel } from '../support/product-factories.ts';
import {
  consignee,
  countCustomerLedgerRows,
  countCustomerOrders,
  fundCny,
  newOrderCustomer,
  orderApi,
  orderBody,
  shipper,
  US_PRODUCT,
} from '../support/order-api.ts';
import { call, createTestApp, type TestApp } from '../support/test-app.ts';

/** Hostile review of order create, submit and cancel (issue 9): what a crafted request must not get. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type FieldErrors = { errors: { field: string; message: string }[] };

const newCustomer = () => newOrderCustomer(t.app);
const fund = (customerId: string, amount: number) => fundCny(t.app.db, customerId, amount);
const api = (token: string, language?: string) => orderApi(t.app, token, language);
const countOrders = (customerId: string) => countCustomerOrders(t.app.db, customerId);
const countLedgerRows = (customerId: string) => countCustomerLedgerRows(t.app.db, customerId);

describe('numbers a crafted body may send', () => {
  it('refuses weights and lengths written with an exponent that round to 0 g or 0 mm, and writes nothing', async () => {
    const { customerId, token } = await newCustomer();
    // JSON.stringify writes 1e-7 as "1e-7": a positive number whose String() has no decimal point.
    const cases = [
      { parcel: { weight: 1e-7, length: 10, width: 10, height: 10 }, field: 'parcels.0.weight' },
      { parcel: { weight: 1, length: 1e-7, width: 10, height: 10 }, field: 'parcels.0.length' },
    ];
    for (const { parcel, field } of cases) {
      const answer = await api(token, 'en-US').create(orderBody({ parcels: [parcel] }));
      expect(answer.code).toBe(ApiCode.BadRequest);
      expect((answer.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain(field);
    }
    const unitWeight = await api(token, 'en-US').create(
      orderBody({
        items: [
          {
            nameCn: '杯子',
            nameEn: 'Cup',
            quantity: 1,
            unitPrice: 100,
            currencyCode: 'USD',
            unitWeight: 5e-7,
          },
        ],
      }),
    );
    expect((unitWeight.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain(
      'items.0.unitWeight',
    );
    expect(await countOrders(customerId)).toBe(0);
  });

  it('refuses zero, negative, string and float money and quantities, naming the field', async () => {
    const { customerId, token } = await newCustomer();
    const item = { nameCn: '杯子', nameEn: 'Cup', quantity: 1, unitPrice: 100, currencyCode: 'USD' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...item, quantity: 0 }, 'items.0.quantity'],
      [{ ...item, quantity: -1 }, 'items.0.quantity'],
      [{ ...item, quantity: '2' }, 'items.0.quantity'],
      [{ ...item, unitPrice: 12.5 }, 'items.0.unitPrice'],
      [{ ...item, unitPrice: -100 }, 'items.0.unitPrice'],
      [{ ...item, hsCode: '61O91000' }, 'items.0.hsCode'],
    ];
    for (const [bad, field] of cases) {
      const answer = await api(token, 'en-US').create({ ...orderBody(), items: [bad] });
      expect(answer.code).toBe(ApiCode.BadRequest);
      expect((answer.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain(field);
    }
    // 100 items × 100,000 pieces × the largest unit price: far above the largest amount, refused by name.
    const huge = await api(token, 'en-US').create(
      orderBody({
        items: Array.from({ length: 100 }, () => ({
          ...item,
          quantity: 100_000,
          unitPrice: 1_000_000_000_00,
        })),
      }),
    );
    expect(huge.code).toBe(ApiCode.BadRequest);
    const insured = await api(token, 'en-US').create(orderBody({ insuranceValue: -1 }));
    expect((insured.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain('insuranceValue');
    expect(await countOrders(customerId)).toBe(0);
  });

  it('answers a deeply nested body with a clear 400, also with an Idempotency-Key, never a 500', async () => {
    const { customerId, token } = await newCustomer();
    const depth = 20_000;
    const payload = `{"productCode":"${US_PRODUCT}","remark":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    for (const key of [undefined, 'deep-1']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/CustomerOrder/Create',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-language': 'en-US',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload,
      });
      expect(response.statusCode, `${key}: ${response.body}`).toBeLessThan(500);
      expect(response.json().code).toBe(ApiCode.BadRequest);
      if (key)
        expect(response.json().message).toBe('The request body is nested too deeply (at most 64 levels)');
    }
    expect(await countOrders(customerId)).toBe(0);
  });
});

describe('cancelling twice', () => {
  it('releases a hold once: a second cancel, sequential or concurrent, is refused and the ledger adds up', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 100_000);
    const first = await api(token).create(orderBody({ submit: true }));
    expect(first.data.status).toBe('submitted');
    const held = first.data.estimatedCharge.totalAmount;
    expect(held).toBeGreaterThan(0);
    expect((await api(token).cancel([first.data.id])).data.cancelled).toBe(1);
    const again = await api(token).cancel([first.data.id]);
    expect(again.code).toBe(ApiCode.Conflict);

    const second = await api(token).create(orderBody({ submit: true }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(token).cancel([second.data.id])));
    expect(answers.filter((a) => a.code === ApiCode.Ok)).toHaveLength(1);
    expect(answers.every((a) => a.code === ApiCode.Ok || a.code === ApiCode.Conflict)).toBe(true);

    const wallet = await api(token).balance();
    expect(wallet?.balance).toBe(100_000);
    expect(wallet?.held).toBe(0);
    // recharge, then per order a charge and one release.
    expect(await countLedgerRows(customerId)).toBe(5);
    await assertLedgerConsistent(t.app.db, customerId);
  });
});

describe('text fields', () => {
  it('refuses control characters and bidi overrides in every text field of Create, naming it', async () => {
    const { customerId, token } = await newCustomer();
    const item = { nameCn: '杯子', nameEn: 'Cup', quantity: 1, unitPrice: 100, currencyCode: 'USD' };
    const hostile = ['a\u0000b', 'a\u202Eb', 'a\u0007b', 'a\u2066b'];
    const cases: [OrderCreateInput, string][] = hostile.flatMap((value): [OrderCreateInput, string][] => [
      [orderBody({ remark: value }), 'remark'],
      [orderBody({ eoriNumber: `GB${value}` }), 'eoriNumber'],
      [orderBody({ iossNumber: `IM${value}` }), 'iossNumber'],
      [orderBody({ customerOrderNo: `A${value}` }), 'customerOrderNo'],
      [orderBody({ items: [{ ...item, sku: value }] }), 'items.0.sku'],
      [orderBody({ items: [{ ...item, material: value }] }), 'items.0.material'],
      [orderBody({ items: [{ ...item, purpose: value }] }), 'items.0.purpose'],
      [orderBody({ shipper: shipper({ addressLine1: value }) }), 'shipper.addressLine1'],
      [orderBody({ consignee: consignee({ city: value }) }), 'consignee.city'],
    ]);
    for (const [body, field] of cases) {
      const answer = await api(token, 'en-US').create(body);
      expect(answer.code, field).toBe(ApiCode.BadRequest);
      expect(
        (answer.data as unknown as FieldErrors).errors.map((e) => e.field),
        field,
      ).toContain(field);
    }
    // 50 emoji are 50 characters but not a reference number; a duplicated key counts once (the last).
    const emoji = await api(token, 'en-US').create(orderBody({ customerOrderNo: '📦'.repeat(50) }));
    expect((emoji.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain('customerOrderNo');
    expect(await countOrders(customerId)).toBe(0);
    const duplicated = JSON.stringify(orderBody()).replace('{', '{"hasBattery":"yes",');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerOrder/Create',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: duplicated,
    });
    expect(response.json().code).toBe(ApiCode.Ok);
    expect(await countOrders(customerId)).toBe(1);
  });
});

describe('prices checked by hand against the demo rate cards', () => {
  it('US line: a heavy small box and a bulky light one to Alaska, insurance at its minimum, platinum', async () => {
    const { customerId, token } = await newCustomer();
    await setCustomerLevel(t.app.db, customerId, 'platinum');
    await fund(customerId, 1_000_000);
    const answer = await api(token, 'en-US').create(
      orderBody({
        consignee: consignee({ province: 'AK', city: 'Anchorage', postalCode: '99501' }),
        parcels: [
          { weight: 3.2, length: 20, width: 20, height: 20 },
          { weight: 0.8, length: 60, width: 40, height: 40 },
        ],
        extraServiceCodes: ['INSURANCE', 'SIGNATURE'],
        submit: true,
      }),
    );
    expect(answer.code, answer.message).toBe(ApiCode.Ok);
    // Volumetric ÷ 6000: 8,000 cm³ → 1.334 kg (rounded up to the gram), 96,000 cm³ → 16 kg. Chargeable per
    // parcel: 3.2 + 16 = 19.2 kg → band up to 68 kg: first 2 kg ¥162, then 18 steps of 1 kg × ¥48.
    const lines = Object.fromEntries(answer.data.estimatedCharge.breakdown.map((l) => [l.code, l.amount]));
    expect(lines).toEqual({
      freight: 16_200 + 18 * 4_800, // ¥1,026.00
      fuel: 8_208, // 8 %
      remoteArea: 16_000, // 995xx: max(¥60, ¥8 × 20 kg)
      insurance: 1_000, // 1 % of $30.00 is far below the ¥10 minimum
      signature: 2_500,
      discount: -11_081, // 10 % of ¥1,108.08 = 110.808, half up
    });
    expect(answer.data.estimatedCharge).toMatchObject({ totalAmount: 119_227, currencyCode: 'CNY' });
    const order = await api(token).get(answer.data.id);
    expect(order.data).toMatchObject({ volumetricWeight: 17.334, chargeableWeight: 20, forecastWeight: 4 });
    const wallet = await api(token).balance();
    expect(wallet).toMatchObject({ balance: 1_000_000 - 119_227, held: 119_227 });
    await assertLedgerConsistent(t.app.db, customerId);
  });

  it('EU IOSS line: first weight in zone 1, a gold discount of exactly half a fen rounds up', async () => {
    const { customerId, token } = await newCustomer();
    await setCustomerLevel(t.app.db, customerId, 'gold');
    const answer = await api(token, 'en-US').create(
      orderBody({
        productCode: 'EU-IOSS',
        consignee: consignee({
          countryCode: 'DE',
          province: null,
          city: 'Berlin',
          postalCode: '10115',
          addressLine1: 'Invalidenstraße 1',
        }),
        parcels: [{ weight: 0.4, length: 10, width: 10, height: 10 }],
        items: [{ nameCn: '杯子', nameEn: 'Cup', quantity: 1, unitPrice: 2000, currencyCode: 'EUR' }],
        iossNumber: 'IM1234567890',
      }),
    );
    expect(answer.code, answer.message).toBe(ApiCode.Ok);
    const lines = Object.fromEntries(answer.data.estimatedCharge.breakdown.map((l) => [l.code, l.amount]));
    // ¥55 + 10 % fuel = ¥60.50; 5 % of it is 302.5 fen → 303.
    expect(lines).toEqual({ freight: 5_500, fuel: 550, discount: -303 });
    expect(answer.data.estimatedCharge.totalAmount).toBe(5_747);
  });
});

describe('currencies', () => {
  it('refuses an item currency the portal does not know, naming the field, and writes nothing', async () => {
    const { customerId, token } = await newCustomer();
    const answer = await api(token, 'en-US').create(
      orderBody({
        items: [{ nameCn: '杯子', nameEn: 'Cup', quantity: 1, unitPrice: 100, currencyCode: 'ABC' }],
      }),
    );
    expect(answer.code).toBe(ApiCode.BadRequest);
    expect((answer.data as unknown as FieldErrors).errors).toContainEqual({
      field: 'items.0.currencyCode',
      message: 'Unknown currency code',
    });
    expect(await countOrders(customerId)).toBe(0);
  });
});

describe('the order is priced as the quote beside the form', () => {
  it('with insurance asked on an insured value of 0, as with any other value', async () => {
    const { token } = await newCustomer();
    const items = [{ nameCn: '相机', nameEn: 'Camera', quantity: 1, unitPrice: 79_900, currencyCode: 'USD' }];
    const quote = await call<QuoteAnswer>(t.app, {
      method: 'POST',
      url: '/api/ProductInfo/QueryQuote',
      token,
      body: {
        countryCode: 'US',
        postalCode: '90001',
        parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
        declaredValue: 79_900,
        currencyCode: 'USD',
        hasBattery: false,
        extraServiceCodes: ['INSURANCE'],
        insuranceValue: 0,
      },
    });
    const quoted = quote.data.usable.find((entry) => entry.productCode === US_PRODUCT)!;
    const order = await api(token).create(
      orderBody({ items, extraServiceCodes: ['INSURANCE'], insuranceValue: 0 }),
    );
    expect(order.code, order.message).toBe(ApiCode.Ok);
    const insurance = (breakdown: { code: string; amount: number }[]) =>
      breakdown.find((line) => line.code === 'insurance')?.amount;
    expect(insurance(order.data.estimatedCharge.breakdown)).toBe(insurance(quoted.breakdown));
    expect(order.data.estimatedCharge.totalAmount).toBe(quoted.totalAmount);
  });
});
