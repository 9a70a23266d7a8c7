import type { AccessSubject, RoleGrant } from '@portal/contracts/access';
import { hasPermission } from '@portal/contracts/access';
import { OpenApiPath, OPEN_API_PREFIX, PUBLIC_API_PATHS } from '@portal/contracts/api-paths';
import { API_TOKEN_PREFIX } from '@portal/contracts/api-token';
import { ApiCode } from '@portal/contracts/envelope';
import { ALL_PERMISSIONS, type Permission } from '@portal/contracts/permissions';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../lib/errors.ts';
import { verifyAccessToken, type AccessClaims, type VerifyResult } from '../lib/tokens.ts';
import '../modules/api-token/api-token.messages.ts';
import '../modules/organization/data-scope.messages.ts';
import { findRequestContext, isSessionLive, type ListVersions } from '../modules/auth/auth.repository.ts';
import {
  accessOf,
  DATA_SCOPE_RULES,
  type DataScopeFilter,
  type DataScopeRule,
} from '../modules/organization/data-scope.ts';

/** Who is calling: set on every authenticated request. */
export interface AuthContext extends AccessSubject {
  userId: string;
  customerId: string;
  sessionId: string;
  userType: 'main' | 'sub';
  /** The unit the user is in (what it creates is recorded as made there), or null. */
  orgUnitId: string | null;
  /** The roles as they take effect (company permissions dropped without the whole-company scope). */
  roles: RoleGrant[];
  /** The unit data scope: null for the whole company (modules/organization/data-scope.ts). */
  dataScope: DataScopeFilter | null;
  /**
   * The customer's list versions, read with the session (keys of lib/answer-cache.ts). Absent where a
   * context is made without a session (seeds, jobs): nothing is then served from a cache.
   */
  listVersions?: ListVersions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route's action needs; checked after sign-in. */
    permission?: Permission;
    /** The route answers even for a customer in arrears (so the portal can show who is signed in). */
    allowInArrears?: boolean;
    /** The route answers while the user still has the initial password (so it can be replaced). */
    allowWithInitialPassword?: boolean;
    /**
     * What of the customer's data the route reads (modules/organization/data-scope.ts). Every signed-in
     * route declares it: registering one without it fails at start. `company` refuses a unit-scoped caller.
     */
    dataScope?: DataScopeRule;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyInstance {
    /** Every signed-in route (`METHOD url`) with its declared data-scope rule, for the route walk test. */
    dataScopeRules: ReadonlyMap<string, DataScopeRule>;
  }
}

/** Access tokens whose signature was checked, per instance; past this many it starts over. */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * verifyAccessToken, remembering the claims of tokens whose signature it checked: a client presents the
 * same token on every request for its lifetime, and the HMAC over it was 5–7 % of a signed-in request.
 * Only exact, already verified token strings are found here (a forged one never is); the expiry is
 * checked on every call, and the session behind the token is still read from the database every time.
 */
function tokenVerifier(secret: string): (token: string) => VerifyResult {
  const verified = new Map<string, AccessClaims>();
  return (token) => {
    const known = verified.get(token);
    if (known)
      return known.exp * 1000 <= Date.now() ? { ok: false, reason: 'expired' } : { ok: true, claims: known };
    const result = verifyAccessToken(token, secret);
    if (result.ok) {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
      verified.set(token, Object.freeze(result.claims));
    }
    return result;
  };
}

/**
 * Secure by default: every `/api` route requires a live session unless contracts list its path in
 * PUBLIC_API_PATHS (the same list tells the web client which calls carry no token).
 * Expired access token → 401 (the client refreshes); ended session or disabled user → 204;
 * no or forged token → 402; customer in arrears → 203; missing permission → 403.
 */
/** Whether a route needs a signed-in caller (session or API token), and so a data-scope rule. */
export function isSignedInRoute(url: string): boolean {
  if (url.startsWith('/api/')) return !PUBLIC_API_PATHS.includes(url);
  return url.startsWith(OPEN_API_PREFIX) && url !== OpenApiPath.Document;
}

