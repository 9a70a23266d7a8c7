import { sql, type Kysely } from 'kysely';

/**
 * The prepaid wallet (one row per customer and currency), its ledger (every change of a balance is one
 * row) and the idempotency keys of calls that opt in. Money is bigint minor units (INT8 on PostgreSQL,
 * which the pg parser of db/database.ts returns as numbers; SQLite integers are 64-bit anyway).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('held', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_limit', 'bigint', (c) => c.notNull().defaultTo(0))
    // How many ledger rows the wallet has: the conditional UPDATE bumps it and the new row takes it as `entry_no`.
    .addColumn('entry_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallets_pk', ['customer_id', 'currency_code'])
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    // 1, 2, 3 … per wallet, in the order the wallet row was updated.
    .addColumn('entry_no', 'bigint', (c) => c.notNull())
    .addColumn('entry_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('held_change', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('held_after', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text')
    // Set by the top-up and billing issues.
    .addColumn('recharge_id', 'text')
    .addColumn('bill_id', 'text')
    .addColumn('reference_no', 'text')
    .addColumn('remark', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('ledger_entries_wallet_fk', ['customer_id', 'currency_code'], 'wallets', [
      'customer_id',
      'currency_code',
    ])
    .execute();
  // One row per wallet and number: two writers can never both append the same step of a wallet.
  await db.schema
    .createIndex('ledger_entries_wallet_no_uq')
    .on('ledger_entries')
    .columns(['customer_id', 'currency_code', 'entry_no'])
    .unique()
    .execute();
  // The customer's consumption flow, newest first, optionally for one currency.
  await db.schema
    .createIndex('ledger_entries_customer_time_idx')
    .on('ledger_entries')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_order_idx')
    .on('ledger_entries')
    .column('order_id')
    .where(sql.ref('order_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    // The route's URL pattern (`/api/CustomerOrder/Create`): one key may be used once per route.
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // SHA-256 of the method, query and canonical JSON body.
    .addColumn('body_hash', 'text', (c) => c.notNull())
    // `processing` while the first request runs, `completed` once its answer is stored.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Who holds the claim (random per claim) and since when; a claim far older than any request is abandoned.
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['customer_id', 'route', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('wallets').execute();
}
