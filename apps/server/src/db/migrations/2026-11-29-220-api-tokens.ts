import type { Kysely } from 'kysely';

/**
 * API tokens for the open API (issue 13, modules/api-token): the secret itself is never stored, only its
 * keyed hash (HMAC-SHA256 under the server's token secret), unique and indexed, so the open API finds the
 * token, its customer and its creating user in one indexed statement on every call. Deleting the row
 * refuses the next call at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    // The creating user: the token acts with this user's permissions, and dies with the user's access.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // What the list shows: `pk_live_` and the first characters of the secret.
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('api_tokens_secret_hash_uq')
    .on('api_tokens')
    .column('secret_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('api_tokens_customer_idx')
    .on('api_tokens')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('api_tokens_expires_idx').on('api_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
