import { z } from 'zod';
import { idField } from './ids.ts';
import { AddressSchema, createAddressPartySchema, type AddressSchemaOptions } from './address.ts';
import type { LocalizedText } from './languages.ts';
import {
  BreakdownLineSchema,
  CUSTOMS_TERMS,
  EXTRA_SERVICE_CODES,
  MAX_PARCELS_PER_SHIPMENT,
  QuoteParcelSchema,
} from './product.ts';
import { AmountMinorSchema, CountryCodeSchema, CurrencyCodeSchema, WeightKgSchema } from './quantity.ts';
import { optionalTextField, textField } from './text.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';

/**
 * Orders (`/api/CustomerOrder/...`). The open API reuses these calls and fields as they are (issue 9):
 * weights in kg (3 decimals), lengths in cm (1 decimal), money in integer minor units with its currency.
 */

export { ORDER_STATUSES, type OrderStatus };
/** Only these can be edited or cancelled by the customer; cancelling a submitted order releases its hold. */
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['draft', 'submitted'];

export const MAX_ITEMS_PER_ORDER = 100;
export const ORDER_FIELD_MAX = {
  customerOrderNo: 50,
  nameCn: 200,
  nameEn: 200,
  sku: 100,
  material: 100,
  purpose: 100,
  iossNumber: 12,
  eoriNumber: 17,
  remark: 500,
} as const;

export const ORDER_FIELD_LABELS = {
  customerOrderNo: { 'zh-CN': '客户单号', 'en-US': 'Reference number', 'zh-TW': '客戶單號' },
  nameCn: { 'zh-CN': '中文品名', 'en-US': 'Chinese name', 'zh-TW': '中文品名' },
  nameEn: { 'zh-CN': '英文品名', 'en-US': 'English name', 'zh-TW': '英文品名' },
  sku: { 'zh-CN': 'SKU', 'en-US': 'SKU', 'zh-TW': 'SKU' },
  material: { 'zh-CN': '材质', 'en-US': 'Material', 'zh-TW': '材質' },
  purpose: { 'zh-CN': '用途', 'en-US': 'Purpose', 'zh-TW': '用途' },
  iossNumber: { 'zh-CN': 'IOSS 号', 'en-US': 'IOSS number', 'zh-TW': 'IOSS 號' },
  eoriNumber: { 'zh-CN': 'EORI 号', 'en-US': 'EORI number', 'zh-TW': 'EORI 號' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark', 'zh-TW': '備註' },
} as const satisfies Record<string, LocalizedText>;

export const OrderMessage = {
  HsCodeShape: 'order.hsCodeShape',
  IossShape: 'order.iossShape',
  ItemCurrencies: 'order.itemCurrencies',
  ShipperRequired: 'order.shipperRequired',
  CustomerOrderNoShape: 'order.customerOrderNoShape',
} as const;
export const ORDER_MESSAGES = {
  'order.hsCodeShape': {
    'zh-CN': 'HS 编码应为 6 到 10 位数字',
    'en-US': 'An HS code has 6 to 10 digits',
    'zh-TW': 'HS 編碼應為 6 到 10 位數字',
  },
  'order.iossShape': {
    'zh-CN': 'IOSS 号格式应为 IM + 10 位数字',
    'en-US': 'An IOSS number is IM followed by 10 digits',
    'zh-TW': 'IOSS 號格式應為 IM + 10 位數字',
  },
  'order.itemCurrencies': {
    'zh-CN': '所有申报物品须使用同一币种',
    'en-US': 'All declared items must use the same currency',
    'zh-TW': '所有申報物品須使用同一幣別',
  },
  'order.shipperRequired': {
    'zh-CN': '请选择发件人地址或填写发件人',
    'en-US': 'Choose a sender address or enter the sender',
    'zh-TW': '請選擇寄件人地址或填寫寄件人',
  },
  'order.customerOrderNoShape': {
    'zh-CN': '客户单号只能包含字母、数字和 - _ . /',
    'en-US': 'A reference number may contain only letters, digits and - _ . /',
    'zh-TW': '客戶單號只能包含字母、數字和 - _ . /',
  },
} as const satisfies Record<string, LocalizedText>;

const text = (field: keyof typeof ORDER_FIELD_MAX) =>
  textField({ max: ORDER_FIELD_MAX[field], label: ORDER_FIELD_LABELS[field] });
const optionalText = (field: keyof typeof ORDER_FIELD_MAX, multiline = false) =>
  optionalTextField({ max: ORDER_FIELD_MAX[field], label: ORDER_FIELD_LABELS[field], multiline });

/** HS codes: 6 to 10 digits; dots and spaces as people write them ("6109.10.00") are dropped. */
export const HS_CODE_PATTERN = /^\d{6,10}$/;
/** EU IOSS numbers: IM + 10 digits. */
export const IOSS_PATTERN = /^IM\d{10}$/;
export const CUSTOMER_ORDER_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_./-]*$/;

