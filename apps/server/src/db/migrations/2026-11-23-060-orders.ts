import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/** The address fields an order keeps for each party (a copy: later edits of the address book do not move it). */
const PARTY_COLUMNS = [
  ['name', true],
  ['company', false],
  ['phone', true],
  ['email', false],
  ['country_code', true],
  ['province', false],
  ['city', true],
  ['district', false],
  ['postal_code', false],
  ['address_line1', true],
  ['address_line2', false],
  ['address_line3', false],
  ['house_number', false],
  ['tax_id', false],
] as const;

function partyColumns<T extends string>(table: CreateTableBuilder<T, any>, prefix: string) {
  let builder = table;
  for (const [column, required] of PARTY_COLUMNS)
    builder = builder.addColumn(`${prefix}_${column}`, 'text', (c) => (required ? c.notNull() : c));
  return builder;
}

/**
 * Orders (issue 9): one shipment of a customer with its parcels and declared items, the estimated charge
 * held at submit, and the numbers: the customer's reference number (unique per customer) and the waybill
 * number (unique, issued at submit). Money is integer minor units (bigint: amounts reach 10^11), weights
 * grams, lengths millimetres, times ISO-8601 UTC text.
 *
 * Indexes serve the lookups of this issue (by id, by reference number, by waybill number). The order list
 * of issue 10 adds its own (customer + status + created time, consignee filters) in its migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  let orders = db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('customer_order_no', 'text', (c) => c.notNull())
    .addColumn('waybill_no', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull());
  orders = partyColumns(orders, 'shipper');
  orders = partyColumns(orders, 'consignee');
  await orders
    .addColumn('customs_terms', 'text')
    .addColumn('ioss_number', 'text')
    .addColumn('eori_number', 'text')
    .addColumn('has_battery', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('insurance_value', 'bigint')
    // JSON array of extra service codes asked for.
    .addColumn('extra_service_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remark', 'text')
    .addColumn('declared_value', 'bigint', (c) => c.notNull())
    .addColumn('declared_currency_code', 'text', (c) => c.notNull())
    .addColumn('forecast_weight_g', 'integer', (c) => c.notNull())
    .addColumn('actual_weight_g', 'integer')
    .addColumn('volumetric_weight_g', 'integer')
    .addColumn('chargeable_weight_g', 'integer')
    .addColumn('estimated_total', 'bigint')
    .addColumn('estimated_currency_code', 'text')
    // JSON array of breakdown lines as priced.
    .addColumn('estimated_breakdown', 'text')
    .addColumn('final_total', 'bigint')
    .addColumn('final_currency_code', 'text')
    .addColumn('final_breakdown', 'text')
    .addColumn('last_mile_carrier', 'text')
    .addColumn('last_mile_no', 'text')
    .addColumn('issue_kind_code', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('orders_customer_order_no_uq')
    .on('orders')
    .columns(['customer_id', 'customer_order_no'])
    .unique()
    .execute();
  // NULL until submitted; both engines let several NULLs through a unique index.
  await db.schema.createIndex('orders_waybill_no_uq').on('orders').column('waybill_no').unique().execute();

  await db.schema
    .createTable('order_parcels')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('weight_g', 'integer', (c) => c.notNull())
    .addColumn('length_mm', 'integer', (c) => c.notNull())
    .addColumn('width_mm', 'integer', (c) => c.notNull())
    .addColumn('height_mm', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_parcels_pk', ['order_id', 'seq'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('hs_code', 'text')
    .addColumn('sku', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('unit_weight_g', 'integer')
    .addColumn('origin_country_code', 'text')
    .addColumn('material', 'text')
    .addColumn('purpose', 'text')
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'seq'])
    .execute();

  // Generated reference numbers: one counter per customer and UTC day (ORD20261123-000001).
  await db.schema
    .createTable('order_number_counters')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_number_counters_pk', ['customer_id', 'day'])
    .execute();

  // Waybill serial numbers (see modules/order/waybill.ts): a sequence on PostgreSQL, whose nextval takes no
  // lock that lasts to the end of the transaction; a counter row on SQLite, where writers are serialised anyway.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create sequence waybill_no_seq start with 1`.execute(db);
  } else {
    await db.schema
      .createTable('waybill_counters')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_value', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('waybill_counters').values({ name: 'waybill', last_value: 0 }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop sequence if exists waybill_no_seq`.execute(db);
  } else {
    await db.schema.dropTable('waybill_counters').ifExists().execute();
  }
  await db.schema.dropTable('order_number_counters').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('order_parcels').execute();
  await db.schema.dropTable('orders').execute();
}
