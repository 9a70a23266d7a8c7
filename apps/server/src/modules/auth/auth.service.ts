import type { LoginResponse, TokenPair } from '@portal/contracts/auth';
import { LoginMethod, LoginResult } from '@portal/contracts/auth';
import { ApiCode } from '@portal/contracts/envelope';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isoAfterSeconds, newId, nowIso, randomToken, sha256 } from '../../lib/ids.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  tokenSecret: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const sessionInvalid = () => new AppError(ApiCode.SessionInvalid, 'auth.refreshInvalid');

/**
 * Refuses when the account name or the address has too many recent failures; says for how long.
 * Runs after this attempt's own pending row is written, so the count includes it and every attempt
 * already in flight: of a burst of parallel guesses, at most the limit get as far as a password check.
 */
async function assertNotThrottled(deps: AuthDeps, loginName: string, client: ClientInfo, attemptId: string) {
  const { windowSeconds, maxFailuresPerAccount, maxFailuresPerAddress } = deps.config.loginThrottle;
  const since = isoAfterSeconds(-windowSeconds);
  const checks = [
    { by: 'login_name' as const, value: loginName, max: maxFailuresPerAccount, key: 'auth.throttledAccount' },
    { by: 'ip' as const, value: client.ip, max: maxFailuresPerAddress, key: 'auth.throttledAddress' },
  ];
  for (const check of checks) {
    const { count, oldest } = await repo.countFailedLogins(deps.db, check.by, check.value, since);
    if (count > check.max) {
      const freeAt = Date.parse(oldest ?? nowIso()) + windowSeconds * 1000;
      const minutes = Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
      await repo.setLoginLogResult(deps.db, attemptId, LoginResult.Throttled);
      throw new AppError(ApiCode.TooManyRequests, check.key, { minutes });
    }
  }
}

/** Opens a session and issues its first token pair. */
async function startSession(
  deps: AuthDeps,
  user: { id: string; customer_id: string },
  client: ClientInfo,
): Promise<TokenPair> {
  const sessionId = newId();
  const now = Date.now();
  const expiresAt = isoAfterSeconds(deps.config.sessionMaxAgeSeconds, now);
  await repo.insertSession(deps.db, {
    id: sessionId,
    user_id: user.id,
    customer_id: user.customer_id,
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt,
    revoked_at: null,
    revoked_reason: null,
    ip: client.ip,
    user_agent: client.userAgent,
  });
  return issueTokenPair(deps, {
    sessionId,
    userId: user.id,
    customerId: user.customer_id,
    sessionExpiresAt: expiresAt,
  });
}

async function issueTokenPair(
  deps: AuthDeps,
  s: { sessionId: string; userId: string; customerId: string; sessionExpiresAt: string },
): Promise<TokenPair> {
  const refreshToken = randomToken();
  // A refresh token never outlives its session's absolute lifetime.
  const refreshExpiresAt = new Date(
    Math.min(Date.parse(isoAfterSeconds(deps.config.refreshTokenTtlSeconds)), Date.parse(s.sessionExpiresAt)),
  ).toISOString();
  await repo.insertRefreshToken(deps.db, {
    token_hash: sha256(refreshToken),
    session_id: s.sessionId,
    created_at: nowIso(),
    expires_at: refreshExpiresAt,
    used_at: null,
  });
  const ttl = deps.config.accessTokenTtlSeconds;
  return {
    jwtToken: signAccessToken({ sub: s.userId, sid: s.sessionId, cid: s.customerId }, deps.tokenSecret, ttl),
    refereToken: refreshToken,
    expiresInSecond: ttl,
  };
}

/** Password sign-in by login name or phone. Every attempt, whatever its result, is written to the login log. */
export async function loginWithPassword(
  deps: AuthDeps,
  input: { userName: string; password: string },
  client: ClientInfo,
): Promise<LoginResponse> {
  const loginName = input.userName.trim().toLowerCase();
  const user = await repo.findUserForLogin(deps.db, input.userName.trim());
  // The attempt is logged first and counts as a failure until it succeeds (see assertNotThrottled).
  const attemptId = await repo.insertLoginLog(deps.db, {
    customer_id: user?.customer_id ?? null,
    user_id: user?.id ?? null,
    login_name: loginName,
    ip: client.ip,
    user_agent: client.userAgent,
    method: LoginMethod.Password,
    result: LoginResult.Pending,
  });
  const log = (result: string) => repo.setLoginLogResult(deps.db, attemptId, result);
  await assertNotThrottled(deps, loginName, client, attemptId);
  if (!user) {
    await verifyAgainstDummy(input.password);
    await log(LoginResult.UnknownUser);
    throw new AppError(ApiCode.BadRequest, 'auth.wrongCredentials');
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await log(LoginResult.WrongPassword);
    throw new AppError(ApiCode.BadRequest, 'auth.wrongCredentials');
  }
  // Status is told only after the password is right, so it reveals nothing to a guesser.
  if (user.status !== 'enabled') {
    await log(LoginResult.Disabled);
    throw new AppError(ApiCode.Forbidden, 'auth.userDisabled');
  }
  if (user.customer_status === 'frozen') {
    await log(LoginResult.Disabled);
    throw new AppError(ApiCode.Forbidden, 'auth.customerFrozen');
  }
  const pair = await startSession(deps, user, client);
  await log(LoginResult.Success);
  await repo.recordSuccessfulLogin(deps.db, user.id, client.ip);
  return { ...pair, isInitPassword: user.is_init_password === 1 };
}

/**
 * Rotates a refresh token: the old one is spent and a new pair issued. Presenting a spent token again
 * means it was stolen or replayed, so the whole session (the token family) is revoked.
 */
export async function refreshTokens(deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const tokenHash = sha256(refreshToken);
  const token = await repo.findRefreshToken(deps.db, tokenHash);
  if (!token) throw sessionInvalid();
  if (token.used_at !== null || !(await repo.markRefreshTokenUsed(deps.db, tokenHash))) {
    await repo.revokeSession(deps.db, token.session_id, 'refresh_token_reuse');
    throw sessionInvalid();
  }
  const context = await repo.findSessionContext(deps.db, token.session_id);
  if (!repo.isSessionLive(context) || token.expires_at <= nowIso()) throw sessionInvalid();
  return issueTokenPair(deps, {
    sessionId: context.session_id,
    userId: context.user_id,
    customerId: context.customer_id,
    sessionExpiresAt: context.expires_at,
  });
}

export async function logout(deps: AuthDeps, sessionId: string): Promise<void> {
  await repo.revokeSession(deps.db, sessionId, 'logout');
}
