import type { Db } from '../../db/database.ts';
import type { OrderImportMappingsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

/** The saved column mappings' SQL, every query scoped to the caller's customer. */

export type SavedMappingRow = OrderImportMappingsTable;

export const findMapping = (db: Db, customerId: string, id: string) =>
  db
    .selectFrom('order_import_mappings')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The caller's mapping made for a sheet with these headers; the most recently used when there are several. */
export const findMappingBySignature = (db: Db, customerId: string, signature: string) =>
  db
    .selectFrom('order_import_mappings')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('header_signature', '=', signature)
    .orderBy('last_used_at', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findMappingByName = (db: Db, customerId: string, name: string) =>
  db
    .selectFrom('order_import_mappings')
    .select(['id'])
    .where('customer_id', '=', customerId)
    .where('name', '=', name)
    .executeTakeFirst();

/** Most recently used first; never used ones after, newest first. */
export const listMappings = (db: Db, customerId: string) =>
  db
    .selectFrom('order_import_mappings')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy((eb) => eb.case().when('last_used_at', 'is', null).then(1).else(0).end())
    .orderBy('last_used_at', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();

export async function countMappings(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('order_import_mappings')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const markMappingUsed = (db: Db, customerId: string, id: string) =>
  db
    .updateTable('order_import_mappings')
    .set({ last_used_at: nowIso() })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();

export async function deleteMapping(db: Db, customerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('order_import_mappings')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Saves the mapping under its name, replacing the customer's mapping of that name (same id kept). */
export async function saveMapping(
  db: Db,
  values: Pick<
    OrderImportMappingsTable,
    'id' | 'customer_id' | 'name' | 'columns' | 'defaults' | 'header_signature' | 'created_by'
  >,
): Promise<string> {
  const now = nowIso();
  const row = await db
    .insertInto('order_import_mappings')
    .values({ ...values, created_at: now, updated_at: now, last_used_at: now })
    .onConflict((oc) =>
      oc.columns(['customer_id', 'name']).doUpdateSet({
        columns: values.columns,
        defaults: values.defaults,
        header_signature: values.header_signature,
        updated_at: now,
        last_used_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
