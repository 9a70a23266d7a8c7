import {
  ORG_MAX_DEPTH,
  ORG_MAX_ROLES,
  ORG_MAX_UNITS,
  OrgStatus,
  type OrgRole,
  type OrgUnit,
  type OrgUnitNode,
  type SubUser,
} from '@portal/contracts/organization';
import type { Page } from '@portal/contracts/pagination';
import type { z } from 'zod';
import type {
  OrgUnitInsertSchema,
  OrgUnitUpdateSchema,
  RoleInsertSchema,
  RoleUpdateSchema,
  SubUserInsertSchema,
  SubUserQuerySchema,
  SubUserUpdateSchema,
} from '@portal/contracts/organization';
import type { Db } from '../../db/database.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { isPlainId, newId, nowIso, randomToken } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { revokeOtherSessions } from '../auth/auth.repository.ts';
import { setUserStatus } from '../auth/auth.service.ts';
import { subtreeIds } from './data-scope.ts';
import {
  assertMayGrantRole,
  assertMayManageRole,
  assertMayManageUnit,
  assertMayManageUser,
  assertMayPlaceUnit,
  assertMayPlaceUser,
  managedUserOf,
  managerOf,
  mayGrantRole,
  mayManageRole,
  mayManageUser,
  type ManagedUser,
  type Manager,
  type RoleRights,
} from './manage-rule.ts';
import * as repo from './organization.repository.ts';
import './organization.messages.ts';

/**
 * The rules of units, roles and sub-users (every caller holds org:manage, checked by the routes):
 * - a tree without cycles, at most ORG_MAX_DEPTH deep; sibling names unique;
 * - a unit's status is effective on its own row: disabling disables the subtree and ends its users'
 *   sessions; enabling under a disabled parent is refused; moving under a disabled parent disables;
 * - no climbing (manage-rule.ts, checked by every change below): a manager manages only units within its
 *   own, users there whose rights are within its own, roles within its own rights; nobody grants what
 *   they do not hold; the main user cannot be edited here; nobody changes their own roles, unit or status.
 */

const requireId = (id: string) => {
  if (!isPlainId(id)) throw notFound();
  return id;
};

/** The rights of a stored role (its operation list is JSON). */
const rightsOf = (role: { operation_list: string; data_scope: RoleRights['dataScope'] }): RoleRights => ({
  operationList: parseOperations(role.operation_list),
  dataScope: role.data_scope,
});

/** Users (rows of usersWithRoleRights) as the no-climb rule weighs them, with the ids of their roles. */
function managedUsersOf(
  rows: readonly repo.UserRoleRightsRow[],
  units: readonly { id: string; parent_id: string | null }[],
): Map<string, { user: ManagedUser; roleIds: string[] }> {
  const byUser = new Map<string, { row: repo.UserRoleRightsRow; roles: RoleRights[]; roleIds: string[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.id) ?? { row, roles: [], roleIds: [] };
    if (row.role_id !== null && row.operation_list !== null && row.data_scope !== null) {
      entry.roles.push(rightsOf({ operation_list: row.operation_list, data_scope: row.data_scope }));
      entry.roleIds.push(row.role_id);
    }
    byUser.set(row.id, entry);
  }
  return new Map(
    [...byUser].map(([id, entry]) => [
      id,
      { user: managedUserOf(entry.row, entry.roles, units), roleIds: entry.roleIds },
    ]),
  );
}

/** The users sitting in the units, as the rule weighs them. */
async function managedUsersIn(db: Db, customerId: string, units: readonly repo.UnitRow[], unitIds: string[]) {
  const rows = await repo.usersWithRoleRights(db, customerId, { unitIds });
  return [...managedUsersOf(rows, units).values()].map((entry) => entry.user);
}

// ---- units ----------------------------------------------------------------------------------------

