import type { Kysely } from 'kysely';

/**
 * The unit data scope reaches exports and messages (issue 20):
 * - an export task records the unit its user was in when it asked with the unit scope, so a unit-scoped
 *   user lists and downloads only its units' exports and its own (an export asked with the whole-company
 *   scope holds every unit's rows: no unit of it);
 * - a message about an order names the order, so a unit-scoped user reads only those about orders in its
 *   scope; a weigh-in's extra charge or refund is about money, so only `finance:view` reads it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_tasks').addColumn('org_unit_id', 'text').execute();
  await db
    .updateTable('export_tasks')
    .set((eb: any) => ({
      org_unit_id: eb
        .selectFrom('users')
        .select('users.org_unit_id')
        .whereRef('users.id', '=', 'export_tasks.user_id')
        .where('users.user_type', '=', 'sub')
        .where(({ not, exists, selectFrom }: any) =>
          not(
            exists(
              selectFrom('user_roles')
                .innerJoin('roles', 'roles.id', 'user_roles.role_id')
                .select('roles.id')
                .whereRef('user_roles.user_id', '=', 'users.id')
                .where('roles.data_scope', '=', 'all'),
            ),
          ),
        ),
    }))
    .execute();

  await db.schema.alterTable('notifications').addColumn('order_id', 'text').execute();
  const about = await db
    .selectFrom('notifications')
    .select(['id', 'customer_id', 'params'])
    .where('kind', 'in', ['weight_adjustment', 'order_exception'])
    .execute();
  for (const row of about as { id: string; customer_id: string; params: string }[]) {
    const orderNo = (JSON.parse(row.params) as { orderNo?: unknown }).orderNo;
    if (typeof orderNo !== 'string') continue;
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', row.customer_id)
      .where('customer_order_no', '=', orderNo)
      .executeTakeFirst();
    if (order)
      await db.updateTable('notifications').set({ order_id: order.id }).where('id', '=', row.id).execute();
  }
  await db
    .updateTable('notifications')
    .set({ permission: 'finance:view' })
    .where('kind', '=', 'weight_adjustment')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ permission: 'order:view' })
    .where('kind', '=', 'weight_adjustment')
    .execute();
  await db.schema.alterTable('notifications').dropColumn('order_id').execute();
  await db.schema.alterTable('export_tasks').dropColumn('org_unit_id').execute();
}
