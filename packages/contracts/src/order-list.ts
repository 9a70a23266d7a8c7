import { z } from 'zod';
import { idField } from './ids.ts';
import type { LocalizedText } from './languages.ts';
import { OrderSchema, ORDER_STATUSES, type OrderStatus } from './order.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';
import { optionalTextField } from './text.ts';
import { LedgerEntrySchema } from './wallet.ts';

/**
 * After the order (issue 10): the order list, the detail with its journey, tracking, labels, the home
 * summary and the end-data (last-mile) list. The open API reuses these calls and fields as they are.
 */

/**
 * The lifecycle of PRODUCT.md "Order": who may move an order from a status to which. The customer
 * submits and cancels (draft, submitted); operations do the rest. Anything not listed is refused.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  draft: ['submitted', 'cancelled'],
  submitted: ['received', 'exception', 'cancelled'],
  received: ['in_transit', 'exception', 'returned'],
  in_transit: ['delivered', 'exception', 'returned'],
  exception: ['received', 'in_transit', 'delivered', 'returned'],
  delivered: [],
  returned: [],
  cancelled: [],
};
export const canTransition = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/** How many numbers one paste (list filter or tracking call) may hold. */
export const MAX_PASTED_NUMBERS = 500;
/** Longest single number accepted (reference, waybill and last-mile numbers are far shorter). */
export const MAX_NUMBER_LENGTH = 64;

/**
 * Pasted numbers → the distinct numbers, in the order first seen. Anything that cannot be part of a
 * number separates them (spaces, new lines, tabs, commas, semicolons, Chinese punctuation, quotes …):
 * numbers are letters, digits and `- _ . /`, as CUSTOMER_ORDER_NO_PATTERN allows.
 */
export function splitNumbers(text: string): string[] {
  const seen = new Set<string>();
  // NFKC first: full-width letters, digits and hyphens (ＲＥＦ－１) are the same number, not separators.
  for (const piece of text.normalize('NFKC').split(/[^A-Za-z0-9_./-]+/)) {
    const number = piece.replace(/^[./-]+|[./-]+$/g, '');
    if (number) seen.add(number);
  }
  return [...seen];
}

