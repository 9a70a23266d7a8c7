import type { LoginResponse, TokenPair } from '@portal/contracts/auth';
import { LoginMethod, LoginResult } from '@portal/contracts/auth';
import { ApiCode } from '@portal/contracts/envelope';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isoAfterSeconds, newId, nowIso, randomToken, sha256 } from '../../lib/ids.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { signAccessToken } from '../../lib/tokens.ts';
import { describeDevice } from '../../lib/user-agent.ts';
import * as repo from './auth.repository.ts';
import { deviceCookieName, deviceCookieValue, isValidDeviceCookie, readCookie } from './device-cookie.ts';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  tokenSecret: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The `Sec-CH-UA-Platform-Version` client hint, when the browser sends it (tells Windows 11 from 10). */
  platformVersion?: string;
  /** The Cookie header: it may hold a device cookie for the account signing in (see device-cookie.ts). */
  cookieHeader?: string;
}

/** Account key of a typed name that matches no user (a user's key is its id). */
export const UNKNOWN_ACCOUNT_PREFIX = 'name:';

const sessionInvalid = () => new AppError(ApiCode.SessionInvalid, 'auth.refreshInvalid');

const minutesUntil = (freeAt: number) => Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
const latest = (a: string, b: string | null) => (b && b > a ? b : a);

/**
 * How long an account's next attempt waits after its latest failure, once `failures` (from all addresses,
 * in the window) reach the slowdown threshold: the first delay, doubled for every failure beyond the
 * threshold, never longer than the window.
 */
export function slowdownDelaySeconds(
  failures: number,
  limits: { accountSlowdownAfter: number; accountDelaySeconds: number; windowSeconds: number },
): number {
  if (failures < limits.accountSlowdownAfter) return 0;
  const exponent = Math.min(30, failures - limits.accountSlowdownAfter);
  return Math.min(limits.windowSeconds, limits.accountDelaySeconds * 2 ** exponent);
}

/**
 * Refuses an attempt that must wait, and records it once per window per account + address pair.
 * Runs after the attempt's own pending row is written, and pending rows count as failures, so every
 * attempt in flight is counted: of a burst of parallel guesses, at most the limit reach a password check.
 *
 * - account + address pair: after `maxFailuresPerAccount` failures since the pair's last success, that
 *   pair pauses for the window. Other addresses are not affected, so a name alone is no weapon.
 * - address: after `maxFailuresPerAddress` failures over all accounts (sized for an office behind NAT).
 * - account: after `accountSlowdownAfter` failures from all addresses in the window, each further attempt
 *   waits a growing delay after the latest failure, unless the browser holds a valid device cookie for
 *   the account or the address has not failed against the account in the window.
 */
export async function enforceThrottle(
  deps: AuthDeps,
  attempt: { id: string; accountKey: string; ip: string; trustedDevice: boolean },
) {
  const limits = deps.config.loginThrottle;
  const since = isoAfterSeconds(-limits.windowSeconds);
  const { accountKey, ip } = attempt;
  const refuse = async (key: string, params: Record<string, number>) => {
    await repo.foldThrottledAttempt(deps.db, attempt.id, {
      // Names that match no user are endless: their throttled attempts fold per address, so cycling
      // through invented names cannot add a row per request.
      accountKey: accountKey.startsWith(UNKNOWN_ACCOUNT_PREFIX) ? `${UNKNOWN_ACCOUNT_PREFIX}*` : accountKey,
      ip,
      windowSeconds: limits.windowSeconds,
    });
    throw new AppError(ApiCode.TooManyRequests, key, params);
  };

  const pairSince = latest(since, await repo.lastPairSuccess(deps.db, accountKey, ip));
  const pair = await repo.countFailures(deps.db, { accountKey, ip, since: pairSince });
  if (pair.count > limits.maxFailuresPerAccount) {
    const freeAt = Date.parse(pair.oldest ?? nowIso()) + limits.windowSeconds * 1000;
    await refuse('auth.throttledAccount', { minutes: minutesUntil(freeAt) });
  }

  const address = await repo.countFailures(deps.db, { ip, since });
  if (address.count > limits.maxFailuresPerAddress) {
    const freeAt = Date.parse(address.oldest ?? nowIso()) + limits.windowSeconds * 1000;
    await refuse('auth.throttledAddress', { minutes: minutesUntil(freeAt) });
  }

  if (attempt.trustedDevice || pair.count <= 1) return;
  const account = await repo.countFailures(deps.db, { accountKey, since, exceptId: attempt.id });
  if (account.count < limits.accountSlowdownAfter || !account.latest) return;
  const freeAt = Date.parse(account.latest) + slowdownDelaySeconds(account.count, limits) * 1000;
  if (freeAt > Date.now())
    await refuse('auth.slowedDown', { seconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) });
}

/** Opens a session and issues its first token pair; the user's oldest sessions beyond the limit end. */
async function startSession(
  deps: AuthDeps,
  user: { id: string; customer_id: string; last_login_at: string | null; last_login_ip: string | null },
  client: ClientInfo,
): Promise<TokenPair | null> {
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
    // What this session shows as "last sign-in": the user's sign-in before this one.
    previous_login_at: user.last_login_at,
    previous_login_ip: user.last_login_ip,
  });
  // A user disabled while this sign-in was under way (after its status was read) must not keep the
  // session: disabling revoked the sessions that existed, so this one is checked against the status now.
  if ((await repo.findUserStatus(deps.db, user.id)) !== 'enabled') {
    await repo.revokeSession(deps.db, sessionId, 'user_disabled');
    return null;
  }
  await repo.revokeSessionsBeyond(deps.db, user.id, deps.config.maxSessionsPerUser, 'session_limit');
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

