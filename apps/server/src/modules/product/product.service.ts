import type { Language, LocalizedText } from '@portal/contracts/languages';
import {
  EXTRA_SERVICE_CODES,
  OPTIONAL_EXTRA_SERVICE_CODES,
  type CustomerLevel,
  type CustomerProductLimit,
  type ExtraServiceCode,
  type IssueKind,
  type ProductExtraService,
  type ProductInfo,
} from '@portal/contracts/product';
import { gramsToKg, mmToCm } from '@portal/contracts/quantity';
import type { Db } from '../../db/database.ts';
import type { CustomerProductLimitsTable } from '../../db/schema.ts';
import { localize } from '../application/application.service.ts';
import { currentCatalog, customerCatalog, type CatalogProduct } from './catalog.ts';
import type { CustomerLimit } from './pricing.ts';
import './product.messages.ts';
import * as repo from './product.repository.ts';

const names = (stored: string) => JSON.parse(stored) as LocalizedText;

const isServiceCode = (code: string): code is ExtraServiceCode =>
  (EXTRA_SERVICE_CODES as readonly string[]).includes(code);

export function toCustomerLimit(row: CustomerProductLimitsTable | undefined): CustomerLimit | null {
  if (!row) return null;
  return {
    maxParcelWeightGrams: row.max_parcel_weight_g,
    maxShipmentWeightGrams: row.max_shipment_weight_g,
    maxLongestSideMm: row.max_longest_side_mm,
    maxParcels: row.max_parcels,
    maxDeclaredValue: row.max_declared_value,
    discountPercent: row.discount_percent,
  };
}

export const transitDays = (min: number, max: number) => (min === max ? String(min) : `${min}-${max}`);

function extraServiceAnswer(
  product: CatalogProduct,
  service: CatalogProduct['services'][number],
  language: Language,
) {
  const { row } = service;
  if (!isServiceCode(row.service_code)) return null;
  return {
    productCode: product.row.code,
    serviceCode: row.service_code,
    name: localize(row.name, language),
    names: names(row.name),
    isOptional: (OPTIONAL_EXTRA_SERVICE_CODES as readonly string[]).includes(row.service_code),
    currencyCode: product.row.currency_code,
    thresholdCm: row.threshold_mm === null ? null : mmToCm(row.threshold_mm),
    thresholdKg: row.threshold_g === null ? null : gramsToKg(row.threshold_g),
    amount: row.amount,
    perKgAmount: row.per_kg_amount,
    rateBp: row.rate_bp,
    minAmount: row.min_amount,
    remotePostcodeRanges: service.remoteRanges,
  } satisfies ProductExtraService;
}

/** The products the customer may use (hidden ones left out), its narrowed limits applied. */
export async function listProducts(db: Db, customerId: string, language: Language): Promise<ProductInfo[]> {
  const { catalog, limits } = await customerCatalog(db, customerId);
  const limitOf = new Map(limits.map((l) => [l.product_id, l]));
  return catalog.products.flatMap((product) => {
    const { row } = product;
    const limit = limitOf.get(row.id);
    if (limit?.is_hidden === 1) return [];
    const narrow = (own: number, theirs: number | null | undefined) =>
      theirs === null || theirs === undefined ? own : Math.min(own, theirs);
    const narrowNullable = (own: number | null, theirs: number | null | undefined) =>
      theirs === null || theirs === undefined ? own : own === null ? theirs : Math.min(own, theirs);
    const longest = narrowNullable(row.max_longest_side_mm, limit?.max_longest_side_mm);
    return [
      {
        productCode: row.code,
        productName: localize(row.name, language),
        names: names(row.name),
        transitDays: transitDays(row.transit_days_min, row.transit_days_max),
        transitDaysMin: row.transit_days_min,
        transitDaysMax: row.transit_days_max,
        volumetricDivisor: row.volumetric_divisor,
        currencyCode: row.currency_code,
        countryCodes: Object.keys(product.pricing.zones).sort(),
        maxParcelWeight: gramsToKg(narrow(row.max_parcel_weight_g, limit?.max_parcel_weight_g)),
        maxShipmentWeight: gramsToKg(narrow(row.max_shipment_weight_g, limit?.max_shipment_weight_g)),
        maxLongestSide: longest === null ? null : mmToCm(longest),
        maxGirth: row.max_girth_mm === null ? null : mmToCm(row.max_girth_mm),
        maxParcels: narrow(row.max_parcels, limit?.max_parcels),
        maxDeclaredValue: narrowNullable(row.max_declared_value, limit?.max_declared_value),
        declaredValueCurrency: row.declared_value_currency,
        allowsBattery: row.allows_battery === 1,
        customsTerms: [...product.pricing.customsTerms],
        requiresIoss: row.requires_ioss === 1,
        fuelSurchargeBp: row.fuel_surcharge_bp,
        extraServices: product.services.flatMap((s) => {
          const answer = extraServiceAnswer(product, s, language);
          return answer ? [answer] : [];
        }),
      },
    ];
  });
}

/** Extra services of every product the customer may use. */
export async function listExtraServices(
  db: Db,
  customerId: string,
  language: Language,
): Promise<ProductExtraService[]> {
  const products = await listProducts(db, customerId, language);
  return products.flatMap((p) => p.extraServices);
}

/** The caller's own rows: hidden products and narrowed limits. */
export async function listCustomerProductLimits(
  db: Db,
  customerId: string,
  language: Language,
): Promise<CustomerProductLimit[]> {
  const { catalog, limits } = await customerCatalog(db, customerId);
  const productOf = new Map(catalog.products.map((p) => [p.row.id, p.row]));
  return limits
    .flatMap((limit) => {
      const product = productOf.get(limit.product_id);
      if (!product) return [];
      return [
        {
          productCode: product.code,
          productName: localize(product.name, language),
          isHidden: limit.is_hidden === 1,
          maxParcelWeight: limit.max_parcel_weight_g === null ? null : gramsToKg(limit.max_parcel_weight_g),
          maxShipmentWeight:
            limit.max_shipment_weight_g === null ? null : gramsToKg(limit.max_shipment_weight_g),
          maxLongestSide: limit.max_longest_side_mm === null ? null : mmToCm(limit.max_longest_side_mm),
          maxParcels: limit.max_parcels,
          maxDeclaredValue: limit.max_declared_value,
          declaredValueCurrency: limit.max_declared_value === null ? null : product.declared_value_currency,
          discountPercent: limit.discount_percent,
        },
      ];
    })
    .sort((a, b) => (a.productCode < b.productCode ? -1 : 1));
}

export async function listCustomerLevels(
  db: Db,
  customerId: string,
  language: Language,
): Promise<CustomerLevel[]> {
  const [levels, own] = await Promise.all([repo.listCustomerLevels(db), customerCatalog(db, customerId)]);
  return levels.map((level) => ({
    code: level.code,
    name: localize(level.name, language),
    names: names(level.name),
    discountPercent: level.discount_percent,
    isCurrent: level.id === own.levelId,
  }));
}

export async function listIssueKinds(db: Db, language: Language): Promise<IssueKind[]> {
  const { issueKinds } = await currentCatalog(db);
  return issueKinds
    .filter((kind) => kind.is_enabled === 1)
    .map((kind) => ({
      code: kind.code,
      name: localize(kind.name, language),
      names: names(kind.name),
    }));
}
