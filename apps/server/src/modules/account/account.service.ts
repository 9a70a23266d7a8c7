import { LoginMethod, LoginResult, type LoginLogEntry, type SecuritySetting } from '@portal/contracts/auth';
import { ApiCode } from '@portal/contracts/envelope';
import type { Page, PageQuery } from '@portal/contracts/pagination';
import type { Db } from '../../db/database.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { deleteLoginLog, revokeOtherSessions, setLoginLogResult } from '../auth/auth.repository.ts';
import { enforceThrottle, logAttempt, type AuthDeps, type ClientInfo } from '../auth/auth.service.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { describeDevice } from '../../lib/user-agent.ts';
import * as repo from './account.repository.ts';

async function loadUser(db: Db, auth: AuthContext) {
  const user = await repo.findUser(db, auth.customerId, auth.userId, auth.sessionId);
  if (!user) throw notFound();
  return user;
}

/** Sets a new password and signs the user out everywhere else. */
async function setPassword(db: Db, auth: AuthContext, newPassword: string) {
  await repo.updatePassword(db, auth.customerId, auth.userId, await hashPassword(newPassword));
  await revokeOtherSessions(db, auth.userId, auth.sessionId, 'password_changed');
}

/**
 * Changes the password after checking the old one. Wrong old passwords are logged and throttled like
 * failed sign-ins of the same account and address (someone holding a stolen session must not be able to
 * guess the password at full speed); a successful change ends the user's other sessions.
 */
export async function changePassword(
  deps: AuthDeps,
  auth: AuthContext,
  input: { oldPassword: string; newPassword: string },
  client: ClientInfo,
) {
  const { db } = deps;
  const user = await loadUser(db, auth);
  const attemptId = await logAttempt(
    deps,
    {
      accountKey: user.id,
      loginName: user.login_name,
      customerId: user.customer_id,
      userId: user.id,
      method: LoginMethod.PasswordChange,
    },
    client,
  );
  // A device cookie does not lift the slowdown here: the caller already holds a session.
  await enforceThrottle(deps, { id: attemptId, accountKey: user.id, ip: client.ip, trustedDevice: false });
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
    await setLoginLogResult(db, attemptId, LoginResult.WrongPassword);
    throw invalidField('oldPassword', 'password.wrongOld');
  }
  // A right old password is no sign-in: the pending row goes, so the log lists sign-ins and failures only.
  await deleteLoginLog(db, attemptId);
  if (input.oldPassword === input.newPassword) throw invalidField('newPassword', 'password.sameAsOld');
  await setPassword(db, auth, input.newPassword);
}

/** Replaces the password the provider issued; refused once it has been changed. */
export async function changeInitialPassword(db: Db, auth: AuthContext, input: { newPassword: string }) {
  const user = await loadUser(db, auth);
  if (user.is_init_password !== 1) throw new AppError(ApiCode.Conflict, 'password.notInitial');
  if (await verifyPassword(user.password_hash, input.newPassword))
    throw invalidField('newPassword', 'password.sameAsOld');
  await setPassword(db, auth, input.newPassword);
}

export async function hasInitialPassword(db: Db, auth: AuthContext): Promise<boolean> {
  return (await loadUser(db, auth)).is_init_password === 1;
}

const maskPhone = (phone: string | null) =>
  phone && phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
const maskEmail = (email: string | null) => {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
};

export async function getSecuritySetting(db: Db, auth: AuthContext): Promise<SecuritySetting> {
  const user = await loadUser(db, auth);
  return {
    maskedPhone: maskPhone(user.phone),
    maskedEmail: maskEmail(user.email),
    isInitPassword: user.is_init_password === 1,
    passwordChangedAt: user.password_changed_at,
    isWeChatBound: user.wechat_open_id !== null,
    // The sign-in before the current one: the latest is the user's own, just now.
    lastLoginAt: user.previous_login_at,
    lastLoginIp: user.previous_login_ip,
  };
}

export async function listLoginLog(db: Db, auth: AuthContext, page: PageQuery): Promise<Page<LoginLogEntry>> {
  const { items, total } = await repo.listLoginLog(db, auth.customerId, auth.userId, page);
  return {
    items: items.map((r) => ({
      id: r.id,
      time: r.created_at,
      ip: r.ip,
      userAgent: r.user_agent,
      device: r.device ?? describeDevice(r.user_agent),
      method: r.method,
      result: r.result,
      attempts: Number(r.attempts),
    })),
    total,
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
  };
}

export { loadUser };
