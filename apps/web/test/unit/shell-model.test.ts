import { describe, expect, test } from 'vitest';
import type { ApplicationMenuItem } from '@portal/contracts/application';
import { activeMenuPaths, buildMenu, firstLeafPath } from '../../src/app/menu-model';
import type { AppRoute } from '../../src/app/route-table';
import { closeOtherTabs, closeTab, openTab } from '../../src/app/layouts/tab-list';
import type { StoredTab } from '../../src/lib/storage';

const page = {} as NonNullable<AppRoute['component']>;
const ROUTES: AppRoute[] = [
  { path: '/user/index', name: 'index', titleKey: 'route.index', component: page },
  {
    path: '/user/userCenterManagement',
    name: 'userCenterManagement',
    titleKey: 'route.userCenterManagement',
    children: [
      {
        path: '/user/userCenterManagement/userCenter',
        name: 'userCenter',
        titleKey: 'route.userCenter',
        component: page,
      },
    ],
  },
  // Top-level in the route table (the guard walks paths), listed by the server under personal settings.
  {
    path: '/admin/systemUser/userCenter',
    name: 'systemUserCenter',
    titleKey: 'organization.routeTitle',
    component: page,
  },
];
const item = (path: string, name: string, children: ApplicationMenuItem[] = []): ApplicationMenuItem => ({
  path,
  name,
  title: name,
  menuCode: name,
  icon: null,
  authority: null,
  children,
});

describe('menu from the server menu and the route table', () => {
  const serverMenu = [
    item('/user/index', 'index'),
    item('/user/orders', 'orders', [item('/user/orders/address', 'address')]),
    item('/user/userCenterManagement', 'userCenterManagement', [
      item('/user/userCenterManagement/userCenter', 'userCenter'),
      item('/admin/systemUser/userCenter', 'systemUserCenter'),
    ]),
  ];

  test('keeps what the server allows and this build has pages for; drops emptied groups', () => {
    const menu = buildMenu(serverMenu, ROUTES);
    expect(menu.map((e) => e.path)).toEqual(['/user/index', '/user/userCenterManagement']);
    expect(menu[1]!.children.map((e) => e.path)).toEqual([
      '/user/userCenterManagement/userCenter',
      '/admin/systemUser/userCenter',
    ]);
  });

  test('a page the server does not list is not shown', () => {
    expect(buildMenu([item('/user/index', 'index')], ROUTES).map((e) => e.path)).toEqual(['/user/index']);
  });

  test('mixed layout: a top item opens its first child; the active path runs top to leaf', () => {
    const menu = buildMenu(serverMenu, ROUTES);
    expect(firstLeafPath(menu[1]!)).toBe('/user/userCenterManagement/userCenter');
    expect(activeMenuPaths(menu, '/user/userCenterManagement/userCenter')).toEqual([
      '/user/userCenterManagement',
      '/user/userCenterManagement/userCenter',
    ]);
    // A child outside its group's path is still found under the group; a sub-page under its parent's.
    expect(activeMenuPaths(menu, '/admin/systemUser/userCenter')).toEqual([
      '/user/userCenterManagement',
      '/admin/systemUser/userCenter',
    ]);
    expect(activeMenuPaths(menu, '/user/userCenterManagement/userCenter/more')).toEqual([
      '/user/userCenterManagement',
      '/user/userCenterManagement/userCenter',
    ]);
    expect(activeMenuPaths(menu, '/elsewhere')).toEqual([]);
  });
});

describe('multi-tab list', () => {
  const HOME = '/user/index';
  const tab = (key: string, path = key): StoredTab => ({ key, path, titleKey: 'route.index' });
  const base = [tab(HOME), tab('/a'), tab('/b'), tab('/c')];

  test('opening adds once, updates the stored path, keeps home first', () => {
    expect(openTab(base, tab('/b', '/b?tab=2'), HOME).map((t) => t.path)).toEqual([
      HOME,
      '/a',
      '/b?tab=2',
      '/c',
    ]);
    expect(openTab([tab('/a')], tab(HOME), HOME).map((t) => t.key)).toEqual([HOME, '/a']);
    expect(openTab(base, tab('/a'), HOME)).toBe(base);
  });

  test('closing the active tab moves to its right neighbour, else the left one', () => {
    expect(closeTab(base, '/b', '/b', HOME)).toEqual({
      tabs: [tab(HOME), tab('/a'), tab('/c')],
      navigateTo: '/c',
    });
    expect(closeTab(base, '/c', '/c', HOME).navigateTo).toBe('/b');
    expect(closeTab(base, '/a', '/c', HOME).navigateTo).toBeNull();
  });

  test('home cannot be closed; close others keeps home and the chosen tab', () => {
    expect(closeTab(base, HOME, HOME, HOME).tabs).toHaveLength(4);
    expect(closeOtherTabs(base, '/b', HOME).map((t) => t.key)).toEqual([HOME, '/b']);
  });
});
