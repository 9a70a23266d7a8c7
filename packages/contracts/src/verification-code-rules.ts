import type { LocalizedText } from './languages.ts';

/**
 * The rules of codes by SMS without zod, so the sign-in page (the first download) can use them: what codes
 * are for, their length and timing, the phone pattern and the field texts. The schemas are in
 * verification-code.ts.
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
