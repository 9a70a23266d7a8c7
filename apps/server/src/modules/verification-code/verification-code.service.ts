import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import type { CodeSent } from '@portal/contracts/verification-code';
import {
  CODE_LENGTH,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type CodePurpose,
} from '@portal/contracts/verification-code-rules';
import type { FastifyInstance } from 'fastify';
import type { SmsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { isoAfterSeconds, newId } from '../../lib/ids.ts';
import { addressKey, claimCooldown, hitRateLimit } from '../../lib/rate-limit.ts';
import { SmsSendFailed, type SmsProvider } from '../../lib/sms/sms-provider.ts';
import * as repo from './verification-code.repository.ts';
import './verification-code.messages.ts';

/**
 * The ONE place codes by SMS are issued and checked, for every purpose (sign-in, reset, change phone,
 * registration). A code: 6 digits from the CSPRNG, stored as an HMAC with the server's secret, valid
 * 10 minutes, single use; only the phone's newest code of a purpose is valid; `maxTries` wrong tries and
 * it is spent. Sends: one per phone per 60 s (exactly, from the last send), and a cap per phone and per
 * client address per UTC day — all counted in the shared table of lib/rate-limit.ts, so instances agree.
 *
 * Enumeration: callers that must not reveal whether a phone belongs to a user pass `deliver: false` for
 * a phone nobody has. Everything else happens the same (limits, a stored code that can never match,
 * tries counted), so the answers are byte for byte the same.
 */

export interface VerificationCodeDeps {
  db: Db;
  sms: SmsProvider;
  config: SmsConfig;
  /** Key of the codes' HMAC (the token secret). */
  secret: string;
  /** Where a provider's refusal is reported (the caller gets a plain "try again later"). */
  logSendFailure?: (error: Error) => void;
}

export const verificationCodeDepsOf = (app: FastifyInstance): VerificationCodeDeps => ({
  db: app.db,
  sms: app.sms,
  config: app.config.sms,
  secret: app.tokenSecret,
  logSendFailure: (error) => app.log.warn({ err: error }, 'sms: the provider could not send a code'),
});

const DAY_SECONDS = 86_400;

/** Six digits, uniformly from the CSPRNG (leading zeros kept). */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

export function hashCode(secret: string, id: string, code: string): string {
  return createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
}

const codeSent = (): CodeSent => ({
  resendAfterSeconds: CODE_RESEND_SECONDS,
  expiresInSeconds: CODE_TTL_SECONDS,
});

/** The message of the answer to a send (the same for every phone). */
export const CODE_SENT_MESSAGE = 'verificationCode.sent';

/**
 * Issues a code for `purpose` to `phone` and sends it (unless `deliver` is false). Throws 429 with the
 * seconds to wait, or the daily cap reached; 503 when the provider could not send it.
 */
export async function sendCode(
  deps: VerificationCodeDeps,
  input: {
    purpose: CodePurpose;
    phone: string;
    ip: string;
    language: Language;
    /** The user the code is for (change phone): another user's check never matches it. */
    subject?: string;
    /** False: a phone no user has (sign-in, reset) — nothing is sent, the answer is the same. */
    deliver?: boolean;
    /**
     * Answer without waiting for a real provider (sign-in, reset: so the time taken does not tell a
     * registered phone from an unknown one); a failure then only withdraws the code and is logged.
     */
    inBackground?: boolean;
  },
): Promise<CodeSent> {
  const { db, config } = deps;
  const now = new Date();
  const cooldown = await claimCooldown(
    db,
    { bucket: `sms:cooldown:${input.phone}`, seconds: CODE_RESEND_SECONDS },
    now,
  );
  if (!cooldown.allowed)
    throw new AppError(ApiCode.TooManyRequests, 'verificationCode.tooSoon', {
      seconds: cooldown.retryAfterSeconds,
    });
  const byAddress = await hitRateLimit(
    db,
    {
      bucket: `sms:day:ip:${addressKey(input.ip)}`,
      limit: config.dailyCapPerAddress,
      windowSeconds: DAY_SECONDS,
    },
    now,
  );
  if (!byAddress.allowed) throw new AppError(ApiCode.TooManyRequests, 'verificationCode.addressCap');
  const byPhone = await hitRateLimit(
    db,
    { bucket: `sms:day:phone:${input.phone}`, limit: config.dailyCapPerPhone, windowSeconds: DAY_SECONDS },
    now,
  );
  if (!byPhone.allowed) throw new AppError(ApiCode.TooManyRequests, 'verificationCode.phoneCap');

  const deliver = input.deliver ?? true;
  const id = newId();
  const code = generateCode();
  await repo.replaceOpenCode(db, {
    id,
    purpose: input.purpose,
    phone: input.phone,
    subject: input.subject ?? null,
    code_hash: hashCode(deps.secret, id, code),
    is_delivered: deliver ? 1 : 0,
    ip: input.ip.slice(0, 64),
    created_at: now.toISOString(),
    expires_at: isoAfterSeconds(CODE_TTL_SECONDS, now.getTime()),
    consumed_at: null,
  });
  if (deliver) {
    const delivery = deps.sms
      .send({
        phone: input.phone,
        template: input.purpose,
        params: { code, minutes: String(CODE_TTL_SECONDS / 60) },
        language: input.language,
      })
      .catch(async (error: unknown) => {
        // A code nobody received must not stay valid.
        await repo.retireCode(db, id, new Date().toISOString());
        throw error;
      });
    // Answering only after a real provider's round trip would tell a registered phone (slow) from an
    // unknown one (fast): such sends finish after the answer. The sandbox is a local write, awaited so
    // the outbox holds the message when the caller is answered.
    if (input.inBackground && deps.sms.name !== 'sandbox') {
      delivery.catch((error: unknown) => deps.logSendFailure?.(error as Error));
      return codeSent();
    }
    try {
      await delivery;
    } catch (error) {
      if (error instanceof SmsSendFailed) {
        deps.logSendFailure?.(error);
        throw new AppError(ApiCode.ServiceUnavailable, 'verificationCode.sendFailed');
      }
      throw error;
    }
  }
  return codeSent();
}

/**
 * Checks a code for `purpose` and `phone`; with `consume` it is used up (single use). A wrong code, an
 * expired or used one, one never sent and another user's all answer the same 400 on the `code` field; the
 * try that spends the code says so. A right code checked without `consume` keeps its tries.
 */
export async function checkCode(
  deps: VerificationCodeDeps,
  input: { purpose: CodePurpose; phone: string; code: string; consume: boolean; subject?: string },
): Promise<void> {
  const { db } = deps;
  const now = new Date().toISOString();
  const wrong = () => invalidField('code', 'verificationCode.invalid');
  const row = await repo.findOpenCode(db, input.purpose, input.phone, now);
  if (!row) throw wrong();
  const tries = await repo.takeTry(db, row.id, deps.config.maxTries);
  if (tries === undefined) throw wrong();
  const given = Buffer.from(hashCode(deps.secret, row.id, input.code), 'hex');
  const stored = Buffer.from(row.code_hash, 'hex');
  const matches =
    row.is_delivered === 1 &&
    (row.subject === null || row.subject === (input.subject ?? null)) &&
    given.length === stored.length &&
    timingSafeEqual(given, stored);
  if (!matches) {
    if (tries >= deps.config.maxTries) {
      await repo.retireCode(db, row.id, now);
      throw invalidField('code', 'verificationCode.spent');
    }
    throw wrong();
  }
  if (!input.consume) {
    await repo.giveTryBack(db, row.id);
    return;
  }
  if (!(await repo.consumeCode(db, row.id, now))) throw wrong();
}