export const OrderItemSchema = z.object({
  nameCn: text('nameCn'),
  nameEn: text('nameEn'),
  hsCode: z
    .string()
    .trim()
    .transform((value) => value.replace(/[.\s]/g, ''))
    .pipe(z.string().regex(HS_CODE_PATTERN, OrderMessage.HsCodeShape))
    .nullish()
    .or(z.literal('').transform(() => null)),
  sku: optionalText('sku'),
  quantity: z.number().int().min(1).max(100_000),
  /** Minor units of `currencyCode`. */
  unitPrice: AmountMinorSchema,
  currencyCode: CurrencyCodeSchema,
  /** kg */
  unitWeight: WeightKgSchema.nullish(),
  originCountryCode: CountryCodeSchema.nullish(),
  material: optionalText('material'),
  purpose: optionalText('purpose'),
});
export type OrderItemInput = z.input<typeof OrderItemSchema>;

const IdSchema = idField();

/**
 * `POST /api/CustomerOrder/Create` (with an `Idempotency-Key` header; the page sends one key per form).
 * `shipper` or `shipperAddressId` (an address of the caller's book); `submit: true` submits at once
 * (holds the estimated charge and issues the waybill number), otherwise a draft is saved.
 */
export function createOrderCreateSchema(options: AddressSchemaOptions = {}) {
  const party = createAddressPartySchema(options);
  return z
    .object({
      productCode: z.string().trim().min(1).max(32),
      customerOrderNo: optionalText('customerOrderNo').refine(
        (value) => value === null || CUSTOMER_ORDER_NO_PATTERN.test(value),
        OrderMessage.CustomerOrderNoShape,
      ),
      shipperAddressId: IdSchema.nullish(),
      shipper: party.nullish(),
      consignee: party,
      /** Also keep the typed consignee in the address book (as a receiver). */
      saveConsignee: z.boolean().optional(),
      parcels: z.array(QuoteParcelSchema).min(1).max(MAX_PARCELS_PER_SHIPMENT),
      items: z.array(OrderItemSchema).min(1).max(MAX_ITEMS_PER_ORDER),
      customsTerms: z.enum(CUSTOMS_TERMS).nullish(),
      iossNumber: optionalText('iossNumber').refine(
        (value) => value === null || IOSS_PATTERN.test(value.toUpperCase()),
        OrderMessage.IossShape,
      ),
      eoriNumber: optionalText('eoriNumber'),
      hasBattery: z.boolean(),
      /** Insured value, minor units of the items' currency; asks for the INSURANCE extra service. */
      insuranceValue: AmountMinorSchema.nullish(),
      /** Optional extra services asked for (SIGNATURE; INSURANCE follows `insuranceValue`). */
      extraServiceCodes: z.array(z.enum(EXTRA_SERVICE_CODES)).max(EXTRA_SERVICE_CODES.length).optional(),
      remark: optionalText('remark', true),
      submit: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      if (!value.shipperAddressId && !value.shipper)
        ctx.addIssue({ code: 'custom', path: ['shipper'], message: OrderMessage.ShipperRequired });
      const currencies = new Set(value.items.map((item) => item.currencyCode));
      if (currencies.size > 1)
        ctx.addIssue({ code: 'custom', path: ['items'], message: OrderMessage.ItemCurrencies });
    });
}
export const OrderCreateSchema = createOrderCreateSchema();
export type OrderCreateInput = z.input<typeof OrderCreateSchema>;
export type OrderCreateParsed = z.output<typeof OrderCreateSchema>;