/** Writes an attempt to the login log as pending; it counts as a failure until it succeeds. */
export function logAttempt(
  deps: AuthDeps,
  attempt: {
    accountKey: string;
    loginName: string;
    customerId: string | null;
    userId: string | null;
    method: string;
  },
  client: ClientInfo,
) {
  return repo.insertLoginLog(deps.db, {
    customer_id: attempt.customerId,
    user_id: attempt.userId,
    login_name: attempt.loginName,
    account_key: attempt.accountKey,
    ip: client.ip,
    user_agent: client.userAgent,
    device: describeDevice(client.userAgent, client.platformVersion),
    method: attempt.method,
    result: LoginResult.Pending,
  });
}

/** The device cookie to give the browser after a successful sign-in. */
export const issueDeviceCookie = (deps: AuthDeps, userId: string) =>
  deviceCookieValue(userId, deps.tokenSecret);

/**
 * Signs in a user whose identity another method has already proven (WeChat scan, single sign-on ticket):
 * one login-log row with the method, then `completeSignIn` like every other way in.
 */
export async function signInVerifiedUser(
  deps: AuthDeps,
  userId: string,
  method: (typeof LoginMethod)[keyof typeof LoginMethod],
  client: ClientInfo,
): Promise<LoginResponse> {
  const user = await repo.findUserForSignIn(deps.db, userId);
  if (!user) throw new AppError(ApiCode.BadRequest, 'auth.wrongCredentials');
  const attemptId = await logAttempt(
    deps,
    {
      accountKey: user.id,
      loginName: user.login_name,
      customerId: user.customer_id,
      userId: user.id,
      method,
    },
    client,
  );
  return (await completeSignIn(deps, user, client, attemptId)).answer;
}

/**
 * Password sign-in by login name or phone. Every attempt is written to the login log; throttled attempts
 * once per window per account + address pair. Answers the token pair and the user's id (for the device cookie).
 */
export async function loginWithPassword(
  deps: AuthDeps,
  input: { userName: string; password: string },
  client: ClientInfo,
): Promise<{ answer: LoginResponse; userId: string }> {
  const loginName = input.userName.trim().toLowerCase();
  const user = await repo.findUserForLogin(deps.db, input.userName.trim());
  // Login name and phone of one user are one account; an unknown name is counted by what was typed.
  const accountKey = user?.id ?? `${UNKNOWN_ACCOUNT_PREFIX}${loginName}`;
  const attemptId = await logAttempt(
    deps,
    {
      accountKey,
      loginName,
      customerId: user?.customer_id ?? null,
      userId: user?.id ?? null,
      method: LoginMethod.Password,
    },
    client,
  );
  const log = (result: string) => repo.setLoginLogResult(deps.db, attemptId, result);
  const trustedDevice =
    user !== undefined &&
    isValidDeviceCookie(
      readCookie(client.cookieHeader, deviceCookieName(user.id)),
      user.id,
      deps.tokenSecret,
      deps.config.loginThrottle.deviceCookieDays,
    );
  await enforceThrottle(deps, { id: attemptId, accountKey, ip: client.ip, trustedDevice });
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
  return completeSignIn(deps, user, client, attemptId);
}

/** A user found by `findUserForLogin` (or a query with the same columns). */
export type SignInUser = NonNullable<Awaited<ReturnType<typeof repo.findUserForLogin>>>;

/**
 * The end of every sign-in, once the credential (password, SMS code …) was right: refuses a disabled user
 * or frozen customer, opens the session, and settles the attempt's login-log row. Answers the token pair
 * and the user's id (for the device cookie).
 */
export async function completeSignIn(
  deps: AuthDeps,
  user: SignInUser,
  client: ClientInfo,
  attemptId: string,
): Promise<{ answer: LoginResponse; userId: string }> {
  const log = (result: string) => repo.setLoginLogResult(deps.db, attemptId, result);
  if (user.status !== 'enabled') {
    await log(LoginResult.Disabled);
    throw new AppError(ApiCode.Forbidden, 'auth.userDisabled');
  }
  if (user.customer_status === 'frozen') {
    await log(LoginResult.Disabled);
    throw new AppError(ApiCode.Forbidden, 'auth.customerFrozen');
  }
  const pair = await startSession(deps, user, client);
  if (!pair) {
    await log(LoginResult.Disabled);
    throw new AppError(ApiCode.Forbidden, 'auth.userDisabled');
  }
  await log(LoginResult.Success);
  await repo.recordSuccessfulLogin(deps.db, user.id, client.ip);
  return { answer: { ...pair, isInitPassword: user.is_init_password === 1 }, userId: user.id };
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

/**
 * Enables or disables a user: the one place the rule lives (team management and the operations command
 * line call it). Disabling ends every session, and so every refresh-token family, the user has at that
 * moment; enabling again does not revive them (they stay revoked), so the user signs in afresh.
 * Answers false when the customer has no such user.
 */
export async function setUserStatus(
  db: Db,
  customerId: string,
  userId: string,
  status: 'enabled' | 'disabled',
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await repo.updateUserStatus(trx, customerId, userId, status);
    if (!updated) return false;
    if (status === 'disabled') await repo.revokeOtherSessions(trx, userId, null, 'user_disabled');
    return true;
  });
}
