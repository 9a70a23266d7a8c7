import { describe, expect, test } from 'vitest';
import { OrderCreateSchema, type Order } from '@portal/contracts/order';
import { orderBodyOf, orderFormValuesOf } from '../../src/features/order/lib/order-form-model';

const order: Order = {
  id: 'order-1',
  status: 'draft',
  customerOrderNo: 'REF-001',
  waybillNo: null,
  lastMileCarrier: null,
  lastMileNo: null,
  productCode: 'US-DDP-EXP',
  productName: 'US express',
  shipper: {
    name: '张三',
    company: null,
    phone: '13800138000',
    email: null,
    countryCode: 'CN',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    postalCode: '310000',
    addressLine1: '文三路 100 号',
    addressLine2: null,
    addressLine3: null,
    houseNumber: null,
    taxId: null,
  },
  consignee: {
    name: 'John Smith',
    company: 'ACME',
    phone: '2025550123',
    email: 'john@example.com',
    countryCode: 'US',
    province: 'CA',
    city: 'Los Angeles',
    district: null,
    postalCode: '90001',
    addressLine1: '100 Main St',
    addressLine2: 'Suite 5',
    addressLine3: null,
    houseNumber: null,
    taxId: null,
  },
  parcels: [
    { weight: 1.2, length: 30, width: 20, height: 10 },
    { weight: 0.35, length: 10.5, width: 10, height: 5 },
  ],
  items: [
    {
      nameCn: 'T恤',
      nameEn: 'T-shirt',
      hsCode: '61091000',
      sku: 'TS-1',
      quantity: 2,
      unitPrice: 1250,
      currencyCode: 'USD',
      unitWeight: 0.2,
      originCountryCode: 'CN',
      material: 'cotton',
      purpose: null,
    },
  ],
  customsTerms: 'DDP',
  iossNumber: null,
  eoriNumber: null,
  hasBattery: false,
  insuranceValue: 3005,
  extraServiceCodes: ['INSURANCE', 'SIGNATURE'],
  remark: 'fragile',
  declaredValue: 2500,
  declaredCurrencyCode: 'USD',
  forecastWeight: 1.55,
  actualWeight: null,
  volumetricWeight: null,
  chargeableWeight: null,
  estimatedCharge: null,
  finalCharge: null,
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:00:00.000Z',
  submittedAt: null,
  cancelledAt: null,
};

describe('an order back into the form (edit a draft, copy any order)', () => {
  test('editing sends back what the order holds, in the same units', () => {
    const body = OrderCreateSchema.parse(orderBodyOf(orderFormValuesOf(order, 'edit'), false));
    expect(body).toMatchObject({
      productCode: 'US-DDP-EXP',
      customerOrderNo: 'REF-001',
      shipperAddressId: null,
      parcels: order.parcels,
      customsTerms: 'DDP',
      hasBattery: false,
      insuranceValue: 3005,
      remark: 'fragile',
    });
    expect(body.shipper).toMatchObject({
      name: '张三',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
    });
    expect(body.consignee).toMatchObject({
      name: 'John Smith',
      city: 'Los Angeles',
      addressLine2: 'Suite 5',
    });
    expect(body.items).toEqual([
      expect.objectContaining({
        quantity: 2,
        unitPrice: 1250,
        currencyCode: 'USD',
        unitWeight: 0.2,
        hsCode: '61091000',
      }),
    ]);
    expect([...(body.extraServiceCodes ?? [])].sort()).toEqual(['INSURANCE', 'SIGNATURE']);
  });

  test('a Chinese party goes to the region picker, a foreign one to its text fields', () => {
    const values = orderFormValuesOf(order, 'edit');
    expect(values.shipper?.region).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(values.consignee.region).toEqual([]);
    expect(values.consignee.province).toBe('CA');
  });

  test('a copy leaves the reference number blank (unique per customer) and keeps the rest', () => {
    const values = orderFormValuesOf(order, 'copy');
    expect(values.customerOrderNo).toBe('');
    expect(values.items[0]?.unitPrice).toBe('12.50');
    expect(values.insuranceValue).toBe('30.05');
    expect(values.signature).toBe(true);
  });

  test('no insurance and no signature come back as blank and off', () => {
    const values = orderFormValuesOf({ ...order, insuranceValue: null, extraServiceCodes: [] }, 'copy');
    expect(values.insuranceValue).toBeNull();
    expect(values.signature).toBe(false);
  });
});
