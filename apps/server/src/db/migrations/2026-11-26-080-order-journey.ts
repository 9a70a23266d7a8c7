import type { Kysely } from 'kysely';

/**
 * The parcel's journey (issue 10): when operations received it, handed it over to the last-mile carrier,
 * delivered or returned it, and its tracking events. Written by the operations services; read by the
 * order detail, tracking and the end-data list. Times are ISO-8601 UTC text, as everywhere.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['received_at', 'handed_over_at', 'delivered_at', 'returned_at', 'exception_at'])
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();

  await db.schema
    .createTable('order_tracking_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Denormalised so every read can be scoped to the customer without a join.
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('status_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // The language the description was written in (zh-CN, en-US, zh-TW), when known.
    .addColumn('language', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_tracking_events_order_idx')
    .on('order_tracking_events')
    .columns(['order_id', 'occurred_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_tracking_events').execute();
  for (const column of ['received_at', 'handed_over_at', 'delivered_at', 'returned_at', 'exception_at'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
