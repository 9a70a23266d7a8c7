/**
 * Access rules shared by the server (menu filtering, action checks) and the web app (route guards,
 * guarded controls), so both sides always agree.
 *
 * An authority is a permission id, a role id, or a list of role ids; `*` (or none) is open to all.
 * A route inherits its parent's authority and must pass every level of the chain.
 */
export type Authority = string | readonly string[] | undefined | null;

export interface RoleGrant {
  id: string;
  /** Permission ids this role grants. */
  operationList: readonly string[];
}

export interface AccessSubject {
  permissions: readonly string[];
  roles: readonly RoleGrant[];
}

export const OPEN_TO_ALL = '*';

/** True when the subject holds the permission directly or through any role's operation list. */
export function hasPermission(subject: AccessSubject, permission: string): boolean {
  if (subject.permissions.includes(permission)) return true;
  return subject.roles.some((role) => role.operationList.includes(permission));
}

/** True when one authority value passes: a permission held, a role held, or any role of a list held. */
export function passesAuthority(subject: AccessSubject, authority: Authority): boolean {
  if (authority == null || authority === OPEN_TO_ALL) return true;
  if (typeof authority === 'string') {
    return hasPermission(subject, authority) || subject.roles.some((r) => r.id === authority);
  }
  const list = authority as readonly string[];
  if (list.length === 0 || list.includes(OPEN_TO_ALL)) return true;
  return list.some((id) => subject.roles.some((r) => r.id === id) || hasPermission(subject, id));
}

/** True when every authority along the chain from the root to the route passes. */
export function passesAuthorityChain(subject: AccessSubject, chain: readonly Authority[]): boolean {
  return chain.every((authority) => passesAuthority(subject, authority));
}

export interface MenuNode {
  path: string;
  name: string;
  menuCode: string;
  authority?: Authority;
  children?: MenuNode[];
}

/**
 * Keeps only the menu entries the subject may see. A parent that fails hides its whole subtree; a
 * parent whose children all fail is dropped too unless it is a page of its own (no children to begin with).
 */
export function filterMenu<T extends MenuNode>(subject: AccessSubject, nodes: readonly T[]): T[] {
  const result: T[] = [];
  for (const node of nodes) {
    if (!passesAuthority(subject, node.authority)) continue;
    if (node.children && node.children.length > 0) {
      const children = filterMenu(subject, node.children as T[]);
      if (children.length === 0) continue;
      result.push({ ...node, children });
    } else {
      result.push(node);
    }
  }
  return result;
}
