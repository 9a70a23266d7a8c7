import { sql, type Kysely } from 'kysely';

/**
 * WeChat QR login and binding, and single sign-on tickets (issue 13).
 * - `wechat_scenes`: one QR code shown in a browser (sign-in or binding), single use, short-lived.
 * - `users.wechat_open_id` becomes unique (one WeChat identity opens one account), with the bound
 *   identity's nickname and binding time for the security panel.
 * - `sso_used_tickets`: ids of spent tickets per source, kept until they expire (replay refused).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wechat_scenes')
    // The secret the browser that shows the QR polls with; never shown in the QR itself.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What the QR carries (sandbox scan page) or WeChat's `state` (real provider).
    .addColumn('scan_code', 'text', (c) => c.notNull().unique())
    // login | bind
    .addColumn('purpose', 'text', (c) => c.notNull())
    // Binding scenes: whose account the scan binds to.
    .addColumn('customer_id', 'text')
    .addColumn('user_id', 'text')
    // waiting | confirmed | used
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('open_id', 'text')
    .addColumn('union_id', 'text')
    .addColumn('nickname', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('wechat_scenes_expires_idx').on('wechat_scenes').column('expires_at').execute();

  await db.schema.alterTable('users').addColumn('wechat_nickname', 'text').execute();
  await db.schema.alterTable('users').addColumn('wechat_bound_at', 'text').execute();
  await db.schema
    .createIndex('users_wechat_open_id_uq')
    .on('users')
    .column('wechat_open_id')
    .unique()
    .where(sql.ref('wechat_open_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('sso_used_tickets')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_used_tickets_pk', ['source', 'ticket_id'])
    .execute();
  await db.schema
    .createIndex('sso_used_tickets_expires_idx')
    .on('sso_used_tickets')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_used_tickets').execute();
  await db.schema.dropIndex('users_wechat_open_id_uq').execute();
  await db.schema.alterTable('users').dropColumn('wechat_bound_at').execute();
  await db.schema.alterTable('users').dropColumn('wechat_nickname').execute();
  await db.schema.dropTable('wechat_scenes').execute();
}
