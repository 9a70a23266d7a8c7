import { sql, type Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

const STATUSES = [
  'draft',
  'submitted',
  'received',
  'in_transit',
  'delivered',
  'exception',
  'returned',
  'cancelled',
] as const;

/** What the keyword filter searches (kept equal to `consigneeSearchText` in modules/order/order-filter.ts). */
const searchText = (row: Record<string, string | null>) =>
  [row.name, row.company, row.phone, row.email, row.city]
    .filter((part) => part)
    .join('\n')
    .toLowerCase();

/**
 * The order list at a million orders per customer (issue 10; reasoning in docs/ARCHITECTURE.md "Order list").
 *
 * - `orders.customer_seq`: the customer's n-th order (1, 2, …, no gaps), the list's order (newest first).
 *   The unfiltered list's page k is then a range of it, so a deep page costs what the first page costs.
 * - `orders.consignee_search`: the consignee's name, company, phone, email and city, lowercased by
 *   JavaScript (the same folding on both engines); the keyword filter is one LIKE over it.
 * - `customer_order_counts`: one row per customer with its order count per status and its last sequence
 *   number, kept by the create path and `transitionOrder` in the same transaction: the status tabs of the
 *   unfiltered list and the home page read one row instead of counting a million.
 * - Indexes per filter, each ending in what the page or the counts need, so they are walked, not sorted.
 * - The menu's "My orders" and "Last-mile data" pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('customer_seq', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('consignee_search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Existing orders numbered in creation order (UPDATE … FROM: PostgreSQL, SQLite ≥ 3.33).
  await sql`
    update orders set customer_seq = numbered.n
    from (
      select id, row_number() over (partition by customer_id order by created_at, id) as n from orders
    ) as numbered
    where numbered.id = orders.id`.execute(db);

  // Search texts in JavaScript, a chunk at a time in id order.
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('orders')
      .select([
        'id',
        'consignee_name as name',
        'consignee_company as company',
        'consignee_phone as phone',
        'consignee_email as email',
        'consignee_city as city',
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    for (const row of rows)
      await db
        .updateTable('orders')
        .set({ consignee_search: searchText(row) })
        .where('id', '=', row.id)
        .execute();
    if (rows.length < 1000) break;
    after = rows[rows.length - 1]!.id;
  }

  let counts = db.schema
    .createTable('customer_order_counts')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0));
  for (const status of STATUSES)
    counts = counts.addColumn(status, 'integer', (c) => c.notNull().defaultTo(0));
  await counts.execute();
  await sql`
    insert into customer_order_counts (customer_id, last_seq, ${sql.join(STATUSES.map((s) => sql.ref(s)))})
    select customer_id, count(*), ${sql.join(
      STATUSES.map((s) => sql`sum(case when status = ${s} then 1 else 0 end)`),
    )}
    from orders group by customer_id`.execute(db);

  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('orders').columns(columns).execute();
  await db.schema
    .createIndex('orders_customer_seq_uq')
    .on('orders')
    .columns(['customer_id', 'customer_seq'])
    .unique()
    .execute();
  // A status tab's pages (and its deep pages, walked in the index without touching rows).
  await index('orders_status_seq_idx', ['customer_id', 'status', 'customer_seq']);
  // Date range, country, product: the range or equality first, then status and the sequence number, so the
  // tabs' counts and the page's sequence numbers are read from the index alone.
  await index('orders_created_idx', ['customer_id', 'created_at', 'status', 'customer_seq']);
  await index('orders_country_idx', [
    'customer_id',
    'consignee_country_code',
    'created_at',
    'status',
    'customer_seq',
  ]);
  await index('orders_product_idx', ['customer_id', 'product_code', 'created_at', 'status', 'customer_seq']);
  // The status filter combined with the others: the filtered page walks (status, country, created).
  await index('orders_status_country_idx', [
    'customer_id',
    'status',
    'consignee_country_code',
    'created_at',
    'customer_seq',
  ]);
  // The keyword filter scans (a substring cannot seek a B-tree): over this index, not the wide table rows;
  // status first, so its counts come out grouped without a sort.
  await index('orders_keyword_idx', ['customer_id', 'status', 'consignee_search', 'customer_seq']);
  // Pasted last-mile numbers (reference and waybill numbers have their unique indexes from migration 060).
  await index('orders_last_mile_no_idx', ['customer_id', 'last_mile_no']);
  // The end-data list: only orders with a last-mile number.
  await db.schema
    .createIndex('orders_end_data_idx')
    .on('orders')
    .columns(['customer_id', 'customer_seq'])
    .where(sql.ref('last_mile_no'), 'is not', null)
    .execute();
  // The home page's "today" and "this month": submitted orders of a time range and their charges.
  await index('orders_submitted_idx', [
    'customer_id',
    'submitted_at',
    'status',
    'estimated_currency_code',
    'estimated_total',
    'final_currency_code',
    'final_total',
  ]);
  // Tracking events of one customer's numbers.
  await db.schema
    .createIndex('order_tracking_events_customer_idx')
    .on('order_tracking_events')
    .columns(['customer_id', 'order_id', 'occurred_at'])
    .execute();

  await db
    .insertInto('application_menus')
    .values([
      {
        id: 'order',
        parent_id: 'orders',
        sort_order: 10,
        path: '/user/orders/order',
        name: 'order',
        menu_code: 'order',
        icon: 'UnorderedListOutlined',
        authority: JSON.stringify('order:view'),
        title: text('我的订单', 'My orders', '我的訂單'),
      },
      {
        id: 'endData',
        parent_id: 'orders',
        sort_order: 50,
        path: '/user/orders/endData',
        name: 'endData',
        menu_code: 'endData',
        icon: 'NodeIndexOutlined',
        authority: JSON.stringify('order:view'),
        title: text('尾程数据', 'Last-mile data', '尾程資料'),
      },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', 'in', ['order', 'endData']).execute();
  await db.schema.dropIndex('order_tracking_events_customer_idx').execute();
  for (const name of [
    'orders_customer_seq_uq',
    'orders_status_seq_idx',
    'orders_created_idx',
    'orders_country_idx',
    'orders_product_idx',
    'orders_status_country_idx',
    'orders_keyword_idx',
    'orders_last_mile_no_idx',
    'orders_end_data_idx',
    'orders_submitted_idx',
  ])
    await db.schema.dropIndex(name).execute();
  await db.schema.dropTable('customer_order_counts').execute();
  await db.schema.alterTable('orders').dropColumn('consignee_search').execute();
  await db.schema.alterTable('orders').dropColumn('customer_seq').execute();
}
