import type { RoleGrant } from '@portal/contracts/access';
import { DataScope } from '@portal/contracts/organization';
import { COMPANY_PERMISSIONS } from '@portal/contracts/permissions';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The unit data scope: which of the customer's data a caller may see. The main user and a sub-user
 * holding any role whose scope is "all" see everything (null). Everyone else sees what was created in
 * their unit or its sub-units, and what they created themselves (a sub-user outside any unit: only that).
 *
 * The ONE place the rule lives. A signed-in request (session or API token) carries its scope in
 * `request.auth.dataScope`, worked out once by `accessOf` below; background work for a user (an export)
 * asks `dataScopeOf`. Rows are filtered by `inDataScope` (SQL) or `isInDataScope` (one row in hand).
 */
export interface DataScopeFilter {
  unitIds: readonly string[];
  userId: string;
}

/**
 * What a route reads, declared once in its config (`config.dataScope`); plugins/authenticate.ts refuses
 * to register a signed-in route without one, and enforces `company`:
 * - `orders`: orders and what derives from them (labels, tracking, end data, exports, imports, messages
 *   about orders, uploaded files): every read and write filters by `request.auth.dataScope`.
 * - `company`: the company's money and its settings (balance, ledger, top-ups, bills, invoice titles):
 *   only a caller with the whole-company scope; a unit-scoped caller is refused before the handler.
 * - `organization`: the team (units, users, roles): the manager's unit scope, checked by the
 *   organisation service's no-climb rule.
 * - `shared`: what every user of the customer shares whatever the unit (address book, products and
 *   prices, reference data, saved column mappings).
 * - `self`: only the caller's own account (profile, password, sessions, sign-in log, own tokens).
 */
export type DataScopeRule = 'orders' | 'company' | 'organization' | 'shared' | 'self';
export const DATA_SCOPE_RULES: readonly DataScopeRule[] = [
  'orders',
  'company',
  'organization',
  'shared',
  'self',
];

/** Someone reading the customer's data with a scope: a signed-in caller, or an export running for a user. */
export interface ScopedCaller {
  customerId: string;
  userId: string;
  dataScope: DataScopeFilter | null;
}

/** The roles a caller holds, as read with its session or API token (with each role's data scope). */
export interface ScopedRoleGrant extends RoleGrant {
  dataScope: DataScope;
}

/**
 * A caller's access from its user and roles: whether it has the whole-company scope, its unit scope
 * otherwise, and its roles as they take effect — the company permissions (COMPANY_PERMISSIONS) dropped
 * for a unit-scoped caller, so every permission check, the menu and the web app see them absent.
 */
export async function accessOf(
  db: Db,
  who: { customerId: string; userId: string; userType: 'main' | 'sub'; orgUnitId: string | null },
  roles: readonly ScopedRoleGrant[],
): Promise<{ dataScope: DataScopeFilter | null; roles: RoleGrant[] }> {
  const grants = roles.map(({ id, operationList }) => ({ id, operationList }));
  if (
    seesWholeCompany(
      who.userType,
      roles.map((role) => role.dataScope),
    )
  )
    return { dataScope: null, roles: grants };
  return {
    dataScope: await unitScope(db, who.customerId, who.userId, who.orgUnitId),
    roles: grants.map((role) => ({
      id: role.id,
      operationList: role.operationList.filter(
        (permission) => !(COMPANY_PERMISSIONS as readonly string[]).includes(permission),
      ),
    })),
  };
}

/** The unit scope of a user in `unitId` (null: outside any unit, only what it made itself). */
async function unitScope(
  db: Db,
  customerId: string,
  userId: string,
  unitId: string | null,
): Promise<DataScopeFilter> {
  if (unitId === null) return { unitIds: [], userId };
  const units = await db
    .selectFrom('org_units')
    .select(['id', 'parent_id'])
    .where('customer_id', '=', customerId)
    .execute();
  return { unitIds: subtreeIds(units, unitId), userId };
}

/**
 * The scope as one SQL condition on a table whose rows record the unit they were made in and who made
 * them (orders, export tasks): true for every row when the scope is null.
 */
export function inDataScope(
  scope: DataScopeFilter | null,
  columns: { unit: string; user: string },
): Expression<SqlBool> {
  if (scope === null) return sql<SqlBool>`1 = 1`;
  const byUser = sql<SqlBool>`${sql.ref(columns.user)} = ${scope.userId}`;
  if (scope.unitIds.length === 0) return byUser;
  return sql<SqlBool>`(${sql.ref(columns.unit)} in (${sql.join(scope.unitIds)}) or ${byUser})`;
}

/** Every unit of the subtree under `rootId` (itself included), from the customer's units. */
export function subtreeIds(
  units: readonly { id: string; parent_id: string | null }[],
  rootId: string,
): string[] {
  const children = new Map<string, string[]>();
  for (const unit of units) {
    if (unit.parent_id === null) continue;
    const list = children.get(unit.parent_id) ?? [];
    list.push(unit.id);
    children.set(unit.parent_id, list);
  }
  const result: string[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return result;
}

/** The first half of the rule: the main user, or a sub-user holding any role whose scope is "all". */
export function seesWholeCompany(
  userType: 'main' | 'sub' | undefined,
  roleScopes: readonly DataScope[],
): boolean {
  return userType === 'main' || roleScopes.includes(DataScope.All);
}

/**
 * The scope of a user (a signed-in caller, or the user an export task runs for): null for the whole
 * customer, else the units (and own user id) it may see. Read afresh each time: a role edited or a user
 * moved takes effect at once.
 */
export async function dataScopeOf(
  db: Db,
  who: { customerId: string; userId: string },
): Promise<DataScopeFilter | null> {
  const [scopes, user] = await Promise.all([
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.data_scope')
      .where('user_roles.user_id', '=', who.userId)
      .where('roles.customer_id', '=', who.customerId)
      .execute(),
    db
      .selectFrom('users')
      .select(['org_unit_id', 'user_type'])
      .where('customer_id', '=', who.customerId)
      .where('id', '=', who.userId)
      .executeTakeFirst(),
  ]);
  if (
    seesWholeCompany(
      user?.user_type,
      scopes.map((row) => row.data_scope),
    )
  )
    return null;
  return unitScope(db, who.customerId, who.userId, user?.org_unit_id ?? null);
}

/**
 * The scope on a table whose rows record only who made them (uploaded files): a row is in scope when
 * its maker is the caller or is now in one of the caller's units.
 */
export function madeInDataScope(scope: DataScopeFilter | null, userColumn: string): Expression<SqlBool> {
  if (scope === null) return sql<SqlBool>`1 = 1`;
  const maker = sql.ref(userColumn);
  if (scope.unitIds.length === 0) return sql<SqlBool>`${maker} = ${scope.userId}`;
  return sql<SqlBool>`(${maker} = ${scope.userId} or ${maker} in (select users.id from users where users.org_unit_id in (${sql.join(scope.unitIds)})))`;
}

/** Whether one row (an order) lies within the scope. */
export function isInDataScope(
  scope: DataScopeFilter | null,
  row: { org_unit_id: string | null; created_by: string | null },
): boolean {
  if (scope === null) return true;
  return (
    row.created_by === scope.userId || (row.org_unit_id !== null && scope.unitIds.includes(row.org_unit_id))
  );
}
