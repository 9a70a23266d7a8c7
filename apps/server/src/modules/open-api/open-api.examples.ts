import type { OrderCancelResult, OrderCreated, OrderCreateInput } from '@portal/contracts/order';
import type { OrderDetail, OrderQueryResult, TrackingResult } from '@portal/contracts/order-list';
import type { ProductInfo, QuoteAnswer, QuoteRequest } from '@portal/contracts/product';
import type { WalletBalance } from '@portal/contracts/wallet';

/**
 * The examples the OpenAPI document shows and the API test page starts from. Typed by the contracts, and
 * the document's unit test checks each against the very zod schema the server validates with.
 */

export const createOrderExample: OrderCreateInput = {
  customerOrderNo: 'SHOP-2026-0001',
  productCode: 'US-DDP-EXP',
  shipper: {
    name: '张三',
    company: '深圳市演示科技有限公司',
    phone: '13800138000',
    countryCode: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    postalCode: '518000',
    addressLine1: '科技园南区 1 栋 101',
  },
  consignee: {
    name: 'Jane Doe',
    phone: '+1 (555) 123-4567',
    email: 'jane@example.com',
    countryCode: 'US',
    province: 'CA',
    city: 'Los Angeles',
    postalCode: '90001',
    addressLine1: '1 Main Street',
  },
  parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
  items: [
    {
      nameCn: 'T恤',
      nameEn: 'T-shirt',
      hsCode: '6109.10.00',
      quantity: 2,
      unitPrice: 1500,
      currencyCode: 'USD',
      unitWeight: 0.3,
      originCountryCode: 'CN',
    },
  ],
  hasBattery: false,
  customsTerms: 'DDP',
  submit: true,
};

const breakdown = [
  { code: 'freight' as const, label: 'Freight', amount: 8600, detail: 'First 0.5 kg + 2 × 0.5 kg' },
  { code: 'fuel' as const, label: 'Fuel surcharge', amount: 1075, detail: '12.5 % of freight' },
];

export const orderCreatedExample: OrderCreated = {
  id: '0b9f3c52-6f7e-4c8e-9d0a-5d1f2a3b4c5d',
  status: 'submitted',
  customerOrderNo: 'SHOP-2026-0001',
  waybillNo: 'PK2611260000123',
  estimatedCharge: { totalAmount: 9675, currencyCode: 'CNY', breakdown },
};

export const orderCancelExample: OrderCancelResult = { cancelled: 1 };

const trackingEvent = {
  id: '7d1e2f30-1111-4a2b-8c3d-000000000001',
  occurredAt: '2026-11-27T08:30:00.000Z',
  location: 'Shenzhen',
  statusCode: 'received',
  description: 'Parcel received at the Shenzhen hub',
  language: 'en-US',
};

export const orderDetailExample: OrderDetail = {
  id: orderCreatedExample.id,
  status: 'received',
  customerOrderNo: 'SHOP-2026-0001',
  waybillNo: 'PK2611260000123',
  lastMileCarrier: null,
  lastMileNo: null,
  productCode: 'US-DDP-EXP',
  productName: 'US DDP Express',
  shipper: {
    name: '张三',
    company: '深圳市演示科技有限公司',
    phone: '13800138000',
    email: null,
    countryCode: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    postalCode: '518000',
    addressLine1: '科技园南区 1 栋 101',
    addressLine2: null,
    addressLine3: null,
    houseNumber: null,
    taxId: null,
  },
  consignee: {
    name: 'Jane Doe',
    company: null,
    phone: '+1 (555) 123-4567',
    email: 'jane@example.com',
    countryCode: 'US',
    province: 'CA',
    city: 'Los Angeles',
    district: null,
    postalCode: '90001',
    addressLine1: '1 Main Street',
    addressLine2: null,
    addressLine3: null,
    houseNumber: null,
    taxId: null,
  },
  parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
  items: [
    {
      nameCn: 'T恤',
      nameEn: 'T-shirt',
      hsCode: '6109.10.00',
      sku: null,
      quantity: 2,
      unitPrice: 1500,
      currencyCode: 'USD',
      unitWeight: 0.3,
      originCountryCode: 'CN',
      material: null,
      purpose: null,
    },
  ],
  customsTerms: 'DDP',
  iossNumber: null,
  eoriNumber: null,
  hasBattery: false,
  insuranceValue: null,
  extraServiceCodes: [],
  remark: null,
  declaredValue: 3000,
  declaredCurrencyCode: 'USD',
  forecastWeight: 1.2,
  actualWeight: 1.25,
  volumetricWeight: 1.2,
  chargeableWeight: 1.5,
  estimatedCharge: { totalAmount: 9675, currencyCode: 'CNY', breakdown },
  finalCharge: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  updatedAt: '2026-11-27T08:30:00.000Z',
  submittedAt: '2026-11-26T09:00:00.000Z',
  cancelledAt: null,
  issueKindCode: null,
  issueKindName: null,
  receivedAt: '2026-11-27T08:30:00.000Z',
  handedOverAt: null,
  deliveredAt: null,
  returnedAt: null,
  trackingEvents: [trackingEvent],
  ledgerEntries: [
    {
      id: '5a6b7c8d-2222-4e3f-9a0b-000000000002',
      entryType: 'order_charge',
      currencyCode: 'CNY',
      amount: -9675,
      balanceAfter: 90325,
      orderId: orderCreatedExample.id,
      referenceNo: 'PK2611260000123',
      remark: null,
      createdAt: '2026-11-26T09:00:00.000Z',
    },
  ],
};

