import { LoginResult } from '@portal/contracts/auth';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { LoginLogsTable, RefreshTokensTable, SessionsTable } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { ScopedRoleGrant } from '../organization/data-scope.ts';

/** All SQL about users' credentials, sessions, refresh tokens and the login log. */

export function findUserForLogin(db: Db, loginNameOrPhone: string) {
  return signInUserQuery(db)
    .where((eb) =>
      eb.or([
        eb('users.login_name', '=', loginNameOrPhone.toLowerCase()),
        eb('users.phone', '=', loginNameOrPhone),
      ]),
    )
    .executeTakeFirst();
}

/** The user whose phone this is (SMS sign-in and reset), with what a sign-in needs. */
export function findUserByPhone(db: Db, phone: string) {
  return signInUserQuery(db).where('users.phone', '=', phone).executeTakeFirst();
}

function signInUserQuery(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'users.id',
      'users.customer_id',
      'users.password_hash',
      'users.status',
      'users.is_init_password',
      'users.last_login_at',
      'users.last_login_ip',
      'customers.status as customer_status',
    ]);
}

/**
 * A user by id with what a sign-in checks (WeChat and single sign-on have proven who it is): the columns
 * of `findUserForLogin`, and the login name for the login log.
 */
export function findUserForSignIn(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'users.id',
      'users.customer_id',
      'users.login_name',
      'users.password_hash',
      'users.status',
      'users.is_init_password',
      'users.last_login_at',
      'users.last_login_ip',
      'customers.status as customer_status',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** Results that count as a failure: a pending attempt counts until it succeeds (attempts in flight). */
const FAILURES = [
  LoginResult.WrongPassword,
  LoginResult.WrongCode,
  LoginResult.UnknownUser,
  LoginResult.Pending,
];

/**
 * Failed attempts since `since`, for an account, an address, or an account + address pair, leaving out
 * the attempt `exceptId`; with the oldest and the latest of them.
 */
export async function countFailures(
  db: Db,
  filter: { accountKey?: string; ip?: string; since: string; exceptId?: string },
) {
  let query = db
    .selectFrom('login_logs')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn.max('created_at').as('latest'),
    ])
    .where('created_at', '>', filter.since)
    .where('result', 'in', FAILURES);
  if (filter.accountKey !== undefined) query = query.where('account_key', '=', filter.accountKey);
  if (filter.ip !== undefined) query = query.where('ip', '=', filter.ip);
  if (filter.exceptId !== undefined) query = query.where('id', '!=', filter.exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldest: row.oldest as string | null,
    latest: row.latest as string | null,
  };
}

