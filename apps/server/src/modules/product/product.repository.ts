import type { Db } from '../../db/database.ts';

/**
 * SQL of products and prices. The catalog is the provider's (the same for every customer); the customer's
 * own rows (limits, level) are read by customer id only.
 */

export function listActiveProducts(db: Db) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('status', '=', 'active')
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export function findProductByCode(db: Db, code: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('code', '=', code)
    .where('status', '=', 'active')
    .executeTakeFirst();
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

export function listCustomerLimits(db: Db, customerId: string) {
  return db.selectFrom('customer_product_limits').selectAll().where('customer_id', '=', customerId).execute();
}

export function findCustomerLimit(db: Db, customerId: string, productId: string) {
  return db
    .selectFrom('customer_product_limits')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export function findCustomerLevel(db: Db, customerId: string) {
  return db
    .selectFrom('customers')
    .innerJoin('customer_levels', 'customer_levels.id', 'customers.level_id')
    .select(['customer_levels.id', 'customer_levels.discount_percent'])
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
}

export function listCustomerLevels(db: Db) {
  return db.selectFrom('customer_levels').selectAll().orderBy('sort_order').orderBy('code').execute();
}

export function listEnabledIssueKinds(db: Db) {
  return db
    .selectFrom('issue_kinds')
    .selectAll()
    .where('is_enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export function listExchangeRates(db: Db) {
  return db
    .selectFrom('currencies')
    .select(['code', 'rate_to_cny_micros', 'minor_units', 'is_enabled'])
    .execute();
}
