import { sql, type Kysely } from 'kysely';

/**
 * A recharge is credited by one ledger row at most. `creditRecharge`'s conditional UPDATE already makes
 * sure of it; the unique index is the database's own backstop (a future writer that forgot the condition
 * fails loudly instead of crediting twice). It replaces migration 100's plain index on the same column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_recharge_idx').execute();
  await db.schema
    .createIndex('ledger_entries_recharge_uq')
    .on('ledger_entries')
    .column('recharge_id')
    .unique()
    .where(sql.ref('recharge_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_recharge_uq').execute();
  await db.schema
    .createIndex('ledger_entries_recharge_idx')
    .on('ledger_entries')
    .column('recharge_id')
    .where(sql.ref('recharge_id'), 'is not', null)
    .execute();
}
