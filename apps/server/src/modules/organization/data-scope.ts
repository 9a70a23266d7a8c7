import { DataScope } from '@portal/contracts/organization';
import type { Db } from '../../db/database.ts';

/**
 * The unit data scope: which of the customer's data a caller may see. The main user and a sub-user
 * holding any role whose scope is "all" see everything (null). Everyone else sees what was created in
 * their unit or its sub-units, and what they created themselves (a sub-user outside any unit: only that).
 *
 * The ONE place the rule lives: the order list, end data, detail, tracking and exports all take it.
 */
export interface DataScopeFilter {
  unitIds: readonly string[];
  userId: string;
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
  const roleScopes = scopes.map((row) => row.data_scope);
  if (seesWholeCompany(user?.user_type, roleScopes)) return null;
  const unitId = user?.org_unit_id ?? null;
  if (unitId === null) return { unitIds: [], userId: who.userId };
  const units = await db
    .selectFrom('org_units')
    .select(['id', 'parent_id'])
    .where('customer_id', '=', who.customerId)
    .execute();
  return { unitIds: subtreeIds(units, unitId), userId: who.userId };
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
