import type { ReactNode } from 'react';
import type { Authority } from '@portal/contracts/access';
import { useAccess } from '../lib/access/use-access';

interface AccessProps {
  /** A permission id the user must hold. */
  permission?: string;
  /** Or a route-style authority: a permission, a role, a list of roles, or `*`. */
  authority?: Authority;
  /** Shown instead of the children when access is missing; by default nothing is rendered. */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Removes a guarded control from the page when the user lacks the permission. */
export function Access({ permission, authority, fallback = null, children }: AccessProps) {
  const { can, passes } = useAccess();
  const allowed = (permission === undefined || can(permission)) && passes(authority);
  return <>{allowed ? children : fallback}</>;
}
