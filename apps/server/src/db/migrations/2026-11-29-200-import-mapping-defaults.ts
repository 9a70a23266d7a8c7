import type { Kysely } from 'kysely';

/**
 * Mapping default values (issue 12): a field without a column gets a fixed value (weight 0.5, Chinese
 * name "服装"), kept on the import and with a saved mapping. JSON field → text; `{}` when there are none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['order_imports', 'order_import_mappings']) {
    await db.schema
      .alterTable(table)
      .addColumn('defaults', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['order_imports', 'order_import_mappings']) {
    await db.schema.alterTable(table).dropColumn('defaults').execute();
  }
}
