import { ApiCode } from '@portal/contracts/envelope';
import type { FieldError } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import type {
  Registered,
  RegisterInputSchema,
  RegisterTicket,
  TransportAgreement,
} from '@portal/contracts/registration';
import type { CodeSent } from '@portal/contracts/verification-code';
import { CodePurpose } from '@portal/contracts/verification-code-rules';
import type { z } from 'zod';
import type { RegistrationConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { newId, nowIso, sha256 } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { addressKey, hitRateLimit } from '../../lib/rate-limit.ts';
import { isUniqueViolation } from '../order/order.repository.ts';
import {
  checkCode,
  sendCode,
  type VerificationCodeDeps,
} from '../verification-code/verification-code.service.ts';
import { openRegisteredCertification } from '../customer-info/customer-info.service.ts';
import {
  createCustomerAccount,
  DEFAULT_LEVEL_CODE,
  ensureCustomerLevels,
  newCustomerCode,
} from './customer-account.ts';
import './registration.messages.ts';
import * as repo from './registration.repository.ts';
import { signToken, verifyToken } from './registration-tokens.ts';

/**
 * Registration (issue 13): phone → SMS code (the one verification-code service, purpose `register`) →
 * a registerTicket naming the proven phone → the company and its main user, created in one transaction
 * exactly as the demo customer is (customer-account.ts), with the accepted agreement version recorded.
 *
 * Enumeration: sending a code answers the same for every phone; only after the code is proven does the
 * answer say the phone is registered — to the phone's holder, who may know. A ticket is spent by the
 * registration it opens (in the same transaction, so of two parallel registrations with one ticket exactly
 * one succeeds); any later use answers "the phone verification has expired", never whether a login name
 * is taken.
 */

export interface RegistrationDeps {
  db: Db;
  config: RegistrationConfig;
  tokenSecret: string;
  codes: VerificationCodeDeps;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  language: Language;
}

/** `Register/SendSMS`: a registration code to the phone (cool-down and daily caps of the code service). */
export function sendRegisterCode(
  deps: RegistrationDeps,
  phone: string,
  client: ClientInfo,
): Promise<CodeSent> {
  return sendCode(deps.codes, {
    purpose: CodePurpose.Register,
    phone,
    ip: client.ip,
    language: client.language,
  });
}

/** `Register/CheckVerificationCode`: spends the code and answers the ticket the registration presents. */
export async function checkRegisterCode(
  deps: RegistrationDeps,
  input: { userPhone: string; code: string },
): Promise<RegisterTicket> {
  await checkCode(deps.codes, {
    purpose: CodePurpose.Register,
    phone: input.userPhone,
    code: input.code,
    consume: true,
  });
  if (await repo.isPhoneTaken(deps.db, input.userPhone))
    throw invalidField('userPhone', 'registration.phoneTaken');
  const ttl = deps.config.ticketTtlSeconds;
  return {
    registerTicket: signToken(
      deps.tokenSecret,
      'registerTicket',
      input.userPhone,
      new Date(Date.now() + ttl * 1000),
    ),
    expiresInSeconds: ttl,
  };
}

/** `Register/GetLogisticsTransportAgreement`: the current (newest published) version. */
export async function getCurrentAgreement(db: Db): Promise<TransportAgreement> {
  const row = await repo.findCurrentAgreement(db);
  // The migration publishes the first version: a database without one is not migrated.
  if (!row) throw new AppError(ApiCode.ServerError, 'error.server');
  return {
    version: row.version,
    title: JSON.parse(row.title) as TransportAgreement['title'],
    content: JSON.parse(row.content) as TransportAgreement['content'],
    publishedAt: row.published_at,
  };
}

async function limitRegistrations(deps: RegistrationDeps, ip: string) {
  const verdict = await hitRateLimit(deps.db, {
    bucket: `register:${addressKey(ip)}`,
    limit: deps.config.register.limit,
    windowSeconds: deps.config.register.windowSeconds,
  });
  if (!verdict.allowed)
    throw new AppError(ApiCode.TooManyRequests, 'registration.tooManyAttempts', {
      seconds: verdict.retryAfterSeconds,
    });
}

const takenError = (errors: FieldError[]) =>
  new AppError(ApiCode.Conflict, errors[0]!.message, {}, { errors });

/** `Register/Register`: the new customer with its main user; answers its code and the login name. */
export async function register(
  deps: RegistrationDeps,
  input: z.output<typeof RegisterInputSchema>,
  client: ClientInfo,
): Promise<Registered> {
  await limitRegistrations(deps, client.ip);
  const ticket = verifyToken(deps.tokenSecret, 'registerTicket', input.registerTicket);
  const ticketSpent = () => invalidField('registerTicket', 'registration.ticketInvalid');
  if (!ticket.ok) throw ticketSpent();
  const ticketHash = sha256(input.registerTicket);
  if (await repo.isTicketSpent(deps.db, ticketHash)) throw ticketSpent();
  const phone = ticket.subject;
  const agreement = await repo.findCurrentAgreement(deps.db);
  if (!agreement || agreement.version !== input.agreementVersion)
    throw invalidField('agreementVersion', 'registration.agreementOutdated');

  // Both problems at once, so the form marks every field that needs another value.
  const taken = async () => {
    const errors: FieldError[] = [];
    if (await repo.isLoginNameTaken(deps.db, input.loginName))
      errors.push({ field: 'loginName', message: 'registration.loginNameTaken' });
    if (await repo.isPhoneTaken(deps.db, phone))
      errors.push({ field: 'userPhone', message: 'registration.phoneTaken' });
    return errors;
  };
  const before = await taken();
  if (before.length > 0) throw takenError(before);

  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt++) {
    const code = newCustomerCode();
    try {
      await deps.db.transaction().execute(async (trx) => {
        // Spent first: a parallel registration with the same ticket waits here on the key (PostgreSQL)
        // or comes after (SQLite), and fails when this one commits.
        await repo.spendTicket(trx, ticketHash, ticket.expiresAt, nowIso());
        await ensureCustomerLevels(trx);
        const account = await createCustomerAccount(trx, {
          code,
          levelCode: DEFAULT_LEVEL_CODE,
          companyName: input.companyName,
          contactName: input.contactName,
          phone,
          email: input.email,
          mainUser: {
            loginName: input.loginName,
            phone,
            email: input.email,
            displayName: input.contactName,
            passwordHash,
          },
          walletCreditLimit: 0,
        });
        await repo.recordTicketUser(trx, ticketHash, account.mainUserId);
        await openRegisteredCertification(trx, account.customerId, input.companyName);
        await repo.insertAcceptance(trx, {
          id: newId(),
          customer_id: account.customerId,
          user_id: account.mainUserId,
          version: agreement.version,
          accepted_at: account.createdAt,
          ip: client.ip.slice(0, 64),
          user_agent: client.userAgent?.slice(0, 400) ?? null,
        });
      });
      return { customerCode: code, loginName: input.loginName };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The ticket was spent a moment ago by a parallel registration.
      if (await repo.isTicketSpent(deps.db, ticketHash)) throw ticketSpent();
      // Someone took the login name or the phone a moment ago: say which; else the code collided.
      const after = await taken();
      if (after.length > 0) throw takenError(after);
      if (attempt >= 5) throw error;
    }
  }
}
