import { z } from 'zod';
import { NewPasswordSchema } from './auth.ts';
import { isValidUscc } from './invoice-title.ts';
import type { LocalizedText } from './languages.ts';
import { optionalTextField, textField } from './text.ts';
import { PhoneCodeRequestSchema, PhoneQuerySchema, PhoneSchema } from './verification-code.ts';

/**
 * Registration (issue 13, "Registration (public)") and the prospect link. Public calls:
 * `Register/SendSMS?userPhone=` → `Register/CheckVerificationCode` (answers a short-lived registerTicket
 * naming the proven phone) → `Register/Register` (the company and its main user, with the accepted
 * agreement version); `Register/GetLogisticsTransportAgreement` answers the current agreement in the three
 * languages. The prospect link (`CustomerInfoLink/Get`, `CustomerInfoLink/Submit`) lets a prospect the
 * provider invited fill in company details from a signed, expiring, single-use link.
 */

const label = (zhCN: string, enUS: string, zhTW: string): LocalizedText => ({
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
});

export const RegistrationMessage = {
  LoginNameInvalid: 'registration.loginNameInvalid',
  EmailInvalid: 'registration.emailInvalid',
  AgreementRequired: 'registration.agreementRequired',
  UsccInvalid: 'prospect.usccInvalid',
} as const;

/** Login names: 4–32 letters, digits, `_ . -`, starting with a letter; stored lower case (sign-in lowers). */
export const LOGIN_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{3,31}$/;

const emailField = z
  .string()
  .trim()
  .max(100)
  .refine((value) => z.email().safeParse(value).success, RegistrationMessage.EmailInvalid);

/** `Register/SendSMS?userPhone=` and `Register/CheckVerificationCode`: the codes' own phone and code fields. */
export const RegisterSendSmsQuerySchema = PhoneQuerySchema;
export const RegisterCheckCodeSchema = PhoneCodeRequestSchema;

export const RegisterTicketSchema = z.object({
  /** Proves the phone for the registration; valid `expiresInSeconds`, used by one registration. */
  registerTicket: z.string(),
  expiresInSeconds: z.number().int(),
});
export type RegisterTicket = z.infer<typeof RegisterTicketSchema>;

export const REGISTER_FIELD_MAX = { companyName: 100, contactName: 50, loginName: 32, email: 100 } as const;

export const RegisterInputSchema = z.object({
  registerTicket: z.string().min(1).max(500),
  companyName: textField({
    max: REGISTER_FIELD_MAX.companyName,
    label: label('公司名称', 'Company name', '公司名稱'),
  }),
  contactName: textField({
    max: REGISTER_FIELD_MAX.contactName,
    label: label('联系人', 'Contact', '聯絡人'),
  }),
  loginName: z
    .string()
    .trim()
    .max(40)
    .refine((value) => LOGIN_NAME_PATTERN.test(value), RegistrationMessage.LoginNameInvalid)
    .transform((value) => value.toLowerCase()),
  email: emailField,
  password: NewPasswordSchema,
  /** The agreement version the user read and accepted; must be the current one. */
  agreementVersion: z.string().min(1, RegistrationMessage.AgreementRequired).max(40),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

export const RegisteredSchema = z.object({
  customerCode: z.string(),
  loginName: z.string(),
});
export type Registered = z.infer<typeof RegisteredSchema>;

const LocalizedTextSchema = z.object({ 'zh-CN': z.string(), 'en-US': z.string(), 'zh-TW': z.string() });

export const TransportAgreementSchema = z.object({
  version: z.string(),
  title: LocalizedTextSchema,
  /** Plain text, paragraphs separated by blank lines. */
  content: LocalizedTextSchema,
  publishedAt: z.string(),
});
export type TransportAgreement = z.infer<typeof TransportAgreementSchema>;

// ——— The prospect link ———

/** What a link's page shows: the form (open), or why not. */
export const ProspectLinkStates = ['open', 'submitted', 'expired', 'invalid'] as const;
export type ProspectLinkState = (typeof ProspectLinkStates)[number];

export const ProspectLinkQuerySchema = z.object({ token: z.string().max(500) });

export const ProspectProductOptionSchema = z.object({ code: z.string(), name: LocalizedTextSchema });

export const ProspectLinkSchema = z.object({
  state: z.enum(ProspectLinkStates),
  /** Set while open or expired. */
  expiresAt: z.string().nullable(),
  /** Whom staff made the link for (their note), shown as a greeting; null when none or not open. */
  invitee: z.string().nullable(),
  /** The provider's active products, for "products of interest" (only while open). */
  products: z.array(ProspectProductOptionSchema),
  /** The destination countries to pick from (only while open: the form is public, GetCountry is not). */
  countries: z.array(z.object({ code: z.string(), name: LocalizedTextSchema })),
});
export type ProspectLink = z.infer<typeof ProspectLinkSchema>;

/** Expected parcels a month, in the bands sales plans with. */
export const MonthlyParcelBands = ['lt1k', '1k-5k', '5k-20k', '20k-100k', 'gt100k'] as const;
export type MonthlyParcelBand = (typeof MonthlyParcelBands)[number];

export const PROSPECT_FIELD_MAX = {
  companyName: 100,
  address: 200,
  contactName: 50,
  contactPhone: 30,
  contactEmail: 100,
  remark: 500,
  destinations: 50,
  products: 20,
} as const;

export const ProspectAnswersSchema = z.object({
  companyName: textField({
    max: PROSPECT_FIELD_MAX.companyName,
    label: label('公司名称', 'Company name', '公司名稱'),
  }),
  /** The unified social credit code (the check of contracts invoice-title.ts). */
  uscc: z
    .string()
    .max(40)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidUscc, RegistrationMessage.UsccInvalid),
  address: textField({
    max: PROSPECT_FIELD_MAX.address,
    label: label('公司地址', 'Company address', '公司地址'),
  }),
  contactName: textField({
    max: PROSPECT_FIELD_MAX.contactName,
    label: label('联系人', 'Contact', '聯絡人'),
  }),
  contactPhone: PhoneSchema,
  contactEmail: z
    .string()
    .trim()
    .max(PROSPECT_FIELD_MAX.contactEmail)
    .refine((value) => value === '' || z.email().safeParse(value).success, RegistrationMessage.EmailInvalid)
    .transform((value) => value || null)
    .nullish(),
  monthlyParcels: z.enum(MonthlyParcelBands),
  /** ISO 3166-1 alpha-2 codes (the server checks they exist). */
  destinations: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .min(1)
    .max(PROSPECT_FIELD_MAX.destinations),
  /** Product codes (the server checks they are offered). */
  productCodes: z.array(z.string().max(40)).max(PROSPECT_FIELD_MAX.products),
  remark: optionalTextField({
    max: PROSPECT_FIELD_MAX.remark,
    label: label('补充说明', 'Remarks', '補充說明'),
    multiline: true,
  }),
});
export type ProspectAnswers = z.input<typeof ProspectAnswersSchema>;

export const ProspectSubmitSchema = z.object({ token: z.string().max(500), answers: ProspectAnswersSchema });
