import { sql, type Kysely } from 'kysely';

/**
 * A customer's order numbers (`orders.customer_seq`) are drawn from a row of their own, in a statement of
 * their own before the create's transaction (issue 21): the counter row of `customer_order_counts` is
 * then written last in each transaction, so a customer's creates no longer queue on one row lock for
 * the whole create. A create that fails after drawing its number leaves a gap, which the order list
 * handles (it walks the index when `last_seq` is not the count).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_order_seqs')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into customer_order_seqs (customer_id, last_seq)
    select customer_id, max(customer_seq) from orders group by customer_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_order_seqs').execute();
}