/** Time of the latest successful sign-in to an account from an address, if any. */
export async function lastPairSuccess(db: Db, accountKey: string, ip: string) {
  const row = await db
    .selectFrom('login_logs')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('account_key', '=', accountKey)
    .where('ip', '=', ip)
    .where('result', '=', LoginResult.Success)
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/**
 * Records a throttled attempt once per window per account + address pair. The attempt's pending row makes
 * way for the pair's one throttled row of the current window (`fold_key`, unique): the first attempt of
 * the window inserts it, every later one adds 1 to its count. One statement decides, so parallel throttled
 * attempts cannot create several rows for one pair and window.
 */
export async function foldThrottledAttempt(
  db: Db,
  attemptId: string,
  pair: { accountKey: string; ip: string; windowSeconds: number },
) {
  const attempt = await db
    .selectFrom('login_logs')
    .selectAll()
    .where('id', '=', attemptId)
    .executeTakeFirst();
  if (!attempt) return;
  const now = new Date();
  const at = now.toISOString();
  const windowNumber = Math.floor(now.getTime() / (pair.windowSeconds * 1000));
  await db.deleteFrom('login_logs').where('id', '=', attemptId).execute();
  await db
    .insertInto('login_logs')
    .values({
      ...attempt,
      result: LoginResult.Throttled,
      created_at: at,
      attempts: 1,
      last_attempt_at: at,
      fold_key: `${pair.accountKey}|${pair.ip}|${windowNumber}`,
    })
    .onConflict((oc) =>
      oc.column('fold_key').doUpdateSet((eb) => ({
        attempts: eb(eb.ref('login_logs.attempts'), '+', 1),
        last_attempt_at: at,
      })),
    )
    .execute();
}

export async function deleteLoginLog(db: Db, id: string) {
  await db.deleteFrom('login_logs').where('id', '=', id).execute();
}

export async function insertLoginLog(
  db: Db,
  entry: Omit<Insertable<LoginLogsTable>, 'id' | 'created_at'>,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('login_logs')
    .values({ ...entry, id, created_at: nowIso() })
    .execute();
  return id;
}

export async function setLoginLogResult(db: Db, id: string, result: string) {
  await db.updateTable('login_logs').set({ result }).where('id', '=', id).execute();
}

export async function insertSession(db: Db, session: SessionsTable) {
  await db.insertInto('sessions').values(session).execute();
}

export async function insertRefreshToken(db: Db, token: RefreshTokensTable) {
  await db.insertInto('refresh_tokens').values(token).execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a refresh token used; false when another request used it first (a reuse). */
export async function markRefreshTokenUsed(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends a user's live sessions beyond the newest `keep` (the oldest end first). */
export async function revokeSessionsBeyond(db: Db, userId: string, keep: number, reason: string) {
  const surplus = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (surplus.length === 0) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where(
      'id',
      'in',
      surplus.map((r) => r.id),
    )
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user except the one given (the caller's own). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string | null,
  reason: string,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** What every authenticated request needs: the session, the user and the customer, in one query. */
/** Compiled once: the session check runs on every signed-in request. */
const sessionContextQuery = preparedQuery(['sessionId'], (db: Db, args: { sessionId: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .leftJoin('org_units', 'org_units.id', 'users.org_unit_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.id as user_id',
      'users.customer_id',
      'users.status as user_status',
      'users.user_type',
      'users.is_init_password',
      'customers.status as customer_status',
      'org_units.status as unit_status',
    ])
    .where('sessions.id', '=', args.sessionId),
);

export async function findSessionContext(db: Db, sessionId: string) {
  const [row] = await sessionContextQuery(db, { sessionId });
  return row;
}

type SessionContext = NonNullable<Awaited<ReturnType<typeof findSessionContext>>>;

/** Whose credential it is, as the session and API token checks read it (the unit: null when in none). */
export interface CredentialOwner {
  userStatus: 'enabled' | 'disabled';
  unitStatus: 'enabled' | 'disabled' | null;
  customerStatus: 'active' | 'arrears' | 'frozen';
}

/**
 * The ONE rule of who may still act, for sessions and API tokens alike: the user enabled, its unit not
 * disabled (a unit's row carries the effective status: disabling a unit disables its subtree), the
 * customer not frozen.
 */
export function isOwnerActive(owner: CredentialOwner): boolean {
  return (
    owner.userStatus === 'enabled' && owner.unitStatus !== 'disabled' && owner.customerStatus !== 'frozen'
  );
}

/** A session can be used: not revoked, within its absolute lifetime, and its owner active (isOwnerActive). */
export function isSessionLive(context: SessionContext | undefined): context is SessionContext {
  return (
    context !== undefined &&
    context.revoked_at === null &&
    context.expires_at > nowIso() &&
    isOwnerActive({
      userStatus: context.user_status,
      unitStatus: context.unit_status,
      customerStatus: context.customer_status,
    })
  );
}

/**
 * Everything the session check of a signed-in request needs, in one statement (one round trip on
 * PostgreSQL, one execution on SQLite): the session, its user and customer, and the user's roles within
 * that customer. Compiled once; it still reads the database on every request, so a revoked session, a
 * disabled user or a frozen customer is refused at once.
 */
const requestContextQuery = preparedQuery(['sessionId'], (db: Db, args: { sessionId: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .leftJoin('org_units', 'org_units.id', 'users.org_unit_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', (join) =>
      join.onRef('roles.id', '=', 'user_roles.role_id').onRef('roles.customer_id', '=', 'users.customer_id'),
    )
    // At most one row (its key is customer and list): the address book's version for answer caches.
    .leftJoin('list_versions', (join) =>
      join
        .onRef('list_versions.customer_id', '=', 'sessions.customer_id')
        .on('list_versions.list', '=', 'addresses'),
    )
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.id as user_id',
      'users.customer_id',
      'users.status as user_status',
      'users.user_type',
      'users.is_init_password',
      'customers.status as customer_status',
      'org_units.status as unit_status',
      'users.org_unit_id',
      'roles.code as role_code',
      'roles.operation_list as role_operations',
      'roles.data_scope as role_data_scope',
      'list_versions.version as address_book_version',
    ])
    .where('sessions.id', '=', args.sessionId)
    .orderBy('roles.code'),
);

/**
 * The versions of the customer's lists as the database has them right now, read with the session: an
 * answer cached under the same version is the list as it is (lib/answer-cache.ts).
 */
export interface ListVersions {
  addresses: number;
}

/** The roles of a user's context rows (one row per role, or one row with none), with their data scopes. */
export function scopedRolesOf(
  rows: readonly {
    role_code: string | null;
    role_operations: string | null;
    role_data_scope: ScopedRoleGrant['dataScope'] | null;
  }[],
): ScopedRoleGrant[] {
  const roles: ScopedRoleGrant[] = [];
  for (const row of rows) {
    if (row.role_code === null || row.role_operations === null) continue;
    roles.push({
      id: row.role_code,
      operationList: JSON.parse(row.role_operations) as string[],
      dataScope: row.role_data_scope ?? 'unit',
    });
  }
  return roles;
}

/**
 * The session context (as findSessionContext), the roles its user holds in its customer, and the
 * customer's list versions.
 */
export async function findRequestContext(
  db: Db,
  sessionId: string,
): Promise<{
  context: SessionContext | undefined;
  orgUnitId: string | null;
  roles: ScopedRoleGrant[];
  listVersions: ListVersions;
}> {
  const rows = await requestContextQuery(db, { sessionId });
  const first = rows[0];
  if (!first) return { context: undefined, orgUnitId: null, roles: [], listVersions: { addresses: 0 } };
  const context: SessionContext = {
    session_id: first.session_id,
    expires_at: first.expires_at,
    revoked_at: first.revoked_at,
    user_id: first.user_id,
    customer_id: first.customer_id,
    user_status: first.user_status,
    user_type: first.user_type,
    is_init_password: first.is_init_password,
    customer_status: first.customer_status,
    unit_status: first.unit_status,
  };
  // No row yet: the book was never written, version 0. PostgreSQL's integer arrives as a number.
  return {
    context,
    orgUnitId: first.org_unit_id,
    roles: scopedRolesOf(rows),
    listVersions: { addresses: Number(first.address_book_version ?? 0) },
  };
}

/** This sign-in becomes the user's latest; each session keeps the one before it (see startSession). */
export async function recordSuccessfulLogin(db: Db, userId: string, ip: string) {
  await db
    .updateTable('users')
    .set({ last_login_at: nowIso(), last_login_ip: ip })
    .where('id', '=', userId)
    .execute();
}

/** The user's status as sign-in sees it: a user in a disabled unit (migration 180) counts as disabled. */
export async function findUserStatus(db: Db, userId: string) {
  const row = await db
    .selectFrom('users')
    .leftJoin('org_units', 'org_units.id', 'users.org_unit_id')
    .select(['users.status', 'org_units.status as unit_status'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.unit_status === 'disabled' ? 'disabled' : row?.status;
}

export async function updateUserStatus(
  db: Db,
  customerId: string,
  userId: string,
  status: 'enabled' | 'disabled',
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status })
    .where('customer_id', '=', customerId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
