import { describe, expect, test } from 'vitest';
import type { Address } from '@portal/contracts/address';
import { OrderCreateSchema, createOrderCreateSchema } from '@portal/contracts/order';
import { customsHintsOf, type ProductCustomsFacts } from '../../src/features/order/lib/customs-hints';
import {
  declaredTotalOf,
  emptyOrderValues,
  formPathOf,
  generateCustomerOrderNo,
  orderBodyOf,
  orderFormErrorsOf,
  partyValuesOf,
  quoteKeyOf,
  quoteRequestOf,
  type OrderFormValues,
} from '../../src/features/order/lib/order-form-model';

function filledValues(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    ...emptyOrderValues('addr-1'),
    productCode: 'US-TAX',
    consignee: {
      name: 'John Smith',
      phone: '2025550123',
      countryCode: 'US',
      province: 'CA',
      city: 'Los Angeles',
      postalCode: '90001',
      addressLine1: '100 Main St',
    },
    parcels: [{ weight: '1.25', length: '30', width: '20', height: '10.5' }],
    items: [
      { nameCn: 'T恤', nameEn: 'T-shirt', quantity: '3', unitPrice: '12.50', hsCode: '6109.10.00' },
      { nameCn: '帽子', nameEn: 'Cap', quantity: '1', unitPrice: '0.29' },
    ],
    declaredCurrency: 'USD',
    ...overrides,
  };
}

describe('quote request of the form', () => {
  test('asks nothing until a destination and every parcel are complete', () => {
    expect(quoteRequestOf(emptyOrderValues())).toBeNull();
    const values = filledValues();
    expect(quoteRequestOf({ ...values, consignee: { ...values.consignee, countryCode: null } })).toBeNull();
    expect(
      quoteRequestOf({
        ...values,
        parcels: [...values.parcels, { weight: '2', length: '', width: '1', height: '1' }],
      }),
    ).toBeNull();
    expect(
      quoteRequestOf({ ...values, parcels: [{ weight: 'abc', length: '1', width: '1', height: '1' }] }),
    ).toBeNull();
    expect(
      quoteRequestOf({ ...values, parcels: [{ weight: '0', length: '1', width: '1', height: '1' }] }),
    ).toBeNull();
  });

  test('carries kg, cm, the declared total in minor units and the chosen services', () => {
    const request = quoteRequestOf(filledValues({ hasBattery: true, insuranceValue: '40', signature: true }));
    expect(request).toEqual({
      countryCode: 'US',
      postalCode: '90001',
      parcels: [{ weight: 1.25, length: 30, width: 20, height: 10.5 }],
      declaredValue: 3 * 1250 + 29,
      currencyCode: 'USD',
      hasBattery: true,
      extraServiceCodes: ['INSURANCE', 'SIGNATURE'],
      insuranceValue: 4000,
    });
    expect(quoteRequestOf(filledValues({ customsTerms: 'DDP', iossNumber: 'im1234567890' }))).toMatchObject({
      customsTerms: 'DDP',
      iossNumber: 'IM1234567890',
    });
  });

  test('fields that do not change a price leave the request the same', () => {
    const a = quoteKeyOf(quoteRequestOf(filledValues()));
    const b = quoteKeyOf(
      quoteRequestOf(filledValues({ remark: 'fragile', customerOrderNo: 'X1', eoriNumber: 'DE123' })),
    );
    expect(a).not.toBe('');
    expect(b).toBe(a);
    expect(quoteKeyOf(quoteRequestOf(filledValues({ hasBattery: true })))).not.toBe(a);
  });

  test('declared total counts complete items only and says so', () => {
    const values = filledValues();
    expect(declaredTotalOf(values)).toEqual({ amount: 3779, currencyCode: 'USD', complete: true });
    const partial = {
      ...values,
      items: [...values.items, { nameCn: '', nameEn: '', quantity: '', unitPrice: '5' }],
    };
    expect(declaredTotalOf(partial)).toEqual({ amount: 3779, currencyCode: 'USD', complete: false });
  });
});

