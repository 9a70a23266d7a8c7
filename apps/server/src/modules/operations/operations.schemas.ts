import { ORDER_STATUSES } from '@portal/contracts/order';
import { MAX_NUMBER_LENGTH, TrackingEventSchema } from '@portal/contracts/order-list';
import { MAX_PARCELS_PER_SHIPMENT, QuoteParcelSchema } from '@portal/contracts/product';
import { LANGUAGES } from '@portal/contracts/languages';
import { optionalTextField, textField } from '@portal/contracts/text';
import { LEDGER_ENTRY_TYPES } from '@portal/contracts/wallet';
import { z } from 'zod';

/**
 * Requests and answers of the operations API (`/ops/v1/...`) and the `npm run ops` command line, which
 * validates its flags with the same schemas. Weights kg, lengths cm, money minor units, times ISO-8601.
 */

/** The operations API's paths: its own prefix, outside `/api` (no customer session there). */
export const OPS_PREFIX = '/ops/v1';
export const OpsPath = {
  Journey: `${OPS_PREFIX}/orders/journey`,
  Weigh: `${OPS_PREFIX}/orders/weigh`,
  Event: `${OPS_PREFIX}/orders/events`,
  LastMile: `${OPS_PREFIX}/orders/last-mile`,
  Exception: `${OPS_PREFIX}/orders/exception`,
  InTransit: `${OPS_PREFIX}/orders/in-transit`,
  Deliver: `${OPS_PREFIX}/orders/deliver`,
  Return: `${OPS_PREFIX}/orders/return`,
} as const;

/** Largest operations request: a weigh-in of the most parcels an order may have fits with room to spare. */
export const OPS_BODY_LIMIT = 16 * 1024;

export const OPS_FIELD_LABELS = {
  location: { 'zh-CN': '地点', 'en-US': 'Location', 'zh-TW': '地點' },
  description: { 'zh-CN': '描述', 'en-US': 'Description', 'zh-TW': '描述' },
  carrier: { 'zh-CN': '尾程承运商', 'en-US': 'Last-mile carrier', 'zh-TW': '尾程承運商' },
} as const;

/** Reference, waybill and last-mile numbers: letters, digits and `- _ . /`, as the portal's numbers are. */
const NumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_NUMBER_LENGTH)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_./-]*$/, 'operations.numberShape');
const CustomerCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'operations.numberShape');

/** When it happened, with its offset; stored as UTC. Default: now. A time in the future is refused. */
const AtSchema = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value).toISOString())
  .optional();

/**
 * Which order: its waybill number, or the customer's code with the customer's reference number. Another
 * customer's reference under this code is simply not found.
 */
export const OrderAddressSchema = z.object({
  waybillNo: NumberSchema.optional(),
  customerCode: CustomerCodeSchema.optional(),
  customerOrderNo: NumberSchema.optional(),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/** A parsed request as services take it: the optional texts (null when blank) may also be left out. */
type Relaxed<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: T[K];
};

const addressed = <T extends z.ZodRawShape>(shape: T) =>
  OrderAddressSchema.extend(shape).refine(
    (value: OrderAddress) =>
      Boolean(value.waybillNo) !== Boolean(value.customerCode && value.customerOrderNo),
    { message: 'operations.addressOrder', path: ['waybillNo'] },
  );

const location = optionalTextField({ max: 100, label: OPS_FIELD_LABELS.location });
const optionalDescription = optionalTextField({ max: 500, label: OPS_FIELD_LABELS.description });

export const JourneyQuerySchema = addressed({});

/** Receive and weigh: every parcel of the order as measured, in the order's parcel order. */
export const WeighSchema = addressed({
  parcels: z.array(QuoteParcelSchema).min(1).max(MAX_PARCELS_PER_SHIPMENT),
  at: AtSchema,
  location,
});
export type WeighInput = Relaxed<z.infer<typeof WeighSchema>>;

export const TRACKING_STATUS_CODE = /^[A-Z][A-Z0-9_]{0,31}$/;
export const TrackingEventInputSchema = addressed({
  at: AtSchema,
  location,
  statusCode: z.string().trim().regex(TRACKING_STATUS_CODE, 'operations.statusCodeShape'),
  description: textField({ max: 500, label: OPS_FIELD_LABELS.description }),
  /** The language the description is written in; default the caller's. */
  language: z.enum(LANGUAGES).optional(),
});
export type TrackingEventInput = Relaxed<z.infer<typeof TrackingEventInputSchema>>;

export const LastMileSchema = addressed({
  carrier: textField({ max: 50, label: OPS_FIELD_LABELS.carrier }),
  lastMileNo: NumberSchema,
  /** When the parcel was handed over; default now. */
  at: AtSchema,
  location,
});
export type LastMileInput = Relaxed<z.infer<typeof LastMileSchema>>;

export const ExceptionSchema = addressed({
  issueKindCode: z.string().trim().min(1).max(32),
  description: optionalDescription,
  at: AtSchema,
  location,
});
export type ExceptionInput = Relaxed<z.infer<typeof ExceptionSchema>>;

/** Move to in transit, deliver, return: when, where, and optionally what happened in words. */
export const MoveSchema = addressed({ at: AtSchema, location, description: optionalDescription });
export type MoveInput = Relaxed<z.infer<typeof MoveSchema>>;

const ChargeSchema = z.object({ amount: z.number().int(), currencyCode: z.string() });

export const OpsLedgerRowSchema = z.object({
  entryNo: z.number().int(),
  entryType: z.enum(LEDGER_ENTRY_TYPES),
  currencyCode: z.string(),
  amount: z.number().int(),
  heldChange: z.number().int(),
  balanceAfter: z.number().int(),
  heldAfter: z.number().int(),
  createdAt: z.string(),
});

/** An order's journey as operations see it: numbers, status and times, weights, charges, events, money. */
export const JourneySchema = z.object({
  id: z.string(),
  customerCode: z.string(),
  customerOrderNo: z.string(),
  waybillNo: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  productCode: z.string(),
  parcelCount: z.number().int(),
  /** kg */
  forecastWeight: z.number(),
  actualWeight: z.number().nullable(),
  volumetricWeight: z.number().nullable(),
  chargeableWeight: z.number().nullable(),
  estimatedCharge: ChargeSchema.nullable(),
  finalCharge: ChargeSchema.nullable(),
  lastMileCarrier: z.string().nullable(),
  lastMileNo: z.string().nullable(),
  issueKindCode: z.string().nullable(),
  submittedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  exceptionAt: z.string().nullable(),
  /** Newest first. */
  events: z.array(TrackingEventSchema),
  /** The ledger rows of this order, oldest first. */
  ledger: z.array(OpsLedgerRowSchema),
  /** The customer's status after the step (`arrears` once a weigh-in pushed it below its credit). */
  customerStatus: z.enum(['active', 'arrears', 'frozen']),
});
export type Journey = z.infer<typeof JourneySchema>;

/** What a step did besides the journey: whether it changed anything (a repeat changes nothing). */
export const StepResultSchema = z.object({ changed: z.boolean(), journey: JourneySchema });
export type StepResult = z.infer<typeof StepResultSchema>;

export const WeighResultSchema = StepResultSchema.extend({
  /** True when the order had been weighed before: the difference to the earlier final charge was posted. */
  reweighed: z.boolean(),
  /** The ledger change of this weigh-in (amount moves the balance; negative charges more), or null. */
  adjustment: ChargeSchema.nullable(),
});
export type WeighResult = z.infer<typeof WeighResultSchema>;
