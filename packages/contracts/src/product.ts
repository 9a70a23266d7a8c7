import { z } from 'zod';
import {
  AmountMinorSchema,
  CountryCodeSchema,
  CurrencyCodeSchema,
  LengthCmSchema,
  SignedAmountMinorSchema,
  WeightKgSchema,
} from './quantity.ts';

/**
 * Products (the provider's shipping services) and the quote (`POST /api/ProductInfo/QueryQuote`). The
 * open API exposes the quote as it is, so its field names are fixed (issue 9). Weights in kg, lengths in
 * cm, money in integer minor units with its currency code.
 */

export const CUSTOMS_TERMS = ['DDU', 'DDP'] as const;
export type CustomsTerms = (typeof CUSTOMS_TERMS)[number];

/** Extra services a product may offer. The first three apply by rule; the last two only when asked for. */
export const ExtraServiceCode = {
  Superlong: 'SUPERLONG',
  Overweight: 'OVERWEIGHT',
  RemoteArea: 'REMOTE_AREA',
  Insurance: 'INSURANCE',
  Signature: 'SIGNATURE',
} as const;
export type ExtraServiceCode = (typeof ExtraServiceCode)[keyof typeof ExtraServiceCode];
export const EXTRA_SERVICE_CODES = Object.values(ExtraServiceCode) as [
  ExtraServiceCode,
  ...ExtraServiceCode[],
];
/** The extra services a caller chooses (`extraServiceCodes`); the others are applied by their rules. */
export const OPTIONAL_EXTRA_SERVICE_CODES = [ExtraServiceCode.Insurance, ExtraServiceCode.Signature] as const;

/** At most this many parcels in one shipment (quote and order). */
export const MAX_PARCELS_PER_SHIPMENT = 50;

export const QuoteParcelSchema = z.object({
  weight: WeightKgSchema,
  length: LengthCmSchema,
  width: LengthCmSchema,
  height: LengthCmSchema,
});
export type QuoteParcel = z.infer<typeof QuoteParcelSchema>;

/** `POST /api/ProductInfo/QueryQuote` */
export const QuoteRequestSchema = z.object({
  countryCode: CountryCodeSchema,
  postalCode: z.string().trim().max(16).nullish(),
  parcels: z.array(QuoteParcelSchema).min(1).max(MAX_PARCELS_PER_SHIPMENT),
  /** Declared value of the whole shipment, minor units of `currencyCode`. */
  declaredValue: AmountMinorSchema,
  currencyCode: CurrencyCodeSchema,
  hasBattery: z.boolean(),
  extraServiceCodes: z.array(z.enum(EXTRA_SERVICE_CODES)).max(EXTRA_SERVICE_CODES.length).optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** What a breakdown line is for; `discount` lines are negative. */
export const BREAKDOWN_CODES = [
  'freight',
  'fuel',
  'superlong',
  'overweight',
  'remoteArea',
  'insurance',
  'signature',
  'discount',
] as const;
export type BreakdownCode = (typeof BREAKDOWN_CODES)[number];

export const BreakdownLineSchema = z.object({
  code: z.enum(BREAKDOWN_CODES),
  /** The line's name in the caller's language. */
  label: z.string(),
  /** Minor units, in the quote's currency; negative for a discount. */
  amount: SignedAmountMinorSchema,
  /** How the amount came about, in the caller's language ("首重 0.5 kg + 4 × 0.5 kg"). */
  detail: z.string().nullable(),
});
export type BreakdownLine = z.infer<typeof BreakdownLineSchema>;

export const QuoteUsableSchema = z.object({
  productCode: z.string(),
  /** In the caller's language. */
  productName: z.string(),
  /** Kilograms, 3 decimals: the larger of actual and volumetric weight, rounded up to the rate card's step. */
  chargeableWeight: z.number(),
  /** Minor units of `currencyCode`; equals the sum of the breakdown lines. */
  totalAmount: z.number().int(),
  currencyCode: z.string(),
  /** Working days, e.g. "5-8". */
  transitDays: z.string(),
  breakdown: z.array(BreakdownLineSchema),
});
export type QuoteUsable = z.infer<typeof QuoteUsableSchema>;

export const QuoteUnusableSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  /** Every reason the product cannot take this shipment, in the caller's language. */
  reasons: z.array(z.string()).min(1),
});
export type QuoteUnusable = z.infer<typeof QuoteUnusableSchema>;

/** Usable products sorted by `totalAmount` (then transit days, then code); unusable ones by code. */
export const QuoteAnswerSchema = z.object({
  usable: z.array(QuoteUsableSchema),
  unusable: z.array(QuoteUnusableSchema),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswerSchema>;