const toUnit = (row: repo.UnitRow): OrgUnit => ({
  id: row.id,
  parentId: row.parent_id,
  name: row.name,
  status: row.status,
  sortOrder: Number(row.sort_order),
  userCount: Number(row.user_count ?? 0),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The tree built from the flat rows (ordered by sort order); a row whose parent is missing is a root. */
export function buildTree(rows: readonly repo.UnitRow[]): OrgUnitNode[] {
  const nodes = new Map<string, OrgUnitNode>(rows.map((row) => [row.id, { ...toUnit(row), children: [] }]));
  const roots: OrgUnitNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** How deep a unit sits (a top-level unit is 1). */
function depthOf(units: ReadonlyMap<string, repo.UnitRow>, id: string | null): number {
  let depth = 0;
  for (let current = id; current !== null && depth <= ORG_MAX_DEPTH + 1; depth++)
    current = units.get(current)?.parent_id ?? null;
  return depth;
}

/** The height of a subtree (a leaf is 1). */
function heightOf(rows: readonly repo.UnitRow[], id: string): number {
  const children = rows.filter((row) => row.parent_id === id);
  return 1 + Math.max(0, ...children.map((child) => heightOf(rows, child.id)));
}

async function loadUnits(db: Db, customerId: string) {
  const rows = await repo.listUnits(db, customerId);
  return { rows, byId: new Map(rows.map((row) => [row.id, row])) };
}

/** The tree as far as the caller manages it: the whole tree, or its own unit's subtree. */
export async function queryTree(db: Db, auth: AuthContext): Promise<OrgUnitNode[]> {
  const [rows, manager] = await Promise.all([repo.listUnits(db, auth.customerId), managerOf(auth)]);
  const { units } = manager;
  return buildTree(units === null ? rows : rows.filter((row) => units.has(row.id)));
}

export async function getUnit(db: Db, auth: AuthContext, id: string): Promise<OrgUnit> {
  const { byId } = await loadUnits(db, auth.customerId);
  const row = byId.get(requireId(id));
  if (!row) throw notFound();
  assertMayManageUnit(managerOf(auth), row.id);
  return toUnit(row);
}

function assertSiblingNameFree(
  rows: readonly repo.UnitRow[],
  parentId: string | null,
  name: string,
  selfId?: string,
) {
  const folded = name.toLowerCase();
  if (
    rows.some((row) => row.parent_id === parentId && row.id !== selfId && row.name.toLowerCase() === folded)
  )
    throw invalidField('name', 'organization.unitNameTaken', { name });
}

function parentOf(byId: ReadonlyMap<string, repo.UnitRow>, parentId: string | null) {
  if (parentId === null) return null;
  const parent = isPlainId(parentId) ? byId.get(parentId) : undefined;
  if (!parent) throw invalidField('parentId', 'organization.parentNotFound');
  return parent;
}

/** Ends every session of every user in the units (the same call a password change makes). */
async function endSessionsInUnits(db: Db, customerId: string, unitIds: readonly string[]) {
  for (const userId of await repo.userIdsInUnits(db, customerId, unitIds))
    await revokeOtherSessions(db, userId, null, 'unit_disabled');
}

export async function insertUnit(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof OrgUnitInsertSchema>,
): Promise<OrgUnit> {
  const manager = managerOf(auth);
  return db.transaction().execute(async (trx) => {
    const { rows, byId } = await loadUnits(trx, auth.customerId);
    const parent = parentOf(byId, input.parentId);
    assertMayPlaceUnit(manager, input.parentId);
    if (rows.length >= ORG_MAX_UNITS) throw conflict('organization.tooManyUnits', { max: ORG_MAX_UNITS });
    if (depthOf(byId, input.parentId) + 1 > ORG_MAX_DEPTH)
      throw invalidField('parentId', 'organization.tooDeep', { max: ORG_MAX_DEPTH });
    assertSiblingNameFree(rows, input.parentId, input.name);
    const now = nowIso();
    const id = newId();
    await repo.insertUnit(trx, {
      id,
      customer_id: auth.customerId,
      parent_id: input.parentId,
      name: input.name,
      // Under a disabled parent a new unit is disabled too: a row's status is the effective one.
      status: parent?.status ?? OrgStatus.Enabled,
      sort_order: input.sortOrder,
      created_at: now,
      updated_at: now,
    });
    const created = (await repo.listUnits(trx, auth.customerId)).find((row) => row.id === id)!;
    return toUnit(created);
  });
}

export async function updateUnit(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof OrgUnitUpdateSchema>,
): Promise<OrgUnit> {
  const id = requireId(input.id);
  const manager = managerOf(auth);
  return db.transaction().execute(async (trx) => {
    const { rows, byId } = await loadUnits(trx, auth.customerId);
    const unit = byId.get(id);
    if (!unit) throw notFound();
    assertMayManageUnit(manager, id);
    const parent = parentOf(byId, input.parentId);
    // A move: the new place must be within the manager's units too (renaming its own top unit is fine).
    if (input.parentId !== unit.parent_id) assertMayPlaceUnit(manager, input.parentId);
    const subtree = subtreeIds(rows, id);
    if (input.parentId !== null && subtree.includes(input.parentId))
      throw invalidField('parentId', 'organization.unitCycle');
    if (depthOf(byId, input.parentId) + heightOf(rows, id) > ORG_MAX_DEPTH)
      throw invalidField('parentId', 'organization.tooDeep', { max: ORG_MAX_DEPTH });
    assertSiblingNameFree(rows, input.parentId, input.name, id);
    const now = nowIso();
    await repo.updateUnit(trx, auth.customerId, id, {
      parent_id: input.parentId,
      name: input.name,
      sort_order: input.sortOrder,
      updated_at: now,
    });
    if (parent?.status === OrgStatus.Disabled && unit.status === OrgStatus.Enabled) {
      // Moving under a disabled unit disables the subtree's users: only users the manager may manage.
      assertMayManageUnit(manager, id, { users: await managedUsersIn(trx, auth.customerId, rows, subtree) });
      await repo.setUnitsStatus(trx, auth.customerId, subtree, OrgStatus.Disabled, now);
      await endSessionsInUnits(trx, auth.customerId, subtree);
    }
    const updated = (await repo.listUnits(trx, auth.customerId)).find((row) => row.id === id)!;
    return toUnit(updated);
  });
}

export async function updateUnitStatus(
  db: Db,
  auth: AuthContext,
  input: { id: string; status: OrgStatus },
): Promise<OrgUnit> {
  const id = requireId(input.id);
  const manager = managerOf(auth);
  return db.transaction().execute(async (trx) => {
    const { rows, byId } = await loadUnits(trx, auth.customerId);
    const unit = byId.get(id);
    if (!unit) throw notFound();
    const subtree = subtreeIds(rows, id);
    // A unit's status switches its users on or off: only when the manager may manage every one of them.
    assertMayManageUnit(manager, id, { users: await managedUsersIn(trx, auth.customerId, rows, subtree) });
    const now = nowIso();
    if (input.status === OrgStatus.Disabled) {
      // Disabling the unit one sits in would end one's own session mid-action.
      const own = await repo.findUser(trx, auth.customerId, auth.userId);
      if (own?.org_unit_id && subtree.includes(own.org_unit_id)) throw conflict('organization.ownUnit');
      await repo.setUnitsStatus(trx, auth.customerId, subtree, OrgStatus.Disabled, now);
      await endSessionsInUnits(trx, auth.customerId, subtree);
    } else {
      const parent = unit.parent_id ? byId.get(unit.parent_id) : undefined;
      if (parent?.status === OrgStatus.Disabled) throw conflict('organization.parentDisabled');
      await repo.setUnitsStatus(trx, auth.customerId, subtree, OrgStatus.Enabled, now);
    }
    const updated = (await repo.listUnits(trx, auth.customerId)).find((row) => row.id === id)!;
    return toUnit(updated);
  });
}

// ---- roles ----------------------------------------------------------------------------------------

const parseOperations = (json: string): string[] => JSON.parse(json) as string[];

const toRole = (row: repo.RoleRow, editable: boolean): OrgRole => ({
  id: row.id,
  code: row.code,
  name: row.name,
  operationList: parseOperations(row.operation_list),
  dataScope: row.data_scope,
  userCount: Number(row.user_count ?? 0),
  editable,
});

/** Every user of the customer as the rule weighs them, and who holds each role. */
async function roleHolders(db: Db, customerId: string) {
  const [rows, units] = await Promise.all([
    repo.usersWithRoleRights(db, customerId),
    repo.listUnits(db, customerId),
  ]);
  const users = managedUsersOf(rows, units);
  const holders = new Map<string, ManagedUser[]>();
  for (const { user, roleIds } of users.values())
    for (const roleId of roleIds) holders.set(roleId, [...(holders.get(roleId) ?? []), user]);
  return (roleId: string) => holders.get(roleId) ?? [];
}

/**
 * The roles the caller could hold itself (within its own rights; the others are not shown, as it can
 * neither grant nor change them), each `editable` when it may change it (no holder beyond its reach).
 */
export async function listRoles(db: Db, auth: AuthContext): Promise<OrgRole[]> {
  const [rows, manager, holdersOf] = await Promise.all([
    repo.listRoles(db, auth.customerId),
    managerOf(auth),
    roleHolders(db, auth.customerId),
  ]);
  return rows
    .filter((row) => mayGrantRole(manager, rightsOf(row)))
    .map((row) => toRole(row, mayManageRole(manager, rightsOf(row), holdersOf(row.id))));
}

/** The answer about one role after a change, as the list shows it. */
async function answerRole(db: Db, auth: AuthContext, id: string): Promise<OrgRole> {
  const [rows, manager, holdersOf] = await Promise.all([
    repo.listRoles(db, auth.customerId),
    managerOf(auth),
    roleHolders(db, auth.customerId),
  ]);
  const row = rows.find((role) => role.id === id)!;
  return toRole(row, mayManageRole(manager, rightsOf(row), holdersOf(id)));
}

function assertRoleNameFree(rows: readonly repo.RoleRow[], name: string, selfId?: string) {
  const folded = name.toLowerCase();
  if (rows.some((row) => row.id !== selfId && row.name.toLowerCase() === folded))
    throw invalidField('name', 'organization.roleNameTaken', { name });
}

export async function insertRole(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof RoleInsertSchema>,
): Promise<OrgRole> {
  assertMayGrantRole(managerOf(auth), input);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const rows = await repo.listRoles(trx, auth.customerId);
    if (rows.length >= ORG_MAX_ROLES) throw conflict('organization.tooManyRoles', { max: ORG_MAX_ROLES });
    assertRoleNameFree(rows, input.name);
    await repo.insertRole(trx, {
      id,
      customer_id: auth.customerId,
      // The id routes could name; generated, so it never collides with `admin` and the like.
      code: `role-${randomToken(6).toLowerCase()}`,
      name: input.name,
      operation_list: JSON.stringify(input.operationList),
      data_scope: input.dataScope,
    });
  });
  return answerRole(db, auth, id);
}

export async function updateRole(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof RoleUpdateSchema>,
): Promise<OrgRole> {
  const id = requireId(input.id);
  const manager = managerOf(auth);
  await db.transaction().execute(async (trx) => {
    const rows = await repo.listRoles(trx, auth.customerId);
    const role = rows.find((row) => row.id === id);
    if (!role) throw notFound();
    const holdersOf = await roleHolders(trx, auth.customerId);
    assertMayManageRole(manager, { before: rightsOf(role), after: input, holders: holdersOf(id) });
    assertRoleNameFree(rows, input.name, id);
    await repo.updateRole(trx, auth.customerId, id, {
      name: input.name,
      operation_list: JSON.stringify(input.operationList),
      data_scope: input.dataScope,
    });
  });
  return answerRole(db, auth, id);
}

export async function deleteRole(db: Db, auth: AuthContext, rawId: string): Promise<void> {
  const id = requireId(rawId);
  const rows = await repo.listRoles(db, auth.customerId);
  const role = rows.find((row) => row.id === id);
  if (!role) throw notFound();
  const holdersOf = await roleHolders(db, auth.customerId);
  assertMayManageRole(managerOf(auth), { before: rightsOf(role), holders: holdersOf(id) });
  if (!(await repo.deleteUnusedRole(db, auth.customerId, id))) throw conflict('organization.roleInUse');
}

// ---- sub-users ------------------------------------------------------------------------------------

export async function listUsers(
  db: Db,
  auth: AuthContext,
  query: z.output<typeof SubUserQuerySchema>,
): Promise<Page<SubUser>> {
  const [units, manager] = await Promise.all([repo.listUnits(db, auth.customerId), managerOf(auth)]);
  const names = new Map(units.map((unit) => [unit.id, unit.name]));
  // A manager seeing one unit lists the users of its units only (the whole company: everyone).
  let unitIds = manager.units === null ? undefined : [...manager.units];
  if (query.orgUnitId !== undefined) {
    const root = isPlainId(query.orgUnitId) ? names.has(query.orgUnitId) : false;
    if (!root) throw notFound();
    assertMayManageUnit(manager, query.orgUnitId);
    unitIds = query.withSubUnits ? subtreeIds(units, query.orgUnitId) : [query.orgUnitId];
  }
  const { rows, total } = await repo.listUsers(
    db,
    auth.customerId,
    { unitIds, keyword: query.keyword },
    query,
  );
  const ids = rows.map((row) => row.id);
  const [roles, rights] = await Promise.all([
    repo.rolesOfUsers(db, auth.customerId, ids),
    repo.usersWithRoleRights(db, auth.customerId, { userIds: ids }),
  ]);
  const managed = managedUsersOf(rights, units);
  const manageable = (id: string) => mayManageUser(manager, managed.get(id)!.user);
  return {
    items: rows.map((row) => toSubUser(row, names, roles.get(row.id) ?? [], manageable(row.id))),
    total,
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
  };
}

function toSubUser(
  row: repo.UserRow,
  unitNames: ReadonlyMap<string, string>,
  roles: { id: string; name: string }[],
  manageable: boolean,
): SubUser {
  return {
    id: row.id,
    loginName: row.login_name,
    displayName: row.display_name,
    phone: row.phone,
    email: row.email,
    userType: row.user_type,
    status: row.status,
    isInitPassword: row.is_init_password === 1,
    orgUnitId: row.org_unit_id,
    orgUnitName: row.org_unit_id ? (unitNames.get(row.org_unit_id) ?? null) : null,
    roles,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
    manageable,
  };
}

/**
 * The customer's user (404 for anyone else's or an unknown id) and how the no-climb rule weighs it, with
 * the ids of its roles.
 */
async function loadManagedUser(db: Db, auth: AuthContext, rawId: string) {
  const id = requireId(rawId);
  const [row, rights, units] = await Promise.all([
    repo.findUser(db, auth.customerId, id),
    repo.usersWithRoleRights(db, auth.customerId, { userIds: [id] }),
    repo.listUnits(db, auth.customerId),
  ]);
  const managed = managedUsersOf(rights, units).get(id);
  if (!row || !managed) throw notFound();
  return { row, ...managed };
}

/**
 * The unit and roles of a user form: they must be the customer's (400 on the field), and the result one
 * the manager could manage (403: a unit outside its units, a role beyond its rights).
 */
async function checkPlacement(
  db: Db,
  auth: AuthContext,
  manager: Manager,
  input: { orgUnitId: string | null; roleIds: readonly string[] },
) {
  if (input.orgUnitId !== null) {
    const { byId } = await loadUnits(db, auth.customerId);
    if (!isPlainId(input.orgUnitId) || !byId.has(input.orgUnitId))
      throw invalidField('orgUnitId', 'organization.unitNotFound');
  }
  const roles = await repo.listRoles(db, auth.customerId);
  const chosen = input.roleIds.map((id) => roles.find((role) => role.id === id));
  if (chosen.some((role) => role === undefined)) throw invalidField('roleIds', 'organization.roleNotFound');
  assertMayPlaceUser(manager, {
    unitId: input.orgUnitId,
    roles: (chosen as repo.RoleRow[]).map(rightsOf),
  });
}

async function assertPhoneFree(db: Db, phone: string | null, exceptUserId?: string) {
  if (phone && (await repo.phoneTaken(db, phone, exceptUserId)))
    throw invalidField('phone', 'organization.phoneTaken');
}

async function answerUser(db: Db, auth: AuthContext, id: string): Promise<SubUser> {
  const [{ row, user }, units, roles, manager] = await Promise.all([
    loadManagedUser(db, auth, id),
    repo.listUnits(db, auth.customerId),
    repo.rolesOfUsers(db, auth.customerId, [id]),
    managerOf(auth),
  ]);
  return toSubUser(
    row,
    new Map(units.map((unit) => [unit.id, unit.name])),
    roles.get(id) ?? [],
    mayManageUser(manager, user),
  );
}

export async function insertUser(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof SubUserInsertSchema>,
): Promise<SubUser> {
  await checkPlacement(db, auth, managerOf(auth), input);
  if (await repo.loginNameTaken(db, input.loginName))
    throw invalidField('loginName', 'organization.loginNameTaken');
  await assertPhoneFree(db, input.phone);
  const passwordHash = await hashPassword(input.initialPassword);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await repo.insertUser(trx, {
      id,
      customer_id: auth.customerId,
      login_name: input.loginName,
      phone: input.phone,
      email: input.email,
      display_name: input.displayName,
      password_hash: passwordHash,
      user_type: 'sub',
      status: 'enabled',
      // The provider-issued password flow: the first sign-in must replace it.
      is_init_password: 1,
      password_changed_at: null,
      wechat_open_id: null,
      last_login_at: null,
      last_login_ip: null,
      created_at: nowIso(),
      org_unit_id: input.orgUnitId,
    });
    await repo.replaceUserRoles(trx, id, input.roleIds);
  });
  return answerUser(db, auth, id);
}

