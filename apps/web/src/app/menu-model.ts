import type { ApplicationMenuItem } from '@portal/contracts/application';
import type { AppRoute } from './route-table';

/**
 * One visible menu entry: the server says it may be shown, the route table says what it is (its label
 * comes from the route's translation key, so it follows the language switch without a round trip).
 */
export interface MenuEntry {
  path: string;
  route: AppRoute;
  children: MenuEntry[];
}

function indexByName(routes: readonly AppRoute[], into = new Map<string, AppRoute>()): Map<string, AppRoute> {
  for (const route of routes) {
    into.set(route.name, route);
    if (route.children) indexByName(route.children, into);
  }
  return into;
}

/**
 * The visible menu: the server's (already permission-filtered) tree, keeping only entries this web build
 * has a page for. Groups whose children are all dropped disappear too.
 */
export function buildMenu(
  serverMenu: readonly ApplicationMenuItem[],
  routes: readonly AppRoute[],
): MenuEntry[] {
  const byName = indexByName(routes);
  const walk = (items: readonly ApplicationMenuItem[]): MenuEntry[] =>
    items.flatMap((item) => {
      const route = byName.get(item.name);
      if (!route) return [];
      if (item.children.length > 0) {
        const children = walk(item.children);
        return children.length > 0 ? [{ path: route.path, route, children }] : [];
      }
      return route.component ? [{ path: route.path, route, children: [] }] : [];
    });
  return walk(serverMenu);
}

/** The first page inside an entry (mixed layout: choosing a top item opens its first child). */
export function firstLeafPath(entry: MenuEntry): string {
  const first = entry.children[0];
  return first ? firstLeafPath(first) : entry.path;
}

/**
 * Paths of the entries from the top down to the one holding `pathname`: the entry with that path, else
 * the one whose path it lies under. A child need not lie under its group's path (the organisation page,
 * `/admin/systemUser/userCenter`, sits in personal settings), so children are searched either way.
 */
export function activeMenuPaths(entries: readonly MenuEntry[], pathname: string): string[] {
  for (const entry of entries) {
    if (entry.path === pathname) return [entry.path];
    const inside = activeMenuPaths(entry.children, pathname);
    if (inside.length > 0) return [entry.path, ...inside];
    if (pathname.startsWith(`${entry.path}/`)) return [entry.path];
  }
  return [];
}
