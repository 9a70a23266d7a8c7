import { describe, expect, it } from 'vitest';
import '../../src/modules/address/address.messages.ts';
import '../../src/modules/order/order.messages.ts';
import '../../src/modules/order-import/order-import.messages.ts';
import { orderCreateSchema } from '../../src/modules/order/order.service.ts';
import { OrderGrouper } from '../../src/modules/order-import/order-import-check.ts';
import {
  checkOrderGroup,
  numberText,
  parseMoney,
  parseNumber,
  wordCellError,
  type GroupContext,
  type SheetRow,
  type SheetValues,
} from '../../src/modules/order-import/order-row-check.ts';
import type { OrderPricer } from '../../src/modules/product/quote.service.ts';

describe('numbers as people type them', () => {
  it.each([
    ['1.5', '1.5'],
    [' 1,234.5 ', '1234.5'],
    ['1,234,567', '1234567'],
    ['１２.５', '12.5'],
    ['１，２３４．５', '1234.5'],
    ['+3', '3'],
    ['-2', '-2'],
    ['.5', '.5'],
  ])('reads %j as %j', (typed, plain) => expect(numberText(typed)).toBe(plain));

  it.each(['', 'abc', '1,5', '12,34.5', '1.2.3', '1e3', '--1', '5kg'])('refuses %j', (typed) =>
    expect(numberText(typed)).toBeNull(),
  );

  it('answers numbers for quantities and weights', () => {
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseNumber('０.２５')).toBe(0.25);
    expect(parseNumber('two')).toBeNull();
  });
});

describe('money by the currency’s digits, never through a float', () => {
  it.each([
    ['12.5', 2, 1250],
    ['0.1', 2, 10],
    ['0.29', 2, 29],
    ['1,234.56', 2, 123456],
    ['19.99', 2, 1999],
    ['1234', 0, 1234],
    ['１２', 2, 1200],
    ['7.10', 1, 71],
    ['12.500', 2, 1250],
    ['0', 2, 0],
  ])('%j with %i digits is %i minor units', (typed, digits, minor) =>
    expect(parseMoney(typed, digits)).toEqual({ ok: true, minor }),
  );

  it('keeps the sign for the schema to refuse, and says why other texts fail', () => {
    expect(parseMoney('-3.5', 2)).toEqual({ ok: true, minor: -350 });
    expect(parseMoney('1.234', 2)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMoney('12.5', 0)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMoney('twelve', 2)).toEqual({ ok: false, reason: 'number' });
    const huge = parseMoney('99999999999999999999', 2);
    expect(huge.ok && huge.minor > 1_000_000_000_00).toBe(true);
  });
});

describe('the grouping rule', () => {
  it('leads an order by the first row of its reference number; a row without one is its own order', () => {
    const grouper = new OrderGrouper();
    expect(grouper.place(2, 'A')).toEqual({ lead_row_number: 2, is_lead: 1 });
    expect(grouper.place(3, null)).toEqual({ lead_row_number: 3, is_lead: 1 });
    expect(grouper.place(4, 'B')).toEqual({ lead_row_number: 4, is_lead: 1 });
    expect(grouper.place(5, 'A')).toEqual({ lead_row_number: 2, is_lead: 0 });
    expect(grouper.place(6, null)).toEqual({ lead_row_number: 6, is_lead: 1 });
  });
});

const lead: SheetValues = {
  customerOrderNo: 'A1',
  customsTerms: 'ddp',
  hasBattery: 'no',
  signature: '是',
  consigneeName: 'Jane Doe',
  consigneePhone: '+1 (555) 123-4567',
  consigneeCountry: 'United States',
  consigneeProvince: 'CA',
  consigneeCity: 'Los Angeles',
  consigneePostalCode: '90001',
  consigneeAddressLine1: '1 Main Street',
  parcelWeight: '1.2',
  parcelLength: '30',
  parcelWidth: '20',
  parcelHeight: '10',
  itemNameCn: 'T恤',
  itemNameEn: 'T-shirt',
  itemQuantity: '2',
  itemUnitPrice: '15.5',
  itemCurrency: 'usd',
};

/** A pricer that charges 1 CNY per gram and refuses parcels over 30 kg, like a product would. */
const pricer: OrderPricer = (productCode, request) => {
  if (productCode === 'NOPE')
    return { ok: false, reasons: ['x'], unworded: [{ key: 'product.reason.unavailable', params: {} }] };
  const grams = request.parcels.reduce((sum, parcel) => sum + Math.round(parcel.weight * 1000), 0);
  if (request.parcels.some((parcel) => parcel.weight > 30))
    return {
      ok: false,
      reasons: ['x'],
      unworded: [{ key: 'product.reason.parcelWeight', params: { parcels: '1', limit: '30 kg' } }],
    };
  return {
    ok: true,
    usable: {
      productCode,
      productName: productCode,
      chargeableWeight: grams / 1000,
      totalAmount: grams,
      currencyCode: 'CNY',
      transitDays: '1',
      breakdown: [],
    },
    lines: [],
    offeredCustomsTerms: ['DDP'],
    chargeableWeightGrams: grams,
    volumetricWeightGrams: 0,
  };
};

const context: GroupContext = {
  productCode: 'US-DDP-EXP',
  shipperAddressId: 'sender-1',
  currencyDigits: new Map([
    ['USD', 2],
    ['JPY', 0],
    ['CNY', 2],
  ]),
  schema: orderCreateSchema,
  pricer,
};

