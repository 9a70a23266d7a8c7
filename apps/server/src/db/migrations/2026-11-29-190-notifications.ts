import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * Messages (issue 13): notifications with a read mark per user, the users' balance thresholds, and the
 * system information page in the personal settings menu. The message list (/userCenterManagement/messageList)
 * is one of the spec's "other routes" and has no menu entry: the header badge leads to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    // One user's, or null: every user of the customer who holds `permission` sees it.
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('permission', 'text')
    // NotificationKind of the contracts.
    .addColumn('kind', 'text', (c) => c.notNull())
    // Message keys and JSON params: worded in the reader's language when read.
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('body_key', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    // A portal path (starting with "/") the notification leads to.
    .addColumn('link', 'text')
    // What the notification is about (e.g. "recharge:<id>:credited"): one notification per event and customer.
    .addColumn('source_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_customer_idx')
    .on('notifications')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_source_uq')
    .on('notifications')
    .columns(['customer_id', 'source_key'])
    .unique()
    .execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'text', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['notification_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('notification_reads_user_idx')
    .on('notification_reads')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('balance_thresholds')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    // Minor units: a warning when the balance falls below it.
    .addColumn('threshold_amount', 'bigint', (c) => c.notNull())
    // 1 while the balance is below: the warning was sent for this crossing; a rise to the threshold re-arms it.
    .addColumn('is_below', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('balance_thresholds_pk', ['user_id', 'currency_code'])
    .execute();
  await db.schema
    .createIndex('balance_thresholds_wallet_idx')
    .on('balance_thresholds')
    .columns(['customer_id', 'currency_code'])
    .execute();

  await db
    .insertInto('application_menus')
    .values({
      id: 'systemInfo',
      parent_id: 'personal',
      sort_order: 90,
      path: '/user/userCenterManagement/systemInfo',
      name: 'systemInfo',
      menu_code: 'systemInfo',
      icon: 'InfoCircleOutlined',
      authority: JSON.stringify('*'),
      title: text('系统信息', 'System information', '系統資訊'),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', '=', 'systemInfo').execute();
  await db.schema.dropTable('balance_thresholds').execute();
  await db.schema.dropTable('notification_reads').execute();
  await db.schema.dropTable('notifications').execute();
}
