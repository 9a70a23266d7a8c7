import type { Kysely } from 'kysely';

/**
 * Products (the provider's shipping services) and what prices them: destination countries with their zone,
 * rate cards per zone in weight bands, extra services and their rules, per-customer limits, and the issue
 * kinds an order exception names. Money is integer minor units of the named currency, weights integer grams,
 * lengths integer millimetres, rates integer basis points (1 bp = 0.01 %). Demo rows come from db/seed.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // JSON LocalizedText.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('transit_days_min', 'integer', (c) => c.notNull())
    .addColumn('transit_days_max', 'integer', (c) => c.notNull())
    // cm³ per kg (6000, 8000); null: charged on actual weight only (postal small packets).
    .addColumn('volumetric_divisor', 'integer')
    // The rate card's currency: every price of the product, and so its quote, is in it.
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('max_parcel_weight_g', 'integer', (c) => c.notNull())
    .addColumn('max_shipment_weight_g', 'integer', (c) => c.notNull())
    .addColumn('max_longest_side_mm', 'integer')
    // Length + 2 × (width + height); null where the product has no girth limit.
    .addColumn('max_girth_mm', 'integer')
    .addColumn('max_parcels', 'integer', (c) => c.notNull())
    .addColumn('max_declared_value', 'integer')
    .addColumn('declared_value_currency', 'text')
    .addColumn('allows_battery', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of the customs terms offered: ["DDP"], ["DDU","DDP"].
    .addColumn('customs_terms', 'text', (c) => c.notNull())
    .addColumn('requires_ioss', 'integer', (c) => c.notNull().defaultTo(0))
    // Basis points of the freight line: 1250 = 12.5 %.
    .addColumn('fuel_surcharge_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_countries')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_countries_pk', ['product_id', 'country_code'])
    .execute();

  // A zone's rate card is one or more weight bands; a band prices chargeable weights up to max_weight_g as
  // first weight + whole steps. Bands of a zone are read in ascending max_weight_g.
  await db.schema
    .createTable('product_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('max_weight_g', 'integer', (c) => c.notNull())
    .addColumn('first_weight_g', 'integer', (c) => c.notNull())
    .addColumn('first_price', 'integer', (c) => c.notNull())
    .addColumn('step_weight_g', 'integer', (c) => c.notNull())
    .addColumn('step_price', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_rates_band_uq')
    .on('product_rates')
    .columns(['product_id', 'zone', 'max_weight_g'])
    .unique()
    .execute();

  // One row per service a product offers (ExtraServiceCode); the columns a service's rule uses are set.
  await db.schema
    .createTable('product_extra_services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('service_code', 'text', (c) => c.notNull())
    // JSON LocalizedText.
    .addColumn('name', 'text', (c) => c.notNull())
    // SUPERLONG: per parcel whose longest side exceeds threshold_mm.
    .addColumn('threshold_mm', 'integer')
    // OVERWEIGHT: per parcel whose actual weight exceeds threshold_g.
    .addColumn('threshold_g', 'integer')
    // Fixed amount (per parcel for SUPERLONG/OVERWEIGHT, per shipment otherwise).
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    // REMOTE_AREA: per kg of chargeable weight, at least `amount`.
    .addColumn('per_kg_amount', 'integer', (c) => c.notNull().defaultTo(0))
    // INSURANCE: basis points of the insured value, at least min_amount.
    .addColumn('rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_extra_services_uq')
    .on('product_extra_services')
    .columns(['product_id', 'service_code'])
    .unique()
    .execute();

  // REMOTE_AREA postal codes: a code matches when its first len(postal_from) characters (upper case, no
  // spaces) sort between postal_from and postal_to. "BT".."BT" is a prefix, "995".."999" a range.
  await db.schema
    .createTable('product_remote_postcodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('extra_service_id', 'text', (c) =>
      c.notNull().references('product_extra_services.id').onDelete('cascade'),
    )
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('postal_from', 'text', (c) => c.notNull())
    .addColumn('postal_to', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_remote_postcodes_service_idx')
    .on('product_remote_postcodes')
    .columns(['extra_service_id', 'country_code'])
    .execute();

  // Narrows a product for one customer (never widens it) or hides it; discount_percent, when set, replaces
  // the customer level's discount on this product.
  await db.schema
    .createTable('customer_product_limits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_parcel_weight_g', 'integer')
    .addColumn('max_shipment_weight_g', 'integer')
    .addColumn('max_longest_side_mm', 'integer')
    .addColumn('max_parcels', 'integer')
    // In the product's declared-value currency.
    .addColumn('max_declared_value', 'integer')
    .addColumn('discount_percent', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('customer_product_limits_uq', ['customer_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('issue_kinds')
    .addColumn('code', 'text', (c) => c.primaryKey())
    // JSON LocalizedText.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Levels are listed in a stable order (CustomerLevel/Query).
  await db.schema
    .alterTable('customer_levels')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('customer_levels')
    .set((eb) => ({ sort_order: eb.ref('discount_percent') }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer_levels').dropColumn('sort_order').execute();
  for (const table of [
    'issue_kinds',
    'customer_product_limits',
    'product_remote_postcodes',
    'product_extra_services',
    'product_rates',
    'product_countries',
    'products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
