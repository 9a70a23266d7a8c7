import { ApiCode } from '@portal/contracts/envelope';
import { DataScope } from '@portal/contracts/organization';
import { ALL_PERMISSIONS, COMPANY_PERMISSIONS } from '@portal/contracts/permissions';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { seesWholeCompany, subtreeIds } from './data-scope.ts';
import './organization.messages.ts';

/**
 * No climbing: the ONE rule of who may manage whom in organisation management, used by every call that
 * changes a unit, a user or a role (organization.service.ts) and by the lists' `manageable`/`editable`.
 *
 * A manager reaches the units of its data scope (its unit's subtree; the whole company with an "all"
 * role). It may manage a user only when the user sits in one of those units AND the user's permissions
 * and data scope are a subset of its own — so nothing it does (a reset password, a new phone for SMS
 * codes, new roles) can make it more than it is. The main user is never managed here; a manager changes
 * only its own details, never its own roles, unit, status or password. A role is created, changed or
 * deleted only when it is within the manager's own rights before and after, and (when changed) only when
 * every user holding it is one the manager may manage. A unit is managed only inside the manager's units,
 * and its status only when the manager may manage every user it would switch on or off.
 */

/** The one managing: what it holds and which units it reaches (null: the whole company). */
export interface Manager {
  userId: string;
  isMain: boolean;
  permissions: ReadonlySet<string>;
  units: ReadonlySet<string> | null;
}

/** A user as the rule weighs it: where it sits, what it holds, which units' data it sees (null: all). */
export interface ManagedUser {
  id: string;
  userType: 'main' | 'sub';
  unitId: string | null;
  permissions: ReadonlySet<string>;
  units: ReadonlySet<string> | null;
}

/** A role's rights as the rule weighs them. */
export interface RoleRights {
  operationList: readonly string[];
  dataScope: DataScope;
}

/** The caller as a manager: its permissions and data scope as the request holds them (read with the session). */
export function managerOf(auth: AuthContext): Manager {
  const scope = auth.dataScope;
  const isMain = auth.userType === 'main';
  return {
    userId: auth.userId,
    isMain,
    permissions: new Set(
      isMain ? ALL_PERMISSIONS : [...auth.permissions, ...auth.roles.flatMap((role) => role.operationList)],
    ),
    units: scope === null ? null : new Set(scope.unitIds),
  };
}

/**
 * A user's standing from its rows: the main user holds everything; a sub-user what its roles grant, and
 * the data scope of `dataScopeOf` (the whole company, or its unit's subtree).
 */
export function managedUserOf(
  user: { id: string; user_type: 'main' | 'sub'; org_unit_id: string | null },
  roles: readonly RoleRights[],
  units: readonly { id: string; parent_id: string | null }[],
): ManagedUser {
  const main = user.user_type === 'main';
  const wholeCompany = seesWholeCompany(
    user.user_type,
    roles.map((role) => role.dataScope),
  );
  return {
    id: user.id,
    userType: user.user_type,
    unitId: user.org_unit_id,
    // As they take effect (data-scope.ts accessOf): no company permission without the whole company.
    permissions: new Set(
      main
        ? ALL_PERMISSIONS
        : roles
            .flatMap((role) => role.operationList)
            .filter(
              (permission) =>
                wholeCompany || !(COMPANY_PERMISSIONS as readonly string[]).includes(permission),
            ),
    ),
    units: wholeCompany
      ? null
      : new Set(user.org_unit_id === null ? [] : subtreeIds(units, user.org_unit_id)),
  };
}

const forbidden = (messageKey: string, params?: Record<string, string>, field?: string) =>
  new AppError(
    ApiCode.Forbidden,
    messageKey,
    params,
    field ? { errors: [{ field, message: messageKey }] } : null,
  );

/** Whether a unit (null: the top, directly under the customer) lies within the manager's units. */
export function reachesUnit(manager: Manager, unitId: string | null): boolean {
  return manager.units === null || (unitId !== null && manager.units.has(unitId));
}

/** Whether the user's permissions and data scope are all within the manager's. */
function isWithinRights(manager: Manager, user: ManagedUser): boolean {
  for (const permission of user.permissions) if (!manager.permissions.has(permission)) return false;
  if (manager.units === null) return true;
  if (user.units === null) return false;
  for (const unit of user.units) if (!manager.units.has(unit)) return false;
  return true;
}

/**
 * What is being changed on a user: `details` (name, phone, email) or `access` (password, status, unit,
 * roles). Only `details` may be changed on oneself.
 */