export const orderListExample: OrderQueryResult = {
  list: [
    {
      id: orderCreatedExample.id,
      status: 'submitted',
      customerOrderNo: 'SHOP-2026-0001',
      waybillNo: 'PK2611260000123',
      lastMileCarrier: null,
      lastMileNo: null,
      productCode: 'US-DDP-EXP',
      productName: 'US DDP Express',
      consigneeName: 'Jane Doe',
      consigneeCompany: null,
      consigneeCountryCode: 'US',
      consigneeCity: 'Los Angeles',
      parcelCount: 1,
      forecastWeight: 1.2,
      actualWeight: null,
      chargeableWeight: null,
      charge: { amount: 9675, currencyCode: 'CNY' },
      chargeFinal: false,
      issueKindCode: null,
      issueKindName: null,
      createdAt: '2026-11-26T09:00:00.000Z',
      submittedAt: '2026-11-26T09:00:00.000Z',
      updatedAt: '2026-11-26T09:00:00.000Z',
    },
  ],
  total: 1,
  statusCounts: {
    all: 1,
    draft: 0,
    submitted: 1,
    received: 0,
    in_transit: 0,
    delivered: 0,
    exception: 0,
    returned: 0,
    cancelled: 0,
  },
  notFoundNumbers: [],
};

export const trackingExample: TrackingResult['list'][number] = {
  number: 'SHOP-2026-0001',
  orderId: orderCreatedExample.id,
  customerOrderNo: 'SHOP-2026-0001',
  waybillNo: 'PK2611260000123',
  lastMileCarrier: null,
  lastMileNo: null,
  status: 'received',
  consigneeCountryCode: 'US',
  events: [trackingEvent],
};

export const quoteRequestExample: QuoteRequest = {
  countryCode: 'US',
  postalCode: '90001',
  parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
  declaredValue: 3000,
  currencyCode: 'USD',
  hasBattery: false,
};

export const quoteAnswerExample: QuoteAnswer = {
  usable: [
    {
      productCode: 'US-DDP-EXP',
      productName: 'US DDP Express',
      chargeableWeight: 1.5,
      totalAmount: 9675,
      currencyCode: 'CNY',
      transitDays: '5-8',
      breakdown,
    },
  ],
  unusable: [{ productCode: 'EU-IOSS-STD', productName: 'EU IOSS Standard', reasons: ['Not offered to US'] }],
};

export const productsExample: ProductInfo[] = [
  {
    productCode: 'US-DDP-EXP',
    productName: 'US DDP Express',
    names: { 'zh-CN': '美国 DDP 快线', 'en-US': 'US DDP Express', 'zh-TW': '美國 DDP 快線' },
    transitDays: '5-8',
    transitDaysMin: 5,
    transitDaysMax: 8,
    volumetricDivisor: 6000,
    currencyCode: 'CNY',
    countryCodes: ['US'],
    maxParcelWeight: 30,
    maxShipmentWeight: 70,
    maxLongestSide: 120,
    maxGirth: 300,
    maxParcels: 5,
    maxDeclaredValue: 80000,
    declaredValueCurrency: 'USD',
    allowsBattery: false,
    customsTerms: ['DDP'],
    requiresIoss: false,
    fuelSurchargeBp: 1250,
    extraServices: [],
  },
];

export const balanceExample: WalletBalance[] = [
  { currencyCode: 'CNY', balance: 100000, held: 9675, available: 90325, creditLimit: 0 },
];
