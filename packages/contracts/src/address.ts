import { z } from 'zod';
import { idField } from './ids.ts';
import type { LocalizedText } from './languages.ts';
import { PageQuerySchema } from './pagination.ts';
import {
  hasPostalCodeFormat,
  isValidPostalCode,
  normalizePostalCode,
  type CnDivisionIndex,
  type CnDivisionProblem,
} from './reference.ts';
import { optionalTextField, requiredIssue, textField, type TextIssueParams } from './text.ts';

/**
 * The address book (`/api/CustomerAddress/...`): sender and receiver addresses of a customer. The same
 * schemas validate the web form, the JSON API and every row of an Excel import.
 */

export const AddressType = { Sender: 'sender', Receiver: 'receiver' } as const;
export type AddressType = (typeof AddressType)[keyof typeof AddressType];
export const ADDRESS_TYPES = [AddressType.Sender, AddressType.Receiver] as const;

export const ADDRESS_TYPE_LABELS: Readonly<Record<AddressType, LocalizedText>> = {
  sender: { 'zh-CN': '发件人', 'en-US': 'Sender', 'zh-TW': '寄件人' },
  receiver: { 'zh-CN': '收件人', 'en-US': 'Receiver', 'zh-TW': '收件人' },
};

/** Maximum lengths, in characters, after trimming. */
export const ADDRESS_FIELD_MAX = {
  name: 100,
  company: 100,
  phone: 30,
  email: 254,
  province: 64,
  city: 64,
  district: 64,
  postalCode: 16,
  addressLine: 200,
  houseNumber: 32,
  taxId: 64,
} as const;

/** The fields' names in plain words, for validation messages ("姓名最多 100 个字"). */
export const ADDRESS_FIELD_LABELS = {
  name: { 'zh-CN': '姓名', 'en-US': 'Name', 'zh-TW': '姓名' },
  company: { 'zh-CN': '公司', 'en-US': 'Company', 'zh-TW': '公司' },
  phone: { 'zh-CN': '电话', 'en-US': 'Phone', 'zh-TW': '電話' },
  email: { 'zh-CN': '邮箱', 'en-US': 'Email', 'zh-TW': '電子郵件' },
  province: { 'zh-CN': '省/州', 'en-US': 'Province/State', 'zh-TW': '省/州' },
  city: { 'zh-CN': '城市', 'en-US': 'City', 'zh-TW': '城市' },
  district: { 'zh-CN': '区县', 'en-US': 'District', 'zh-TW': '區縣' },
  postalCode: { 'zh-CN': '邮编', 'en-US': 'Postal code', 'zh-TW': '郵遞區號' },
  addressLine1: { 'zh-CN': '地址1', 'en-US': 'Address line 1', 'zh-TW': '地址1' },
  addressLine2: { 'zh-CN': '地址2', 'en-US': 'Address line 2', 'zh-TW': '地址2' },
  addressLine3: { 'zh-CN': '地址3', 'en-US': 'Address line 3', 'zh-TW': '地址3' },
  houseNumber: { 'zh-CN': '门牌号', 'en-US': 'House number', 'zh-TW': '門牌號' },
  taxId: { 'zh-CN': '税号', 'en-US': 'Tax ID', 'zh-TW': '稅號' },
} as const satisfies Record<string, LocalizedText>;

/** Import limits: the upload is refused before parsing beyond these. */
export const ADDRESS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const ADDRESS_IMPORT_MAX_ROWS = 10_000;
/** At most this many row errors are listed in a failed import's answer; `errorCount` has the total. */
export const ADDRESS_IMPORT_MAX_REPORTED_ERRORS = 200;

/**
 * Message keys of address validation, with their texts. The server registers them (so field errors
 * arrive translated); the web app can feed the same texts to its own i18n for client-side checks.
 */
export const AddressMessage = {
  Required: 'address.required',
  CountryUnknown: 'address.countryUnknown',
  PhoneInvalid: 'address.phoneInvalid',
  CnPhoneInvalid: 'address.cnPhoneInvalid',
  EmailInvalid: 'address.emailInvalid',
  PostalCodeInvalid: 'address.postalCodeInvalid',
  PostalCodeRequired: 'address.postalCodeRequired',
  ProvinceUnknown: 'address.provinceUnknown',
  CityUnknown: 'address.cityUnknown',
  DistrictUnknown: 'address.districtUnknown',
  DistrictRequired: 'address.districtRequired',
} as const;
export type AddressMessage = (typeof AddressMessage)[keyof typeof AddressMessage];

