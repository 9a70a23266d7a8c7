import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** The create-order page in the orders group, before the address book, for users holding order:create. */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('application_menus')
    .values({
      id: 'create',
      parent_id: 'orders',
      sort_order: 20,
      path: '/user/orders/create',
      name: 'create',
      menu_code: 'create',
      icon: 'FormOutlined',
      authority: JSON.stringify('order:create'),
      title: text('创建订单', 'Create order', '建立訂單'),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', '=', 'create').execute();
}
