import { z } from 'zod';
import { isValidUscc } from './invoice-title.ts';
import { optionalTextField, textField } from './text.ts';

/**
 * The customer's profile, certification and images (issue 13, "Account settings"): `CustomerInfo/*`.
 * Reading is open to every signed-in user of the customer; changing the company's profile, its
 * certification, logo and QR code needs `org:manage` (the main user); the avatar is the user's own.
 */

export const CertificationState = {
  None: 'none',
  Pending: 'pending',
  Verified: 'verified',
  Rejected: 'rejected',
} as const;
export type CertificationState = (typeof CertificationState)[keyof typeof CertificationState];
export const CERTIFICATION_STATES = Object.values(CertificationState) as [
  CertificationState,
  ...CertificationState[],
];

/** The photos a certification needs: the business licence and both sides of the representative's ID card. */
export const CERT_PHOTO_KINDS = ['licence', 'idFront', 'idBack'] as const;
export type CertPhotoKind = (typeof CERT_PHOTO_KINDS)[number];

/** The pictures the portal shows: the company's logo and QR code, the user's avatar. */
export const PROFILE_IMAGE_KINDS = ['logo', 'avatar', 'qrCode'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

/**
 * Image types kept (judged by the first bytes, never by name or browser claim): every upload is decoded and
 * encoded anew; PNG stays PNG, JPEG stays JPEG, WebP becomes PNG (with transparency) or JPEG.
 */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
/** What the web's file pickers offer (the server decides by content). */
export const IMAGE_UPLOAD_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

export const CustomerInfoMessage = {
  EmailInvalid: 'customerInfo.emailInvalid',
  CreditCodeInvalid: 'customerInfo.creditCodeInvalid',
} as const;

/** Texts of CustomerInfoMessage: registered by the server, shown by the web's checks on blur. */
export const CUSTOMER_INFO_MESSAGES = {
  'customerInfo.emailInvalid': {
    'zh-CN': '邮箱格式不正确',
    'en-US': 'The email address is not valid',
    'zh-TW': '電子郵件格式不正確',
  },
  'customerInfo.creditCodeInvalid': {
    'zh-CN': '统一社会信用代码不正确，请核对 18 位代码及最后一位校验码',
    'en-US':
      'The unified social credit code is not valid: check its 18 characters and the final check character',
    'zh-TW': '統一社會信用代碼不正確，請核對 18 位代碼及最後一位校驗碼',
  },
} as const;

const label = (zhCN: string, enUS: string, zhTW: string) => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

export const CUSTOMER_INFO_LIMITS = {
  contactName: 50,
  email: 100,
  companyAddress: 200,
  companyName: 100,
  legalRepresentative: 50,
  rejectReason: 200,
} as const;

/** `GET CustomerInfo/GetCurrUserInfo`: the signed-in user and their customer. */
export const CurrUserInfoSchema = z.object({
  userId: z.string(),
  loginName: z.string(),
  userName: z.string(),
  userType: z.enum(['main', 'sub']),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  customer: z.object({
    customerCode: z.string(),
    companyName: z.string(),
    contactName: z.string(),
    levelCode: z.string(),
    levelName: z.string(),
    discountPercent: z.number().int(),
    status: z.enum(['active', 'arrears', 'frozen']),
    certificationState: z.enum(CERTIFICATION_STATES),
  }),
  /** The server's upload limits in bytes (configuration), for the pickers' hints. */
  uploadLimits: z.object({ imageMaxBytes: z.number().int(), certPhotoMaxBytes: z.number().int() }),
  /** Which pictures exist; `CustomerInfo/GetImage?kind=` serves them. The time changes on each upload. */
  images: z.object({
    logo: z.string().nullable(),
    avatar: z.string().nullable(),
    qrCode: z.string().nullable(),
  }),
});
export type CurrUserInfo = z.infer<typeof CurrUserInfoSchema>;

/** `GET CustomerInfo/getCustomerPersonInfo`: the company's editable profile (the phone changes by SMS only). */
export const CustomerPersonInfoSchema = z.object({
  customerCode: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string().nullable(),
  /** Shown, not edited here: `User/ChangePhone` with an SMS code changes it. */
  phone: z.string().nullable(),
  companyAddress: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CustomerPersonInfo = z.infer<typeof CustomerPersonInfoSchema>;

/** `POST CustomerInfo/UpdateCustomerPersonInfo` (org:manage). Unknown keys (a phone) are refused. */
export const UpdateCustomerPersonInfoSchema = z.strictObject({
  contactName: textField({
    max: CUSTOMER_INFO_LIMITS.contactName,
    label: label('联系人', 'Contact', '聯絡人'),
  }),
  email: z
    .string()
    .trim()
    .max(CUSTOMER_INFO_LIMITS.email, CustomerInfoMessage.EmailInvalid)
    .refine((value) => value === '' || z.email().safeParse(value).success, CustomerInfoMessage.EmailInvalid)
    .transform((value) => value || null)
    .nullish(),
  companyAddress: optionalTextField({
    max: CUSTOMER_INFO_LIMITS.companyAddress,
    label: label('公司地址', 'Company address', '公司地址'),
  }),
});
export type UpdateCustomerPersonInfo = z.input<typeof UpdateCustomerPersonInfoSchema>;

/** `GET CustomerInfo/GetCertification`: the state, the facts submitted, which photos are there. */
export const CertificationSchema = z.object({
  state: z.enum(CERTIFICATION_STATES),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  legalRepresentative: z.string().nullable(),
  /** Per photo: when it was uploaded, or null; `CustomerInfo/GetCertPhoto?kind=` serves it. */
  photos: z.object({
    licence: z.string().nullable(),
    idFront: z.string().nullable(),
    idBack: z.string().nullable(),
  }),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Photos may be replaced and the facts submitted (state none or rejected). */
  canSubmit: z.boolean(),
});
export type Certification = z.infer<typeof CertificationSchema>;

/** `POST CustomerInfo/SubmitCertification` (org:manage): the company facts; the three photos must be there. */
export const SubmitCertificationSchema = z.strictObject({
  companyName: textField({
    max: CUSTOMER_INFO_LIMITS.companyName,
    label: label('公司名称', 'Company name', '公司名稱'),
  }),
  /** The unified social credit code, typed in any case and with spaces; kept upper case without them. */
  creditCode: z
    .string()
    .max(40, CustomerInfoMessage.CreditCodeInvalid)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidUscc, CustomerInfoMessage.CreditCodeInvalid),
  legalRepresentative: textField({
    max: CUSTOMER_INFO_LIMITS.legalRepresentative,
    label: label('法定代表人', 'Legal representative', '法定代表人'),
  }),
});
export type SubmitCertification = z.input<typeof SubmitCertificationSchema>;

export const CertPhotoKindQuerySchema = z.object({ kind: z.enum(CERT_PHOTO_KINDS) });
export const ProfileImageKindQuerySchema = z.object({ kind: z.enum(PROFILE_IMAGE_KINDS) });

/** What an image upload answers: the stored picture's type, size and dimensions after re-encoding. */
export const UploadedImageSchema = z.object({
  contentType: z.enum(IMAGE_UPLOAD_TYPES),
  fileSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  uploadedAt: z.string(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** Staff's view of a certification waiting for a decision (operations API and `npm run ops`). */
export const PendingCertificationSchema = z.object({
  customerCode: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  legalRepresentative: z.string(),
  submittedAt: z.string(),
});
export type PendingCertification = z.infer<typeof PendingCertificationSchema>;

export const CertificationRejectSchema = z.strictObject({
  reason: textField({
    max: CUSTOMER_INFO_LIMITS.rejectReason,
    label: label('驳回原因', 'Reason for rejection', '駁回原因'),
  }),
});
