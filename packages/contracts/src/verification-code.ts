import { z } from 'zod';
import { NewPasswordSchema, PASSWORD_MAX_LENGTH } from './auth.ts';
import type { LocalizedText } from './languages.ts';

/**
 * Codes by SMS (issue 13): what they are for, the phone and code fields, and the requests and answers of
 * SMS sign-in, forgot password and change phone. Registration sends its codes through the same service
 * (purpose `register`).
 */

export const CodePurpose = {
  Login: 'login',
  Reset: 'reset',
  ChangePhone: 'changePhone',
  Register: 'register',
} as const;
export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];
export const CODE_PURPOSES = Object.values(CodePurpose) as [CodePurpose, ...CodePurpose[]];

/** A code is 6 digits, valid 10 minutes; the next one for the same phone can be asked for after 60 s. */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;

export const VerificationCodeMessage = {
  PhoneInvalid: 'verificationCode.phoneInvalid',
  CodeFormat: 'verificationCode.codeFormat',
  TicketFormat: 'verificationCode.ticketFormat',
  PasswordsDiffer: 'verificationCode.passwordsDiffer',
} as const;

/** Field texts of the schemas below, shared by the server's answers and the web's forms. */
export const VERIFICATION_CODE_MESSAGES: Record<
  (typeof VerificationCodeMessage)[keyof typeof VerificationCodeMessage],
  LocalizedText
> = {
  'verificationCode.phoneInvalid': {
    'zh-CN': '请输入正确的 11 位手机号',
    'en-US': 'Enter a valid 11-digit mobile number',
    'zh-TW': '請輸入正確的 11 位手機號碼',
  },
  'verificationCode.codeFormat': {
    'zh-CN': '验证码为 6 位数字',
    'en-US': 'The code is 6 digits',
    'zh-TW': '驗證碼為 6 位數字',
  },
  'verificationCode.ticketFormat': {
    'zh-CN': '重置凭证无效，请重新验证手机号',
    'en-US': 'The reset ticket is not valid; verify your phone again',
    'zh-TW': '重設憑證無效，請重新驗證手機號碼',
  },
  'verificationCode.passwordsDiffer': {
    'zh-CN': '两次输入的密码不一致',
    'en-US': 'The two passwords do not match',
    'zh-TW': '兩次輸入的密碼不一致',
  },
};

/** Mainland China mobile numbers (11 digits, starting 13–19): what the SMS providers deliver to. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
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
