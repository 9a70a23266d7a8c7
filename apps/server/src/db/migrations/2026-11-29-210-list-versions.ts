import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * A version per customer and list, bumped by the database itself in the same transaction as every write to
 * the list's table, whoever writes (the address form, the Excel import, an operator's SQL). The session
 * check reads it with the session (`findRequestContext`), so an answer cache keyed by it can never serve a
 * list older than the database's, on any instance sharing the database (lib/answer-cache.ts).
 *
 * SQLite: row triggers. PostgreSQL: statement triggers over transition tables, so a 10,000-row import bumps
 * the version once, not 10,000 times (PostgreSQL allows transition tables on single-event triggers only,
 * hence three triggers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_versions_pk', ['customer_id', 'list'])
    .execute();
  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION bump_address_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO list_versions (customer_id, list, version)
            SELECT DISTINCT customer_id, 'addresses', 1 FROM new_rows
            ON CONFLICT (customer_id, list) DO UPDATE SET version = list_versions.version + 1;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO list_versions (customer_id, list, version)
            SELECT customer_id, 'addresses', 1 FROM new_rows UNION SELECT customer_id, 'addresses', 1 FROM old_rows
            ON CONFLICT (customer_id, list) DO UPDATE SET version = list_versions.version + 1;
        ELSE
          INSERT INTO list_versions (customer_id, list, version)
            SELECT DISTINCT customer_id, 'addresses', 1 FROM old_rows
            ON CONFLICT (customer_id, list) DO UPDATE SET version = list_versions.version + 1;
        END IF;
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`CREATE TRIGGER addresses_version_insert AFTER INSERT ON addresses
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_address_list_version()`.execute(
      db,
    );
    await sql`CREATE TRIGGER addresses_version_update AFTER UPDATE ON addresses
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_address_list_version()`.execute(db);
    await sql`CREATE TRIGGER addresses_version_delete AFTER DELETE ON addresses
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_address_list_version()`.execute(
      db,
    );
    return;
  }
  const bump = (customer: 'NEW' | 'OLD') =>
    `INSERT INTO list_versions (customer_id, list, version) VALUES (${customer}.customer_id, 'addresses', 1)
       ON CONFLICT (customer_id, list) DO UPDATE SET version = version + 1;`;
  await sql
    .raw(`CREATE TRIGGER addresses_version_insert AFTER INSERT ON addresses BEGIN ${bump('NEW')} END`)
    .execute(db);
  // An address never changes customer, but if one did, both books would change.
  const bumpOldToo = `INSERT INTO list_versions (customer_id, list, version)
       SELECT OLD.customer_id, 'addresses', 1 WHERE OLD.customer_id <> NEW.customer_id
       ON CONFLICT (customer_id, list) DO UPDATE SET version = version + 1;`;
  await sql
    .raw(
      `CREATE TRIGGER addresses_version_update AFTER UPDATE ON addresses BEGIN ${bump('NEW')} ${bumpOldToo} END`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER addresses_version_delete AFTER DELETE ON addresses BEGIN ${bump('OLD')} END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['addresses_version_insert', 'addresses_version_update', 'addresses_version_delete'])
    await sql.raw(`DROP TRIGGER ${name}${isPostgres(db) ? ' ON addresses' : ''}`).execute(db);
  if (isPostgres(db)) await sql`DROP FUNCTION bump_address_list_version()`.execute(db);
  await db.schema.dropTable('list_versions').execute();
}
