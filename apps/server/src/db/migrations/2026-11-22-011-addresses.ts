import { sql, type Kysely } from 'kysely';

/** The address book: sender and receiver addresses of a customer. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('address_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('province', 'text')
    .addColumn('province_code', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text')
    .addColumn('district', 'text')
    .addColumn('district_code', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text')
    .addColumn('address_line3', 'text')
    .addColumn('house_number', 'text')
    .addColumn('tax_id', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    // Lower-cased name, phone (as typed and digits only), company and city: one column for the keyword search.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The list order (defaults first, newest change first) within a customer, with and without a type filter.
  await db.schema
    .createIndex('addresses_customer_list_idx')
    .on('addresses')
    .columns(['customer_id', 'is_default', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('addresses_customer_type_list_idx')
    .on('addresses')
    .columns(['customer_id', 'address_type', 'is_default', 'updated_at', 'id'])
    .execute();
  // At most one default per customer and type, enforced by the database; it also serves the default lookup.
  await db.schema
    .createIndex('addresses_one_default_uq')
    .on('addresses')
    .columns(['customer_id', 'address_type'])
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('addresses').execute();
}
