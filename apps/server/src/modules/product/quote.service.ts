import type { Language } from '@portal/contracts/languages';
import type {
  BreakdownLine,
  QuoteAnswer,
  CustomsTerms,
  QuoteRequest,
  QuoteUnusable,
  QuoteUsable,
} from '@portal/contracts/product';
import { cmToMm, gramsToKg, kgToGrams } from '@portal/contracts/quantity';
import type { Db } from '../../db/database.ts';
import { invalidField } from '../../lib/errors.ts';
import { translate } from '../../lib/messages.ts';
import { localize } from '../application/application.service.ts';
import { countryCodes, listCountries } from '../reference/countries.ts';
import {
  convertMinor,
  priceShipment,
  type ExchangeRate,
  type PricingLine,
  type MessageParams,
  type PricingReason,
  type PricingShipment,
} from './pricing.ts';
import { customerCatalog, type CatalogProduct, type CustomerCatalog } from './catalog.ts';
import { toCustomerLimit, transitDays } from './product.service.ts';

/**
 * The quote (`POST ProductInfo/QueryQuote`) and the pricing of one order (`priceOrder`, used by order
 * create and submit). Both run the one pricing function over the catalog with the customer's level and
 * limits, and word its keys in the caller's language.
 */

/** The wire request (kg, cm, minor units) as the pricing function takes it (g, mm). */
export function toPricingShipment(request: QuoteRequest): PricingShipment {
  return {
    countryCode: request.countryCode,
    postalCode: request.postalCode ?? null,
    parcels: request.parcels.map((p) => ({
      weightGrams: kgToGrams(p.weight),
      lengthMm: cmToMm(p.length),
      widthMm: cmToMm(p.width),
      heightMm: cmToMm(p.height),
    })),
    declaredValue: { amount: request.declaredValue, currencyCode: request.currencyCode },
    insuredValue:
      request.insuranceValue === undefined
        ? null
        : { amount: request.insuranceValue, currencyCode: request.currencyCode },
    hasBattery: request.hasBattery,
    extraServiceCodes: request.extraServiceCodes ?? [],
    customsTerms: request.customsTerms ?? null,
    iossNumber: request.iossNumber,
  };
}

/** A reason in the reader's language (a country code in its params becomes the country's name). */
export function wordReason(reason: UnwordedReason, language: Language): string {
  const params = { ...reason.params };
  if (typeof params.country === 'string') {
    const code = params.country;
    params.country = listCountries(language).find((c) => c.code === code)?.name[language] ?? code;
  }
  return translate(language, reason.key, params);
}

/** A pricing line in the caller's language. Orders store the unworded lines and word them when read. */
export function wordLine(line: PricingLine, language: Language): BreakdownLine {
  return {
    code: line.code,
    label: translate(language, `product.line.${line.code}`),
    amount: line.amount,
    detail: line.detail ? translate(language, line.detail.key, line.detail.params) : null,
  };
}

interface CustomerPricing {
  levelDiscountPercent: number;
  exchangeRates: Readonly<Record<string, ExchangeRate>>;
}

const pricingOf = (customer: CustomerCatalog): CustomerPricing => ({
  levelDiscountPercent: customer.levelDiscountPercent,
  exchangeRates: customer.catalog.exchangeRates,
});

type Priced =
  | {
      ok: true;
      usable: QuoteUsable;
      cnyAmount: number;
      chargeableWeightGrams: number;
      volumetricWeightGrams: number;
      lines: PricingLine[];
    }
  | { ok: false; unusable: QuoteUnusable; unworded: PricingReason[] };

function priceProduct(
  product: CatalogProduct,
  shipment: PricingShipment,
  limit: Parameters<typeof toCustomerLimit>[0],
  pricing: CustomerPricing,
  language: Language,
): Priced {
  const productName = localize(product.row.name, language);
  const result = priceShipment(product.pricing, shipment, {
    levelDiscountPercent: pricing.levelDiscountPercent,
    customerLimit: toCustomerLimit(limit),
    exchangeRates: pricing.exchangeRates,
  });
  if (!result.ok) {
    return {
      ok: false,
      unusable: {
        productCode: product.row.code,
        productName,
        reasons: result.reasons.map((r) => wordReason(r, language)),
      },
      unworded: result.reasons,
    };
  }
  return {
    ok: true,
    cnyAmount:
      convertMinor(result.totalAmount, result.currencyCode, 'CNY', pricing.exchangeRates) ??
      result.totalAmount,
    chargeableWeightGrams: result.chargeableWeightGrams,
    volumetricWeightGrams: result.volumetricWeightGrams,
    lines: result.breakdown,
    usable: {
      productCode: product.row.code,
      productName,
      chargeableWeight: gramsToKg(result.chargeableWeightGrams),
      totalAmount: result.totalAmount,
      currencyCode: result.currencyCode,
      transitDays: transitDays(product.row.transit_days_min, product.row.transit_days_max),
      breakdown: result.breakdown.map((line) => wordLine(line, language)),
    },
  };
}