export async function updateUser(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof SubUserUpdateSchema>,
): Promise<SubUser> {
  const [manager, target] = await Promise.all([managerOf(auth), loadManagedUser(db, auth, input.id)]);
  const { row: user, roleIds: previousRoleIds } = target;
  const sameRoles =
    previousRoleIds.length === input.roleIds.length &&
    input.roleIds.every((id) => previousRoleIds.includes(id));
  // Details (name, phone, email: where sign-in codes go) are managing too; unit and roles are access.
  const access = !sameRoles || input.orgUnitId !== user.org_unit_id;
  assertMayManageUser(manager, target.user, access ? 'access' : 'details');
  if (access) await checkPlacement(db, auth, manager, input);
  await assertPhoneFree(db, input.phone, user.id);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, auth.customerId, user.id, {
      display_name: input.displayName,
      phone: input.phone,
      email: input.email,
      org_unit_id: input.orgUnitId,
    });
    await repo.replaceUserRoles(trx, user.id, input.roleIds);
  });
  return answerUser(db, auth, user.id);
}

export async function updateUserStatus(
  db: Db,
  auth: AuthContext,
  input: { id: string; status: OrgStatus },
): Promise<SubUser> {
  const { row: user, user: target } = await loadManagedUser(db, auth, input.id);
  assertMayManageUser(managerOf(auth), target, 'access');
  // The one rule of enabling and disabling users (auth): disabling ends every session.
  await setUserStatus(db, auth.customerId, user.id, input.status);
  return answerUser(db, auth, user.id);
}

export async function resetPassword(
  db: Db,
  auth: AuthContext,
  input: { id: string; initialPassword: string },
): Promise<void> {
  const { row: user, user: target } = await loadManagedUser(db, auth, input.id);
  assertMayManageUser(managerOf(auth), target, 'access');
  const passwordHash = await hashPassword(input.initialPassword);
  await db.transaction().execute(async (trx) => {
    await repo.setInitialPassword(trx, auth.customerId, user.id, passwordHash);
    await revokeOtherSessions(trx, user.id, null, 'password_reset');
  });
}
