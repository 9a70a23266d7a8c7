import { NewPasswordSchema } from '@portal/contracts/auth';
import type { MessageKey } from './i18n/message-key';

/**
 * Checks a new password with the same rule the server applies (contracts' NewPasswordSchema) and names
 * the first problem as a translation key, or null when the password is acceptable.
 */
export function newPasswordProblem(value: string): MessageKey | null {
  const result = NewPasswordSchema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return 'password.rule';
  if (issue.message === 'password.needsLetter') return 'password.needsLetter';
  if (issue.message === 'password.needsDigit') return 'password.needsDigit';
  if (issue.code === 'too_small') return 'password.tooShort';
  if (issue.code === 'too_big') return 'password.tooLong';
  return 'password.rule';
}
