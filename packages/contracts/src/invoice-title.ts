import { z } from 'zod';
import { optionalTextField, textField } from './text.ts';

/**
 * Invoice title (issue 11, PRODUCT.md "Invoice title"): what the provider prints on the customer's
 * invoices. `CustomerInvoiceTitle/Get` (finance:bill) answers it or null; `Save` (finance:bill) replaces it.
 */

/** The 31 characters of a unified social credit code (GB 32100-2015): digits and letters without I O S V Z. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weight of position i is 3^i mod 31. */
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters, or null when one is not a code character. */
export function usccCheckCharacter(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_CHARS.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** A unified social credit code: 18 code characters whose last is the check character of the others. */
export function isValidUscc(code: string): boolean {
  return /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code) && usccCheckCharacter(code.slice(0, 17)) === code[17];
}

export const InvoiceTitleMessage = {
  TaxNoInvalid: 'invoiceTitle.taxNoInvalid',
  EmailInvalid: 'invoiceTitle.emailInvalid',
} as const;

/**
 * The texts of InvoiceTitleMessage: the server registers them (modules/invoice-title/invoice-title.messages.ts)
 * and the web form's check on blur shows them, so both answer word for word alike.
 */
export const INVOICE_TITLE_MESSAGES = {
  'invoiceTitle.taxNoInvalid': {
    'zh-CN': '统一社会信用代码不正确，请核对 18 位代码及最后一位校验码',
    'en-US':
      'The unified social credit code is not valid: check its 18 characters and the final check character',
    'zh-TW': '統一社會信用代碼不正確，請核對 18 位代碼及最後一位校驗碼',
  },
  'invoiceTitle.emailInvalid': {
    'zh-CN': '邮箱格式不正确',
    'en-US': 'The email address is not valid',
    'zh-TW': '電子郵件格式不正確',
  },
} as const;

const label = (zhCN: string, enUS: string, zhTW: string) => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

export const InvoiceTitleInputSchema = z.object({
  companyName: textField({ max: 100, label: label('公司名称', 'Company name', '公司名稱') }),
  /** The unified social credit code, typed in any case and with spaces; stored upper case without them. */
  taxNo: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidUscc, InvoiceTitleMessage.TaxNoInvalid),
  address: optionalTextField({ max: 200, label: label('注册地址', 'Registered address', '註冊地址') }),
  phone: optionalTextField({ max: 30, label: label('注册电话', 'Registered phone', '註冊電話') }),
  bankName: optionalTextField({ max: 100, label: label('开户银行', 'Bank', '開戶銀行') }),
  bankAccount: optionalTextField({ max: 40, label: label('银行账号', 'Bank account', '銀行帳號') }),
  /** Where electronic invoices are sent. */
  email: z
    .string()
    .trim()
    .max(100)
    .refine((value) => value === '' || z.email().safeParse(value).success, InvoiceTitleMessage.EmailInvalid)
    .transform((value) => value || null)
    .nullish(),
});
export type InvoiceTitleInput = z.input<typeof InvoiceTitleInputSchema>;

export const InvoiceTitleSchema = z.object({
  companyName: z.string(),
  taxNo: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  email: z.string().nullable(),
  updatedAt: z.string(),
});
export type InvoiceTitle = z.infer<typeof InvoiceTitleSchema>;
