import type { ComponentType, LazyExoticComponent } from 'react';
import { Permission } from '@portal/contracts/permissions';
import {
  API_DOCUMENT_PATH,
  API_TEST_PATH,
  BATCH_CREATE_PATH,
  BILLS_PATH,
  CONSUMPTION_FLOW_PATH,
  CREATE_ORDER_PATH,
  END_DATA_PATH,
  FILE_MANAGEMENT_PATH,
  ORDER_LIST_PATH,
  ORGANIZATION_PATH,
  TOP_UP_PATH,
} from '../lib/app-paths';
import type { MessageKey } from '../lib/i18n/message-key';
import { MESSAGE_LIST_PATH, SYSTEM_INFO_PATH } from '../lib/notifications/notification-link';
import { lazyPage } from '../lib/lazy-page';
import type { GuardedRoute } from '../lib/route-access';

/**
 * The one route table: path, name (the server menu's route name), title key, icon, authority and the
 * lazily loaded page. It drives the router, the guard, the menu labels, tab titles and the document title.
 * A group (with children) has no page of its own; opening it opens its first child.
 */
export interface AppRoute extends GuardedRoute {
  titleKey: MessageKey;
  /** Menu icon by name; the shell maps names to icons (layouts/route-icons.tsx) so they load with it. */
  icon?: RouteIconName;
  component?: LazyExoticComponent<ComponentType>;
  children?: AppRoute[];
}

/** Icons the menu can show; add a name here and its icon in layouts/route-icons.tsx. */
export type RouteIconName =
  | 'home'
  | 'orders'
  | 'orderList'
  | 'create'
  | 'batchCreate'
  | 'address'
  | 'endData'
  | 'settlement'
  | 'topUp'
  | 'consumptionFlow'
  | 'bills'
  | 'settings'
  | 'user'
  | 'files'
  | 'systemInfo'
  | 'messages'
  | 'organization'
  | 'apiDocument'
  | 'apiTest';

export const HOME_PATH = '/user/index';
/** The 403 page; inside the shell when signed in (router.tsx). */
export const FORBIDDEN_PATH = '/403';

