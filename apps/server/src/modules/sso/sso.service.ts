import { createHmac } from 'node:crypto';
import type { LoginResponse } from '@portal/contracts/auth';
import { LoginMethod } from '@portal/contracts/auth';
import { ApiCode } from '@portal/contracts/envelope';
import { SsoAudience, SsoSource, type CustomerLoginToken } from '@portal/contracts/sso';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { signInVerifiedUser, type ClientInfo } from '../auth/auth.service.ts';
import { isUniqueViolation } from '../order/order.repository.ts';
import './sso.messages.ts';
import { hasValidSignature, readTicket, signTicket, ticketTimeProblem } from './sso-ticket.ts';

export interface SsoDeps {
  db: Db;
  config: AppConfig;
  tokenSecret: string;
}

const SOURCES: readonly string[] = Object.values(SsoSource);

/**
 * The key shared with a source: the configured one, or one derived from the token secret (the demo and
 * `npm run ops sso-ticket` work without configuration; a deployment sets SSO_WEBSITE_KEY / SSO_OMS_KEY
 * to the values it shares with the provider's website and OMS).
 */
export function ssoKey(deps: Pick<SsoDeps, 'config' | 'tokenSecret'>, source: string): string | undefined {
  if (!SOURCES.includes(source)) return undefined;
  const configured = deps.config.sso.keys[source as SsoSource];
  return configured ?? createHmac('sha256', deps.tokenSecret).update(`sso-key:${source}`).digest('base64url');
}

/** A ticket for a user, signed with the source's key (ops command, GetCustomerLoginToken, tests). */
export function mintTicket(
  deps: Pick<SsoDeps, 'config' | 'tokenSecret'>,
  input: {
    source: string;
    audience: string;
    customerCode: string;
    loginName: string;
    lifetimeSeconds?: number;
  },
  now = Date.now(),
): { ticket: string; ticketId: string; expiresAt: string } {
  const key = ssoKey(deps, input.source);
  if (!key) throw new AppError(ApiCode.BadRequest, 'sso.unknownSource');
  const iat = Math.floor(now / 1000);
  const exp =
    iat +
    Math.min(
      input.lifetimeSeconds ?? deps.config.sso.ticketMaxAgeSeconds,
      deps.config.sso.ticketMaxAgeSeconds,
    );
  const jti = randomToken(16);
  const ticket = signTicket(key, {
    v: 1,
    src: input.source,
    aud: input.audience,
    jti,
    cus: input.customerCode,
    sub: input.loginName.toLowerCase(),
    iat,
    exp,
  });
  return { ticket, ticketId: jti, expiresAt: new Date(exp * 1000).toISOString() };
}

const refuse = (key: string) => new AppError(ApiCode.BadRequest, key);

/**
 * Signs in by a ticket from `source` (OfficialLogin: website; FreePwdLoginOms: oms). Checks in order: well
 * formed, a known source that this entrance accepts, the signature, meant for the portal, its times (with
 * bounded clock skew); then the named user of the named customer; then spends its id (a replay is refused,
 * also when two arrive at once: the primary key decides) and opens the session (login log method `sso`).
 */
export async function signInWithTicket(
  deps: SsoDeps,
  ticket: string,
  source: SsoSource,
  client: ClientInfo,
  now = Date.now(),
): Promise<LoginResponse> {
  const read = readTicket(ticket);
  if (!read) throw refuse('sso.invalidTicket');
  const { payload } = read;
  const key = ssoKey(deps, payload.src);
  if (!key || payload.src !== source) throw refuse('sso.unknownSource');
  if (!hasValidSignature(key, read.body, read.signature)) throw refuse('sso.invalidTicket');
  if (payload.aud !== SsoAudience.Portal) throw refuse('sso.invalidTicket');
  const nowSeconds = Math.floor(now / 1000);
  const problem = ticketTimeProblem(payload, nowSeconds, {
    maxAgeSeconds: deps.config.sso.ticketMaxAgeSeconds,
    clockSkewSeconds: deps.config.sso.clockSkewSeconds,
  });
  if (problem) throw refuse(problem === 'expired' ? 'sso.expiredTicket' : 'sso.invalidTicket');
  const user = await deps.db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select('users.id')
    .where('customers.code', '=', payload.cus)
    .where('users.login_name', '=', payload.sub.toLowerCase())
    .executeTakeFirst();
  if (!user) throw refuse('sso.unknownUser');
  try {
    await deps.db
      .insertInto('sso_used_tickets')
      .values({
        source: payload.src,
        ticket_id: payload.jti,
        user_id: user.id,
        used_at: new Date(now).toISOString(),
        // Kept until no clock could take it for unexpired; the retention task deletes it then.
        expires_at: new Date((payload.exp + deps.config.sso.clockSkewSeconds) * 1000).toISOString(),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('sso.usedTicket');
    throw error;
  }
  return signInVerifiedUser(deps, user.id, LoginMethod.Sso, client);
}

/** `GetCustomerLoginToken`: a ticket for the signed-in user to open the provider's OMS. */
export async function issueOmsTicket(deps: SsoDeps, auth: AuthContext): Promise<CustomerLoginToken> {
  const user = await deps.db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select(['users.login_name', 'customers.code'])
    .where('users.id', '=', auth.userId)
    .where('users.customer_id', '=', auth.customerId)
    .executeTakeFirstOrThrow();
  const { ticket, expiresAt } = mintTicket(deps, {
    source: SsoSource.Oms,
    audience: SsoAudience.Oms,
    customerCode: user.code,
    loginName: user.login_name,
  });
  const base = deps.config.sso.omsLoginUrl;
  const url = base
    ? `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams({ ticket }).toString()}`
    : null;
  return { ticket, expiresAt, url };
}

/** Spent ticket ids past any possible use (retention task). */
export async function deleteExpiredTickets(db: Db, nowIsoText: string): Promise<number> {
  const result = await db
    .deleteFrom('sso_used_tickets')
    .where('expires_at', '<=', nowIsoText)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
