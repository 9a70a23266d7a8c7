import type { Insertable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { ApiTokensTable } from '../../db/schema.ts';
import { scopedRolesOf, type CredentialOwner } from '../auth/auth.repository.ts';
import type { ScopedRoleGrant } from '../organization/data-scope.ts';

/** The customer's tokens (of one creator, when `userId` is given) with their creators' login names, newest first. */
export function listTokens(db: Db, customerId: string, userId: string | null) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.prefix',
      'api_tokens.created_at',
      'api_tokens.last_used_at',
      'api_tokens.expires_at',
      'users.login_name as created_by',
    ])
    .where('api_tokens.customer_id', '=', customerId)
    .$if(userId !== null, (query) => query.where('api_tokens.user_id', '=', userId!))
    .orderBy('api_tokens.created_at', 'desc')
    .orderBy('api_tokens.id')
    .execute();
}
export type TokenListRow = Awaited<ReturnType<typeof listTokens>>[number];

/** Serialises one customer's token creation (the live-token limit) on PostgreSQL; SQLite writes one at a time. */
export async function lockCustomerTokens(db: Db, customerId: string) {
  if (!isPostgres(db)) return;
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

/** Tokens that still work (no expiry, or an expiry still ahead). */
export async function countLiveTokens(db: Db, customerId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertToken(db: Db, row: Insertable<ApiTokensTable>) {
  await db.insertInto('api_tokens').values(row).execute();
}

/** Deletes the customer's token (of one creator, when `userId` is given); false when there is none such. */
export async function deleteToken(
  db: Db,
  customerId: string,
  userId: string | null,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('customer_id', '=', customerId)
    .$if(userId !== null, (query) => query.where('user_id', '=', userId!))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Everything the open API's check needs, in one indexed statement (the unique secret hash), read on every
 * call like the session check: the token, its creating user with that user's roles and unit, and the
 * customer. A deleted token, a disabled user or unit, or a frozen customer is refused on the very next call.
 */
const tokenContextQuery = preparedQuery(['secretHash'], (db: Db, args: { secretHash: string }) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .innerJoin('customers', 'customers.id', 'api_tokens.customer_id')
    .leftJoin('org_units', 'org_units.id', 'users.org_unit_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', (join) =>
      join.onRef('roles.id', '=', 'user_roles.role_id').onRef('roles.customer_id', '=', 'users.customer_id'),
    )
    .select([
      'api_tokens.id as token_id',
      'api_tokens.secret_hash',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'users.id as user_id',
      'users.customer_id as user_customer_id',
      'users.status as user_status',
      'users.user_type',
      'users.org_unit_id',
      'api_tokens.customer_id',
      'customers.status as customer_status',
      'org_units.status as unit_status',
      'roles.code as role_code',
      'roles.operation_list as role_operations',
      'roles.data_scope as role_data_scope',
    ])
    .where('api_tokens.secret_hash', '=', args.secretHash)
    .orderBy('roles.code'),
);

export interface TokenContext extends CredentialOwner {
  tokenId: string;
  secretHash: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  userId: string;
  userCustomerId: string;
  userType: 'main' | 'sub';
  orgUnitId: string | null;
  customerId: string;
  roles: ScopedRoleGrant[];
}

export async function findTokenContext(db: Db, secretHash: string): Promise<TokenContext | undefined> {
  const rows = await tokenContextQuery(db, { secretHash });
  const first = rows[0];
  if (!first) return undefined;
  return {
    tokenId: first.token_id,
    secretHash: first.secret_hash,
    expiresAt: first.expires_at,
    lastUsedAt: first.last_used_at,
    userId: first.user_id,
    userCustomerId: first.user_customer_id,
    userStatus: first.user_status,
    userType: first.user_type,
    orgUnitId: first.org_unit_id,
    customerId: first.customer_id,
    customerStatus: first.customer_status,
    unitStatus: first.unit_status,
    roles: scopedRolesOf(rows),
  };
}

/** Marks the token used; only when the mark is older than `staleBefore`, so a busy token writes rarely. */
export async function touchToken(db: Db, tokenId: string, nowIso: string, staleBefore: string) {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: nowIso })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

/** Retention: tokens expired more than `keepDays` ago can never be used again and leave the list. */
export async function deleteLongExpiredTokens(db: Db, now: Date, keepDays = 30): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const result = await db.deleteFrom('api_tokens').where('expires_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
