import { passesAuthorityChain, type AccessSubject, type Authority } from '@portal/contracts/access';

/** Public routes of spec section 2: no sign-in needed. */
export const PUBLIC_ROUTE_PATHS: readonly string[] = [
  '/login',
  '/login/customLogin',
  '/login/customTmsLogin',
  '/login/websiteLogin',
  '/payResult',
  '/loginResult',
  '/customer',
  '/topUp',
  // The sandbox payment provider's cashier (issue 11): public like /payResult, which it returns to.
  '/sandboxCashier',
  // The WeChat sandbox's scan page (issue 13): what the sandbox QR code opens, on the "phone".
  '/wechatSandbox/scan',
  '/customerInfoLink/customerInfoLink',
  '/403',
  '/404',
  '/500',
];

/** Route names exempt from sign-in (spec section 6), wherever they sit in the route tree. */
export const PUBLIC_ROUTE_NAMES: readonly string[] = [
  '404',
  '403',
  'customer',
  'topUp',
  'registerQuestionnaire',
  'customerInfoLink',
  'apiDocument',
  'apiTest',
  'payResult',
  'loginResult',
];

/** The part of a route the guard needs. Paths are absolute; `:param` segments match any value. */
export interface GuardedRoute {
  path: string;
  name: string;
  authority?: Authority;
  children?: readonly GuardedRoute[];
}

export type RouteDecision<R extends GuardedRoute = GuardedRoute> =
  | { kind: 'allow'; chain: R[] }
  | { kind: 'public' }
  | { kind: 'login' }
  | { kind: 'forbidden'; chain: R[] }
  | { kind: 'notFound' };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function matchesPrefix(pattern: string[], path: string[]): boolean {
  if (pattern.length > path.length) return false;
  return pattern.every((segment, i) => segment.startsWith(':') || segment === path[i]);
}

/** The routes from the root down to the one that matches `pathname`, or null. */
export function findRouteChain<R extends GuardedRoute>(routes: readonly R[], pathname: string): R[] | null {
  const target = segmentsOf(pathname);
  for (const route of routes) {
    const own = segmentsOf(route.path);
    if (!matchesPrefix(own, target)) continue;
    if (own.length === target.length) return [route];
    if (route.children) {
      const rest = findRouteChain(route.children as readonly R[], pathname);
      if (rest) return [route, ...rest];
    }
  }
  return null;
}

export interface RouteAccessInput<R extends GuardedRoute> {
  pathname: string;
  routes: readonly R[];
  /** Whether an Authorization value is stored. */
  isSignedIn: boolean;
  subject: AccessSubject;
}

/**
 * The guard chain of spec sections 5 and 6: public routes pass; any other route needs a stored sign-in;
 * an unknown route is not found; the authority of every level from the root to the route must pass.
 */
export function decideRouteAccess<R extends GuardedRoute>(input: RouteAccessInput<R>): RouteDecision<R> {
  const pathname = `/${segmentsOf(input.pathname).join('/')}`;
  if (PUBLIC_ROUTE_PATHS.includes(pathname)) return { kind: 'public' };
  const chain = findRouteChain(input.routes, pathname);
  if (chain && PUBLIC_ROUTE_NAMES.includes(chain[chain.length - 1]!.name)) return { kind: 'public' };
  if (!input.isSignedIn) return { kind: 'login' };
  if (!chain) return { kind: 'notFound' };
  const authorities = chain.map((route) => route.authority);
  return passesAuthorityChain(input.subject, authorities)
    ? { kind: 'allow', chain }
    : { kind: 'forbidden', chain };
}

/** Only same-site paths are followed after sign-in, so a crafted link cannot send the user elsewhere. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return null;
  return value;
}
