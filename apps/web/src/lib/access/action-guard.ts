import { hasPermission, type AccessSubject } from '@portal/contracts/access';
import type { Translate } from '../i18n/message-key';

/**
 * Runs `action` only when the subject holds `permission` (directly or through a role's operation list);
 * otherwise refuses with "对不起，您没有操作权限：{permission}" and returns false.
 */
export function guardAction(
  subject: AccessSubject,
  permission: string,
  action: () => void,
  refuse: (text: string) => void,
  t: Translate,
): boolean {
  if (!hasPermission(subject, permission)) {
    refuse(t('access.denied', { permission }));
    return false;
  }
  action();
  return true;
}
