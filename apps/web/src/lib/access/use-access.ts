import { useCallback, useMemo } from 'react';
import { hasPermission, passesAuthority, type AccessSubject, type Authority } from '@portal/contracts/access';
import { translate } from '../i18n/i18n';
import { uiEffects } from '../ui-effects';
import { useStored } from '../use-stored';
import { guardAction } from './action-guard';

export interface AccessApi {
  subject: AccessSubject;
  /** True when the user holds the permission id or a role whose operation list contains it. */
  can: (permission: string) => boolean;
  /** True when a route-style authority (permission, role, role list, `*`) passes. */
  passes: (authority: Authority) => boolean;
  /** Runs the action when permitted, else shows "对不起，您没有操作权限：{permission}". */
  guard: (permission: string, action: () => void) => boolean;
}

export function useAccess(): AccessApi {
  const permissions = useStored('permissions');
  const roles = useStored('roles');
  const subject = useMemo<AccessSubject>(
    () => ({ permissions: permissions ?? [], roles: roles ?? [] }),
    [permissions, roles],
  );
  const can = useCallback((permission: string) => hasPermission(subject, permission), [subject]);
  const passes = useCallback((authority: Authority) => passesAuthority(subject, authority), [subject]);
  const guard = useCallback(
    (permission: string, action: () => void) =>
      guardAction(subject, permission, action, (text) => uiEffects.showError(text), translate),
    [subject],
  );
  return { subject, can, passes, guard };
}