export type UserChange = 'details' | 'access';

function userRefusal(manager: Manager, user: ManagedUser, change: UserChange): AppError | null {
  if (user.userType === 'main') return forbidden('organization.mainUserLocked');
  if (user.id === manager.userId) return change === 'details' ? null : forbidden('organization.notYourself');
  if (!reachesUnit(manager, user.unitId)) return forbidden('organization.userOutsideScope');
  if (!isWithinRights(manager, user)) return forbidden('organization.userOutranks');
  return null;
}

/** Refuses (403) managing the user: see the rule above. */
export function assertMayManageUser(manager: Manager, user: ManagedUser, change: UserChange): void {
  const refusal = userRefusal(manager, user, change);
  if (refusal) throw refusal;
}

/** Whether the manager may change the user's access (the list's `manageable`: what the actions do). */
export function mayManageUser(manager: Manager, user: ManagedUser): boolean {
  return userRefusal(manager, user, 'access') === null;
}

/** The first right of a role beyond the manager's own, if any. */
function roleExcess(manager: Manager, role: RoleRights): AppError | null {
  for (const permission of role.operationList)
    if (!manager.permissions.has(permission)) return forbidden('organization.cannotGrant', { permission });
  if (role.dataScope === DataScope.All && manager.units !== null)
    return forbidden('organization.cannotGrantAllData');
  return null;
}

/** Whether the manager could hold the role itself (the role list shows these). */
export function mayGrantRole(manager: Manager, role: RoleRights): boolean {
  return roleExcess(manager, role) === null;
}

/** Refuses (403) giving anyone a role beyond the manager's own rights (a new role, a user's roles). */
export function assertMayGrantRole(manager: Manager, role: RoleRights): void {
  const refusal = roleExcess(manager, role);
  if (refusal) throw refusal;
}

/**
 * Refuses (403) putting a user (a new one, or one being moved or given roles) where the manager could
 * not manage it: in a unit outside its units, or with a role beyond its rights.
 */
export function assertMayPlaceUser(
  manager: Manager,
  placement: { unitId: string | null; roles: readonly RoleRights[] },
): void {
  if (!reachesUnit(manager, placement.unitId))
    throw forbidden('organization.placeOutsideScope', undefined, 'orgUnitId');
  for (const role of placement.roles) assertMayGrantRole(manager, role);
}

function roleRefusal(manager: Manager, before: RoleRights, holders: readonly ManagedUser[]): AppError | null {
  if (roleExcess(manager, before)) return forbidden('organization.roleBeyondYou');
  // The main user holds everything whatever its roles; the manager may reshape a role it holds itself
  // (only within its own rights, so never upwards).
  const others = holders.filter((user) => user.userType !== 'main' && user.id !== manager.userId);
  if (others.some((user) => !mayManageUser(manager, user))) return forbidden('organization.roleHeldBeyond');
  return null;
}

/**
 * Refuses (403) changing or deleting an existing role: its rights before (`before`) and after (`after`,
 * absent for a delete) must be within the manager's, and every user holding it one the manager may manage.
 */
export function assertMayManageRole(
  manager: Manager,
  change: { before: RoleRights; after?: RoleRights; holders: readonly ManagedUser[] },
): void {
  const refusal = roleRefusal(manager, change.before, change.holders);
  if (refusal) throw refusal;
  if (change.after) assertMayGrantRole(manager, change.after);
}

/** Whether the manager may change or delete the role (the role list's `editable`). */
export function mayManageRole(manager: Manager, role: RoleRights, holders: readonly ManagedUser[]): boolean {
  return roleRefusal(manager, role, holders) === null;
}

/**
 * Refuses (403) managing a unit outside the manager's units, or, with `users` (the users its status
 * would switch on or off), one holding a user the manager may not manage.
 */
export function assertMayManageUnit(
  manager: Manager,
  unitId: string,
  options: { users?: readonly ManagedUser[] } = {},
): void {
  if (!reachesUnit(manager, unitId)) throw forbidden('organization.unitOutsideScope');
  if (options.users?.some((user) => user.id !== manager.userId && !mayManageUser(manager, user)))
    throw forbidden('organization.unitHoldsOthers');
}

/** Refuses (403, on the `parentId` field) adding or moving a unit to a place outside the manager's units. */
export function assertMayPlaceUnit(manager: Manager, parentId: string | null): void {
  if (!reachesUnit(manager, parentId))
    throw forbidden('organization.placeOutsideScope', undefined, 'parentId');
}
