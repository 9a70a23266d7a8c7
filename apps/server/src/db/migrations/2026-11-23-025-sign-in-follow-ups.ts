import { type Kysely } from 'kysely';

/**
 * Follow-ups to sign-in hardening:
 * - `login_logs.fold_key` (unique) names the one throttled row of an account + address pair per window,
 *   so parallel throttled attempts add to one row instead of racing to create several;
 * - `sessions.previous_login_*` keep, per session, the user's sign-in before it ("last sign-in").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_logs').addColumn('fold_key', 'text').execute();
  // NULL on every row that is not a folded throttled row; NULLs never collide.
  await db.schema
    .createIndex('login_logs_fold_key_idx')
    .on('login_logs')
    .column('fold_key')
    .unique()
    .execute();
  await db.schema.alterTable('sessions').addColumn('previous_login_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('previous_login_ip', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('previous_login_ip').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_login_at').execute();
  await db.schema.dropIndex('login_logs_fold_key_idx').execute();
  await db.schema.alterTable('login_logs').dropColumn('fold_key').execute();
}