export const ADDRESS_MESSAGES: Readonly<Record<AddressMessage, LocalizedText>> = {
  'address.required': { 'zh-CN': '此项必填', 'en-US': 'This field is required', 'zh-TW': '此項必填' },
  'address.countryUnknown': {
    'zh-CN': '国家/地区代码不存在',
    'en-US': 'Unknown country or region code',
    'zh-TW': '國家/地區代碼不存在',
  },
  'address.phoneInvalid': {
    'zh-CN': '电话号码格式不正确',
    'en-US': 'The phone number is not valid',
    'zh-TW': '電話號碼格式不正確',
  },
  'address.cnPhoneInvalid': {
    'zh-CN': '请填写正确的手机号或固定电话（如 13800138000、0755-12345678）',
    'en-US': 'Enter a valid Chinese mobile or landline number (e.g. 13800138000, 0755-12345678)',
    'zh-TW': '請填寫正確的手機號或市話（如 13800138000、0755-12345678）',
  },
  'address.emailInvalid': {
    'zh-CN': '邮箱格式不正确',
    'en-US': 'The email address is not valid',
    'zh-TW': '電子郵件格式不正確',
  },
  'address.postalCodeInvalid': {
    'zh-CN': '邮编格式与该国家/地区不符',
    'en-US': "The postal code does not match this country's format",
    'zh-TW': '郵遞區號格式與該國家/地區不符',
  },
  'address.postalCodeRequired': {
    'zh-CN': '该国家/地区必须填写邮编',
    'en-US': 'A postal code is required for this country',
    'zh-TW': '該國家/地區必須填寫郵遞區號',
  },
  'address.provinceUnknown': {
    'zh-CN': '省份不存在，请从列表中选择',
    'en-US': 'Unknown province; please pick one from the list',
    'zh-TW': '省份不存在，請從清單中選擇',
  },
  'address.cityUnknown': {
    'zh-CN': '该省份下没有这个城市',
    'en-US': 'This city is not in the chosen province',
    'zh-TW': '該省份下沒有這個城市',
  },
  'address.districtUnknown': {
    'zh-CN': '该城市下没有这个区县',
    'en-US': 'This district is not in the chosen city',
    'zh-TW': '該城市下沒有這個區縣',
  },
  'address.districtRequired': {
    'zh-CN': '请选择区县',
    'en-US': 'Please choose a district',
    'zh-TW': '請選擇區縣',
  },
};

const DIVISION_MESSAGES: Record<CnDivisionProblem, AddressMessage> = {
  unknownProvince: AddressMessage.ProvinceUnknown,
  unknownCity: AddressMessage.CityUnknown,
  unknownDistrict: AddressMessage.DistrictUnknown,
  districtRequired: AddressMessage.DistrictRequired,
};

const PHONE_PATTERN = /^\+?[\d\s()-]{5,30}$/;
// Mainland numbers with or without +86: mobile 1[3-9]xxxxxxxxx, or landline 0 + area code + number (+ extension).
const CN_MOBILE_PATTERN = /^(?:\+?86)?1[3-9]\d{9}$/;
const CN_LANDLINE_PATTERN = /^(?:\+?86)?0\d{2,3}\d{7,8}(?:\d{1,6})?$/;
const EMAIL_PATTERN = z.regexes.email;

/** Whether a phone number is acceptable for an address in the given country. */
export function isValidPhone(countryCode: string, phone: string): boolean {
  if (!PHONE_PATTERN.test(phone)) return false;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 5 || digits.length > 20) return false;
  if (countryCode !== 'CN') return true;
  const compact = phone.replace(/[\s()-]/g, '');
  return CN_MOBILE_PATTERN.test(compact) || CN_LANDLINE_PATTERN.test(compact);
}

