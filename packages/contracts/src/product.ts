import { z } from 'zod';
import { ADDRESS_FIELD_LABELS, ADDRESS_FIELD_MAX } from './address.ts';
import {
  AmountMinorSchema,
  CountryCodeSchema,
  CurrencyCodeSchema,
  LengthCmSchema,
  SignedAmountMinorSchema,
  WeightKgSchema,
} from './quantity.ts';
import { optionalTextField } from './text.ts';

const LocalizedTextSchema = z.object({ 'zh-CN': z.string(), 'en-US': z.string(), 'zh-TW': z.string() });

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
  /** Decides the remote-area surcharge; a stored-text field (control characters refused). */
  postalCode: optionalTextField({
    max: ADDRESS_FIELD_MAX.postalCode,
    label: ADDRESS_FIELD_LABELS.postalCode,
  }),
  parcels: z.array(QuoteParcelSchema).min(1).max(MAX_PARCELS_PER_SHIPMENT),
  /** Declared value of the whole shipment, minor units of `currencyCode`. */
  declaredValue: AmountMinorSchema,
  currencyCode: CurrencyCodeSchema,
  hasBattery: z.boolean(),
  extraServiceCodes: z.array(z.enum(EXTRA_SERVICE_CODES)).max(EXTRA_SERVICE_CODES.length).optional(),
  /** When given, products that do not offer these terms are unusable; absent: not checked. */
  customsTerms: z.enum(CUSTOMS_TERMS).optional(),
  /**
   * When given (even empty), a product that requires an IOSS number is unusable without one; absent: not
   * checked yet (a quote before the customs fields are filled).
   */
  iossNumber: z
    .string()
    .trim()
    .max(12)
    .regex(/^[A-Za-z0-9]*$/)
    .nullable()
    .optional(),
  /** Insured value for INSURANCE, minor units of `currencyCode`; the declared value when absent. */
  insuranceValue: AmountMinorSchema.optional(),
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

// ---------------------------------------------------------------------------------------------------
// Reference calls of section 7 "Other endpoints": answers (GET, no parameters, like other reference data)
// ---------------------------------------------------------------------------------------------------

/** An extra service a product offers, with its rule and price (minor units of the product's currency). */
export const ProductExtraServiceSchema = z.object({
  productCode: z.string(),
  serviceCode: z.enum(EXTRA_SERVICE_CODES),
  name: z.string(),
  names: LocalizedTextSchema,
  /** Applied by rule (superlong, overweight, remote area) or only when asked (insurance, signature). */
  isOptional: z.boolean(),
  currencyCode: z.string(),
  /** SUPERLONG: longest side above this, cm. */
  thresholdCm: z.number().nullable(),
  /** OVERWEIGHT: parcel weight above this, kg. */
  thresholdKg: z.number().nullable(),
  /** Fixed amount: per parcel (superlong, overweight), else per shipment; the minimum of remote area. */
  amount: z.number().int(),
  /** REMOTE_AREA: per kg of chargeable weight. */
  perKgAmount: z.number().int(),
  /** INSURANCE: basis points of the insured value (100 = 1 %), at least `minAmount`. */
  rateBp: z.number().int(),
  minAmount: z.number().int(),
  /** REMOTE_AREA: how many postal-code ranges are listed. */
  remotePostcodeRanges: z.number().int(),
});
export type ProductExtraService = z.infer<typeof ProductExtraServiceSchema>;

/** `GET ProductInfo/QueryAll`: the products the caller's customer may use, with its own limits applied. */
export const ProductInfoSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  names: LocalizedTextSchema,
  /** Working days, e.g. "5-8". */
  transitDays: z.string(),
  transitDaysMin: z.number().int(),
  transitDaysMax: z.number().int(),
  /** cm³ per kg; null: charged on actual weight only. */
  volumetricDivisor: z.number().int().nullable(),
  currencyCode: z.string(),
  countryCodes: z.array(z.string()),
  maxParcelWeight: z.number(),
  maxShipmentWeight: z.number(),
  /** cm */
  maxLongestSide: z.number().nullable(),
  /** cm: length + 2 × (width + height). */
  maxGirth: z.number().nullable(),
  maxParcels: z.number().int(),
  /** Minor units of `declaredValueCurrency`. */
  maxDeclaredValue: z.number().int().nullable(),
  declaredValueCurrency: z.string().nullable(),
  allowsBattery: z.boolean(),
  customsTerms: z.array(z.enum(CUSTOMS_TERMS)),
  requiresIoss: z.boolean(),
  /** Basis points of freight (1250 = 12.5 %). */
  fuelSurchargeBp: z.number().int(),
  extraServices: z.array(ProductExtraServiceSchema),
});
export type ProductInfo = z.infer<typeof ProductInfoSchema>;

/** `GET CustomerProductLimit/Query`: the caller's own limits per product (null: the product's). */
export const CustomerProductLimitSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  isHidden: z.boolean(),
  maxParcelWeight: z.number().nullable(),
  maxShipmentWeight: z.number().nullable(),
  maxLongestSide: z.number().nullable(),
  maxParcels: z.number().int().nullable(),
  maxDeclaredValue: z.number().int().nullable(),
  declaredValueCurrency: z.string().nullable(),
  /** Replaces the level's discount on this product. */
  discountPercent: z.number().int().nullable(),
});
export type CustomerProductLimit = z.infer<typeof CustomerProductLimitSchema>;

/** `GET CustomerLevel/Query`: every level, the caller's marked. */
export const CustomerLevelSchema = z.object({
  code: z.string(),
  name: z.string(),
  names: LocalizedTextSchema,
  discountPercent: z.number().int(),
  isCurrent: z.boolean(),
});
export type CustomerLevel = z.infer<typeof CustomerLevelSchema>;

/** `GET SystemIssueKind/QueryEnabled`: the kinds an order exception names. */
export const IssueKindSchema = z.object({
  code: z.string(),
  name: z.string(),
  names: LocalizedTextSchema,
});
export type IssueKind = z.infer<typeof IssueKindSchema>;
