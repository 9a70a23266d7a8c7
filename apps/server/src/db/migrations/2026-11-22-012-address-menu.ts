import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** The orders group of the menu and its address book page. */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('application_menus')
    .values([
      {
        id: 'orders',
        parent_id: null,
        sort_order: 20,
        path: '/user/orders',
        name: 'orders',
        menu_code: 'orders',
        icon: 'ShoppingOutlined',
        authority: null,
        title: text('订单管理', 'Orders', '訂單管理'),
      },
      {
        id: 'address',
        parent_id: 'orders',
        sort_order: 40,
        path: '/user/orders/address',
        name: 'address',
        menu_code: 'address',
        icon: 'ContactsOutlined',
        authority: JSON.stringify('address:view'),
        title: text('地址簿', 'Address book', '地址簿'),
      },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', 'in', ['address', 'orders']).execute();
}