/**
 * The route-level checks of a caller, shared by sessions and API tokens: the permission, then the data
 * scope rule (a `company` route is the whole company's; a unit-scoped caller is refused).
 */
export function checkRouteAccess(
  auth: AuthContext,
  rule: { permission?: Permission | undefined; dataScope?: DataScopeRule | undefined },
) {
  if (rule.permission && !hasPermission(auth, rule.permission)) throw forbidden(rule.permission);
  if (rule.dataScope === 'company' && auth.dataScope !== null)
    throw new AppError(ApiCode.Forbidden, 'dataScope.wholeCompanyOnly');
}

export const authenticatePlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    // Secure by default: a signed-in route that does not say what data it reads does not start.
    const rules = new Map<string, DataScopeRule>();
    app.decorate('dataScopeRules', rules);
    app.addHook('onRoute', (route) => {
      if (!isSignedInRoute(route.url)) return;
      const rule = (route.config as { dataScope?: DataScopeRule } | undefined)?.dataScope;
      if (!rule || !DATA_SCOPE_RULES.includes(rule))
        throw new Error(
          `${String(route.method)} ${route.url}: declare config.dataScope (${DATA_SCOPE_RULES.join(' | ')})`,
        );
      for (const method of [route.method].flat()) rules.set(`${method} ${route.url}`, rule);
    });
    const verifyToken = tokenVerifier(app.tokenSecret);
    // onRequest: refuse before a body (an upload, say) is even read or validated.
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      // Only API routes need a session; the web app's static files and history fallback are public.
      const routeUrl = request.routeOptions.url;
      if (request.is404 || !routeUrl?.startsWith('/api/') || PUBLIC_API_PATHS.includes(routeUrl)) return;
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw new AppError(ApiCode.NotSignedIn, 'auth.notSignedIn');
      // An API token works on the open API only (modules/open-api), never as a portal session.
      if (token.startsWith(API_TOKEN_PREFIX))
        throw new AppError(ApiCode.NotSignedIn, 'apiToken.notForPortal');
      const verified = verifyToken(token);
      if (!verified.ok) {
        throw verified.reason === 'expired'
          ? new AppError(ApiCode.AccessTokenExpired, 'auth.accessTokenExpired')
          : new AppError(ApiCode.NotSignedIn, 'auth.notSignedIn');
      }
      // The session, its user and customer and the user's roles in one statement; the token's user and
      // customer must be the session's.
      const { claims } = verified;
      const { context, orgUnitId, roles, listVersions } = await findRequestContext(app.db, claims.sid);
      if (!isSessionLive(context) || context.user_id !== claims.sub || context.customer_id !== claims.cid) {
        throw new AppError(ApiCode.SessionInvalid, 'auth.sessionInvalid');
      }
      if (context.customer_status === 'arrears' && !config.allowInArrears) {
        throw new AppError(ApiCode.Arrears, 'auth.arrears');
      }
      // Until the initial password is replaced, the session may only do that (and see who it is).
      if (context.is_init_password === 1 && !config.allowWithInitialPassword) {
        throw new AppError(ApiCode.Forbidden, 'password.initialMustChange');
      }
      const who = {
        userId: context.user_id,
        customerId: context.customer_id,
        userType: context.user_type,
        orgUnitId,
      };
      const access = await accessOf(app.db, who, roles);
      request.auth = {
        userId: context.user_id,
        customerId: context.customer_id,
        sessionId: context.session_id,
        userType: context.user_type,
        orgUnitId,
        // The main user of a customer holds every permission; sub-users hold what their roles grant.
        permissions: context.user_type === 'main' ? [...ALL_PERMISSIONS] : [],
        roles: access.roles,
        dataScope: access.dataScope,
        listVersions,
      };
      checkRouteAccess(request.auth, config);
    });
  },
  { name: 'authenticate', dependencies: ['database', 'error-handler'] },
);