/** Refuses a country or currency the portal does not know (the schema checked only their shape). */
function checkReferences(request: QuoteRequest, rates: CustomerPricing['exchangeRates']) {
  if (!countryCodes().has(request.countryCode)) throw invalidField('countryCode', 'quantity.countryCode');
  if (!rates[request.currencyCode]) throw invalidField('currencyCode', 'quantity.currencyCode');
}

/**
 * Every product the customer may use, priced for this shipment: usable ones sorted by price (in CNY when
 * currencies differ), then transit days, then code; unusable ones by code with every reason. Products
 * hidden for the customer do not appear at all.
 */
export async function quoteShipment(
  db: Db,
  auth: { customerId: string },
  request: QuoteRequest,
  language: Language,
): Promise<QuoteAnswer> {
  const customer = await customerCatalog(db, auth.customerId);
  const { catalog, limits } = customer;
  const pricing = pricingOf(customer);
  checkReferences(request, pricing.exchangeRates);
  const limitOf = new Map(limits.map((l) => [l.product_id, l]));
  const shipment = toPricingShipment(request);
  const usable: (QuoteUsable & { cnyAmount: number; transitMin: number })[] = [];
  const unusable: QuoteUnusable[] = [];
  for (const product of catalog.products) {
    const limit = limitOf.get(product.row.id);
    if (limit?.is_hidden === 1) continue;
    const priced = priceProduct(product, shipment, limit, pricing, language);
    if (priced.ok) {
      usable.push({
        ...priced.usable,
        cnyAmount: priced.cnyAmount,
        transitMin: product.row.transit_days_min,
      });
    } else {
      unusable.push(priced.unusable);
    }
  }
  usable.sort(
    (a, b) =>
      a.cnyAmount - b.cnyAmount ||
      a.transitMin - b.transitMin ||
      (a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0),
  );
  unusable.sort((a, b) => (a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0));
  return {
    usable: usable.map(({ cnyAmount: _cny, transitMin: _min, ...entry }) => entry),
    unusable,
  };
}

export type PriceOrderResult =
  | {
      ok: true;
      usable: QuoteUsable;
      /** The breakdown before wording, which an order stores so it reads in each reader's language. */
      lines: PricingLine[];
      /** The customs terms the product offers (an order that names none takes the only one offered). */
      offeredCustomsTerms: readonly CustomsTerms[];
      chargeableWeightGrams: number;
      volumetricWeightGrams: number;
    }
  | {
      ok: false;
      reasons: string[];
      /** The same reasons unworded (key and params), for a reader in another language (`wordReason`). */
      unworded: UnwordedReason[];
    };

/** A reason a product cannot carry an order, before wording: a pricing reason or an availability key. */
export interface UnwordedReason {
  key: string;
  params: MessageParams;
}

/** Prices one order on one product, with everything it needs already loaded (see `loadOrderPricer`). */
export type OrderPricer = (productCode: string, request: QuoteRequest) => PriceOrderResult;

/**
 * The customer's catalogue, limits, level and exchange rates (one statement while the catalogue is
 * unchanged, catalog.ts) as a synchronous pricer: what a batch of thousands of orders (issue 12) prices
 * with, without a query per order. A product that is unknown, disabled or hidden for the customer is not
 * ok, with a reason. Pass the order's `customsTerms` and its `iossNumber ?? null` in the request so those
 * are checked too (absent means "not checked").
 */
export async function loadOrderPricer(db: Db, customerId: string, language: Language): Promise<OrderPricer> {
  return orderPricerFor(await customerCatalog(db, customerId), language);
}

/** `loadOrderPricer` over a customer's catalogue already read. */
export function orderPricerFor(customer: CustomerCatalog, language: Language): OrderPricer {
  const pricing = pricingOf(customer);
  const products = new Map(customer.catalog.products.map((product) => [product.row.code, product]));
  const limitOf = new Map(customer.limits.map((limit) => [limit.product_id, limit]));
  const countries = countryCodes();
  return (productCode, request) => {
    const product = products.get(productCode);
    const limit = product ? limitOf.get(product.row.id) : undefined;
    const refused = (key: string) => ({
      ok: false as const,
      reasons: [translate(language, key)],
      unworded: [{ key, params: {} }],
    });
    if (!product || limit?.is_hidden === 1) return refused('product.reason.unavailable');
    if (!countries.has(request.countryCode)) return refused('quantity.countryCode');
    if (!pricing.exchangeRates[request.currencyCode]) return refused('quantity.currencyCode');
    const priced = priceProduct(product, toPricingShipment(request), limit, pricing, language);
    if (!priced.ok) return { ok: false, reasons: priced.unusable.reasons, unworded: priced.unworded };
    return {
      ok: true,
      usable: priced.usable,
      lines: priced.lines,
      offeredCustomsTerms: product.pricing.customsTerms,
      chargeableWeightGrams: priced.chargeableWeightGrams,
      volumetricWeightGrams: priced.volumetricWeightGrams,
    };
  };
}

/** The price of one order on one product, for order create and submit. */
export async function priceOrder(
  db: Db,
  customerId: string,
  productCode: string,
  request: QuoteRequest,
  language: Language,
): Promise<PriceOrderResult> {
  return (await loadOrderPricer(db, customerId, language))(productCode, request);
}
