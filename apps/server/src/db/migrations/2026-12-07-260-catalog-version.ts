import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/** The tables whose rows make up the catalogue an instance keeps in memory (modules/product/catalog-cache.ts). */
const CATALOG_TABLES = [
  'products',
  'product_countries',
  'product_rates',
  'product_extra_services',
  'product_remote_postcodes',
  'currencies',
  'issue_kinds',
] as const;

/**
 * One version number for the whole catalogue (issue 22), bumped by the database itself in the same
 * transaction as every write to a catalogue table, whoever writes (a migration, the seed, an operator's
 * SQL). Each instance keeps the catalogue in memory under the version it read before loading it, and
 * reads the version (one row, usually folded into a statement the request makes anyway) before using it:
 * a change is seen by every instance sharing the database at its next quote.
 *
 * PostgreSQL: one statement trigger per table (a 10,000-row rate import bumps once). SQLite: row triggers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('catalog_version').values({ id: 1, version: 1 }).execute();
  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalog_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END
      $$`.execute(db);
    for (const table of CATALOG_TABLES) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of CATALOG_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_catalog_version_${event} AFTER ${event.toUpperCase()} ON ${table}
           BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of CATALOG_TABLES)
      await sql.raw(`DROP TRIGGER ${table}_catalog_version ON ${table}`).execute(db);
    await sql`DROP FUNCTION bump_catalog_version()`.execute(db);
  } else {
    for (const table of CATALOG_TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`DROP TRIGGER ${table}_catalog_version_${event}`).execute(db);
  }
  await db.schema.dropTable('catalog_version').execute();
}