const rowsOf = (...values: SheetValues[]): SheetRow[] =>
  values.map((v, i) => ({ rowNumber: i + 2, values: v }));
const errorsIn = (result: ReturnType<typeof checkOrderGroup>, language: 'en-US' | 'zh-CN' = 'en-US') =>
  Object.fromEntries(
    [...result.errors].flatMap(([row, list]) =>
      list.map((error) => [`${row}:${error.field}`, wordCellError(error, language)]),
    ),
  );

describe('one order’s rows → the create input', () => {
  it('reads words, names and numbers into the create-page input, priced once', () => {
    const result = checkOrderGroup(rowsOf(lead), context);
    expect(errorsIn(result)).toEqual({});
    expect(result.input).toMatchObject({
      productCode: 'US-DDP-EXP',
      customerOrderNo: 'A1',
      customsTerms: 'DDP',
      hasBattery: false,
      extraServiceCodes: ['SIGNATURE'],
      consignee: { countryCode: 'US' },
      items: [{ quantity: 2, unitPrice: 1550, currencyCode: 'USD' }],
    });
    expect(result.input).not.toHaveProperty('shipperAddressId');
    expect(result.charge).toEqual({ amount: 1200, currencyCode: 'CNY', chargeableWeightGrams: 1200 });
  });

  it('maps every issue path back to the row and cell that gave it', () => {
    const result = checkOrderGroup(
      rowsOf(
        { ...lead, consigneePhone: 'call me' },
        {
          customerOrderNo: 'A1',
          parcelWeight: '0.5',
          parcelLength: '10',
          parcelWidth: '10',
          parcelHeight: '0',
        },
        {
          customerOrderNo: 'A1',
          itemNameCn: '袜子',
          itemNameEn: 'Socks',
          itemQuantity: '1',
          itemUnitPrice: '1',
          itemCurrency: 'USD',
        },
        {
          customerOrderNo: 'A1',
          itemNameCn: '帽子',
          itemNameEn: 'Hat',
          itemQuantity: '1.5',
          itemUnitPrice: '1',
          itemCurrency: 'USD',
          itemHsCode: '12',
        },
      ),
      context,
    );
    expect(Object.keys(errorsIn(result)).sort()).toEqual([
      '2:consigneePhone',
      '3:parcelHeight',
      '5:itemHsCode',
      '5:itemQuantity',
    ]);
    expect(result.input).toBeNull();
    expect(result.charge).toBeNull();
  });

  it('says what is wrong with cells that are no number, too precise, or not a word it knows', () => {
    const result = checkOrderGroup(
      rowsOf({
        ...lead,
        parcelWeight: 'heavy',
        itemUnitPrice: '1.005',
        hasBattery: 'maybe',
        customsTerms: 'FOB',
        consigneeCountry: 'Atlantis',
      }),
      context,
    );
    expect(errorsIn(result)).toEqual({
      '2:parcelWeight': 'Enter a number, such as 1.5 or 1,234.5',
      '2:itemUnitPrice': 'A USD amount has at most 2 decimals',
      '2:hasBattery': 'Enter Yes or No (blank means no)',
      '2:customsTerms': 'Customs terms are DDU or DDP',
      '2:consigneeCountry': expect.stringMatching(/country/i),
    });
  });

  it('catches a later row that disagrees with the lead, mixed currencies, and orders without parcels or items', () => {
    const conflict = checkOrderGroup(
      rowsOf(lead, {
        customerOrderNo: 'A1',
        consigneeName: 'John',
        consigneeCity: 'Los Angeles',
        ...{
          itemNameCn: '袜子',
          itemNameEn: 'Socks',
          itemQuantity: '1',
          itemUnitPrice: '1',
          itemCurrency: 'JPY',
        },
      }),
      context,
    );
    expect(errorsIn(conflict)).toEqual({
      '3:consigneeName': expect.stringContaining('Row 2 has this reference number'),
      '3:itemCurrency': 'One order’s items use one currency (row 2 has USD)',
    });
    const empty = checkOrderGroup(
      rowsOf({ ...lead, parcelWeight: '', itemNameCn: '', itemNameEn: '' }),
      context,
    );
    expect(errorsIn(empty, 'zh-CN')).toEqual({
      '2:parcelWeight': '该订单没有包裹：至少一行须填写包裹重量',
      '2:itemNameCn': '该订单没有申报物品：至少一行须填写品名',
    });
  });

  it('puts a product’s refusal on the cell it is about, and needs a sender', () => {
    const heavy = checkOrderGroup(rowsOf({ ...lead, parcelWeight: '31' }), context);
    expect(Object.keys(errorsIn(heavy))).toEqual(['2:parcelWeight']);
    expect(errorsIn(heavy)['2:parcelWeight']).toContain('Product US-DDP-EXP cannot carry this order');
    const unknown = checkOrderGroup(rowsOf({ ...lead, productCode: 'NOPE' }), context);
    expect(Object.keys(errorsIn(unknown))).toEqual(['2:productCode']);
    const noSender = checkOrderGroup(rowsOf(lead), { ...context, shipperAddressId: null });
    expect(errorsIn(noSender)['2:productCode']).toContain('sender');
    expect(noSender.input).toBeNull();
  });
});
