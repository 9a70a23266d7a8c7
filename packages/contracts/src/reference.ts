import { z } from 'zod';
import type { Language } from './languages.ts';

/**
 * Reference data: Chinese administrative divisions, countries with postal-code formats, system
 * dictionaries and accepted currencies. The server answers them from `Common/...`; the web app and the
 * server validate addresses with the same helpers below.
 */

// In constants.ts (no zod), so the web app's reference cache settings do not load the schemas below.
export { REFERENCE_MAX_AGE_SECONDS } from './constants.ts';

const LocalizedTextSchema = z.object({ 'zh-CN': z.string(), 'en-US': z.string(), 'zh-TW': z.string() });

// ---------------------------------------------------------------------------------------------------
// Chinese administrative divisions
// ---------------------------------------------------------------------------------------------------

/**
 * One division with its official code (GB/T 2260: six digits, `440000` province, `440300` city,
 * `440305` district). Towns listed for the four cities without county-level divisions (东莞市, 中山市,
 * 儋州市, 嘉峪关市) keep their nine-digit statistical codes.
 */
export const CnDivisionSchema = z.object({ name: z.string(), code: z.string() });
export type CnDivision = z.infer<typeof CnDivisionSchema>;

/**
 * A prefecture-level entry of a province. Municipalities (北京市, 天津市, 上海市, 重庆市) answer one entry
 * named after themselves; county-level cities governed directly by their province (仙桃市, 济源市,
 * 白杨市, …) are listed as cities of that province with `hasDistricts: false`.
 */
export const CnCitySchema = CnDivisionSchema.extend({ hasDistricts: z.boolean() });
export type CnCity = z.infer<typeof CnCitySchema>;

/** `GET Common/GetCnProvinceCitys?provinceName=` */
export const CnProvinceCitiesQuerySchema = z.object({ provinceName: z.string().trim().min(1).max(32) });
/** `GET Common/GetCnCityDistricts?cityName=` (city names are unique across the country in this data). */
export const CnCityDistrictsQuerySchema = z.object({ cityName: z.string().trim().min(1).max(32) });

/** A node of `GET Common/GetCnDivisionTree`: province → city → district; leaves have no `children`. */
export interface CnDivisionTreeNode {
  /** The official (simplified) name: the value addresses store and the server validates. */
  name: string;
  code: string;
  /**
   * The tree answer (`GetCnDivisionTree`) only: the name in Traditional Chinese when the caller's language
   * is zh-TW and it differs, for display; the full pinyin without tones (`guangzhoushi`) and its initials
   * (`gzs`), for search in every language.
   */
  localName?: string;
  pinyin?: string;
  initials?: string;
  children?: CnDivisionTreeNode[];
}
export const CnDivisionTreeNodeSchema: z.ZodType<CnDivisionTreeNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    code: z.string(),
    localName: z.string().optional(),
    pinyin: z.string().optional(),
    initials: z.string().optional(),
    children: z.array(CnDivisionTreeNodeSchema).optional(),
  }),
);

/** Why a province → city → district triple is not accepted. */
export type CnDivisionProblem = 'unknownProvince' | 'unknownCity' | 'unknownDistrict' | 'districtRequired';

export type CnDivisionResolution =
  | { ok: true; province: CnDivision; city: CnDivision; district: CnDivision | null }
  | { ok: false; field: 'province' | 'city' | 'district'; problem: CnDivisionProblem };

export interface CnDivisionIndex {
  provinces: readonly CnDivisionTreeNode[];
  findProvince(name: string): CnDivisionTreeNode | undefined;
  /** A city of the given province, or (province omitted) the one city of that name in the country. */
  findCity(name: string, province?: CnDivisionTreeNode): CnDivisionTreeNode | undefined;
  findDistrict(city: CnDivisionTreeNode, name: string): CnDivisionTreeNode | undefined;
  /** Checks a triple and answers the official names and codes. */
  resolve(input: {
    province?: string | null;
    city?: string | null;
    district?: string | null;
  }): CnDivisionResolution;
}

/**
 * Finds a name among nodes: the exact name first, else the one node whose name starts with it
 * (`广东` → `广东省`, `深圳` → `深圳市`), so imported sheets with short names still match. Ambiguous
 * or one-character prefixes match nothing.
 */
function findByName(nodes: readonly CnDivisionTreeNode[], raw: string): CnDivisionTreeNode | undefined {
  const name = raw.trim();
  if (!name) return undefined;
  const exact = nodes.find((n) => n.name === name);
  if (exact || name.length < 2) return exact;
  const byPrefix = nodes.filter((n) => n.name.startsWith(name));
  return byPrefix.length === 1 ? byPrefix[0] : undefined;
}

const plain = (node: CnDivisionTreeNode): CnDivision => ({ name: node.name, code: node.code });

