import { hasPermission } from '@portal/contracts/access';
import { ApiCode } from '@portal/contracts/envelope';
import {
  DataScope,
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
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { isPlainId, newId, nowIso, randomToken } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { revokeOtherSessions } from '../auth/auth.repository.ts';
import { setUserStatus } from '../auth/auth.service.ts';
import { dataScopeOf, subtreeIds } from './data-scope.ts';
import * as repo from './organization.repository.ts';
import './organization.messages.ts';

/**
 * The rules of units, roles and sub-users (every caller holds org:manage, checked by the routes):
 * - a tree without cycles, at most ORG_MAX_DEPTH deep; sibling names unique;
 * - a unit's status is effective on its own row: disabling disables the subtree and ends its users'
 *   sessions; enabling under a disabled parent is refused; moving under a disabled parent disables;
 * - nobody grants what they do not hold: a permission, or the "all data" scope while seeing a unit only;
 * - the main user cannot be edited here, and nobody changes their own roles, unit or status.
 */

const requireId = (id: string) => {
  if (!isPlainId(id)) throw notFound();
  return id;
};

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

export async function queryTree(db: Db, auth: AuthContext): Promise<OrgUnitNode[]> {
  return buildTree(await repo.listUnits(db, auth.customerId));
}

export async function getUnit(db: Db, auth: AuthContext, id: string): Promise<OrgUnit> {
  const { byId } = await loadUnits(db, auth.customerId);
  const row = byId.get(requireId(id));
  if (!row) throw notFound();
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
  return db.transaction().execute(async (trx) => {
    const { rows, byId } = await loadUnits(trx, auth.customerId);
    if (rows.length >= ORG_MAX_UNITS) throw conflict('organization.tooManyUnits', { max: ORG_MAX_UNITS });
    const parent = parentOf(byId, input.parentId);
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
  return db.transaction().execute(async (trx) => {
    const { rows, byId } = await loadUnits(trx, auth.customerId);
    const unit = byId.get(id);
    if (!unit) throw notFound();
    const parent = parentOf(byId, input.parentId);
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
  return db.transaction().execute(async (trx) => {
    const { rows, byId } = await loadUnits(trx, auth.customerId);
    const unit = byId.get(id);
    if (!unit) throw notFound();
    const subtree = subtreeIds(rows, id);
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

// ---- granting -------------------------------------------------------------------------------------

/**
 * Refuses a grant beyond the granter's own: a permission it does not hold, or the "all data" scope
 * while it sees only its unit.
 */
async function assertCanGrant(
  db: Db,
  auth: AuthContext,
  permissions: readonly string[],
  scopes: readonly DataScope[],
) {
  for (const permission of permissions)
    if (!hasPermission(auth, permission))
      throw new AppError(ApiCode.Forbidden, 'organization.cannotGrant', { permission });
  if (scopes.includes(DataScope.All) && (await dataScopeOf(db, auth)) !== null)
    throw new AppError(ApiCode.Forbidden, 'organization.cannotGrantAllData');
}

// ---- roles ----------------------------------------------------------------------------------------

const parseOperations = (json: string): string[] => JSON.parse(json) as string[];

const toRole = (row: repo.RoleRow): OrgRole => ({
  id: row.id,
  code: row.code,
  name: row.name,
  operationList: parseOperations(row.operation_list),
  dataScope: row.data_scope,
  userCount: Number(row.user_count ?? 0),
});

export async function listRoles(db: Db, auth: AuthContext): Promise<OrgRole[]> {
  return (await repo.listRoles(db, auth.customerId)).map(toRole);
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
  await assertCanGrant(db, auth, input.operationList, [input.dataScope]);
  return db.transaction().execute(async (trx) => {
    const rows = await repo.listRoles(trx, auth.customerId);
    if (rows.length >= ORG_MAX_ROLES) throw conflict('organization.tooManyRoles', { max: ORG_MAX_ROLES });
    assertRoleNameFree(rows, input.name);
    const id = newId();
    await repo.insertRole(trx, {
      id,
      customer_id: auth.customerId,
      // The id routes could name; generated, so it never collides with `admin` and the like.
      code: `role-${randomToken(6).toLowerCase()}`,
      name: input.name,
      operation_list: JSON.stringify(input.operationList),
      data_scope: input.dataScope,
    });
    return toRole((await repo.listRoles(trx, auth.customerId)).find((row) => row.id === id)!);
  });
}

export async function updateRole(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof RoleUpdateSchema>,
): Promise<OrgRole> {
  const id = requireId(input.id);
  return db.transaction().execute(async (trx) => {
    const rows = await repo.listRoles(trx, auth.customerId);
    const role = rows.find((row) => row.id === id);
    if (!role) throw notFound();
    // Only what the edit adds is a grant: a permission the role already had may stay.
    const before = parseOperations(role.operation_list);
    await assertCanGrant(
      trx,
      auth,
      input.operationList.filter((permission) => !before.includes(permission)),
      input.dataScope !== role.data_scope ? [input.dataScope] : [],
    );
    assertRoleNameFree(rows, input.name, id);
    await repo.updateRole(trx, auth.customerId, id, {
      name: input.name,
      operation_list: JSON.stringify(input.operationList),
      data_scope: input.dataScope,
    });
    return toRole((await repo.listRoles(trx, auth.customerId)).find((row) => row.id === id)!);
  });
}

export async function deleteRole(db: Db, auth: AuthContext, rawId: string): Promise<void> {
  const id = requireId(rawId);
  const rows = await repo.listRoles(db, auth.customerId);
  if (!rows.some((row) => row.id === id)) throw notFound();
  if (!(await repo.deleteUnusedRole(db, auth.customerId, id))) throw conflict('organization.roleInUse');
}

// ---- sub-users ------------------------------------------------------------------------------------

export async function listUsers(
  db: Db,
  auth: AuthContext,
  query: z.output<typeof SubUserQuerySchema>,
): Promise<Page<SubUser>> {
  const units = await repo.listUnits(db, auth.customerId);
  const names = new Map(units.map((unit) => [unit.id, unit.name]));
  let unitIds: string[] | undefined;
  if (query.orgUnitId !== undefined) {
    const root = isPlainId(query.orgUnitId) ? names.has(query.orgUnitId) : false;
    if (!root) throw notFound();
    unitIds = query.withSubUnits ? subtreeIds(units, query.orgUnitId) : [query.orgUnitId];
  }
  const { rows, total } = await repo.listUsers(
    db,
    auth.customerId,
    { unitIds, keyword: query.keyword },
    query,
  );
  const roles = await repo.rolesOfUsers(
    db,
    auth.customerId,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toSubUser(row, names, roles.get(row.id) ?? [])),
    total,
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
  };
}

function toSubUser(
  row: repo.UserRow,
  unitNames: ReadonlyMap<string, string>,
  roles: { id: string; name: string }[],
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
  };
}

async function loadSubUser(db: Db, auth: AuthContext, rawId: string) {
  const user = await repo.findUser(db, auth.customerId, requireId(rawId));
  if (!user) throw notFound();
  if (user.user_type === 'main') throw new AppError(ApiCode.Forbidden, 'organization.mainUserLocked');
  return user;
}

/** The unit (must be the customer's) and the roles (must be the customer's and grantable) of a user form. */
async function checkPlacement(
  db: Db,
  auth: AuthContext,
  input: { orgUnitId: string | null; roleIds: readonly string[] },
  previousRoleIds: readonly string[],
) {
  if (input.orgUnitId !== null) {
    const { byId } = await loadUnits(db, auth.customerId);
    if (!isPlainId(input.orgUnitId) || !byId.has(input.orgUnitId))
      throw invalidField('orgUnitId', 'organization.unitNotFound');
  }
  const roles = await repo.listRoles(db, auth.customerId);
  const chosen = input.roleIds.map((id) => roles.find((role) => role.id === id));
  if (chosen.some((role) => role === undefined)) throw invalidField('roleIds', 'organization.roleNotFound');
  // Only roles the user did not hold before are grants.
  const added = (chosen as repo.RoleRow[]).filter((role) => !previousRoleIds.includes(role.id));
  await assertCanGrant(
    db,
    auth,
    [...new Set(added.flatMap((role) => parseOperations(role.operation_list)))],
    added.map((role) => role.data_scope),
  );
}

async function assertPhoneFree(db: Db, phone: string | null, exceptUserId?: string) {
  if (phone && (await repo.phoneTaken(db, phone, exceptUserId)))
    throw invalidField('phone', 'organization.phoneTaken');
}

async function answerUser(db: Db, auth: AuthContext, id: string): Promise<SubUser> {
  const [user, units, roles] = await Promise.all([
    repo.findUser(db, auth.customerId, id),
    repo.listUnits(db, auth.customerId),
    repo.rolesOfUsers(db, auth.customerId, [id]),
  ]);
  return toSubUser(user!, new Map(units.map((unit) => [unit.id, unit.name])), roles.get(id) ?? []);
}

export async function insertUser(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof SubUserInsertSchema>,
): Promise<SubUser> {
  await checkPlacement(db, auth, input, []);
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
  const user = await loadSubUser(db, auth, input.id);
  const previousRoles = (await repo.rolesOfUsers(db, auth.customerId, [user.id])).get(user.id) ?? [];
  const previousRoleIds = previousRoles.map((role) => role.id);
  if (user.id === auth.userId) {
    const sameRoles =
      previousRoleIds.length === input.roleIds.length &&
      input.roleIds.every((id) => previousRoleIds.includes(id));
    if (!sameRoles || input.orgUnitId !== user.org_unit_id)
      throw new AppError(ApiCode.Forbidden, 'organization.notYourself');
  }
  await checkPlacement(db, auth, input, previousRoleIds);
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
  const user = await loadSubUser(db, auth, input.id);
  if (user.id === auth.userId) throw new AppError(ApiCode.Forbidden, 'organization.notYourself');
  // The one rule of enabling and disabling users (auth): disabling ends every session.
  await setUserStatus(db, auth.customerId, user.id, input.status);
  return answerUser(db, auth, user.id);
}

export async function resetPassword(
  db: Db,
  auth: AuthContext,
  input: { id: string; initialPassword: string },
): Promise<void> {
  const user = await loadSubUser(db, auth, input.id);
  if (user.id === auth.userId) throw new AppError(ApiCode.Forbidden, 'organization.notYourself');
  const passwordHash = await hashPassword(input.initialPassword);
  await db.transaction().execute(async (trx) => {
    await repo.setInitialPassword(trx, auth.customerId, user.id, passwordHash);
    await revokeOtherSessions(trx, user.id, null, 'password_reset');
  });
}
