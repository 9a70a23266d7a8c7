import { CUSTOMS_TERMS, ExtraServiceCode, type CustomsTerms } from '@portal/contracts/product';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { CustomerProductLimitsTable, IssueKindsTable, ProductsTable } from '../../db/schema.ts';
import type { ExchangeRate, PricingExtraService, PricingProduct } from './pricing.ts';
import * as repo from './product.repository.ts';

/**
 * The catalogue — products with their zones, rate bands and extra services, currencies and their rates,
 * issue kinds — kept in memory per database and reloaded when the database's `catalog_version` moves.
 * The database bumps that version by trigger in the same transaction as any write to those tables,
 * whoever writes (migration 2026-12-07-260), so every instance sharing the database uses a change from
 * its next read on. A quote reads the version with the customer's level and limits in one statement
 * (`customerCatalog`), so pricing is computation, not eight statements (issue 22).
 */
export interface Catalog {
  version: number;
  /** Active products in listing order, with everything the pricing function needs. */
  products: readonly CatalogProduct[];
  /** Stored names (JSON LocalizedText) of every product, disabled ones too: old orders name them. */
  productNames: ReadonlyMap<string, string>;
  /** Every currency with a rate (disabled ones too: an old order may still name one). */
  exchangeRates: Readonly<Record<string, ExchangeRate>>;
  /** Every issue kind (old orders name disabled ones), in listing order. */
  issueKinds: readonly IssueKindsTable[];
}

/** A product row with everything the pricing function and the product list need. */
export interface CatalogProduct {
  row: ProductsTable;
  pricing: PricingProduct;
  services: { row: ServiceRow; remoteRanges: number }[];
}

/** What the catalogue is for one customer: its level's discount and its own product limits. */
export interface CustomerCatalog {
  catalog: Catalog;
  levelId: string | null;
  levelDiscountPercent: number;
  limits: CustomerProductLimitsTable[];
}

type ServiceRow = Awaited<ReturnType<typeof repo.loadProductParts>>['services'][number];
type PostcodeRow = Awaited<ReturnType<typeof repo.loadProductParts>>['postcodes'][number];

interface Held {
  catalog?: Catalog;
  /** A load under way and the version it loads, which concurrent requests for that version share. */
  loading?: { version: number; promise: Promise<Catalog> };
}

/**
 * Per database, keyed by its adapter: a transaction shares its database's adapter, so a quote priced
 * inside a transaction uses the same cached catalogue (the version is still read in the transaction).
 */
const held = new WeakMap<object, Held>();
const heldFor = (db: Db): Held => {
  const key = db.getExecutor().adapter;
  let entry = held.get(key);
  if (!entry) held.set(key, (entry = {}));
  return entry;
};

const versionQuery = preparedQuery([], (db: Db) =>
  db.selectFrom('catalog_version').select('version').where('id', '=', 1),
);

/** The catalogue as the database has it now: one primary-key read, and a reload when the version moved. */
export async function currentCatalog(db: Db): Promise<Catalog> {
  const [row] = await versionQuery(db, {});
  return catalogAt(db, Number(row?.version ?? 0));
}

/**
 * The customer's level, its product limits and the catalogue's version in one statement (one row per
 * limit, or one row with none).
 */
const customerPricingQuery = preparedQuery(['customerId'], (db: Db, args: { customerId: string }) =>
  db
    .selectFrom('customers')
    .innerJoin('catalog_version', (join) => join.on('catalog_version.id', '=', 1))
    .leftJoin('customer_levels', 'customer_levels.id', 'customers.level_id')
    .leftJoin('customer_product_limits', 'customer_product_limits.customer_id', 'customers.id')
    .select([
      'catalog_version.version',
      'customer_levels.id as level_id',
      'customer_levels.discount_percent as level_discount_percent',
      'customer_product_limits.id as limit_id',
      'customer_product_limits.product_id',
      'customer_product_limits.is_hidden',
      'customer_product_limits.max_parcel_weight_g',
      'customer_product_limits.max_shipment_weight_g',
      'customer_product_limits.max_longest_side_mm',
      'customer_product_limits.max_parcels',
      'customer_product_limits.max_declared_value',
      'customer_product_limits.discount_percent',
      'customer_product_limits.updated_at',
    ])
    .where('customers.id', '=', args.customerId),
);

/** The catalogue with the customer's level and limits: one statement while the catalogue is unchanged. */
export async function customerCatalog(db: Db, customerId: string): Promise<CustomerCatalog> {
  const rows = await customerPricingQuery(db, { customerId });
  const first = rows[0];
  if (!first)
    return { catalog: await currentCatalog(db), levelId: null, levelDiscountPercent: 0, limits: [] };
  const limits: CustomerProductLimitsTable[] = [];
  for (const row of rows) {
    if (row.limit_id === null || row.product_id === null || row.is_hidden === null) continue;
    limits.push({
      id: row.limit_id,
      customer_id: customerId,
      product_id: row.product_id,
      is_hidden: row.is_hidden,
      max_parcel_weight_g: row.max_parcel_weight_g,
      max_shipment_weight_g: row.max_shipment_weight_g,
      max_longest_side_mm: row.max_longest_side_mm,
      max_parcels: row.max_parcels,
      max_declared_value: row.max_declared_value,
      discount_percent: row.discount_percent,
      updated_at: row.updated_at ?? '',
    });
  }
  return {
    catalog: await catalogAt(db, Number(first.version)),
    levelId: first.level_id,
    levelDiscountPercent: first.level_discount_percent ?? 0,
    limits,
  };
}