/** Builds lookups over the division tree; the server builds it from its data, the web app from GetCnDivisionTree. */
export function createCnDivisionIndex(provinces: readonly CnDivisionTreeNode[]): CnDivisionIndex {
  const allCities = provinces.flatMap((p) => p.children ?? []);
  const index: CnDivisionIndex = {
    provinces,
    findProvince: (name) => findByName(provinces, name),
    findCity: (name, province) => findByName(province ? (province.children ?? []) : allCities, name),
    findDistrict: (city, name) => findByName(city.children ?? [], name),
    resolve(input) {
      const province = index.findProvince(input.province ?? '');
      if (!province) return { ok: false, field: 'province', problem: 'unknownProvince' };
      const city = index.findCity(input.city ?? '', province);
      if (!city) return { ok: false, field: 'city', problem: 'unknownCity' };
      const districts = city.children ?? [];
      const districtName = (input.district ?? '').trim();
      if (districts.length === 0) {
        // A city without a district level: a district typed anyway is refused rather than silently dropped.
        if (districtName) return { ok: false, field: 'district', problem: 'unknownDistrict' };
        return { ok: true, province: plain(province), city: plain(city), district: null };
      }
      if (!districtName) return { ok: false, field: 'district', problem: 'districtRequired' };
      const district = index.findDistrict(city, districtName);
      if (!district) return { ok: false, field: 'district', problem: 'unknownDistrict' };
      return { ok: true, province: plain(province), city: plain(city), district: plain(district) };
    },
  };
  return index;
}

// ---------------------------------------------------------------------------------------------------
// Countries and postal codes
// ---------------------------------------------------------------------------------------------------

/**
 * Postal-code formats of countries where the format is well known and stable. The pattern applies to
 * the normalised value (see `normalizePostalCode`); countries absent here take free text.
 */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, { pattern: string; example: string }>> = {
  AT: { pattern: '^\\d{4}$', example: '1010' },
  AU: { pattern: '^\\d{4}$', example: '2000' },
  BE: { pattern: '^\\d{4}$', example: '1000' },
  BG: { pattern: '^\\d{4}$', example: '1000' },
  BR: { pattern: '^\\d{5}-?\\d{3}$', example: '01310-100' },
  CA: { pattern: '^[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d$', example: 'K1A 0B1' },
  CH: { pattern: '^\\d{4}$', example: '8001' },
  CN: { pattern: '^\\d{6}$', example: '518000' },
  CZ: { pattern: '^\\d{3} ?\\d{2}$', example: '110 00' },
  DE: { pattern: '^\\d{5}$', example: '10115' },
  DK: { pattern: '^\\d{4}$', example: '1050' },
  EE: { pattern: '^\\d{5}$', example: '10111' },
  ES: { pattern: '^\\d{5}$', example: '28001' },
  FI: { pattern: '^\\d{5}$', example: '00100' },
  FR: { pattern: '^\\d{5}$', example: '75008' },
  GB: { pattern: '^([A-Z]{1,2}\\d[A-Z\\d]?|GIR) ?\\d[A-Z]{2}$', example: 'SW1A 1AA' },
  GR: { pattern: '^\\d{3} ?\\d{2}$', example: '105 57' },
  HR: { pattern: '^\\d{5}$', example: '10000' },
  HU: { pattern: '^\\d{4}$', example: '1051' },
  ID: { pattern: '^\\d{5}$', example: '10110' },
  IE: { pattern: '^([AC-FHKNPRTV-Y]\\d{2}|D6W) ?[\\dAC-FHKNPRTV-Y]{4}$', example: 'D02 X285' },
  IL: { pattern: '^\\d{7}$', example: '9103401' },
  IN: { pattern: '^[1-9]\\d{5}$', example: '110001' },
  IT: { pattern: '^\\d{5}$', example: '00144' },
  JP: { pattern: '^\\d{3}-?\\d{4}$', example: '100-0001' },
  KR: { pattern: '^\\d{5}$', example: '03187' },
  LT: { pattern: '^(LT-)?\\d{5}$', example: 'LT-01100' },
  LU: { pattern: '^\\d{4}$', example: '1009' },
  LV: { pattern: '^(LV-)?\\d{4}$', example: 'LV-1050' },
  MX: { pattern: '^\\d{5}$', example: '06600' },
  MY: { pattern: '^\\d{5}$', example: '50450' },
  NL: { pattern: '^\\d{4} ?[A-Z]{2}$', example: '1012 AB' },
  NO: { pattern: '^\\d{4}$', example: '0150' },
  NZ: { pattern: '^\\d{4}$', example: '6011' },
  PH: { pattern: '^\\d{4}$', example: '1000' },
  PL: { pattern: '^\\d{2}-\\d{3}$', example: '00-950' },
  PT: { pattern: '^\\d{4}-\\d{3}$', example: '1000-001' },
  RO: { pattern: '^\\d{6}$', example: '010011' },
  RU: { pattern: '^\\d{6}$', example: '101000' },
  SA: { pattern: '^\\d{5}(-\\d{4})?$', example: '11564' },
  SE: { pattern: '^\\d{3} ?\\d{2}$', example: '114 55' },
  SG: { pattern: '^\\d{6}$', example: '018956' },
  SI: { pattern: '^\\d{4}$', example: '1000' },
  SK: { pattern: '^\\d{3} ?\\d{2}$', example: '811 01' },
  TH: { pattern: '^\\d{5}$', example: '10110' },
  TR: { pattern: '^\\d{5}$', example: '34000' },
  TW: { pattern: '^\\d{3}(\\d{2,3})?$', example: '10058' },
  UA: { pattern: '^\\d{5}$', example: '01001' },
  US: { pattern: '^\\d{5}(-\\d{4})?$', example: '90210' },
  VN: { pattern: '^\\d{6}$', example: '100000' },
  ZA: { pattern: '^\\d{4}$', example: '0001' },
};