describe('Create body of the form', () => {
  test('is what the contracts accept, with minor units and nulls for blanks', () => {
    const body = orderBodyOf(filledValues({ insuranceValue: '40.00', eoriNumber: '  ' }), true);
    const parsed = OrderCreateSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body).toMatchObject({
      productCode: 'US-TAX',
      shipperAddressId: 'addr-1',
      submit: true,
      insuranceValue: 4000,
      eoriNumber: null,
      customerOrderNo: null,
      extraServiceCodes: ['INSURANCE'],
      items: [
        { unitPrice: 1250, quantity: 3, currencyCode: 'USD', hsCode: '6109.10.00' },
        { unitPrice: 29, quantity: 1, currencyCode: 'USD', hsCode: null },
      ],
      consignee: { countryCode: 'US', city: 'Los Angeles', province: 'CA', company: null },
    });
  });

  test('a typed sender is sent instead of an address-book id', () => {
    const values = filledValues({
      shipperMode: 'typed',
      shipper: {
        name: '深圳发货仓',
        phone: '13800138000',
        countryCode: 'CN',
        region: ['广东省', '深圳市', '南山区'],
        addressLine1: '科技园 1 号',
      },
    });
    const body = orderBodyOf(values, true);
    expect(body.shipperAddressId).toBeNull();
    expect(body.shipper).toMatchObject({
      name: '深圳发货仓',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
    });
    expect(OrderCreateSchema.safeParse(body).success).toBe(true);
    expect(orderBodyOf(filledValues(), true).shipper).toBeNull();
  });

  test('a Chinese consignee sends the cascader as province, city and district', () => {
    const values = filledValues({
      consignee: {
        name: '张三',
        phone: '13800138000',
        countryCode: 'CN',
        region: ['广东省', '广州市', '天河区'],
        addressLine1: '天河路 1 号',
      },
    });
    expect(orderBodyOf(values, false).consignee).toMatchObject({
      province: '广东省',
      city: '广州市',
      district: '天河区',
    });
  });

  test('a number that is not one is refused on its field, not sent as something else', () => {
    const values = filledValues({
      parcels: [{ weight: '1,5', length: '30', width: '20', height: '10' }],
      insuranceValue: '12.345',
    });
    const errors = orderFormErrorsOf(createOrderCreateSchema(), values, 'en-US');
    expect(errors.get('parcels.0.weight')?.length).toBeGreaterThan(0);
    expect(errors.get('insuranceValue')?.length).toBeGreaterThan(0);
    expect(errors.has('parcels.0.length')).toBe(false);
  });

  test('schema problems land on form fields in the interface language', () => {
    const values = filledValues({
      items: [{ nameCn: '', nameEn: 'T-shirt', quantity: '1', unitPrice: '1', hsCode: '12' }],
      iossNumber: 'IM12',
    });
    const zh = orderFormErrorsOf(createOrderCreateSchema(), values, 'zh-CN');
    expect(zh.get('items.0.hsCode')).toEqual(['HS 编码应为 6 到 10 位数字']);
    expect(zh.get('iossNumber')).toEqual(['IOSS 号格式应为 IM + 10 位数字']);
    expect(zh.get('items.0.nameCn')?.[0]).toContain('中文品名');
    const en = orderFormErrorsOf(createOrderCreateSchema(), values, 'en-US');
    expect(en.get('items.0.hsCode')).toEqual(['An HS code has 6 to 10 digits']);
    expect(orderFormErrorsOf(createOrderCreateSchema(), filledValues(), 'en-US').size).toBe(0);
  });
});

