import { LoginMethod, LoginResult, type LoginResponse } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import {
  RESET_TICKET_TTL_SECONDS,
  type CodeSent,
  type ResetTicket,
} from '@portal/contracts/verification-code';
import { CodePurpose } from '@portal/contracts/verification-code-rules';
import { invalidField, notFound } from '../../lib/errors.ts';
import { isoAfterSeconds, nowIso, randomToken, sha256 } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { updatePassword } from '../account/account.repository.ts';
import * as authRepo from '../auth/auth.repository.ts';
import {
  completeSignIn,
  enforceThrottle,
  logAttempt,
  UNKNOWN_ACCOUNT_PREFIX,
  type AuthDeps,
  type ClientInfo,
} from '../auth/auth.service.ts';
import { isUniqueViolation } from '../order/order.repository.ts';
import * as repo from './verification-code.repository.ts';
import { checkCode, sendCode, type VerificationCodeDeps } from './verification-code.service.ts';

/**
 * SMS sign-in, forgot password and change phone: the flows on top of the verification-code service.
 * Sign-in and reset never tell whether a phone belongs to a user: a phone nobody has gets no message but
 * the same answer, and its checks fail like a wrong code.
 */

export interface CodeFlowDeps {
  auth: AuthDeps;
  codes: VerificationCodeDeps;
}

/** `Login/SendLoginSms` and `Login/ForGetPasswordSendSMS`: a code to the phone if a user has it. */
export async function sendSignInOrResetCode(
  deps: CodeFlowDeps,
  input: {
    purpose: typeof CodePurpose.Login | typeof CodePurpose.Reset;
    phone: string;
    ip: string;
    language: Language;
  },
): Promise<CodeSent> {
  const user = await authRepo.findUserByPhone(deps.auth.db, input.phone);
  return sendCode(deps.codes, { ...input, deliver: user !== undefined, inBackground: true });
}

/**
 * `Login/SmsLogin`: signs in with the phone and the code sent to it, as the password sign-in does — the
 * same login log (method `sms`), throttle, status checks, session and token pair.
 */
export async function loginWithSmsCode(
  deps: CodeFlowDeps,
  input: { userPhone: string; code: string },
  client: ClientInfo,
): Promise<{ answer: LoginResponse; userId: string }> {
  const phone = input.userPhone;
  const user = await authRepo.findUserByPhone(deps.auth.db, phone);
  const accountKey = user?.id ?? `${UNKNOWN_ACCOUNT_PREFIX}${phone}`;
  const attemptId = await logAttempt(
    deps.auth,
    {
      accountKey,
      loginName: phone,
      customerId: user?.customer_id ?? null,
      userId: user?.id ?? null,
      method: LoginMethod.Sms,
    },
    client,
  );
  await enforceThrottle(deps.auth, { id: attemptId, accountKey, ip: client.ip, trustedDevice: false });
  try {
    await checkCode(deps.codes, { purpose: CodePurpose.Login, phone, code: input.code, consume: true });
  } catch (error) {
    await authRepo.setLoginLogResult(
      deps.auth.db,
      attemptId,
      user ? LoginResult.WrongCode : LoginResult.UnknownUser,
    );
    throw error;
  }
  // A phone nobody has never gets a code that matches, so a user is there.
  if (!user) throw invalidField('code', 'verificationCode.invalid');
  return completeSignIn(deps.auth, user, client, attemptId);
}

/**
 * `Login/ForGetPasswordCheckSMSCode`: uses the reset code and answers a single-use ticket for
 * `Login/ForgetPassword`, valid RESET_TICKET_TTL_SECONDS, so the new password does not need the code again.
 */
export async function checkResetCode(
  deps: CodeFlowDeps,
  input: { userPhone: string; code: string },
): Promise<ResetTicket> {
  await checkCode(deps.codes, {
    purpose: CodePurpose.Reset,
    phone: input.userPhone,
    code: input.code,
    consume: true,
  });
  const user = await authRepo.findUserByPhone(deps.auth.db, input.userPhone);
  // The phone's user left (or changed phone) after the code was sent.
  if (!user) throw invalidField('code', 'verificationCode.invalid');
  const ticket = randomToken();
  await repo.insertResetTicket(deps.auth.db, {
    token_hash: sha256(ticket),
    user_id: user.id,
    created_at: nowIso(),
    expires_at: isoAfterSeconds(RESET_TICKET_TTL_SECONDS),
  });
  return { resetTicket: ticket, expiresInSecond: RESET_TICKET_TTL_SECONDS };
}

/**
 * `Login/ForgetPassword`: sets the new password (the password rules of the contract) with a ticket, once.
 * The reset ends EVERY session of the user, and so every refresh-token family — as disabling does.
 */
export async function resetPassword(
  deps: CodeFlowDeps,
  input: { resetTicket: string; newPassword: string },
): Promise<void> {
  const { db } = deps.auth;
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    const userId = await repo.useResetTicket(trx, sha256(input.resetTicket), nowIso());
    if (!userId) throw invalidField('resetTicket', 'passwordReset.ticketInvalid');
    const user = await trx
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw invalidField('resetTicket', 'passwordReset.ticketInvalid');
    await updatePassword(trx, user.customer_id, userId, passwordHash);
    await authRepo.revokeOtherSessions(trx, userId, null, 'password_reset');
  });
}

async function phoneOf(deps: CodeFlowDeps, auth: AuthContext) {
  const user = await deps.auth.db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('customer_id', '=', auth.customerId)
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  if (!user) throw notFound();
  return user.phone;
}

/** Refuses the caller's own number and a number another user has (phones are unique among users). */
async function ensurePhoneFree(deps: CodeFlowDeps, auth: AuthContext, phone: string) {
  if ((await phoneOf(deps, auth)) === phone) throw invalidField('userPhone', 'changePhone.same');
  const holder = await authRepo.findUserByPhone(deps.auth.db, phone);
  if (holder) throw invalidField('userPhone', 'changePhone.taken');
}

/** `User/SendChangePhoneSms?userPhone=`: a code to the NEW phone, bound to the signed-in user. */
export async function sendChangePhoneCode(
  deps: CodeFlowDeps,
  auth: AuthContext,
  input: { phone: string; ip: string; language: Language },
): Promise<CodeSent> {
  await ensurePhoneFree(deps, auth, input.phone);
  return sendCode(deps.codes, { purpose: CodePurpose.ChangePhone, subject: auth.userId, ...input });
}

/** `User/ChangePhone`: the new phone with the code sent to it becomes the user's phone. */
export async function changePhone(
  deps: CodeFlowDeps,
  auth: AuthContext,
  input: { userPhone: string; code: string },
): Promise<void> {
  await ensurePhoneFree(deps, auth, input.userPhone);
  await checkCode(deps.codes, {
    purpose: CodePurpose.ChangePhone,
    phone: input.userPhone,
    code: input.code,
    consume: true,
    subject: auth.userId,
  });
  try {
    await deps.auth.db
      .updateTable('users')
      .set({ phone: input.userPhone })
      .where('customer_id', '=', auth.customerId)
      .where('id', '=', auth.userId)
      .execute();
  } catch (error) {
    // Another user took the number between the check and the write.
    if (isUniqueViolation(error)) throw invalidField('userPhone', 'changePhone.taken');
    throw error;
  }
}