export const PRIVATE_ROUTES: AppRoute[] = [
  {
    path: HOME_PATH,
    name: 'index',
    titleKey: 'route.index',
    icon: 'home',
    authority: '*',
    component: lazyPage(() => import('../features/home/routes/home-page'), { isFirstScreen: true }),
  },
  {
    path: '/user/orders',
    name: 'orders',
    titleKey: 'route.orders',
    icon: 'orders',
    children: [
      {
        path: ORDER_LIST_PATH,
        name: 'order',
        titleKey: 'route.order',
        icon: 'orderList',
        authority: Permission.OrderView,
        component: lazyPage(() => import('../features/order/routes/order-list-page')),
      },
      {
        path: CREATE_ORDER_PATH,
        name: 'create',
        titleKey: 'route.create',
        icon: 'create',
        authority: Permission.OrderCreate,
        component: lazyPage(() => import('../features/order/routes/create-order-page')),
      },
      {
        path: BATCH_CREATE_PATH,
        name: 'batchCreate',
        titleKey: 'route.batchCreate',
        icon: 'batchCreate',
        authority: Permission.OrderCreate,
        component: lazyPage(() => import('../features/order-import/routes/batch-create-page')),
      },
      {
        path: '/user/orders/address',
        name: 'address',
        titleKey: 'route.address',
        icon: 'address',
        authority: Permission.AddressView,
        component: lazyPage(() => import('../features/address/routes/address-book-page')),
      },
      {
        path: END_DATA_PATH,
        name: 'endData',
        titleKey: 'route.endData',
        icon: 'endData',
        authority: Permission.OrderView,
        component: lazyPage(() => import('../features/end-data/routes/end-data-page')),
      },
    ],
  },
  {
    path: '/user/settlement',
    name: 'settlement',
    titleKey: 'route.settlement',
    icon: 'settlement',
    children: [
      {
        path: TOP_UP_PATH,
        name: 'topUpOnline',
        titleKey: 'route.topUpOnline',
        icon: 'topUp',
        authority: Permission.FinanceView,
        component: lazyPage(() => import('../features/recharge/routes/recharge-records-page')),
      },
      {
        path: CONSUMPTION_FLOW_PATH,
        name: 'consumptionFlow',
        titleKey: 'route.consumptionFlow',
        icon: 'consumptionFlow',
        authority: Permission.FinanceView,
        component: lazyPage(() => import('../features/finance/routes/consumption-flow-page')),
      },
      {
        path: BILLS_PATH,
        name: 'billingInquiries',
        titleKey: 'route.billingInquiries',
        icon: 'bills',
        authority: Permission.FinanceBill,
        component: lazyPage(() => import('../features/finance/routes/bills-page')),
      },
    ],
  },
  {
    path: '/user/userCenterManagement',
    name: 'userCenterManagement',
    titleKey: 'route.userCenterManagement',
    icon: 'settings',
    children: [
      {
        path: '/user/userCenterManagement/userCenter',
        name: 'userCenter',
        titleKey: 'route.userCenter',
        icon: 'user',
        authority: '*',
        component: lazyPage(() => import('../features/user-center/routes/user-center-page')),
      },
      {
        path: FILE_MANAGEMENT_PATH,
        name: 'fileManagement',
        titleKey: 'route.fileManagement',
        icon: 'files',
        authority: Permission.FileManage,
        component: lazyPage(() => import('../features/file/routes/file-management-page')),
      },
      {
        path: SYSTEM_INFO_PATH,
        name: 'systemInfo',
        titleKey: 'systemInfo.routeTitle',
        icon: 'systemInfo',
        authority: '*',
        component: lazyPage(() => import('../features/system-info/routes/system-info-page')),
      },
      // Public route names (spec section 6): signed out they open outside the shell (router.tsx).
      {
        path: API_DOCUMENT_PATH,
        name: 'apiDocument',
        titleKey: 'apiDocs.documentTitle',
        icon: 'apiDocument',
        authority: '*',
        component: lazyPage(() => import('../features/api-docs/routes/api-document-page')),
      },
      {
        path: API_TEST_PATH,
        name: 'apiTest',
        titleKey: 'apiDocs.testTitle',
        icon: 'apiTest',
        authority: Permission.ApiToken,
        component: lazyPage(() => import('../features/api-docs/routes/api-test-page')),
      },
    ],
  },
  // Spec section 2 "Other routes": outside /user, so a top-level route (the guard walks paths by prefix);
  // the server's menu still lists it under personal settings by its name (migration 180).
  {
    path: ORGANIZATION_PATH,
    name: 'systemUserCenter',
    titleKey: 'organization.routeTitle',
    icon: 'organization',
    authority: Permission.OrgManage,
    component: lazyPage(() => import('../features/organization/routes/organization-page')),
  },
  // Spec section 2 "Other routes": inside the private layout, reached from the header's bell (no menu entry).
  {
    path: MESSAGE_LIST_PATH,
    name: 'messageList',
    titleKey: 'messages.routeTitle',
    icon: 'messages',
    authority: '*',
    component: lazyPage(() => import('../features/messages/routes/message-list-page')),
  },
];

/** Every route with a page, flattened (groups left out). */
export function pageRoutes(routes: readonly AppRoute[] = PRIVATE_ROUTES): AppRoute[] {
  return routes.flatMap((route) => [
    ...(route.component ? [route] : []),
    ...pageRoutes(route.children ?? []),
  ]);
}

/** The first page under a route: itself when it has one, else its first child's first page. */
export function firstPagePath(route: AppRoute): string | null {
  if (route.component) return route.path;
  for (const child of route.children ?? []) {
    const path = firstPagePath(child);
    if (path) return path;
  }
  return null;
}