describe('server field errors onto the form', () => {
  test('maps dotted paths, the Chinese cascader and the shipper', () => {
    const us = { shipperMode: 'book' as const, consignee: { countryCode: 'US' } };
    const cn = {
      shipperMode: 'typed' as const,
      consignee: { countryCode: 'CN' },
      shipper: { countryCode: 'CN' },
    };
    expect(formPathOf('parcels.1.weight', us)).toEqual(['parcels', 1, 'weight']);
    expect(formPathOf('items.0.currencyCode', us)).toEqual(['declaredCurrency']);
    expect(formPathOf('items', us)).toEqual(['declaredCurrency']);
    expect(formPathOf('consignee.city', cn)).toEqual(['consignee', 'region']);
    expect(formPathOf('consignee.city', us)).toEqual(['consignee', 'city']);
    expect(formPathOf('shipper', us)).toEqual(['shipperAddressId']);
    expect(formPathOf('shipper', cn)).toEqual(['shipper', 'name']);
    expect(formPathOf('shipper.district', cn)).toEqual(['shipper', 'region']);
    expect(formPathOf('shipper.phone', cn)).toEqual(['shipper', 'phone']);
    expect(formPathOf('iossNumber', us)).toEqual(['iossNumber']);
    expect(formPathOf('body', us)).toBeNull();
    expect(formPathOf('parcels.x.weight', us)).toBeNull();
  });
});

describe('address book into the consignee', () => {
  const address: Address = {
    id: 'a1',
    addressType: 'receiver',
    name: '李四',
    company: null,
    phone: '13900139000',
    email: null,
    countryCode: 'CN',
    province: '浙江省',
    provinceCode: '33',
    city: '杭州市',
    cityCode: '3301',
    district: '西湖区',
    districtCode: '330106',
    postalCode: '310000',
    addressLine1: '文三路 90 号',
    addressLine2: null,
    addressLine3: null,
    houseNumber: null,
    taxId: null,
    isDefault: false,
    createdAt: '2026-11-23T00:00:00.000Z',
    updatedAt: '2026-11-23T00:00:00.000Z',
  };

  test('a picked Chinese address fills the cascader', () => {
    expect(partyValuesOf(address)).toMatchObject({ region: ['浙江省', '杭州市', '西湖区'], province: null });
  });
});

describe('customs sanity hints', () => {
  const euIoss: ProductCustomsFacts = {
    productCode: 'EU-IOSS',
    productName: 'EU IOSS line',
    maxDeclaredValue: 15000,
    declaredValueCurrency: 'EUR',
    allowsBattery: false,
    requiresIoss: true,
  };

  test('nothing to say about a tidy shipment', () => {
    expect(customsHintsOf(filledValues(), null)).toEqual([]);
    expect(
      customsHintsOf(filledValues({ declaredCurrency: 'EUR', iossNumber: 'IM1234567890' }), euIoss),
    ).toEqual([]);
  });

  test('names each problem: HS code shape, declared value over the limit, IOSS, battery', () => {
    const values = filledValues({
      declaredCurrency: 'EUR',
      hasBattery: true,
      items: [
        { nameCn: '耳机', nameEn: 'Earphones', quantity: '2', unitPrice: '80', hsCode: '8518.30' },
        { nameCn: '线', nameEn: 'Cable', quantity: '1', unitPrice: '1', hsCode: '12345' },
      ],
    });
    expect(customsHintsOf(values, euIoss)).toEqual([
      { kind: 'hsCode', item: 2 },
      {
        kind: 'declaredOverLimit',
        declared: 16100,
        limit: 15000,
        currencyCode: 'EUR',
        product: 'EU IOSS line',
      },
      { kind: 'iossRequired', product: 'EU IOSS line' },
      { kind: 'battery', product: 'EU IOSS line' },
    ]);
    expect(customsHintsOf({ ...values, iossNumber: 'IM12' }, null)).toContainEqual({ kind: 'iossShape' });
  });

  test('a limit in another currency is not compared', () => {
    const values = filledValues({ items: [{ nameCn: 'a', nameEn: 'a', quantity: '1', unitPrice: '99999' }] });
    expect(customsHintsOf(values, { ...euIoss, requiresIoss: false, allowsBattery: true })).toEqual([]);
  });
});

test('a generated reference number has the shape the contracts accept', () => {
  const no = generateCustomerOrderNo(new Date(2026, 10, 23, 14, 5), () => 0.5);
  expect(no).toMatch(/^CO20261123-1405-[A-Z2-9]{4}$/);
});