/** The catalogue at `version`: the one in memory, or loaded (once, however many requests ask at once). */
function catalogAt(db: Db, version: number): Catalog | Promise<Catalog> {
  const entry = heldFor(db);
  if (entry.catalog?.version === version) return entry.catalog;
  if (entry.loading?.version === version) return entry.loading.promise;
  // Loaded after the version was read, so the rows are at least as new as the version they are kept
  // under: a write in between only makes the next read see a newer version and load again.
  const promise = loadCatalog(db, version).then(
    (catalog) => {
      if (!entry.catalog || entry.catalog.version <= version) entry.catalog = catalog;
      if (entry.loading?.promise === promise) entry.loading = undefined;
      return catalog;
    },
    (error: unknown) => {
      if (entry.loading?.promise === promise) entry.loading = undefined;
      throw error;
    },
  );
  entry.loading = { version, promise };
  return promise;
}

async function loadCatalog(db: Db, version: number): Promise<Catalog> {
  const [products, currencies, issueKinds] = await Promise.all([
    repo.listProducts(db),
    repo.listExchangeRates(db),
    repo.listIssueKinds(db),
  ]);
  const active = products.filter((row) => row.status === 'active');
  const parts = await repo.loadProductParts(
    db,
    active.map((row) => row.id),
  );
  return {
    version,
    products: active.map((row) => catalogProduct(row, parts)),
    productNames: new Map(products.map((row) => [row.code, row.name])),
    exchangeRates: Object.fromEntries(
      currencies.map((row) => [
        row.code,
        { rateToCnyMicros: Number(row.rate_to_cny_micros), minorUnits: row.minor_units },
      ]),
    ),
    issueKinds,
  };
}

function catalogProduct(
  row: ProductsTable,
  parts: Awaited<ReturnType<typeof repo.loadProductParts>>,
): CatalogProduct {
  const services = parts.services.filter((s) => s.product_id === row.id);
  const postcodesOf = (service: ServiceRow) =>
    parts.postcodes.filter((p) => p.extra_service_id === service.id);
  const pricing: PricingProduct = {
    code: row.code,
    currencyCode: row.currency_code,
    volumetricDivisor: row.volumetric_divisor,
    limits: {
      maxParcelWeightGrams: row.max_parcel_weight_g,
      maxShipmentWeightGrams: row.max_shipment_weight_g,
      maxLongestSideMm: row.max_longest_side_mm,
      maxGirthMm: row.max_girth_mm,
      maxParcels: row.max_parcels,
      maxDeclaredValue: row.max_declared_value,
    },
    declaredValueCurrency: row.declared_value_currency,
    allowsBattery: row.allows_battery === 1,
    customsTerms: (JSON.parse(row.customs_terms) as string[]).filter((t): t is CustomsTerms =>
      (CUSTOMS_TERMS as readonly string[]).includes(t),
    ),
    requiresIoss: row.requires_ioss === 1,
    fuelSurchargeBp: row.fuel_surcharge_bp,
    zones: Object.fromEntries(
      parts.countries.filter((c) => c.product_id === row.id).map((c) => [c.country_code, c.zone]),
    ),
    rates: parts.rates
      .filter((r) => r.product_id === row.id)
      .map((r) => ({
        zone: r.zone,
        maxWeightGrams: r.max_weight_g,
        firstWeightGrams: r.first_weight_g,
        firstPrice: r.first_price,
        stepWeightGrams: r.step_weight_g,
        stepPrice: r.step_price,
      })),
    extraServices: services.flatMap((s) => {
      const rule = pricingService(s, postcodesOf(s));
      return rule ? [rule] : [];
    }),
  };
  return {
    row,
    pricing,
    services: services.map((s) => ({ row: s, remoteRanges: postcodesOf(s).length })),
  };
}

function pricingService(row: ServiceRow, postcodes: PostcodeRow[]): PricingExtraService | null {
  switch (row.service_code) {
    case ExtraServiceCode.Superlong:
      return row.threshold_mm === null
        ? null
        : { code: ExtraServiceCode.Superlong, thresholdMm: row.threshold_mm, amount: row.amount };
    case ExtraServiceCode.Overweight:
      return row.threshold_g === null
        ? null
        : { code: ExtraServiceCode.Overweight, thresholdGrams: row.threshold_g, amount: row.amount };
    case ExtraServiceCode.RemoteArea:
      return {
        code: ExtraServiceCode.RemoteArea,
        amount: row.amount,
        perKgAmount: row.per_kg_amount,
        postcodes: postcodes.map((p) => ({
          countryCode: p.country_code,
          from: p.postal_from,
          to: p.postal_to,
        })),
      };
    case ExtraServiceCode.Insurance:
      return { code: ExtraServiceCode.Insurance, rateBp: row.rate_bp, minAmount: row.min_amount };
    case ExtraServiceCode.Signature:
      return { code: ExtraServiceCode.Signature, amount: row.amount };
    default:
      return null;
  }
}
