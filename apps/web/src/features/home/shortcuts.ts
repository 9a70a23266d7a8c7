import type { ApplicationMenuItem } from '@portal/contracts/application';
import {
  BATCH_CREATE_PATH,
  CREATE_ORDER_PATH,
  END_DATA_PATH,
  FILE_MANAGEMENT_PATH,
  ORDER_LIST_PATH,
} from '../../lib/app-paths';
import type { MessageKey } from '../../lib/i18n/message-key';

export const USER_CENTER_PATH = '/user/userCenterManagement/userCenter';

/**
 * Shortcuts the home page offers. Each names the menu entry (route name) that must be in the user's
 * server-filtered menu for the shortcut to show, so a user never gets a shortcut to a page they cannot
 * open. Features add theirs here as they are built (create order, batch create, top up).
 */
export interface Shortcut {
  key: string;
  menuName: string;
  path: string;
  titleKey: MessageKey;
  icon: 'user' | 'lock' | 'history' | 'contacts' | 'create' | 'batchCreate' | 'orders' | 'endData' | 'files';
}

export const SHORTCUTS: readonly Shortcut[] = [
  { key: 'create', menuName: 'create', path: CREATE_ORDER_PATH, titleKey: 'route.create', icon: 'create' },
  {
    key: 'batchCreate',
    menuName: 'batchCreate',
    path: BATCH_CREATE_PATH,
    titleKey: 'home.batchCreate',
    icon: 'batchCreate',
  },
  {
    key: 'orders',
    menuName: 'order',
    path: ORDER_LIST_PATH,
    titleKey: 'homeSummary.myOrders',
    icon: 'orders',
  },
  { key: 'endData', menuName: 'endData', path: END_DATA_PATH, titleKey: 'route.endData', icon: 'endData' },
  {
    key: 'files',
    menuName: 'fileManagement',
    path: FILE_MANAGEMENT_PATH,
    titleKey: 'route.fileManagement',
    icon: 'files',
  },
  {
    key: 'address',
    menuName: 'address',
    path: '/user/orders/address',
    titleKey: 'route.address',
    icon: 'contacts',
  },
  { key: 'profile', menuName: 'userCenter', path: USER_CENTER_PATH, titleKey: 'home.profile', icon: 'user' },
  {
    key: 'password',
    menuName: 'userCenter',
    path: `${USER_CENTER_PATH}?tab=security`,
    titleKey: 'home.changePassword',
    icon: 'lock',
  },
  {
    key: 'loginLog',
    menuName: 'userCenter',
    path: `${USER_CENTER_PATH}?tab=loginLog`,
    titleKey: 'home.loginLog',
    icon: 'history',
  },
];

function menuNames(items: readonly ApplicationMenuItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.name);
    menuNames(item.children, into);
  }
  return into;
}

/** The shortcuts whose page is in the user's menu. */
export function visibleShortcuts(menu: readonly ApplicationMenuItem[]): Shortcut[] {
  const names = menuNames(menu);
  return SHORTCUTS.filter((shortcut) => names.has(shortcut.menuName));
}
