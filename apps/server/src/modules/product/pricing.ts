import {
  ExtraServiceCode,
  OPTIONAL_EXTRA_SERVICE_CODES,
  type BreakdownCode,
  type CustomsTerms,
} from '@portal/contracts/product';

/**
 * THE pricing function: one pure function used by the quote, by order submit, and later by batch import and
 * operations re-pricing. No database, no clock, no language: the caller loads the product and the context
 * and words the reasons and details (message keys + params) in its caller's language.
 *
 * Units: weights integer grams, lengths integer millimetres, money integer minor units of a named currency,
 * rates integer basis points (1 bp = 0.01 %), discounts whole percent.
 *
 * Rules:
 * - Volumetric weight of a parcel = L × W × H (mm³) ÷ divisor (cm³/kg) — which is grams, since
 *   mm³ ÷ 1000 = cm³ and kg × 1000 = g — rounded UP to the gram. A product without a divisor (postal small
 *   packets) charges actual weight only.
 * - Chargeable weight is taken PER PARCEL (the larger of its actual and volumetric weight) and summed, as
 *   express carriers bill multi-piece shipments: a heavy small box cannot hide a light bulky one. The sum is
 *   then rounded UP to the rate card's step: at least the first weight, then whole steps above it.
 * - The rate band is the zone's first band whose max_weight_g is at least the unrounded chargeable weight.
 * - Freight = first price + steps × step price. Fuel surcharge = freight × fuel bp.
 * - SUPERLONG: per parcel whose longest side exceeds the threshold. OVERWEIGHT: per parcel whose actual
 *   weight exceeds the threshold. REMOTE_AREA: when the postal code falls in a listed range, the larger of
 *   the fixed amount and per-kg × chargeable kg. These three apply by rule.
 * - INSURANCE (when asked): insured value (the declared value unless given), converted to the rate card's
 *   currency, × rate bp, at least the minimum. SIGNATURE (when asked): fixed.
 * - Discount: the customer product limit's own percent when it has one, else the customer level's percent,
 *   on freight + fuel (the transport charge; extra services are passed on at cost). A negative line.
 *
 * ROUNDING RULE: every line is computed from integers and rounded HALF UP to the minor unit once, at the
 * line (a discount is rounded as a positive amount, then negated); the total is the exact sum of the
 * lines, so the breakdown always adds up to the total. Currency conversion (declared or insured value into
 * another currency) rounds half up to the target's minor unit.
 *
 * Limits: the customer product limit narrows the product's limits (the smaller wins; never widens). A
 * shipment that breaks limits gets EVERY reason, each once (one reason naming all offending parcels).
 */

export interface Money {
  amount: number;
  currencyCode: string;
}

export interface RateBand {
  zone: string;
  /** The band prices chargeable weights up to this weight (inclusive). */
  maxWeightGrams: number;
  firstWeightGrams: number;
  firstPrice: number;
  stepWeightGrams: number;
  stepPrice: number;
}

/** A postal-code range: a code matches when its first `from.length` characters sort within [from, to]. */
export interface PostcodeRange {
  countryCode: string;
  from: string;
  to: string;
}

export type PricingExtraService =
  | { code: typeof ExtraServiceCode.Superlong; thresholdMm: number; amount: number }
  | { code: typeof ExtraServiceCode.Overweight; thresholdGrams: number; amount: number }
  | {
      code: typeof ExtraServiceCode.RemoteArea;
      amount: number;
      perKgAmount: number;
      postcodes: readonly PostcodeRange[];
    }
  | { code: typeof ExtraServiceCode.Insurance; rateBp: number; minAmount: number }
  | { code: typeof ExtraServiceCode.Signature; amount: number };

export interface PricingLimits {
  maxParcelWeightGrams: number;
  maxShipmentWeightGrams: number;
  maxLongestSideMm: number | null;
  /** Length + 2 × (width + height). */
  maxGirthMm: number | null;
  maxParcels: number;
  /** In `declaredValueCurrency`. */
  maxDeclaredValue: number | null;
}

export interface PricingProduct {
  code: string;
  /** The rate card's currency: every amount of the result is in it. */
  currencyCode: string;
  /** cm³ per kg; null charges actual weight only. */
  volumetricDivisor: number | null;
  limits: PricingLimits;
  declaredValueCurrency: string | null;
  allowsBattery: boolean;
  customsTerms: readonly CustomsTerms[];
  requiresIoss: boolean;
  fuelSurchargeBp: number;
  /** Destination country → zone of the rate card. */
  zones: Readonly<Record<string, string>>;
  rates: readonly RateBand[];
  extraServices: readonly PricingExtraService[];
}