export const OrderListMessage = {
  TooManyNumbers: 'orderList.tooManyNumbers',
  NumberTooLong: 'orderList.numberTooLong',
  DateRange: 'orderList.dateRange',
} as const;
export const ORDER_LIST_MESSAGES = {
  'orderList.tooManyNumbers': {
    'zh-CN': `一次最多查询 ${MAX_PASTED_NUMBERS} 个单号`,
    'en-US': `Search at most ${MAX_PASTED_NUMBERS} numbers at once`,
    'zh-TW': `一次最多查詢 ${MAX_PASTED_NUMBERS} 個單號`,
  },
  'orderList.numberTooLong': {
    'zh-CN': `单号最长 ${MAX_NUMBER_LENGTH} 个字符`,
    'en-US': `A number has at most ${MAX_NUMBER_LENGTH} characters`,
    'zh-TW': `單號最長 ${MAX_NUMBER_LENGTH} 個字元`,
  },
  'orderList.dateRange': {
    'zh-CN': '开始时间不能晚于结束时间',
    'en-US': 'The start must not be after the end',
    'zh-TW': '開始時間不能晚於結束時間',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * Numbers as a pasted text (any separator) or as a list; either way the distinct numbers, at most
 * MAX_PASTED_NUMBERS of at most MAX_NUMBER_LENGTH characters.
 */
export const PastedNumbersSchema = z
  .union([
    z.string().max(MAX_PASTED_NUMBERS * (MAX_NUMBER_LENGTH + 8)),
    z.array(z.string().max(200)).max(MAX_PASTED_NUMBERS),
  ])
  .transform((value) => splitNumbers(Array.isArray(value) ? value.join('\n') : value))
  .refine((numbers) => numbers.length <= MAX_PASTED_NUMBERS, OrderListMessage.TooManyNumbers)
  .refine((numbers) => numbers.every((n) => n.length <= MAX_NUMBER_LENGTH), OrderListMessage.NumberTooLong);

/** An instant with its offset (`2026-11-26T00:00:00+08:00`): the page sends the user's local day bounds. */
export const InstantSchema = z.iso.datetime({ offset: true });

/**
 * The filters shared by the order list, its export and the end-data list. `createdFrom` is inclusive,
 * `createdTo` exclusive. `keyword` matches the consignee (name, company, phone, email, city).
 * `numbers` matches reference, waybill or last-mile numbers exactly.
 */
export const OrderFilterSchema = z
  .object({
    status: z.enum(ORDER_STATUSES).nullish(),
    numbers: PastedNumbersSchema.nullish(),
    createdFrom: InstantSchema.nullish(),
    createdTo: InstantSchema.nullish(),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .length(2)
      .nullish()
      .or(z.literal('').transform(() => null)),
    // A code, but typed by hand: control characters refused like any text field's (a NUL would reach
    // the query, which PostgreSQL refuses outright).
    productCode: optionalTextField({
      max: 32,
      label: { 'zh-CN': '产品', 'en-US': 'Product', 'zh-TW': '產品' },
    }).optional(),
    // A stored-text field's clean-up (zero-width out, NFC) and refusals (control characters), as the
    // consignee it searches was stored.
    keyword: optionalTextField({
      max: 100,
      label: { 'zh-CN': '关键字', 'en-US': 'Keyword', 'zh-TW': '關鍵字' },
    }),
    /** The orders one Excel batch created (issue 12: the batch's result links here). */
    importId: idField().nullish(),
  })
  .refine(
    (value) =>
      !value.createdFrom || !value.createdTo || Date.parse(value.createdFrom) <= Date.parse(value.createdTo),
    { message: OrderListMessage.DateRange, path: ['createdTo'] },
  );
export type OrderFilterInput = z.input<typeof OrderFilterSchema>;
export type OrderFilter = z.output<typeof OrderFilterSchema>;

/** `POST /api/CustomerOrder/Query`. */
export const OrderQuerySchema = OrderFilterSchema.and(
  z.object({
    pageIndex: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  }),
);
export type OrderQueryInput = z.input<typeof OrderQuerySchema>;
export type OrderQuery = z.output<typeof OrderQuerySchema>;

/** A money amount with its currency: minor units. */
export const ChargeSchema = z.object({ amount: z.number().int(), currencyCode: z.string() });
export type Charge = z.infer<typeof ChargeSchema>;

/** One row of the order list. Weights kg; `charge` is the final charge once weighed, else the estimate. */
export const OrderListItemSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  customerOrderNo: z.string(),
  waybillNo: z.string().nullable(),
  lastMileCarrier: z.string().nullable(),
  lastMileNo: z.string().nullable(),
  productCode: z.string(),
  productName: z.string(),
  consigneeName: z.string(),
  consigneeCompany: z.string().nullable(),
  consigneeCountryCode: z.string(),
  consigneeCity: z.string(),
  parcelCount: z.number().int(),
  forecastWeight: z.number(),
  actualWeight: z.number().nullable(),
  chargeableWeight: z.number().nullable(),
  charge: ChargeSchema.nullable(),
  /** True when `charge` is the final charge (weighed), false for the estimate. */
  chargeFinal: z.boolean(),
  issueKindCode: z.string().nullable(),
  issueKindName: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

/** Orders per status under the query's other filters (the tabs' counts); `all` is their sum. */
export const OrderStatusCountsSchema = z.object({
  all: z.number().int(),
  draft: z.number().int(),
  submitted: z.number().int(),
  received: z.number().int(),
  in_transit: z.number().int(),
  delivered: z.number().int(),
  exception: z.number().int(),
  returned: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderStatusCounts = z.infer<typeof OrderStatusCountsSchema>;

export const OrderQueryResultSchema = z.object({
  list: z.array(OrderListItemSchema),
  total: z.number().int(),
  statusCounts: OrderStatusCountsSchema,
  /** The pasted numbers that match no order of the customer, in the order pasted. */
  notFoundNumbers: z.array(z.string()),
});
export type OrderQueryResult = z.infer<typeof OrderQueryResultSchema>;

/** One tracking event; `description` is in the language it was written in (`language`). */
export const TrackingEventSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  location: z.string().nullable(),
  statusCode: z.string(),
  description: z.string(),
  language: z.string().nullable(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

/** `GET /api/CustomerOrder/Get?id=`: the order, its journey and the ledger rows it caused. */
export const OrderDetailSchema = OrderSchema.extend({
  issueKindCode: z.string().nullable(),
  issueKindName: z.string().nullable(),
  receivedAt: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  /** Newest first. */
  trackingEvents: z.array(TrackingEventSchema),
  /** Oldest first: the hold, its release or the weigh-in adjustment. */
  ledgerEntries: z.array(LedgerEntrySchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** `POST /api/CustomerOrder/QueryTracking`: one or many reference / waybill / last-mile numbers. */
export const TrackingQuerySchema = z.object({ numbers: PastedNumbersSchema.refine((n) => n.length > 0) });
export const TrackingResultSchema = z.object({
  list: z.array(
    z.object({
      /** The number as asked. */
      number: z.string(),
      orderId: z.string(),
      customerOrderNo: z.string(),
      waybillNo: z.string().nullable(),
      lastMileCarrier: z.string().nullable(),
      lastMileNo: z.string().nullable(),
      status: z.enum(ORDER_STATUSES),
      consigneeCountryCode: z.string(),
      /** Newest first. */
      events: z.array(TrackingEventSchema),
    }),
  ),
  notFoundNumbers: z.array(z.string()),
});
export type TrackingResult = z.infer<typeof TrackingResultSchema>;

/** Label sizes: 100×100 mm and 100×150 mm thermal labels, and A4 sheets. */
export const LABEL_SIZES = ['100x100', '100x150', 'A4'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const DEFAULT_LABEL_SIZE: LabelSize = '100x150';
/** Orders per PrintLabel call (the batch action prints a page's selection; larger sets go through exports). */
export const MAX_LABELS_PER_PRINT = 500;
/**
 * `POST /api/CustomerOrder/PrintLabel`: answers `application/pdf`, one label per parcel, the orders in the
 * order of `ids`. Only orders with a waybill number (submitted or later) have labels.
 */
export const PrintLabelSchema = z.object({
  ids: z.array(idField()).min(1).max(MAX_LABELS_PER_PRINT),
  size: z.enum(LABEL_SIZES).default(DEFAULT_LABEL_SIZE),
});
export type PrintLabelInput = z.input<typeof PrintLabelSchema>;

/** `POST /api/CustomerOrder/QueryEndData`: the list filters, for orders that have a last-mile number. */
export const EndDataQuerySchema = OrderQuerySchema;
export const EndDataItemSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  customerOrderNo: z.string(),
  waybillNo: z.string().nullable(),
  lastMileCarrier: z.string(),
  lastMileNo: z.string(),
  /** When the parcel was handed over to the last-mile carrier. */
  handedOverAt: z.string().nullable(),
  consigneeName: z.string(),
  consigneeCountryCode: z.string(),
  productCode: z.string(),
  createdAt: z.string(),
});
export type EndDataItem = z.infer<typeof EndDataItemSchema>;
export const EndDataResultSchema = z.object({
  list: z.array(EndDataItemSchema),
  total: z.number().int(),
  notFoundNumbers: z.array(z.string()),
});
export type EndDataResult = z.infer<typeof EndDataResultSchema>;

/**
 * `GET /api/CustomerOrder/QueryHomeSummary`: the home page's morning view in one call. Days are the
 * caller's (the `utcOffsetMinutes` query, what `Date#getTimezoneOffset` gives negated; default +480).
 */
export const HomeSummaryQuerySchema = z.object({
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(480),
});
export const HomeSummarySchema = z.object({
  statusCounts: OrderStatusCountsSchema,
  today: z.object({ orders: z.number().int(), charges: z.array(ChargeSchema) }),
  month: z.object({ orders: z.number().int(), charges: z.array(ChargeSchema) }),
  /** The newest orders in exception, at most 5. */
  recentExceptions: z.array(OrderListItemSchema),
});
export type HomeSummary = z.infer<typeof HomeSummarySchema>;