export type AddressTextField = keyof typeof ADDRESS_FIELD_LABELS;
/** The server's limit for one text field: what the form's `maxLength` uses. */
export function addressTextMax(field: AddressTextField): number {
  return ADDRESS_FIELD_MAX[
    field.startsWith('addressLine') ? 'addressLine' : (field as keyof typeof ADDRESS_FIELD_MAX)
  ];
}
/** Every text goes through the shared helper (control characters refused, zero-width stripped, NFC). */
const requiredText = (field: AddressTextField) =>
  textField({ max: addressTextMax(field), label: ADDRESS_FIELD_LABELS[field] });
/** Absent, null and blank all mean "not given" and come out as null. */
const optionalText = (field: AddressTextField) =>
  optionalTextField({ max: addressTextMax(field), label: ADDRESS_FIELD_LABELS[field] });

const addressFields = {
  addressType: z.enum(ADDRESS_TYPES),
  name: requiredText('name'),
  company: optionalText('company'),
  phone: requiredText('phone'),
  email: optionalText('email'),
  /** ISO 3166-1 alpha-2. */
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, AddressMessage.CountryUnknown),
  /** Province or state. Required for China (a name from the division data). */
  province: optionalText('province'),
  city: requiredText('city'),
  /** Required for Chinese cities that have districts. */
  district: optionalText('district'),
  /** Checked against the country's format where one is known; required there, except for China. */
  postalCode: optionalText('postalCode').transform((value) => (value ? normalizePostalCode(value) : null)),
  addressLine1: requiredText('addressLine1'),
  addressLine2: optionalText('addressLine2'),
  addressLine3: optionalText('addressLine3'),
  houseNumber: optionalText('houseNumber'),
  taxId: optionalText('taxId'),
  /** Make this the default address of its type (the previous default stops being one). */
  isDefault: z.boolean().optional(),
};

const AddressFieldsSchema = z.object(addressFields);
type AddressFields = z.output<typeof AddressFieldsSchema>;

export interface AddressSchemaOptions {
  /** Known ISO 3166-1 alpha-2 codes; without it any two letters pass. */
  countryCodes?: ReadonlySet<string>;
  /** Division lookups; without them Chinese province, city and district are only checked for presence. */
  cnDivisions?: CnDivisionIndex;
}

type IssueSink = (field: keyof AddressFields, message: string, params?: TextIssueParams) => void;

/** Rules across fields, shared by every schema below. */
function checkAddress(value: AddressFields, options: AddressSchemaOptions, issue: IssueSink) {
  const country = value.countryCode;
  if (options.countryCodes && !options.countryCodes.has(country))
    issue('countryCode', AddressMessage.CountryUnknown);
  if (value.phone && !isValidPhone(country, value.phone)) {
    issue('phone', country === 'CN' ? AddressMessage.CnPhoneInvalid : AddressMessage.PhoneInvalid);
  }
  if (value.email && !EMAIL_PATTERN.test(value.email)) issue('email', AddressMessage.EmailInvalid);
  if (value.postalCode) {
    if (!isValidPostalCode(country, value.postalCode)) issue('postalCode', AddressMessage.PostalCodeInvalid);
  } else if (country !== 'CN' && hasPostalCodeFormat(country)) {
    issue('postalCode', AddressMessage.PostalCodeRequired);
  }
  if (country !== 'CN') return;
  if (!value.province) {
    const required = requiredIssue(ADDRESS_FIELD_LABELS.province);
    issue('province', required.message, required.params);
    return;
  }
  if (!value.city || !options.cnDivisions) return;
  const resolved = options.cnDivisions.resolve(value);
  if (!resolved.ok) issue(resolved.field, DIVISION_MESSAGES[resolved.problem]);
}

/**
 * Builds the input schemas. The server passes the full reference data; the web app may pass what it
 * fetched (GetCountry, GetCnDivisionTree) to run the same checks before sending.
 */
export function createAddressSchemas(options: AddressSchemaOptions = {}) {
  const refine = (value: AddressFields, ctx: z.RefinementCtx) =>
    checkAddress(value, options, (field, message, params) =>
      ctx.addIssue({ code: 'custom', path: [field], message, ...(params ? { params } : {}) }),
    );
  return {
    /** `POST /api/CustomerAddress/Insert` */
    input: AddressFieldsSchema.superRefine(refine),
    /** `POST /api/CustomerAddress/Update`: every field again, plus the id. */
    update: AddressFieldsSchema.extend({ id: idField() }).superRefine(refine),
  };
}

