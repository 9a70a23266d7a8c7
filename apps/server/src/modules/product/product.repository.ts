import type { Db } from '../../db/database.ts';

/**
 * SQL of products and prices. The catalog is the provider's (the same for every customer); the customer's
 * own rows (limits, level) are read by customer id only.
 */

/** Every product, disabled ones too, in listing order (the catalogue keeps the active ones). */
export function listProducts(db: Db) {
  return db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('code').execute();
}

/** Countries, rate bands, extra services and remote postal codes of the given products. */
export async function loadProductParts(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return { countries: [], rates: [], services: [], postcodes: [] };
  const ids = [...productIds];
  const [countries, rates, services, postcodes] = await Promise.all([
    db
      .selectFrom('product_countries')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('country_code')
      .execute(),
    db
      .selectFrom('product_rates')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('zone')
      .orderBy('max_weight_g')
      .execute(),
    db
      .selectFrom('product_extra_services')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('sort_order')
      .orderBy('service_code')
      .execute(),
    db
      .selectFrom('product_remote_postcodes')
      .innerJoin(
        'product_extra_services',
        'product_extra_services.id',
        'product_remote_postcodes.extra_service_id',
      )
      .select([
        'product_remote_postcodes.extra_service_id',
        'product_remote_postcodes.country_code',
        'product_remote_postcodes.postal_from',
        'product_remote_postcodes.postal_to',
      ])
      .where('product_extra_services.product_id', 'in', ids)
      .execute(),
  ]);
  return { countries, rates, services, postcodes };
}

export function listCustomerLevels(db: Db) {
  return db.selectFrom('customer_levels').selectAll().orderBy('sort_order').orderBy('code').execute();
}

/** Every issue kind, disabled ones too (old orders name them), in listing order. */
export function listIssueKinds(db: Db) {
  return db.selectFrom('issue_kinds').selectAll().orderBy('sort_order').orderBy('code').execute();
}

export function listExchangeRates(db: Db) {
  return db
    .selectFrom('currencies')
    .select(['code', 'rate_to_cny_micros', 'minor_units', 'is_enabled'])
    .execute();
}
