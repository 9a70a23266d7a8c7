import type { AccessSubject } from '@portal/contracts/access';
import { readStored } from '../storage';

/** What the signed-in user holds, as stored after sign-in (permissions and roles with operation lists). */
export function readAccessSubject(): AccessSubject {
  return { permissions: readStored('permissions') ?? [], roles: readStored('roles') ?? [] };
}
