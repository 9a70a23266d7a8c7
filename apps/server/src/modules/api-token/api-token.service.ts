import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_CHARS,
  ApiTokenMessage,
  MAX_LIVE_API_TOKENS,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInsertSchema,
  type ApiTokenQueryResult,
} from '@portal/contracts/api-token';
import { ApiCode } from '@portal/contracts/envelope';
import { ALL_PERMISSIONS } from '@portal/contracts/permissions';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { isOwnerActive } from '../auth/auth.repository.ts';
import { accessOf } from '../organization/data-scope.ts';
import './api-token.messages.ts';
import * as repo from './api-token.repository.ts';

/**
 * API tokens (PRODUCT.md "API token"): `pk_live_` + 32 random bytes (base64url). Only a keyed hash is
 * stored — HMAC-SHA256 under a key derived from the server's token secret — so a copy of the database
 * alone cannot make or recognise a token. The open API hashes the presented token, finds the row by the
 * unique hash (one indexed statement) and compares the hashes again in constant time.
 */

/** Bytes of randomness in a secret: 256 bits. */
const SECRET_BYTES = 32;
/** Longest string taken for a token: the prefix and 43 base64url characters, with room to spare. */
export const MAX_TOKEN_LENGTH = 128;
/** last_used_at is written at most this often per token, so a busy token does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The hash key: derived from the token secret, so it never equals the key that signs access tokens. */
export const apiTokenHashKey = (tokenSecret: string): Buffer =>
  createHmac('sha256', tokenSecret).update('api-token-hash-v1').digest();

export const hashApiToken = (key: Buffer, token: string): string =>
  createHmac('sha256', key).update(token, 'utf8').digest('base64url');

/** Whether a bearer value is shaped like an API token (and so is never a portal access token). */
export const looksLikeApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

const toApiToken = (row: repo.TokenListRow, now: string): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdBy: row.created_by,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  expired: row.expires_at !== null && row.expires_at <= now,
});

/**
 * Whose tokens the caller sees and deletes: a token acts with its creator's rights, so a sub-user manages
 * its own only; the main user every token of the customer (null).
 */
const tokenOwner = (auth: AuthContext) => (auth.userType === 'main' ? null : auth.userId);

export async function queryTokens(db: Db, auth: AuthContext): Promise<ApiTokenQueryResult> {
  const now = new Date().toISOString();
  const rows = await repo.listTokens(db, auth.customerId, tokenOwner(auth));
  return { list: rows.map((row) => toApiToken(row, now)), maxLive: MAX_LIVE_API_TOKENS };
}

/** Makes a token for the caller (its creator); the secret is in this answer only. */
export async function insertToken(
  db: Db,
  hashKey: Buffer,
  auth: AuthContext,
  input: z.output<typeof ApiTokenInsertSchema>,
): Promise<ApiTokenCreated> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const row = {
    id: newId(),
    customer_id: auth.customerId,
    user_id: auth.userId,
    name: input.name,
    prefix: secret.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_SHOWN_CHARS),
    secret_hash: hashApiToken(hashKey, secret),
    created_at: now,
    last_used_at: null,
    expires_at: input.expiresInDays ? new Date(nowMs + input.expiresInDays * 86_400_000).toISOString() : null,
  };
  await db.transaction().execute(async (trx) => {
    await repo.lockCustomerTokens(trx, auth.customerId);
    if ((await repo.countLiveTokens(trx, auth.customerId, now)) >= MAX_LIVE_API_TOKENS)
      throw new AppError(ApiCode.Conflict, ApiTokenMessage.TooMany, { max: MAX_LIVE_API_TOKENS });
    await repo.insertToken(trx, row);
  });
  const created = (await repo.listTokens(db, auth.customerId, auth.userId)).find(
    (item) => item.id === row.id,
  );
  if (!created) throw notFound();
  return { ...toApiToken(created, now), secret };
}

export async function deleteToken(db: Db, auth: AuthContext, id: string): Promise<void> {
  if (!(await repo.deleteToken(db, auth.customerId, tokenOwner(auth), id))) throw notFound();
}

/**
 * The caller behind an API token, or the refusal: unknown, deleted or expired → 402 `apiToken.invalid`;
 * creator or its unit disabled (or creator moved to another customer), customer frozen → 204
 * `apiToken.ownerDisabled`.
 * The token acts as its creator: the main user holds every permission, a sub-user what its roles grant.
 */
export async function authenticateApiToken(
  db: Db,
  hashKey: Buffer,
  token: string,
): Promise<{ auth: AuthContext; customerStatus: repo.TokenContext['customerStatus'] }> {
  if (!looksLikeApiToken(token) || token.length > MAX_TOKEN_LENGTH)
    throw new AppError(ApiCode.NotSignedIn, 'apiToken.invalid');
  const hash = hashApiToken(hashKey, token);
  const context = await repo.findTokenContext(db, hash);
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  if (
    !context ||
    !timingSafeEqual(Buffer.from(context.secretHash), Buffer.from(hash)) ||
    (context.expiresAt !== null && context.expiresAt <= now)
  )
    throw new AppError(ApiCode.NotSignedIn, 'apiToken.invalid');
  // The session check's own rule (isOwnerActive): a token dies with its user, its unit and its customer.
  if (!isOwnerActive(context) || context.userCustomerId !== context.customerId)
    throw new AppError(ApiCode.SessionInvalid, 'apiToken.ownerDisabled');
  await repo.touchToken(db, context.tokenId, now, new Date(nowMs - LAST_USED_RESOLUTION_MS).toISOString());
  const access = await accessOf(db, context, context.roles);
  return {
    auth: {
      userId: context.userId,
      customerId: context.customerId,
      // Not a session: services that end "this session" have nothing to end for an API token.
      sessionId: `api-token:${context.tokenId}`,
      userType: context.userType,
      orgUnitId: context.orgUnitId,
      permissions: context.userType === 'main' ? [...ALL_PERMISSIONS] : [],
      roles: access.roles,
      dataScope: access.dataScope,
    },
    customerStatus: context.customerStatus,
  };
}