export interface PricingParcel {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

export interface PricingShipment {
  countryCode: string;
  postalCode?: string | null;
  parcels: readonly PricingParcel[];
  declaredValue: Money;
  /** Value to insure when INSURANCE is asked for; the declared value when absent. */
  insuredValue?: Money | null;
  hasBattery: boolean;
  /** Optional services asked for; services that apply by rule are ignored here. */
  extraServiceCodes?: readonly ExtraServiceCode[];
  /** Checked against the product's offer when given; undefined or null: not checked (a quote before the choice). */
  customsTerms?: CustomsTerms | null;
  /** undefined: not known yet (a quote), not checked. null or blank: none, refused by a product that requires one. */
  iossNumber?: string | null;
}

/** Narrowed limits and a negotiated discount of one customer on one product (null: the product's own). */
export interface CustomerLimit {
  maxParcelWeightGrams: number | null;
  maxShipmentWeightGrams: number | null;
  maxLongestSideMm: number | null;
  maxParcels: number | null;
  maxDeclaredValue: number | null;
  discountPercent: number | null;
}

export interface ExchangeRate {
  /** CNY for one unit × EXCHANGE_RATE_SCALE. */
  rateToCnyMicros: number;
  /** Digits after the decimal point. */
  minorUnits: number;
}

export interface PricingContext {
  /** The customer level's discount, whole percent. */
  levelDiscountPercent: number;
  customerLimit?: CustomerLimit | null;
  exchangeRates: Readonly<Record<string, ExchangeRate>>;
}

export type MessageParams = Record<string, string | number>;

export const PricingReasonKey = {
  ParcelCount: 'product.reason.parcelCount',
  ParcelWeight: 'product.reason.parcelWeight',
  ShipmentWeight: 'product.reason.shipmentWeight',
  LongestSide: 'product.reason.longestSide',
  Girth: 'product.reason.girth',
  DeclaredValue: 'product.reason.declaredValue',
  Battery: 'product.reason.battery',
  CountryNotServed: 'product.reason.countryNotServed',
  NoRate: 'product.reason.noRate',
  CustomsTerms: 'product.reason.customsTerms',
  IossRequired: 'product.reason.iossRequired',
  InsuranceNotOffered: 'product.reason.insuranceNotOffered',
  SignatureNotOffered: 'product.reason.signatureNotOffered',
  CurrencyUnknown: 'product.reason.currencyUnknown',
} as const;
export type PricingReasonKey = (typeof PricingReasonKey)[keyof typeof PricingReasonKey];

export interface PricingReason {
  key: PricingReasonKey;
  params: MessageParams;
}

export const PricingDetailKey = {
  FreightFirst: 'product.detail.freightFirst',
  FreightSteps: 'product.detail.freightSteps',
  Fuel: 'product.detail.fuel',
  Superlong: 'product.detail.superlong',
  Overweight: 'product.detail.overweight',
  RemoteArea: 'product.detail.remoteArea',
  Insurance: 'product.detail.insurance',
  LevelDiscount: 'product.detail.levelDiscount',
  ProductDiscount: 'product.detail.productDiscount',
} as const;
export type PricingDetailKey = (typeof PricingDetailKey)[keyof typeof PricingDetailKey];

export interface PricingLine {
  code: BreakdownCode;
  /** Minor units of the result's currency; negative for a discount. */
  amount: number;
  detail: { key: PricingDetailKey; params: MessageParams } | null;
}

export type PricingResult =
  | {
      ok: true;
      currencyCode: string;
      /** The exact sum of the breakdown lines. */
      totalAmount: number;
      /** Rounded up to the rate card's step. */
      chargeableWeightGrams: number;
      /** Σ per-parcel volumetric weights (0 without a divisor). */
      volumetricWeightGrams: number;
      actualWeightGrams: number;
      zone: string;
      breakdown: PricingLine[];
    }
  | { ok: false; reasons: PricingReason[] };

// ---------------------------------------------------------------------------------------------------
// Integer arithmetic
// ---------------------------------------------------------------------------------------------------

/** round(a × b ÷ c), half up, for a, b ≥ 0 and c > 0; exact for any safe integers (BigInt inside). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const numerator = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(numerator / (BigInt(c) * 2n));
}

/** ceil(a ÷ b) for a ≥ 0, b > 0. */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

/**
 * An amount in another currency, rounded half up to the target's minor unit; null when either currency
 * has no rate. amount × rateFrom × 10^minorTo ÷ (rateTo × 10^minorFrom).
 */
export function convertMinor(
  amount: number,
  from: string,
  to: string,
  rates: Readonly<Record<string, ExchangeRate>>,
): number | null {
  if (from === to) return amount;
  const source = rates[from];
  const target = rates[to];
  if (!source || !target) return null;
  const numerator = BigInt(amount) * BigInt(source.rateToCnyMicros) * 10n ** BigInt(target.minorUnits);
  const denominator = BigInt(target.rateToCnyMicros) * 10n ** BigInt(source.minorUnits);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** "150.00 EUR": language-neutral, for reason params. */
export function formatMoney(
  amount: number,
  currencyCode: string,
  rates: Readonly<Record<string, ExchangeRate>>,
) {
  const digits = rates[currencyCode]?.minorUnits ?? 2;
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 10 ** digits);
  const fraction = digits > 0 ? `.${String(abs % 10 ** digits).padStart(digits, '0')}` : '';
  return `${sign}${whole}${fraction} ${currencyCode}`;
}

/** Grams as kg without trailing zeros: 500 → "0.5", 30000 → "30". */
export const kg = (grams: number) => String(grams / 1000);
/** Millimetres as cm: 1200 → "120", 1205 → "120.5". */
export const cm = (mm: number) => String(mm / 10);
/** Basis points as a percent: 1250 → "12.5%". */
export const percentOfBp = (bp: number) => `${bp / 100}%`;

/** Upper case without spaces or hyphens: "sw1a 1aa" → "SW1A1AA". */
export const normalizePostcode = (postalCode: string) => postalCode.toUpperCase().replace(/[\s-]/g, '');

export function postcodeMatches(postalCode: string, range: PostcodeRange): boolean {
  const code = normalizePostcode(postalCode);
  if (!code) return false;
  return code.slice(0, range.from.length) >= range.from && code.slice(0, range.to.length) <= range.to;
}

/** The volumetric weight of one parcel in grams, rounded up; 0 without a divisor. */
export function volumetricGrams(parcel: PricingParcel, divisor: number | null): number {
  if (!divisor) return 0;
  return ceilDiv(parcel.lengthMm * parcel.widthMm * parcel.heightMm, divisor);
}

/** Length + 2 × (width + height), the length being the longest side. */
export function girthMm(parcel: PricingParcel): number {
  const [longest = 0, middle = 0, shortest = 0] = [parcel.lengthMm, parcel.widthMm, parcel.heightMm].sort(
    (a, b) => b - a,
  );
  return longest + 2 * (middle + shortest);
}

const longestSideMm = (parcel: PricingParcel) => Math.max(parcel.lengthMm, parcel.widthMm, parcel.heightMm);

/** The chargeable weight rounded up to the band: at least the first weight, then whole steps. */
export function roundToBand(grams: number, band: RateBand): { grams: number; steps: number } {
  if (grams <= band.firstWeightGrams) return { grams: band.firstWeightGrams, steps: 0 };
  const steps = ceilDiv(grams - band.firstWeightGrams, band.stepWeightGrams);
  return { grams: band.firstWeightGrams + steps * band.stepWeightGrams, steps };
}

/** The product's limits narrowed by the customer's (the smaller of each wins). */
export function effectiveLimits(
  limits: PricingLimits,
  customer: CustomerLimit | null | undefined,
): PricingLimits {
  if (!customer) return limits;
  const narrow = (own: number, theirs: number | null) => (theirs === null ? own : Math.min(own, theirs));
  const narrowNullable = (own: number | null, theirs: number | null) =>
    theirs === null ? own : own === null ? theirs : Math.min(own, theirs);
  return {
    maxParcelWeightGrams: narrow(limits.maxParcelWeightGrams, customer.maxParcelWeightGrams),
    maxShipmentWeightGrams: narrow(limits.maxShipmentWeightGrams, customer.maxShipmentWeightGrams),
    maxLongestSideMm: narrowNullable(limits.maxLongestSideMm, customer.maxLongestSideMm),
    maxGirthMm: limits.maxGirthMm,
    maxParcels: narrow(limits.maxParcels, customer.maxParcels),
    maxDeclaredValue: narrowNullable(limits.maxDeclaredValue, customer.maxDeclaredValue),
  };
}

/** 1-based numbers of the parcels that match: "1, 3". */
const parcelNumbers = (parcels: readonly PricingParcel[], test: (parcel: PricingParcel) => boolean) =>
  parcels.flatMap((parcel, index) => (test(parcel) ? [index + 1] : [])).join(', ');

// ---------------------------------------------------------------------------------------------------
// The function
// ---------------------------------------------------------------------------------------------------

export function priceShipment(
  product: PricingProduct,
  shipment: PricingShipment,
  context: PricingContext,
): PricingResult {
  const reasons: PricingReason[] = [];
  const reason = (key: PricingReasonKey, params: MessageParams = {}) => reasons.push({ key, params });
  const limits = effectiveLimits(product.limits, context.customerLimit);
  const { parcels } = shipment;
  const rates = context.exchangeRates;

  if (parcels.length > limits.maxParcels) {
    reason(PricingReasonKey.ParcelCount, { count: parcels.length, limit: limits.maxParcels });
  }
  const heavy = parcelNumbers(parcels, (p) => p.weightGrams > limits.maxParcelWeightGrams);
  if (heavy)
    reason(PricingReasonKey.ParcelWeight, { parcels: heavy, limit: kg(limits.maxParcelWeightGrams) });

  const actualWeightGrams = parcels.reduce((sum, p) => sum + p.weightGrams, 0);
  const volumetricWeights = parcels.map((p) => volumetricGrams(p, product.volumetricDivisor));
  const volumetricWeightGrams = volumetricWeights.reduce((sum, w) => sum + w, 0);
  const rawChargeable = parcels.reduce(
    (sum, p, i) => sum + Math.max(p.weightGrams, volumetricWeights[i]!),
    0,
  );
  const overShipmentWeight = rawChargeable > limits.maxShipmentWeightGrams;
  if (overShipmentWeight) {
    reason(PricingReasonKey.ShipmentWeight, {
      weight: kg(rawChargeable),
      limit: kg(limits.maxShipmentWeightGrams),
    });
  }
  const { maxLongestSideMm, maxGirthMm } = limits;
  if (maxLongestSideMm !== null) {
    const long = parcelNumbers(parcels, (p) => longestSideMm(p) > maxLongestSideMm);
    if (long) reason(PricingReasonKey.LongestSide, { parcels: long, limit: cm(maxLongestSideMm) });
  }
  if (maxGirthMm !== null) {
    const wide = parcelNumbers(parcels, (p) => girthMm(p) > maxGirthMm);
    if (wide) reason(PricingReasonKey.Girth, { parcels: wide, limit: cm(maxGirthMm) });
  }
  if (limits.maxDeclaredValue !== null && product.declaredValueCurrency) {
    const { amount, currencyCode } = shipment.declaredValue;
    const converted = convertMinor(amount, currencyCode, product.declaredValueCurrency, rates);
    if (converted === null) {
      reason(PricingReasonKey.CurrencyUnknown, { currency: currencyCode });
    } else if (converted > limits.maxDeclaredValue) {
      reason(PricingReasonKey.DeclaredValue, {
        value: formatMoney(amount, currencyCode, rates),
        limit: formatMoney(limits.maxDeclaredValue, product.declaredValueCurrency, rates),
      });
    }
  }
  if (shipment.hasBattery && !product.allowsBattery) reason(PricingReasonKey.Battery);
  const zone = product.zones[shipment.countryCode];
  if (zone === undefined) reason(PricingReasonKey.CountryNotServed, { country: shipment.countryCode });
  if (shipment.customsTerms && !product.customsTerms.includes(shipment.customsTerms)) {
    reason(PricingReasonKey.CustomsTerms, {
      terms: shipment.customsTerms,
      offered: product.customsTerms.join(' / '),
    });
  }
  if (product.requiresIoss && shipment.iossNumber !== undefined && !shipment.iossNumber?.trim()) {
    reason(PricingReasonKey.IossRequired);
  }
  const asked = new Set(
    (shipment.extraServiceCodes ?? []).filter((code) =>
      (OPTIONAL_EXTRA_SERVICE_CODES as readonly string[]).includes(code),
    ),
  );
  const service = <C extends ExtraServiceCode>(code: C) =>
    product.extraServices.find((s): s is Extract<PricingExtraService, { code: C }> => s.code === code);
  if (asked.has(ExtraServiceCode.Insurance) && !service(ExtraServiceCode.Insurance)) {
    reason(PricingReasonKey.InsuranceNotOffered);
  }
  if (asked.has(ExtraServiceCode.Signature) && !service(ExtraServiceCode.Signature)) {
    reason(PricingReasonKey.SignatureNotOffered);
  }
  const insurance = asked.has(ExtraServiceCode.Insurance) ? service(ExtraServiceCode.Insurance) : undefined;
  const insured = shipment.insuredValue ?? shipment.declaredValue;
  const insuredInCurrency = insurance
    ? convertMinor(insured.amount, insured.currencyCode, product.currencyCode, rates)
    : null;
  if (insurance && insuredInCurrency === null) {
    reason(PricingReasonKey.CurrencyUnknown, { currency: insured.currencyCode });
  }

  let band: RateBand | undefined;
  if (zone !== undefined) {
    band = product.rates
      .filter((r) => r.zone === zone)
      .sort((a, b) => a.maxWeightGrams - b.maxWeightGrams)
      .find((r) => r.maxWeightGrams >= rawChargeable);
    // Past the heaviest band the shipment-weight reason (when it applies) already says why.
    if (!band && !overShipmentWeight) reason(PricingReasonKey.NoRate, { weight: kg(rawChargeable) });
  }
  if (reasons.length > 0 || !band || zone === undefined) return { ok: false, reasons };

  const breakdown: PricingLine[] = [];
  const chargeable = roundToBand(rawChargeable, band);
  const freight = band.firstPrice + chargeable.steps * band.stepPrice;
  breakdown.push({
    code: 'freight',
    amount: freight,
    detail:
      chargeable.steps === 0
        ? { key: PricingDetailKey.FreightFirst, params: { first: kg(band.firstWeightGrams) } }
        : {
            key: PricingDetailKey.FreightSteps,
            params: {
              first: kg(band.firstWeightGrams),
              steps: chargeable.steps,
              step: kg(band.stepWeightGrams),
            },
          },
  });
  const fuel = mulDivHalfUp(freight, product.fuelSurchargeBp, 10_000);
  if (product.fuelSurchargeBp > 0) {
    breakdown.push({
      code: 'fuel',
      amount: fuel,
      detail: { key: PricingDetailKey.Fuel, params: { rate: percentOfBp(product.fuelSurchargeBp) } },
    });
  }

  const superlong = service(ExtraServiceCode.Superlong);
  if (superlong) {
    const count = parcels.filter((p) => longestSideMm(p) > superlong.thresholdMm).length;
    if (count > 0) {
      breakdown.push({
        code: 'superlong',
        amount: count * superlong.amount,
        detail: { key: PricingDetailKey.Superlong, params: { count, threshold: cm(superlong.thresholdMm) } },
      });
    }
  }
  const overweight = service(ExtraServiceCode.Overweight);
  if (overweight) {
    const count = parcels.filter((p) => p.weightGrams > overweight.thresholdGrams).length;
    if (count > 0) {
      breakdown.push({
        code: 'overweight',
        amount: count * overweight.amount,
        detail: {
          key: PricingDetailKey.Overweight,
          params: { count, threshold: kg(overweight.thresholdGrams) },
        },
      });
    }
  }
  const remote = service(ExtraServiceCode.RemoteArea);
  const postalCode = shipment.postalCode?.trim();
  if (
    remote &&
    postalCode &&
    remote.postcodes.some((r) => r.countryCode === shipment.countryCode && postcodeMatches(postalCode, r))
  ) {
    breakdown.push({
      code: 'remoteArea',
      amount: Math.max(remote.amount, mulDivHalfUp(remote.perKgAmount, chargeable.grams, 1000)),
      detail: { key: PricingDetailKey.RemoteArea, params: { postalCode: normalizePostcode(postalCode) } },
    });
  }
  if (insurance && insuredInCurrency !== null) {
    breakdown.push({
      code: 'insurance',
      amount: Math.max(insurance.minAmount, mulDivHalfUp(insuredInCurrency, insurance.rateBp, 10_000)),
      detail: {
        key: PricingDetailKey.Insurance,
        params: {
          value: formatMoney(insured.amount, insured.currencyCode, rates),
          rate: percentOfBp(insurance.rateBp),
        },
      },
    });
  }
  const signature = asked.has(ExtraServiceCode.Signature) ? service(ExtraServiceCode.Signature) : undefined;
  if (signature) breakdown.push({ code: 'signature', amount: signature.amount, detail: null });

  const negotiated = context.customerLimit?.discountPercent ?? null;
  const discountPercent = negotiated ?? context.levelDiscountPercent;
  if (discountPercent > 0) {
    breakdown.push({
      code: 'discount',
      amount: 0 - mulDivHalfUp(freight + fuel, discountPercent, 100),
      detail: {
        key: negotiated === null ? PricingDetailKey.LevelDiscount : PricingDetailKey.ProductDiscount,
        params: { percent: discountPercent },
      },
    });
  }

  return {
    ok: true,
    currencyCode: product.currencyCode,
    totalAmount: breakdown.reduce((sum, line) => sum + line.amount, 0),
    chargeableWeightGrams: chargeable.grams,
    volumetricWeightGrams,
    actualWeightGrams,
    zone,
    breakdown,
  };
}
