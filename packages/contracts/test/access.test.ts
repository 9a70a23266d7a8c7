import { describe, expect, it } from 'vitest';
import {
  filterMenu,
  hasPermission,
  passesAuthority,
  passesAuthorityChain,
  type MenuNode,
} from '../src/access.ts';

const subject = { permissions: ['order:view'], roles: [{ id: 'finance', operationList: ['finance:bill'] }] };

describe('access', () => {
  it('allows an action held directly or through any role', () => {
    expect(hasPermission(subject, 'order:view')).toBe(true);
    expect(hasPermission(subject, 'finance:bill')).toBe(true);
    expect(hasPermission(subject, 'address:edit')).toBe(false);
  });

  it('passes an authority that is open, a permission, a role, or a list of roles', () => {
    expect(passesAuthority(subject, '*')).toBe(true);
    expect(passesAuthority(subject, undefined)).toBe(true);
    expect(passesAuthority(subject, 'finance')).toBe(true);
    expect(passesAuthority(subject, 'finance:bill')).toBe(true);
    expect(passesAuthority(subject, ['admin', 'finance'])).toBe(true);
    expect(passesAuthority(subject, ['admin'])).toBe(false);
    expect(passesAuthority(subject, 'address:view')).toBe(false);
  });

  it('requires every level of the chain', () => {
    expect(passesAuthorityChain(subject, ['*', 'finance', 'order:view'])).toBe(true);
    expect(passesAuthorityChain(subject, ['admin', 'order:view'])).toBe(false);
  });

  it('filters a menu tree, dropping failed branches', () => {
    const menu: MenuNode[] = [
      {
        path: '/a',
        name: 'a',
        menuCode: 'a',
        authority: 'admin',
        children: [{ path: '/a/1', name: 'a1', menuCode: 'a1' }],
      },
      {
        path: '/b',
        name: 'b',
        menuCode: 'b',
        children: [{ path: '/b/1', name: 'b1', menuCode: 'b1', authority: 'address:view' }],
      },
      {
        path: '/c',
        name: 'c',
        menuCode: 'c',
        children: [{ path: '/c/1', name: 'c1', menuCode: 'c1', authority: 'order:view' }],
      },
    ];
    expect(filterMenu(subject, menu).map((m) => m.path)).toEqual(['/c']);
  });
});
