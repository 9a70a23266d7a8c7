import { sql, type Kysely } from 'kysely';

/**
 * Sign-in hardening: the login log counts failures per account (login name and phone of one user are one
 * account) and per account + address pair, and folds throttled attempts into one row per window with a
 * count; users keep the sign-in before the current one; scheduled tasks are claimed through a table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('login_logs')
    .addColumn('account_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('login_logs')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('login_logs').addColumn('last_attempt_at', 'text').execute();
  await db.schema.alterTable('login_logs').addColumn('device', 'text').execute();
  // Rows written before this migration: the account is the user when known, else the typed name.
  await db
    .updateTable('login_logs')
    .set({ account_key: sql`coalesce(user_id, 'name:' || login_name)` })
    .execute();
  await db.schema
    .createIndex('login_logs_account_ip_time_idx')
    .on('login_logs')
    .columns(['account_key', 'ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_logs_account_time_idx')
    .on('login_logs')
    .columns(['account_key', 'created_at'])
    .execute();
  // The retention job deletes by age.
  await db.schema.createIndex('login_logs_time_idx').on('login_logs').column('created_at').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('refresh_tokens_expires_idx')
    .on('refresh_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('scheduled_tasks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('run_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_tasks').execute();
  await db.schema.dropIndex('refresh_tokens_expires_idx').execute();
  await db.schema.dropIndex('sessions_expires_idx').execute();
  await db.schema.dropIndex('login_logs_time_idx').execute();
  await db.schema.dropIndex('login_logs_account_time_idx').execute();
  await db.schema.dropIndex('login_logs_account_ip_time_idx').execute();
  for (const column of ['device', 'last_attempt_at', 'attempts', 'account_key'])
    await db.schema.alterTable('login_logs').dropColumn(column).execute();
}