/**
 * An address as a party of an order (shipper or consignee): the address book's fields and rules without
 * `addressType` and `isDefault`. The same options as `createAddressSchemas`.
 */
export function createAddressPartySchema(options: AddressSchemaOptions = {}) {
  return AddressFieldsSchema.omit({ addressType: true, isDefault: true }).superRefine((value, ctx) =>
    checkAddress({ ...value, addressType: AddressType.Receiver }, options, (field, message, params) =>
      ctx.addIssue({ code: 'custom', path: [field], message, ...(params ? { params } : {}) }),
    ),
  );
}

const defaultSchemas = createAddressSchemas();
/** Structure and formats only (no reference lookups). */
export const AddressInputSchema = defaultSchemas.input;
export type AddressInput = z.input<typeof AddressInputSchema>;
export type AddressInputParsed = z.output<typeof AddressInputSchema>;
export const AddressUpdateSchema = defaultSchemas.update;
export type AddressUpdateInput = z.input<typeof AddressUpdateSchema>;

/** One address as the API answers it. Chinese addresses carry the official division codes. */
export const AddressSchema = z.object({
  id: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
  name: z.string(),
  company: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  countryCode: z.string(),
  province: z.string().nullable(),
  provinceCode: z.string().nullable(),
  city: z.string(),
  cityCode: z.string().nullable(),
  district: z.string().nullable(),
  districtCode: z.string().nullable(),
  postalCode: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  houseNumber: z.string().nullable(),
  taxId: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

/** Query strings from forms send `addressType=` for "all"; blank means absent. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/** Filters shared by Query and Export. `keyword` matches name, phone, company or city (case-insensitive, substring). */
export const AddressFilterSchema = z.object({
  addressType: blankAsAbsent(z.enum(ADDRESS_TYPES)),
  keyword: blankAsAbsent(z.string().trim().max(100)),
  countryCode: blankAsAbsent(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
  ),
});
export type AddressFilter = z.output<typeof AddressFilterSchema>;

/** `GET /api/CustomerAddress/Query`: defaults first, then most recently changed. */
export const AddressQuerySchema = PageQuerySchema.extend(AddressFilterSchema.shape);
export type AddressQuery = z.output<typeof AddressQuerySchema>;

export const ADDRESS_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type AddressExportFormat = (typeof ADDRESS_EXPORT_FORMATS)[number];
/** `GET /api/CustomerAddress/Export?format=xlsx|csv&…filters`: a file download, not an envelope. */
export const AddressExportQuerySchema = AddressFilterSchema.extend({
  format: z.enum(ADDRESS_EXPORT_FORMATS).default('xlsx'),
});

const AddressIdSchema = idField();
/** `GET /api/CustomerAddress/Get?id=` */
export const AddressIdQuerySchema = z.object({ id: AddressIdSchema });
/** `GET /api/CustomerAddress/GetDefault?addressType=`: the default of that type, or null. */
export const AddressDefaultQuerySchema = z.object({ addressType: z.enum(ADDRESS_TYPES) });
/** `POST /api/CustomerAddress/SetDefault` */
export const AddressSetDefaultSchema = z.object({ id: AddressIdSchema });
/** `POST /api/CustomerAddress/Delete`: all or nothing; an id of another customer fails the whole call. */
export const AddressDeleteSchema = z.object({ ids: z.array(AddressIdSchema).min(1).max(500) });
export const AddressDeleteResultSchema = z.object({ deleted: z.number().int() });

/** Query of `POST /api/CustomerAddress/Import`: `preview=true` checks and reports without writing. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');
export const AddressImportQuerySchema = z.object({
  preview: flag,
  /** Import rows identical to an existing address or to an earlier row too (default: skip them). */
  keepDuplicates: flag,
});
export type AddressImportQuery = z.input<typeof AddressImportQuerySchema>;

/**
 * A row of the file identical (same normalized fields, see the server's `addressIdentity`) to an address
 * already in the book (`sameAsRow: null`) or to an earlier row of the same file (`sameAsRow`: its number).
 */
export const AddressImportDuplicateSchema = z.object({
  row: z.number().int(),
  sameAsRow: z.number().int().nullable(),
  name: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
});
export type AddressImportDuplicate = z.infer<typeof AddressImportDuplicateSchema>;

