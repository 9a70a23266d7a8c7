import { describe, expect, test, vi } from 'vitest';
import { filterMenu, hasPermission, passesAuthority, type AccessSubject } from '@portal/contracts/access';
import { guardAction } from '../../src/lib/access/action-guard';
import { translatorFor } from './helpers';

const viewer: AccessSubject = { permissions: [], roles: [{ id: 'operator', operationList: ['order:view'] }] };

describe('access function', () => {
  test('an action is allowed by the permission id itself or by any role operation list', () => {
    expect(hasPermission({ permissions: ['address:edit'], roles: [] }, 'address:edit')).toBe(true);
    expect(hasPermission(viewer, 'order:view')).toBe(true);
    expect(hasPermission(viewer, 'address:view')).toBe(false);
  });

  test('an authority may be a permission, a role, a list of roles, or *', () => {
    expect(passesAuthority(viewer, '*')).toBe(true);
    expect(passesAuthority(viewer, null)).toBe(true);
    expect(passesAuthority(viewer, 'operator')).toBe(true);
    expect(passesAuthority(viewer, ['finance', 'operator'])).toBe(true);
    expect(passesAuthority(viewer, ['finance', 'admin'])).toBe(false);
    expect(passesAuthority(viewer, 'address:view')).toBe(false);
  });

  test('menus are filtered by the same rule', () => {
    const menu = [
      { path: '/a', name: 'a', menuCode: 'a', authority: 'order:view' },
      { path: '/b', name: 'b', menuCode: 'b', authority: 'address:view' },
    ];
    expect(filterMenu(viewer, menu).map((m) => m.name)).toEqual(['a']);
  });
});

describe('action guard', () => {
  test('refuses with "对不起，您没有操作权限：{permission}" and does not run the action', () => {
    const action = vi.fn();
    const refuse = vi.fn();
    expect(guardAction(viewer, 'address:edit', action, refuse, translatorFor('zh-CN'))).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(refuse).toHaveBeenCalledWith('对不起，您没有操作权限：address:edit');
  });

  test('runs the action when permitted through a role', () => {
    const action = vi.fn();
    const refuse = vi.fn();
    expect(guardAction(viewer, 'order:view', action, refuse, translatorFor('en-US'))).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
    expect(refuse).not.toHaveBeenCalled();
  });
});
