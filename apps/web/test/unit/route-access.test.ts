import { describe, expect, test } from 'vitest';
import type { AccessSubject } from '@portal/contracts/access';
import {
  decideRouteAccess,
  findRouteChain,
  safeRedirectTarget,
  type GuardedRoute,
} from '../../src/lib/route-access';
import { PRIVATE_ROUTES, pageRoutes } from '../../src/app/route-table';

const ROUTES: GuardedRoute[] = [
  { path: '/user/index', name: 'index', authority: '*' },
  {
    path: '/user/orders',
    name: 'orders',
    authority: 'order:view',
    children: [
      { path: '/user/orders/address', name: 'address', authority: 'address:view' },
      { path: '/user/orders/detail/:id', name: 'orderDetail' },
    ],
  },
  {
    path: '/user/finance',
    name: 'finance',
    authority: ['finance', 'admin'],
    children: [{ path: '/user/finance/bills', name: 'billingInquiries', authority: 'finance:bill' }],
  },
  {
    path: '/user/userCenterManagement',
    name: 'userCenterManagement',
    children: [
      { path: '/user/userCenterManagement/userCenter', name: 'userCenter', authority: '*' },
      { path: '/user/userCenterManagement/apiDocument', name: 'apiDocument', authority: 'api:token' },
    ],
  },
];

const viewer: AccessSubject = { permissions: [], roles: [{ id: 'operator', operationList: ['order:view'] }] };
const admin: AccessSubject = {
  permissions: ['address:view', 'finance:bill'],
  roles: [{ id: 'admin', operationList: ['order:view'] }],
};

const decide = (pathname: string, subject: AccessSubject, isSignedIn = true) =>
  decideRouteAccess({ pathname, routes: ROUTES, isSignedIn, subject }).kind;

describe('route guard chain', () => {
  test('public paths and public route names need no sign-in', () => {
    for (const path of [
      '/login',
      '/login/customLogin',
      '/topUp',
      '/payResult',
      '/customerInfoLink/customerInfoLink',
      '/403',
      '/404',
      '/500',
    ]) {
      expect(decide(path, viewer, false), path).toBe('public');
    }
    // apiDocument is a public route name even though it sits under a guarded parent.
    expect(decide('/user/userCenterManagement/apiDocument', viewer, false)).toBe('public');
  });

  test('any other route without a stored sign-in goes to login, known or not', () => {
    expect(decide('/user/index', admin, false)).toBe('login');
    expect(decide('/user/nowhere', admin, false)).toBe('login');
  });

  test('an unknown route for a signed-in user is not found', () => {
    expect(decide('/user/nowhere', admin)).toBe('notFound');
  });

  test('every level of the chain must pass: the parent passes but the child does not → forbidden', () => {
    expect(decide('/user/orders/address', viewer)).toBe('forbidden');
    expect(decide('/user/orders/address', admin)).toBe('allow');
  });

  test('a child without authority inherits the parent: passes when the parent does', () => {
    expect(decide('/user/orders/detail/42', viewer)).toBe('allow');
    expect(decide('/user/orders/detail/42', { permissions: [], roles: [] })).toBe('forbidden');
  });

  test('a role list on the parent: any role passes it, the child permission is still needed', () => {
    expect(decide('/user/finance/bills', admin)).toBe('allow');
    expect(decide('/user/finance/bills', { permissions: ['finance:bill'], roles: [] })).toBe('forbidden');
    expect(
      decide('/user/finance/bills', { permissions: [], roles: [{ id: 'finance', operationList: [] }] }),
    ).toBe('forbidden');
  });

  test('* is open to everyone signed in; trailing slashes do not matter', () => {
    expect(decide('/user/index/', { permissions: [], roles: [] })).toBe('allow');
  });

  test('the chain lists the route and its ancestors', () => {
    expect(findRouteChain(ROUTES, '/user/orders/address')?.map((r) => r.name)).toEqual(['orders', 'address']);
    expect(findRouteChain(ROUTES, '/user/orders/detail/7')?.map((r) => r.name)).toEqual([
      'orders',
      'orderDetail',
    ]);
    expect(findRouteChain(ROUTES, '/user/ordersX')).toBeNull();
  });

  test('after sign-in only same-site paths are followed', () => {
    expect(safeRedirectTarget('/user/orders/address?x=1')).toBe('/user/orders/address?x=1');
    expect(safeRedirectTarget('//evil.example/x')).toBeNull();
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('/\\evil.example')).toBeNull();
    expect(safeRedirectTarget('/login?redirect=/user')).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
  });
});

describe('the route table', () => {
  test('the guard finds every page (a child lies under its parent path; /admin/… is a top-level route)', () => {
    for (const route of pageRoutes())
      expect(findRouteChain(PRIVATE_ROUTES, route.path)?.at(-1)?.name, route.path).toBe(route.name);
    const chain = findRouteChain(PRIVATE_ROUTES, '/admin/systemUser/userCenter');
    expect(chain?.map((route) => route.authority)).toEqual(['org:manage']);
  });
});