/**
 * `POST /api/CustomerAddress/Import` (multipart, one `.xlsx` file) on success: how many rows were
 * imported (0 for a preview), how many the file holds, and the duplicate rows, skipped unless kept.
 */
export const AddressImportResultSchema = z.object({
  imported: z.number().int(),
  rows: z.number().int(),
  /** Duplicate rows left out (0 when they were kept). */
  skipped: z.number().int(),
  /** Every duplicate row counted; the first ADDRESS_IMPORT_MAX_REPORTED_ERRORS listed. */
  duplicateCount: z.number().int(),
  duplicates: z.array(AddressImportDuplicateSchema),
  preview: z.boolean(),
});
export type AddressImportResult = z.infer<typeof AddressImportResultSchema>;

/**
 * One problem of a failed import: the sheet row (as Excel numbers it, header = 1), the column header in
 * the caller's language, the field, and the message. A failed import answers code 400 with
 * `data: { errors: AddressImportError[], errorCount }` and imports nothing.
 */
export const AddressImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  field: z.string(),
  message: z.string(),
});
export type AddressImportError = z.infer<typeof AddressImportErrorSchema>;
export const AddressImportFailureSchema = z.object({
  errors: z.array(AddressImportErrorSchema),
  errorCount: z.number().int(),
});

/** Spreadsheet columns of the template, the import and the export, in order. */
export type AddressSheetField = keyof AddressFields;
export const ADDRESS_SHEET_COLUMNS: readonly {
  field: AddressSheetField;
  header: LocalizedText;
  width: number;
}[] = [
  {
    field: 'addressType',
    header: { 'zh-CN': '地址类型', 'en-US': 'Address type', 'zh-TW': '地址類型' },
    width: 12,
  },
  { field: 'name', header: { 'zh-CN': '姓名', 'en-US': 'Name', 'zh-TW': '姓名' }, width: 16 },
  { field: 'company', header: { 'zh-CN': '公司', 'en-US': 'Company', 'zh-TW': '公司' }, width: 24 },
  { field: 'phone', header: { 'zh-CN': '电话', 'en-US': 'Phone', 'zh-TW': '電話' }, width: 18 },
  { field: 'email', header: { 'zh-CN': '邮箱', 'en-US': 'Email', 'zh-TW': '電子郵件' }, width: 24 },
  {
    field: 'countryCode',
    header: { 'zh-CN': '国家/地区', 'en-US': 'Country/Region', 'zh-TW': '國家/地區' },
    width: 14,
  },
  { field: 'province', header: { 'zh-CN': '省/州', 'en-US': 'Province/State', 'zh-TW': '省/州' }, width: 16 },
  { field: 'city', header: { 'zh-CN': '城市', 'en-US': 'City', 'zh-TW': '城市' }, width: 16 },
  { field: 'district', header: { 'zh-CN': '区县', 'en-US': 'District', 'zh-TW': '區縣' }, width: 16 },
  {
    field: 'postalCode',
    header: { 'zh-CN': '邮编', 'en-US': 'Postal code', 'zh-TW': '郵遞區號' },
    width: 12,
  },
  {
    field: 'addressLine1',
    header: { 'zh-CN': '地址1', 'en-US': 'Address line 1', 'zh-TW': '地址1' },
    width: 36,
  },
  {
    field: 'addressLine2',
    header: { 'zh-CN': '地址2', 'en-US': 'Address line 2', 'zh-TW': '地址2' },
    width: 24,
  },
  {
    field: 'addressLine3',
    header: { 'zh-CN': '地址3', 'en-US': 'Address line 3', 'zh-TW': '地址3' },
    width: 24,
  },
  {
    field: 'houseNumber',
    header: { 'zh-CN': '门牌号', 'en-US': 'House number', 'zh-TW': '門牌號' },
    width: 12,
  },
  { field: 'taxId', header: { 'zh-CN': '税号', 'en-US': 'Tax ID', 'zh-TW': '稅號' }, width: 18 },
  { field: 'isDefault', header: { 'zh-CN': '是否默认', 'en-US': 'Default', 'zh-TW': '是否預設' }, width: 10 },
];
