import { z } from 'zod';
import { NewPasswordSchema, PASSWORD_MAX_LENGTH } from './auth.ts';
import { CODE_PURPOSES, PHONE_PATTERN, VerificationCodeMessage } from './verification-code-rules.ts';

/**
 * Codes by SMS (issue 13): what they are for, the phone and code fields, and the requests and answers of
 * SMS sign-in, forgot password and change phone. Registration sends its codes through the same service
 * (purpose `register`).
 */

export const PhoneSchema = z
  .string()
  .max(32, VerificationCodeMessage.PhoneInvalid)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN, VerificationCodeMessage.PhoneInvalid));

export const CodeSchema = z
  .string()
  .max(16, VerificationCodeMessage.CodeFormat)
  .transform((value) => value.trim())
  .pipe(z.string().regex(/^\d{6}$/, VerificationCodeMessage.CodeFormat));

/** `?userPhone=` of ForGetPasswordSendSMS and SendChangePhoneSms. */
export const PhoneQuerySchema = z.object({ userPhone: PhoneSchema });
/** Body of SendLoginSms (the phone may also come as `?userPhone=`, as the other send calls take it). */
export const SendLoginSmsRequestSchema = z.object({ userPhone: PhoneSchema });

/** Every send answers the same, whether or not the phone belongs to a user. */
export const CodeSentSchema = z.object({
  /** Seconds until the next code may be asked for (the button's countdown). */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof CodeSentSchema>;

/** SmsLogin, ForGetPasswordCheckSMSCode and ChangePhone: a phone and the code sent to it. */
export const PhoneCodeRequestSchema = z.object({ userPhone: PhoneSchema, code: CodeSchema });
export type PhoneCodeRequest = z.input<typeof PhoneCodeRequestSchema>;

/** ForGetPasswordCheckSMSCode: a single-use ticket for ForgetPassword, so the code is not re-sent. */
export const ResetTicketSchema = z.object({ resetTicket: z.string(), expiresInSecond: z.number().int() });
export type ResetTicket = z.infer<typeof ResetTicketSchema>;
export const RESET_TICKET_TTL_SECONDS = 900;

export const ForgetPasswordRequestSchema = z
  .object({
    resetTicket: z
      .string()
      .max(100, VerificationCodeMessage.TicketFormat)
      .regex(/^[A-Za-z0-9_-]{20,100}$/, VerificationCodeMessage.TicketFormat),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.newPassword, {
    path: ['confirmPassword'],
    message: VerificationCodeMessage.PasswordsDiffer,
  });
export type ForgetPasswordRequest = z.input<typeof ForgetPasswordRequestSchema>;

/** One message of the sandbox SMS outbox (operations API `GET /ops/v1/sms/outbox`, `npm run ops sms-outbox`). */
export const SmsOutboxEntrySchema = z.object({
  id: z.string(),
  phone: z.string(),
  template: z.enum(CODE_PURPOSES),
  params: z.record(z.string(), z.string()),
  language: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxEntry = z.infer<typeof SmsOutboxEntrySchema>;
