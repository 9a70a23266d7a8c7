import type { Kysely } from 'kysely';

/**
 * The consumption flow's filtered reads at a million rows (docs/ARCHITECTURE.md "Consumption flow").
 * Migration 100's indexes serve the unfiltered list and the summary (seeks by currency and time, and by
 * entry_no); a type filter needs two more, both read without touching table rows:
 * - the list's order itself, (created_at, currency desc, entry_no) — read backwards it is created_at
 *   desc, currency asc, entry_no desc — with the type in it, so a filtered page is an index walk with no
 *   sort of every match;
 * - (entry_type, currency_code, created_at, entry_no), so the total under types, currency and time range
 *   is a count of index ranges, one per (type, currency), and a small match set is read from the same
 *   ranges (entry_no makes it covering; without it SQLite prefers walking the covering list index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ledger_entries_flow_order_idx')
    .on('ledger_entries')
    .columns(['customer_id', 'created_at', 'currency_code desc', 'entry_no', 'entry_type'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_type_currency_idx')
    .on('ledger_entries')
    .columns(['customer_id', 'entry_type', 'currency_code', 'created_at', 'entry_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_type_currency_idx').execute();
  await db.schema.dropIndex('ledger_entries_flow_order_idx').execute();
}
