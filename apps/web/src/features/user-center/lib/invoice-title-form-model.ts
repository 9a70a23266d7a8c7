import { en, zhCN, zhTW } from 'zod/locales';
import {
  INVOICE_TITLE_MESSAGES,
  InvoiceTitleInputSchema,
  type InvoiceTitle,
  type InvoiceTitleInput,
} from '@portal/contracts/invoice-title';
import type { Language } from '@portal/contracts/languages';
import { fieldMessage } from '@portal/contracts/text';

/** The invoice title form's fields, as typed (blank = ''). */
export const INVOICE_TITLE_FIELDS = [
  'companyName',
  'taxNo',
  'address',
  'phone',
  'bankName',
  'bankAccount',
  'email',
] as const;
export type InvoiceTitleField = (typeof INVOICE_TITLE_FIELDS)[number];
export type InvoiceTitleFormValues = Record<InvoiceTitleField, string>;

/** Input limits, the contracts' (the tax number is 18 code characters; spaces typed among them are dropped). */
export const INVOICE_TITLE_MAX: Readonly<Record<InvoiceTitleField, number>> = {
  companyName: 100,
  taxNo: 24,
  address: 200,
  phone: 30,
  bankName: 100,
  bankAccount: 40,
  email: 100,
};

/** The saved title as form values; blanks where nothing is saved yet. */
export function invoiceTitleValuesOf(title: InvoiceTitle | null | undefined): InvoiceTitleFormValues {
  return {
    companyName: title?.companyName ?? '',
    taxNo: title?.taxNo ?? '',
    address: title?.address ?? '',
    phone: title?.phone ?? '',
    bankName: title?.bankName ?? '',
    bankAccount: title?.bankAccount ?? '',
    email: title?.email ?? '',
  };
}

/** The `CustomerInvoiceTitle/Save` body: blanks as null, the server cleans and checks the rest. */
export function invoiceTitleBodyOf(values: InvoiceTitleFormValues): InvoiceTitleInput {
  const optional = (value: string) => (value.trim() === '' ? null : value);
  return {
    companyName: values.companyName,
    taxNo: values.taxNo,
    address: optional(values.address),
    phone: optional(values.phone),
    bankName: optional(values.bankName),
    bankAccount: optional(values.bankAccount),
    email: optional(values.email),
  };
}

const ZOD_LOCALES = { 'zh-CN': zhCN(), 'en-US': en(), 'zh-TW': zhTW() };

/**
 * What is wrong with one field's value, in the interface language, by the schema the server applies
 * (`InvoiceTitleInputSchema`; the tax number by `isValidUscc`, its check character included), or null.
 */
export function invoiceTitleFieldProblem(
  field: InvoiceTitleField,
  value: string,
  language: Language,
): string | null {
  const body = invoiceTitleBodyOf({ ...invoiceTitleValuesOf(null), [field]: value });
  const result = InvoiceTitleInputSchema.shape[field].safeParse(body[field], {
    error: ZOD_LOCALES[language].localeError,
  });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return (
    fieldMessage(issue.message, 'params' in issue ? issue.params : undefined, language) ??
    (INVOICE_TITLE_MESSAGES as Record<string, Record<Language, string>>)[issue.message]?.[language] ??
    issue.message
  );
}

/** Whether the values differ from those the form opened with (after trimming: spaces alone change nothing). */
export function isInvoiceTitleDirty(values: InvoiceTitleFormValues, saved: InvoiceTitleFormValues): boolean {
  return INVOICE_TITLE_FIELDS.some((field) => (values[field] ?? '').trim() !== saved[field].trim());
}