/**
 * `POST /api/CustomerOrder/Update` (issue 10): a draft edited, checked exactly like a create; `id` names
 * the draft. With `submit: true` it is submitted in the same call. Only drafts can be edited.
 */
export function createOrderUpdateSchema(options: AddressSchemaOptions = {}) {
  return createOrderCreateSchema(options).safeExtend({ id: IdSchema });
}
export const OrderUpdateSchema = createOrderUpdateSchema();
export type OrderUpdateInput = z.input<typeof OrderUpdateSchema>;
export type OrderUpdateParsed = z.output<typeof OrderUpdateSchema>;

/** `POST /api/CustomerOrder/Submit` (`{ id }` of a draft) and `GET /api/CustomerOrder/Get?id=`. */
export const OrderIdSchema = z.object({ id: IdSchema });

export const EstimatedChargeSchema = z.object({
  totalAmount: z.number().int(),
  currencyCode: z.string(),
  breakdown: z.array(BreakdownLineSchema),
});
export type EstimatedCharge = z.infer<typeof EstimatedChargeSchema>;

/** The answer of Create and Submit. */
export const OrderCreatedSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  customerOrderNo: z.string(),
  /** Issued at submit; null for a draft. */
  waybillNo: z.string().nullable(),
  estimatedCharge: EstimatedChargeSchema,
});
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

/** A shipper or consignee as an order keeps it: the address book's answer without its own bookkeeping. */
const OrderPartySchema = AddressSchema.omit({
  id: true,
  addressType: true,
  provinceCode: true,
  cityCode: true,
  districtCode: true,
  isDefault: true,
  createdAt: true,
  updatedAt: true,
});
export type OrderParty = z.infer<typeof OrderPartySchema>;

/** `GET /api/CustomerOrder/Get?id=`: the whole order. Weights kg, lengths cm, money minor units. */
export const OrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  customerOrderNo: z.string(),
  waybillNo: z.string().nullable(),
  lastMileCarrier: z.string().nullable(),
  lastMileNo: z.string().nullable(),
  productCode: z.string(),
  productName: z.string(),
  shipper: OrderPartySchema,
  consignee: OrderPartySchema,
  parcels: z.array(QuoteParcelSchema),
  items: z.array(
    z.object({
      nameCn: z.string(),
      nameEn: z.string(),
      hsCode: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      currencyCode: z.string(),
      unitWeight: z.number().nullable(),
      originCountryCode: z.string().nullable(),
      material: z.string().nullable(),
      purpose: z.string().nullable(),
    }),
  ),
  customsTerms: z.enum(CUSTOMS_TERMS).nullable(),
  iossNumber: z.string().nullable(),
  eoriNumber: z.string().nullable(),
  hasBattery: z.boolean(),
  insuranceValue: z.number().int().nullable(),
  extraServiceCodes: z.array(z.string()),
  remark: z.string().nullable(),
  /** Minor units of `declaredCurrencyCode`: the sum of quantity × unit price. */
  declaredValue: z.number().int(),
  declaredCurrencyCode: z.string(),
  /** kg: the customer's forecast (sum of parcels), then what operations measure. */
  forecastWeight: z.number(),
  actualWeight: z.number().nullable(),
  volumetricWeight: z.number().nullable(),
  chargeableWeight: z.number().nullable(),
  estimatedCharge: EstimatedChargeSchema.nullable(),
  finalCharge: EstimatedChargeSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** At most this many orders in one cancel call (the list of issue 10 cancels its selection). */
export const MAX_ORDERS_PER_CANCEL = 500;
/** `POST /api/CustomerOrder/Cancel`: all or nothing; an id of another customer fails the whole call. */
export const OrderCancelSchema = z.object({ ids: z.array(IdSchema).min(1).max(MAX_ORDERS_PER_CANCEL) });
export const OrderCancelResultSchema = z.object({ cancelled: z.number().int() });
export type OrderCancelResult = z.infer<typeof OrderCancelResultSchema>;
