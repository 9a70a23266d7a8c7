import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';

/** SQL for the signed-in user's own account, always scoped to the caller's customer. */

/** The user; with the caller's session id, also that session's previous sign-in ("last sign-in"). */
export function findUser(db: Db, customerId: string, userId: string, sessionId = '') {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .innerJoin('customer_levels', 'customer_levels.id', 'customers.level_id')
    .leftJoin('sessions', (join) =>
      join.onRef('sessions.user_id', '=', 'users.id').on('sessions.id', '=', sessionId),
    )
    .select([
      'users.id',
      'users.login_name',
      'users.display_name',
      'users.phone',
      'users.email',
      'users.user_type',
      'users.password_hash',
      'users.is_init_password',
      'users.password_changed_at',
      'users.wechat_open_id',
      'users.last_login_at',
      'users.last_login_ip',
      // The sign-in before the caller's session, not before the user's latest: with several sessions
      // open, each shows the sign-in that preceded it.
      'sessions.previous_login_at',
      'sessions.previous_login_ip',
      'customers.id as customer_id',
      'customers.code as customer_code',
      'customers.company_name',
      'customers.status as customer_status',
      'customer_levels.name as level_name',
    ])
    .where('users.customer_id', '=', customerId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function updatePassword(db: Db, customerId: string, userId: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, is_init_password: 0, password_changed_at: nowIso() })
    .where('customer_id', '=', customerId)
    .where('id', '=', userId)
    .execute();
}

export async function listLoginLog(
  db: Db,
  customerId: string,
  userId: string,
  page: { pageIndex: number; pageSize: number },
) {
  // A pending row is an attempt still in flight, not yet a result to show.
  const base = db
    .selectFrom('login_logs')
    .where('customer_id', '=', customerId)
    .where('user_id', '=', userId)
    .where('result', '!=', 'pending');
  const [items, total] = await Promise.all([
    base
      .select(['id', 'created_at', 'ip', 'user_agent', 'device', 'method', 'result', 'attempts'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.count) };
}
