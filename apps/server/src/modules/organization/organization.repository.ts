import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrgUnitsTable, RolesTable, UsersTable } from '../../db/schema.ts';
import { escapeLike } from '../order/order-filter.ts';

/** All SQL of units, roles and sub-users; every statement is scoped to one customer. */

export function listUnits(db: Db, customerId: string) {
  return db
    .selectFrom('org_units')
    .select([
      'org_units.id',
      'org_units.parent_id',
      'org_units.name',
      'org_units.status',
      'org_units.sort_order',
      'org_units.created_at',
      'org_units.updated_at',
      (eb) =>
        eb
          .selectFrom('users')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('users.org_unit_id', '=', 'org_units.id')
          .where('users.customer_id', '=', customerId)
          .as('user_count'),
    ])
    .where('org_units.customer_id', '=', customerId)
    .orderBy('org_units.sort_order')
    .orderBy('org_units.created_at')
    .orderBy('org_units.id')
    .execute();
}
export type UnitRow = Awaited<ReturnType<typeof listUnits>>[number];

export async function insertUnit(db: Db, row: Insertable<OrgUnitsTable>) {
  await db.insertInto('org_units').values(row).execute();
}

export async function updateUnit(
  db: Db,
  customerId: string,
  id: string,
  values: Pick<OrgUnitsTable, 'parent_id' | 'name' | 'sort_order' | 'updated_at'>,
) {
  await db
    .updateTable('org_units')
    .set(values)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

export async function setUnitsStatus(
  db: Db,
  customerId: string,
  ids: readonly string[],
  status: OrgUnitsTable['status'],
  now: string,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('org_units')
    .set({ status, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
}

/** The users sitting in any of the units. */
export async function userIdsInUnits(db: Db, customerId: string, unitIds: readonly string[]) {
  if (unitIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('org_unit_id', 'in', unitIds)
    .execute();
  return rows.map((row) => row.id);
}

export function listRoles(db: Db, customerId: string) {
  return db
    .selectFrom('roles')
    .select([
      'roles.id',
      'roles.code',
      'roles.name',
      'roles.operation_list',
      'roles.data_scope',
      (eb) =>
        eb
          .selectFrom('user_roles')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('user_roles.role_id', '=', 'roles.id')
          .as('user_count'),
    ])
    .where('roles.customer_id', '=', customerId)
    .orderBy('roles.name')
    .orderBy('roles.id')
    .execute();
}
export type RoleRow = Awaited<ReturnType<typeof listRoles>>[number];

export async function insertRole(db: Db, row: Insertable<RolesTable>) {
  await db.insertInto('roles').values(row).execute();
}

export async function updateRole(
  db: Db,
  customerId: string,
  id: string,
  values: Pick<RolesTable, 'name' | 'operation_list'> & { data_scope: 'all' | 'unit' },
) {
  await db
    .updateTable('roles')
    .set(values)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a role no user holds; false when it is held (or gone). */
export async function deleteUnusedRole(db: Db, customerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('roles')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('user_roles').select('user_roles.user_id').where('user_roles.role_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The data scopes of the roles a user holds in its customer. */
export async function roleScopesOfUser(db: Db, customerId: string, userId: string) {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.data_scope')
    .where('user_roles.user_id', '=', userId)
    .where('roles.customer_id', '=', customerId)
    .execute();
  return rows.map((row) => row.data_scope);
}

const USER_COLUMNS = [
  'users.id',
  'users.login_name',
  'users.display_name',
  'users.phone',
  'users.email',
  'users.user_type',
  'users.status',
  'users.is_init_password',
  'users.org_unit_id',
  'users.last_login_at',
  'users.created_at',
] as const;

export function findUser(db: Db, customerId: string, id: string) {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('users.customer_id', '=', customerId)
    .where('users.id', '=', id)
    .executeTakeFirst();
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** A page of the customer's users, optionally only those in `unitIds` and matching `keyword`. */
export async function listUsers(
  db: Db,
  customerId: string,
  filter: { unitIds?: readonly string[]; keyword?: string | null },
  page: { pageIndex: number; pageSize: number },
) {
  let query = db.selectFrom('users').where('users.customer_id', '=', customerId);
  if (filter.unitIds) {
    const unitIds = filter.unitIds;
    if (unitIds.length === 0) return { rows: [], total: 0 };
    query = query.where('users.org_unit_id', 'in', unitIds);
  }
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.login_name']), 'like', eb.val(pattern)),
        eb(eb.fn('lower', ['users.display_name']), 'like', eb.val(pattern)),
        eb('users.phone', 'like', pattern),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(USER_COLUMNS)
      .orderBy('users.user_type')
      .orderBy('users.created_at')
      .orderBy('users.id')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The roles (id, name) each of the users holds. */
export async function rolesOfUsers(db: Db, customerId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { id: string; name: string }[]>();
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.name'])
    .where('roles.customer_id', '=', customerId)
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.name')
    .execute();
  const byUser = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** Whether a login name or phone is already anyone's (they are unique across all customers). */
export async function loginNameTaken(db: Db, loginName: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', loginName)
    .executeTakeFirst();
  return row !== undefined;
}
export async function phoneTaken(db: Db, phone: string, exceptUserId?: string) {
  let query = db.selectFrom('users').select('id').where('phone', '=', phone);
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, row: Insertable<UsersTable>) {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(
  db: Db,
  customerId: string,
  id: string,
  values: Pick<UsersTable, 'display_name' | 'phone' | 'email'> & { org_unit_id: string | null },
) {
  await db
    .updateTable('users')
    .set(values)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

export async function setInitialPassword(db: Db, customerId: string, id: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, is_init_password: 1, password_changed_at: null })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

/** Replaces a user's roles (the caller checked they are the customer's). */
export async function replaceUserRoles(db: Db, userId: string, roleIds: readonly string[]) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length > 0)
    await db
      .insertInto('user_roles')
      .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
}

/**
 * The customer's users (or those with the given ids, or sitting in the given units) with the rights of
 * each role they hold: one row per user and role (role columns null for a user without roles). What the
 * no-climb rule (manage-rule.ts) weighs.
 */
export async function usersWithRoleRights(
  db: Db,
  customerId: string,
  filter: { userIds?: readonly string[]; unitIds?: readonly string[] } = {},
) {
  if (filter.userIds?.length === 0 || filter.unitIds?.length === 0) return [];
  let query = db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', (join) =>
      join.onRef('roles.id', '=', 'user_roles.role_id').on('roles.customer_id', '=', customerId),
    )
    .select([
      'users.id',
      'users.user_type',
      'users.org_unit_id',
      'roles.id as role_id',
      'roles.operation_list',
      'roles.data_scope',
    ])
    .where('users.customer_id', '=', customerId);
  if (filter.userIds) query = query.where('users.id', 'in', filter.userIds);
  if (filter.unitIds) query = query.where('users.org_unit_id', 'in', filter.unitIds);
  return query.orderBy('users.id').execute();
}
export type UserRoleRightsRow = Awaited<ReturnType<typeof usersWithRoleRights>>[number];
