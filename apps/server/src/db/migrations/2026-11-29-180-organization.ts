import { type Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * Organisation and sub-users (issue 13): the department tree of a customer, the unit a user sits in,
 * the data scope of a role, the unit an order was created in, and the organisation page in the
 * personal settings menu.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('org_units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    // null: a top-level unit of the customer.
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    // enabled | disabled; disabling a unit disables its whole subtree (each row says so itself).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('org_units_customer_parent_idx')
    .on('org_units')
    .columns(['customer_id', 'parent_id'])
    .execute();

  // The unit a user sits in (null: directly under the customer, as the main user is).
  await db.schema.alterTable('users').addColumn('org_unit_id', 'text').execute();
  await db.schema
    .createIndex('users_org_unit_idx')
    .on('users')
    .columns(['customer_id', 'org_unit_id'])
    .execute();

  // all: the role's holders see the whole customer's data; unit: their unit's and its sub-units' only.
  await db.schema
    .alterTable('roles')
    .addColumn('data_scope', 'text', (c) => c.notNull().defaultTo('all'))
    .execute();

  // The unit of the user who created an order, as it was then: the unit data scope filters on it.
  await db.schema.alterTable('orders').addColumn('org_unit_id', 'text').execute();
  await db.schema
    .createIndex('orders_org_unit_idx')
    .on('orders')
    .columns(['customer_id', 'org_unit_id'])
    .execute();

  await db
    .insertInto('application_menus')
    .values({
      id: 'systemUserCenter',
      parent_id: 'personal',
      sort_order: 30,
      path: '/admin/systemUser/userCenter',
      name: 'systemUserCenter',
      menu_code: 'systemUserCenter',
      icon: 'ApartmentOutlined',
      authority: JSON.stringify('org:manage'),
      title: text('组织与子账号', 'Organization and sub-users', '組織與子帳號'),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', '=', 'systemUserCenter').execute();
  await db.schema.dropIndex('orders_org_unit_idx').execute();
  await db.schema.alterTable('orders').dropColumn('org_unit_id').execute();
  await db.schema.alterTable('roles').dropColumn('data_scope').execute();
  await db.schema.dropIndex('users_org_unit_idx').execute();
  await db.schema.alterTable('users').dropColumn('org_unit_id').execute();
  await db.schema.dropTable('org_units').execute();
}
