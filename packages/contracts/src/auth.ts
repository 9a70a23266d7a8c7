import { z } from 'zod';
import { textField } from './text.ts';

/** Password rule for every new password: 8–64 characters with at least one letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password.tooShort')
  .max(PASSWORD_MAX_LENGTH, 'password.tooLong')
  .regex(/[A-Za-z]/, 'password.needsLetter')
  .regex(/\d/, 'password.needsDigit');

/** Longest login name (or phone number) accepted at sign-in. */
export const LOGIN_NAME_MAX_LENGTH = 64;

/**
 * `POST /api/Login/CustomerLogin`: the login name or the phone number, and the password. The name goes
 * through the shared text helper (it is written to the login log as typed).
 */
export const LoginRequestSchema = z.object({
  userName: textField({
    max: LOGIN_NAME_MAX_LENGTH,
    label: { 'zh-CN': '账号', 'en-US': 'Login name', 'zh-TW': '帳號' },
  }),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * Token pair answered by login and by `Login/RefreshToken`. `refereToken` keeps the source's spelling.
 * `expiresInSecond` is the access token's lifetime.
 */
export const TokenPairSchema = z.object({
  jwtToken: z.string(),
  refereToken: z.string(),
  expiresInSecond: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const LoginResponseSchema = TokenPairSchema.extend({
  /** True while the user still has the password the provider issued; the portal asks to change it. */
  isInitPassword: z.boolean(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ChangeInitPasswordRequestSchema = z.object({ newPassword: NewPasswordSchema });
export const ChangePasswordRequestSchema = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});

export const UserType = { Main: 'main', Sub: 'sub' } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

export const CustomerStatus = { Active: 'active', Arrears: 'arrears', Frozen: 'frozen' } as const;

/** `GET /api/Common/GetLoginUserInfo`. */
export const LoginUserInfoSchema = z.object({
  userId: z.string(),
  loginName: z.string(),
  userName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  userType: z.enum(['main', 'sub']),
  isInitPassword: z.boolean(),
  customer: z.object({
    customerId: z.string(),
    customerCode: z.string(),
    companyName: z.string(),
    levelName: z.string(),
    status: z.enum(['active', 'arrears', 'frozen']),
  }),
  permissions: z.array(z.string()),
  roles: z.array(z.object({ id: z.string(), operationList: z.array(z.string()) })),
  lastLoginAt: z.string().nullable(),
});
export type LoginUserInfo = z.infer<typeof LoginUserInfoSchema>;

/** `GET /api/User/SecuritySetting`: what the security tab of the user centre shows. */
export const SecuritySettingSchema = z.object({
  maskedPhone: z.string().nullable(),
  maskedEmail: z.string().nullable(),
  isInitPassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  isWeChatBound: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type SecuritySetting = z.infer<typeof SecuritySettingSchema>;

export const LoginMethod = {
  Password: 'password',
  Sms: 'sms',
  WeChat: 'wechat',
  Sso: 'sso',
  Refresh: 'refresh',
  /** A change-password attempt: its wrong old passwords count like failed sign-ins. */
  PasswordChange: 'password_change',
} as const;
export const LoginResult = {
  /** Written before the password check; replaced by the outcome. */
  Pending: 'pending',
  Success: 'success',
  WrongPassword: 'wrong_password',
  /** SMS sign-in with a wrong, expired or used code. */
  WrongCode: 'wrong_code',
  UnknownUser: 'unknown_user',
  Disabled: 'disabled',
  Throttled: 'throttled',
} as const;

export const LoginLogEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** Readable browser and system, e.g. "Chrome 131 · Windows 11" (empty when the agent is unknown). */
  device: z.string(),
  method: z.string(),
  result: z.string(),
  /** Attempts this row stands for: throttled attempts of one window are folded into one row. */
  attempts: z.number().int(),
});
export type LoginLogEntry = z.infer<typeof LoginLogEntrySchema>;