const compiledPostalPatterns = new Map<string, RegExp>();

/** Trimmed, upper-cased, inner spaces collapsed: `" sw1a  1aa "` → `"SW1A 1AA"`. */
export function normalizePostalCode(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** Whether the country has a known postal-code format. */
export function hasPostalCodeFormat(countryCode: string): boolean {
  return Object.prototype.hasOwnProperty.call(POSTAL_CODE_FORMATS, countryCode.toUpperCase());
}

/** True when the country has no known format, or the (normalised) value matches it. */
export function isValidPostalCode(countryCode: string, value: string): boolean {
  const code = countryCode.toUpperCase();
  const format = POSTAL_CODE_FORMATS[code];
  if (!format) return true;
  let pattern = compiledPostalPatterns.get(code);
  if (!pattern) {
    pattern = new RegExp(format.pattern);
    compiledPostalPatterns.set(code, pattern);
  }
  return pattern.test(normalizePostalCode(value));
}

/** `GET Common/GetCountry`: every ISO 3166-1 country, ordered by its name in the caller's language. */
export const CountrySchema = z.object({
  /** ISO 3166-1 alpha-2, upper case. */
  code: z.string(),
  name: LocalizedTextSchema,
  /** From POSTAL_CODE_FORMATS, or null where any text is accepted. */
  postalCodePattern: z.string().nullable(),
  postalCodeExample: z.string().nullable(),
});
export type Country = z.infer<typeof CountrySchema>;

// ---------------------------------------------------------------------------------------------------
// System dictionaries
// ---------------------------------------------------------------------------------------------------

/** Every `typeCode` that `GET Common/GetSystemDictionaryByKey?typeCode=` knows. */
export const DictionaryTypeCode = {
  CustomsTerms: 'customsTerms',
  AddressType: 'addressType',
  OrderStatus: 'orderStatus',
  IssueKind: 'issueKind',
  RechargeChannel: 'rechargeChannel',
  RechargeStatus: 'rechargeStatus',
  LedgerType: 'ledgerType',
  BillStatus: 'billStatus',
  ExportTaskStatus: 'exportTaskStatus',
  ExportFormat: 'exportFormat',
  NotificationType: 'notificationType',
  Currency: 'currency',
  CustomerStatus: 'customerStatus',
  CertificationStatus: 'certificationStatus',
  UserType: 'userType',
  LoginMethod: 'loginMethod',
  LabelSize: 'labelSize',
  ExtraService: 'extraService',
} as const;
export type DictionaryTypeCode = (typeof DictionaryTypeCode)[keyof typeof DictionaryTypeCode];
export const DICTIONARY_TYPE_CODES: readonly DictionaryTypeCode[] = Object.values(DictionaryTypeCode);

export const DictionaryQuerySchema = z.object({ typeCode: z.string().trim().min(1).max(64) });

export const DictionaryItemSchema = z.object({
  value: z.string(),
  /** The label in the caller's language. */
  label: z.string(),
  labels: LocalizedTextSchema,
});
export type DictionaryItem = z.infer<typeof DictionaryItemSchema>;

/** Picks a dictionary item's label in a language (for callers holding a cached answer). */
export const dictionaryLabel = (item: DictionaryItem, language: Language): string => item.labels[language];

// ---------------------------------------------------------------------------------------------------
// Currencies
// ---------------------------------------------------------------------------------------------------

/** Exchange rates are stored as integers scaled by this factor (micro-units), never as floats. */
export const EXCHANGE_RATE_SCALE = 1_000_000;

/** `GET Common/QueryLaotieCurrency`: currencies the provider accepts, with their rate to CNY. */
export const CurrencySchema = z.object({
  /** ISO 4217. */
  currencyCode: z.string(),
  name: z.string(),
  names: LocalizedTextSchema,
  symbol: z.string(),
  /** Digits after the decimal point (CNY 2, JPY 0): amounts are integer minor units. */
  minorUnits: z.number().int(),
  /** CNY for one unit of this currency, as an exact decimal string (`"7.181500"`). */
  rateToCny: z.string(),
  /** The same rate × EXCHANGE_RATE_SCALE, for integer arithmetic. */
  rateToCnyMicros: z.number().int(),
  updatedAt: z.string(),
});
export type Currency = z.infer<typeof CurrencySchema>;
