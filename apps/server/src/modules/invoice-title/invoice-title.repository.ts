import type { Db } from '../../db/database.ts';
import type { InvoiceTitlesTable } from '../../db/schema.ts';

/** The customer's invoice title: one row per customer, keyed by it. */
export function findInvoiceTitle(db: Db, customerId: string) {
  return db.selectFrom('invoice_titles').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

/** Inserts or replaces the row in one statement (two saves at once: the later one wins whole). */
export async function upsertInvoiceTitle(db: Db, row: InvoiceTitlesTable) {
  const { customer_id: _key, ...changes } = row;
  await db
    .insertInto('invoice_titles')
    .values(row)
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(changes))
    .execute();
}
