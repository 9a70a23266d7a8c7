import { addressTextMax } from './address.ts';
import type { CnDivisionIndex, CnDivisionTreeNode, Country } from './reference.ts';
import { POSTAL_CODE_FORMATS } from './reference.ts';
import { SMART_PASTE_MAX_LENGTH } from './smart-paste-limits.ts';

/**
 * Smart paste: turns an address pasted as shippers receive it in chat ("张三 13800138000 广东深圳南山区
 * 科技园…", "Name: … Tel: …", "123 Main St, Springfield, IL 62704, USA") into the address book's fields,
 * using only the reference data the caller passes (the Chinese division tree and the country list). Pure:
 * no I/O, no clock. It never invents: a piece it cannot place is answered in `unplaced`, and a field it
 * did not find is absent.
 *
 * Traditional Chinese: the division data is Simplified, so the caller may pass `toSimplified` (the web app
 * uses OpenCC); it is used to *match* names and labels only, while names and street text come out as
 * typed and divisions as their official (Simplified) names.
 */

export type SmartPasteField =
  | 'name'
  | 'company'
  | 'phone'
  | 'email'
  | 'countryCode'
  | 'province'
  | 'city'
  | 'district'
  | 'postalCode'
  | 'addressLine1'
  | 'addressLine2'
  | 'addressLine3'
  | 'houseNumber';

/**
 * `high`: labelled, an exact pattern (phone, email) or an exact reference name; `medium`: inferred from
 * position or an abbreviation (深圳 → 深圳市, a city before a postal code); `low`: a guess worth checking.
 */
export type SmartPasteConfidence = 'high' | 'medium' | 'low';

export interface SmartPasteResult {
  fields: Partial<Record<SmartPasteField, string>>;
  confidence: Partial<Record<SmartPasteField, SmartPasteConfidence>>;
  /** Pieces of the text that were not placed in any field, in the order they appear. */
  unplaced: string[];
}

export interface SmartPasteReference {
  /** `createCnDivisionIndex(tree)`; without it Chinese regions are not recognised. */
  divisions?: CnDivisionIndex;
  /** `GET Common/GetCountry`; without it countries are recognised by the built-in aliases only. */
  countries?: readonly Country[];
  /** Traditional → Simplified Chinese, used for matching only. */
  toSimplified?: (text: string) => string;
}

export { SMART_PASTE_MAX_LENGTH };

/** The order the fields are shown in after a paste. */
export const SMART_PASTE_FIELDS: readonly SmartPasteField[] = [
  'name',
  'company',
  'phone',
  'email',
  'countryCode',
  'province',
  'city',
  'district',
  'postalCode',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'houseNumber',
];

// ---------------------------------------------------------------------------------------------------
// Text preparation
// ---------------------------------------------------------------------------------------------------

// Control characters other than tab and line feed, and bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Full-width ASCII to ASCII (１３８ → 138, ： → :), the ideographic space to a space, line breaks to `\n`,
 * zero-width characters removed, other control and bidirectional-override characters to spaces, NFC.
 */
export function normalizePastedText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\u3000\u00A0]/g, ' ')
    .replace(CONTROL, ' ');
}

/** The text used for matching: converted to Simplified with the same length, so offsets apply to both. */
function matchingText(text: string, toSimplified: SmartPasteReference['toSimplified']): string {
  if (!toSimplified) return text;
  const whole = toSimplified(text);
  if (whole.length === text.length) return whole;
  // A phrase changed length: convert one character at a time instead.
  let out = '';
  for (const char of text) {
    const converted = toSimplified(char);
    out += converted.length === char.length ? converted : char;
  }
  return out;
}

const HAN = /\p{Script=Han}/u;
const TRIM_CHARS = /^[\s,;:|、。/\\]+|[\s,;:|、。/\\]+$/g;
const clean = (text: string) => text.replace(TRIM_CHARS, '').replace(/[ \t]+/g, ' ');

// ---------------------------------------------------------------------------------------------------
// Labels ("收件人：", "Tel:")
// ---------------------------------------------------------------------------------------------------

type LabelKind =
  | 'name'
  | 'phone'
  | 'email'
  | 'company'
  | 'postalCode'
  | 'country'
  | 'province'
  | 'city'
  | 'district'
  | 'region'
  | 'address'
  | 'address2'
  | 'remark';

// Chinese labels (Simplified; Traditional input is matched after conversion). Longest first within a kind
// is not needed: the alternation below is sorted by length.
const CN_LABELS: Record<LabelKind, string[]> = {
  name: [
    '收件人姓名',
    '收货人姓名',
    '联系人姓名',
    '收件人',
    '收货人',
    '联系人',
    '寄件人',
    '发件人',
    '姓名',
    '名字',
    '收件',
  ],
  phone: [
    '收件人电话',
    '收货人电话',
    '收件人手机',
    '联系电话',
    '手机号码',
    '电话号码',
    '联系方式',
    '手机号',
    '手机',
    '电话',
    '座机',
  ],
  email: ['电子邮箱', '电子邮件', '邮箱'],
  company: ['公司名称', '单位名称', '公司', '单位'],
  postalCode: ['邮政编码', '邮递区号', '邮编'],
  country: ['国家/地区', '国家地区', '国家'],
  province: ['省份'],
  city: ['城市'],
  district: ['区县'],
  region: ['所在地区', '省市区', '所在地', '地区'],
  address: ['收货地址', '收件地址', '详细地址', '街道地址', '地址'],
  address2: [],
  remark: ['备注', '留言', '买家留言'],
};
const EN_LABELS: Record<LabelKind, string[]> = {
  name: ['full name', 'recipient', 'consignee', 'receiver', 'contact', 'attention', 'attn', 'name'],
  phone: ['phone number', 'telephone', 'mobile', 'phone', 'cell', 'tel'],
  email: ['e-mail', 'email', 'mail'],
  company: ['company name', 'company', 'organization'],
  postalCode: ['postal code', 'post code', 'zip code', 'postcode', 'zipcode', 'zip'],
  country: ['country/region', 'country'],
  province: ['state/province', 'province', 'state', 'prefecture', 'county'],
  city: ['city/town', 'city', 'town'],
  district: ['district', 'suburb'],
  region: [],
  address: ['address line 1', 'street address', 'address1', 'address', 'street', 'addr'],
  address2: ['address line 2', 'address2', 'apartment', 'apt/suite'],
  remark: ['remarks', 'remark', 'note', 'notes', 'comment'],
};

interface LabelPattern {
  regex: RegExp;
  kinds: Map<string, LabelKind>;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function labelPattern(): LabelPattern {
  const kinds = new Map<string, LabelKind>();
  for (const table of [CN_LABELS, EN_LABELS])
    for (const [kind, words] of Object.entries(table) as [LabelKind, string[]][])
      for (const word of words) kinds.set(word, kind);
  const cn = Object.values(CN_LABELS)
    .flat()
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex);
  const en = Object.values(EN_LABELS)
    .flat()
    .sort((a, b) => b.length - a.length)
    .map((word) => escapeRegex(word).replace(/ /g, '\\s+'));
  // A Chinese label at the start of a line or after a separator, with or without a colon; an English
  // one must end in a colon ("Name: …"), since the words also occur in addresses.
  const source =
    `(?<=^|[\\s,;|、])(?:(?<cn>${cn.join('|')})\\s*(?:[:=]\\s*)?` +
    `|(?<en>${en.join('|')})\\s*(?:\\(\\w+\\))?\\s*[:=]\\s*)`;
  return { regex: new RegExp(source, 'giu'), kinds };
}

let labels: LabelPattern | undefined;

// ---------------------------------------------------------------------------------------------------
// Phones, emails, postal codes
// ---------------------------------------------------------------------------------------------------

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

const PHONE_PATTERNS: RegExp[] = [
  // Chinese mobile, with +86 / 86 and spaces or dashes in 3-4-4 groups.
  /(?<![\d+])(?:\+?86[\s-]?)?1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?!\d)/g,
  // Chinese landline: (0755) 12345678, 0755-12345678-123, 010 12345678 转 8.
  /(?<![\d+])(?:\+?86[\s-]?)?(?:\(0\d{2,3}\)\s?|0\d{2,3}[\s-]?)\d{7,8}(?:\s?(?:-|转|ext\.?|x)\s?\d{1,6})?(?!\d)/gi,
  // International: +1 (217) 555-0134, +44 20 7946 0958, +49 30 1234567.
  /\+\d{1,3}(?:[\s.-]?\(?\d{1,5}\)?){1,5}(?!\d)/g,
  // North American without +: (217) 555-0134, 217-555-0134.
  /(?<![\d-])(?:1[\s.-])?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?![\d-])/g,
  // Local numbers starting with 0 in groups: 020 7946 0958, 03-1234-5678, 0912-345-678, 030 1234567.
  /(?<![\w+-])0\d{1,4}(?:[\s-]\d{2,8}){1,3}(?![\w-])/g,
  // Eight digits in two groups, as Hong Kong, Macao and Singapore write them: 9123 4567.
  /(?<![\w+-])[2-9]\d{3}[\s-]\d{4}(?![\w-])/g,
];

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/** US states, Canadian provinces and Australian states by their usual abbreviations. */
const REGION_CODES: Record<string, ReadonlySet<string>> = {
  US: new Set(
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(
      ' ',
    ),
  ),
  CA: new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ')),
  AU: new Set('ACT NSW NT QLD SA TAS VIC WA'.split(' ')),
};

const postalRegexCache = new Map<string, RegExp>();
/** The country's postal-code format, unanchored, as a whole token. */
function postalRegex(country: string): RegExp | undefined {
  const format = POSTAL_CODE_FORMATS[country];
  if (!format) return undefined;
  let regex = postalRegexCache.get(country);
  if (!regex) {
    const body = format.pattern.replace(/^\^/, '').replace(/\$$/, '');
    regex = new RegExp(`(?<![A-Za-z0-9-])(?:${body})(?![A-Za-z0-9-])`, 'gi');
    postalRegexCache.set(country, regex);
  }
  return regex;
}

// ---------------------------------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------------------------------

/** Names the country list lacks: native names, common short forms, Chinese everyday names. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'u.s.a.': 'US',
  'u.s.': 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  deutschland: 'DE',
  'federal republic of germany': 'DE',
  nederland: 'NL',
  holland: 'NL',
  'the netherlands': 'NL',
  españa: 'ES',
  espana: 'ES',
  italia: 'IT',
  österreich: 'AT',
  osterreich: 'AT',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  polska: 'PL',
  sverige: 'SE',
  norge: 'NO',
  danmark: 'DK',
  suomi: 'FI',
  belgië: 'BE',
  belgique: 'BE',
  brasil: 'BR',
  méxico: 'MX',
  'south korea': 'KR',
  korea: 'KR',
  'republic of korea': 'KR',
  nippon: 'JP',
  nihon: 'JP',
  日本国: 'JP',
  'hong kong': 'HK',
  'hong kong sar': 'HK',
  macau: 'MO',
  macao: 'MO',
  taiwan: 'TW',
  prc: 'CN',
  'mainland china': 'CN',
  "people's republic of china": 'CN',
  uae: 'AE',
  russia: 'RU',
  vietnam: 'VN',
  'viet nam': 'VN',
  中国: 'CN',
  中国大陆: 'CN',
  中华人民共和国: 'CN',
  美国: 'US',
  英国: 'GB',
  德国: 'DE',
  法国: 'FR',
  韩国: 'KR',
  南韩: 'KR',
  香港: 'HK',
  中国香港: 'HK',
  澳门: 'MO',
  中国澳门: 'MO',
  台湾: 'TW',
  中国台湾: 'TW',
  新加坡: 'SG',
  加拿大: 'CA',
  澳大利亚: 'AU',
  澳洲: 'AU',
};

interface CountryLookup {
  /** Lower-cased names and aliases → code. */
  byName: Map<string, string>;
  codes: Set<string>;
  /** Chinese names, longest first, for a name written before the address without a separator. */
  hanNames: [string, string][];
}

const countryCache = new WeakMap<readonly Country[], CountryLookup>();
const NO_COUNTRIES: readonly Country[] = [];

function countryLookup(countries: readonly Country[] | undefined): CountryLookup {
  const list = countries ?? NO_COUNTRIES;
  const cached = countryCache.get(list);
  if (cached) return cached;
  const byName = new Map<string, string>();
  const add = (name: string, code: string) => {
    const key = name.trim().toLowerCase();
    if (key && !byName.has(key)) byName.set(key, code);
  };
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) add(alias, code);
  for (const country of list) for (const name of Object.values(country.name)) add(name, country.code);
  const codes = new Set(list.map((country) => country.code));
  for (const code of Object.values(COUNTRY_ALIASES)) codes.add(code);
  const hanNames = [...byName]
    .filter(([name]) => HAN.test(name) && name.length >= 2)
    .sort((a, b) => b[0].length - a[0].length);
  const lookup = { byName, codes, hanNames };
  countryCache.set(list, lookup);
  return lookup;
}

// ---------------------------------------------------------------------------------------------------
// Chinese divisions
// ---------------------------------------------------------------------------------------------------

interface NameHit {
  node: CnDivisionTreeNode;
  length: number;
  /** Matched an abbreviation (深圳 for 深圳市) rather than the official name. */
  short: boolean;
}

const DIVISION_SUFFIX = /^[省市区县镇乡旗州盟]/;

/** Names of one set of sibling divisions (or of all cities, …): official names and abbreviations. */
class NameLevel {
  private readonly full = new Map<string, CnDivisionTreeNode[]>();
  private readonly short = new Map<string, CnDivisionTreeNode[]>();
  private readonly lengths: number[];

  constructor(nodes: readonly CnDivisionTreeNode[], shorten: ((name: string) => string[]) | null) {
    const lengths = new Set<number>();
    const push = (map: Map<string, CnDivisionTreeNode[]>, name: string, node: CnDivisionTreeNode) => {
      const list = map.get(name);
      if (!list) map.set(name, [node]);
      else if (!list.includes(node)) list.push(node);
      lengths.add(name.length);
    };
    for (const node of nodes) {
      push(this.full, node.name, node);
      for (const short of shorten?.(node.name) ?? [])
        if (short.length >= 2 && short !== node.name) push(this.short, short, node);
    }
    this.lengths = [...lengths].sort((a, b) => b - a);
  }

  /** The longest name starting at `at` that names exactly one node. */
  matchAt(text: string, at: number): NameHit | undefined {
    for (const length of this.lengths) {
      if (at + length > text.length) continue;
      const piece = text.slice(at, at + length);
      const full = this.full.get(piece);
      if (full) {
        if (full.length === 1) return { node: full[0]!, length, short: false };
        return undefined;
      }
      const short = this.short.get(piece);
      // 朝阳 before 区 is some 朝阳区, not 朝阳市: an abbreviation may not run into a division suffix.
      if (short?.length === 1 && !DIVISION_SUFFIX.test(text[at + length] ?? ''))
        return { node: short[0]!, length, short: true };
    }
    return undefined;
  }
}

// Ethnic-group words in the names of autonomous prefectures, counties and banners.
const ETHNIC_SUFFIX =
  /(?:蒙古|朝鲜|土家|布依|哈尼|景颇|傈僳|哈萨克|柯尔克孜|纳西|撒拉|保安|东乡|裕固|达斡尔|鄂温克|鄂伦春|仡佬|仫佬|毛南|拉祜|布朗|阿昌|普米|独龙|基诺|德昂|锡伯|塔吉克|乌孜别克|维吾尔|苗|侗|彝|傣|藏|羌|回|白|壮|瑶|黎|畲|水|土|京|佤|怒|满)族?$/;

function stripEthnic(name: string): string {
  let base = name;
  for (;;) {
    const match = ETHNIC_SUFFIX.exec(base);
    if (!match || base.length - match[0].length < 2) return base;
    base = base.slice(0, -match[0].length);
  }
}

const shortProvince = (name: string) => [
  name.replace(/(?:省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, ''),
];
function shortCity(name: string): string[] {
  if (name.endsWith('自治州')) return [stripEthnic(name.slice(0, -3))];
  return [name.replace(/(?:市|地区|盟)$/, '')];
}
function shortDistrict(name: string): string[] {
  if (/自治[县旗]$/.test(name)) return [stripEthnic(name.slice(0, -3))];
  const out = [name.replace(/(?:新区|林区|特区|街道|区|县|市|旗|镇|乡)$/, '')];
  if (name.endsWith('新区')) out.push(name.slice(0, -1));
  return out;
}

interface DivisionLookup {
  provinces: NameLevel;
  allCities: NameLevel;
  /** Districts by official name across the country (abbreviations are too ambiguous there). */
  allDistricts: NameLevel;
  parentOf: Map<CnDivisionTreeNode, CnDivisionTreeNode>;
  level(children: readonly CnDivisionTreeNode[], kind: 'city' | 'district'): NameLevel;
  districtsOfProvince(province: CnDivisionTreeNode): NameLevel;
}

const divisionCache = new WeakMap<CnDivisionIndex, DivisionLookup>();

function divisionLookup(index: CnDivisionIndex): DivisionLookup {
  const cached = divisionCache.get(index);
  if (cached) return cached;
  const parentOf = new Map<CnDivisionTreeNode, CnDivisionTreeNode>();
  const cities: CnDivisionTreeNode[] = [];
  const districts: CnDivisionTreeNode[] = [];
  for (const province of index.provinces)
    for (const city of province.children ?? []) {
      parentOf.set(city, province);
      cities.push(city);
      for (const district of city.children ?? []) {
        parentOf.set(district, city);
        districts.push(district);
      }
    }
  const levels = new WeakMap<readonly CnDivisionTreeNode[], NameLevel>();
  const provinceDistricts = new Map<CnDivisionTreeNode, NameLevel>();
  const lookup: DivisionLookup = {
    provinces: new NameLevel(index.provinces, shortProvince),
    allCities: new NameLevel(cities, shortCity),
    allDistricts: new NameLevel(districts, null),
    parentOf,
    level(children, kind) {
      let level = levels.get(children);
      if (!level) {
        level = new NameLevel(children, kind === 'city' ? shortCity : shortDistrict);
        levels.set(children, level);
      }
      return level;
    },
    districtsOfProvince(province) {
      let level = provinceDistricts.get(province);
      if (!level) {
        level = new NameLevel(
          (province.children ?? []).flatMap((city) => city.children ?? []),
          shortDistrict,
        );
        provinceDistricts.set(province, level);
      }
      return level;
    },
  };
  divisionCache.set(index, lookup);
  return lookup;
}

interface RegionMatch {
  province: CnDivisionTreeNode;
  city?: CnDivisionTreeNode;
  district?: CnDivisionTreeNode;
  start: number;
  end: number;
  /** How each level was found. */
  provinceHow: 'named' | 'short' | 'inferred';
  cityHow?: 'named' | 'short' | 'inferred';
  districtHow?: 'named' | 'short';
  hits: number;
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';
const skipSpaces = (text: string, at: number) => {
  let i = at;
  while (isSpace(text[i])) i += 1;
  return i;
};
// After an abbreviation these characters mean a street name (中山路, 广州大道), not a place.
const STREET_AFTER = /^[路街道巷弄桥里胡]/;

/** The province → city → district chain starting at `at`, if any. */
function regionAt(lookup: DivisionLookup, text: string, at: number): RegionMatch | undefined {
  let pos = at;
  let hits = 0;
  let shortHits = 0;
  let end = at;
  const advance = (hit: NameHit) => {
    hits += 1;
    if (hit.short) shortHits += 1;
    end = pos + hit.length;
    pos = skipSpaces(text, end);
  };

  let province: CnDivisionTreeNode | undefined;
  let city: CnDivisionTreeNode | undefined;
  let district: CnDivisionTreeNode | undefined;
  let provinceHow: RegionMatch['provinceHow'] = 'inferred';
  let cityHow: RegionMatch['cityHow'];
  let districtHow: RegionMatch['districtHow'];

  const provinceHit = lookup.provinces.matchAt(text, pos);
  if (provinceHit) {
    province = provinceHit.node;
    provinceHow = provinceHit.short ? 'short' : 'named';
    advance(provinceHit);
    // Written twice, as some shops do ("北京 北京市 朝阳区"): the municipality's own city.
  }
  const cityLevel = province ? lookup.level(province.children ?? [], 'city') : lookup.allCities;
  const cityHit = cityLevel.matchAt(text, pos);
  if (cityHit) {
    city = cityHit.node;
    cityHow = cityHit.short ? 'short' : 'named';
    advance(cityHit);
    province ??= lookup.parentOf.get(city);
  } else if (province && province.children?.length === 1) {
    city = province.children[0];
    cityHow = 'inferred';
  }
  if (!province) {
    const districtHit = lookup.allDistricts.matchAt(text, pos);
    if (!districtHit) return undefined;
    district = districtHit.node;
    districtHow = 'named';
    advance(districtHit);
    city = lookup.parentOf.get(district);
    cityHow = 'inferred';
    province = city ? lookup.parentOf.get(city) : undefined;
    if (!province) return undefined;
  } else if (city) {
    if (city.children?.length) {
      const districtHit = lookup.level(city.children, 'district').matchAt(text, pos);
      if (districtHit) {
        district = districtHit.node;
        districtHow = districtHit.short ? 'short' : 'named';
        advance(districtHit);
      }
    }
  } else {
    const districtHit = lookup.districtsOfProvince(province).matchAt(text, pos);
    if (districtHit) {
      district = districtHit.node;
      districtHow = districtHit.short ? 'short' : 'named';
      advance(districtHit);
      city = lookup.parentOf.get(district);
      cityHow = 'inferred';
    }
  }
  if (hits === 0) return undefined;
  if (hits === 1) {
    // One name alone must stand on its own: at the start of a piece, and (an abbreviation) not be the
    // start of a street name ("中山路") nor the tail of a word ("王海南").
    const before = text[at - 1];
    if (at > 0 && before !== undefined && !isSpace(before) && HAN.test(before)) return undefined;
    if (shortHits === 1 && STREET_AFTER.test(text.slice(end))) return undefined;
  }
  return {
    province,
    city,
    district,
    start: at,
    end,
    provinceHow,
    cityHow,
    districtHow,
    hits,
  };
}

/** The first region in `text` (match text), searching every position. */
function findRegion(lookup: DivisionLookup, text: string): RegionMatch | undefined {
  for (let at = 0; at < text.length; at += 1) {
    if (!HAN.test(text[at]!)) continue;
    const match = regionAt(lookup, text, at);
    if (match) return match;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Classifying pieces
// ---------------------------------------------------------------------------------------------------

// Common surnames (the great majority of the population), single and compound.
const SURNAMES = new Set([
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝官封谈匡鞠惠荆乐冀郁胥南班储原栗燕楚鄢劳谌奚皮粟冼蔺楼盘满闻位厉伊仝区郜海阚花权强帅屠豆朴盖练廉禹井祖漆巴丰支卿国狄平计索宣晋相初门云容敬来扈晁芮都普阙浦戈伏鹿薄邸雍辜羊阿乌母裘亓修邰赫杭况那宿鲜印逯隆茹诸战慕危玉银亢嵇公哈湛宾戎勾茅利於呼居揭干但尉冶斯元束檀衣信展阴昝智幸奉植衡富尧闭由'.split(
    '',
  ),
  '欧阳',
  '司马',
  '诸葛',
  '上官',
  '东方',
  '慕容',
  '令狐',
  '皇甫',
  '尉迟',
  '公孙',
  '夏侯',
  '长孙',
  '宇文',
  '司徒',
  '轩辕',
  '端木',
  '独孤',
  '西门',
]);
const HONORIFIC = /(?:先生|女士|小姐|老师|师傅|总|经理)$/;
// Characters that make a piece part of an address rather than a name.
const ADDRESS_CHARS = /[路街道号楼室区市省县镇村巷弄栋幢单元园厦城场座层苑院湾桥店站堂馆寓宅厂仓库坊]/;
// Chat around the address ("谢谢", "周末不收货"): never a field, so left unplaced.
const CHAT_FILLER =
  /谢谢|多谢|感谢|麻烦|您好|你好|拜托|辛苦|尽快|急用|发货|送货|签收|放门口|工作日|周末|不收|电联|打电话|到了|老板/;
const CN_STREET_HINT = /[路街道号楼室栋幢单元园厦城场座层苑院庄湾巷弄村镇里口]|\d/;

function isChineseName(match: string): 'surname' | 'honorific' | false {
  if (!/^\p{Script=Han}{2,4}$/u.test(match) && !/^\p{Script=Han}{1,3}(?:先生|女士|小姐)$/u.test(match))
    return false;
  if (HONORIFIC.test(match) && match.length <= 5) return 'honorific';
  if (ADDRESS_CHARS.test(match.slice(1))) return false;
  if (SURNAMES.has(match.slice(0, 2)) && match.length >= 3) return 'surname';
  if (SURNAMES.has(match[0]!)) return 'surname';
  return false;
}

const LATIN_NAME =
  /^\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|van|von|de|der|den|da|di|le|la|du|bin|al))\s*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}$/u;

const HAN_COMPANY = /(?:有限公司|有限责任公司|股份公司|公司|集团|工作室|商行|株式会社|事务所)\s*$/u;
// Legal forms spelled out (any case) and abbreviated (as written: "AB" alone is Alberta, "Sa" a name).
const LATIN_COMPANY =
  /\b(?:Ltd|Limited|Inc|Incorporated|LLC|GmbH|Corp|Corporation|Company|PLC|LLP|Pty|Trading|Logistics|Enterprises?)\b\.?\s*$/i;
const LATIN_COMPANY_ABBREVIATION =
  /\b(?:AG|Co|S\.?A|S\.?L|B\.?V|N\.?V|S\.?r\.?l|SAS|SARL|KK|K\.K|Oy|AB|ApS|A\/S|L\.L\.C)\b\.?\s*$/;

/** A company name: a Chinese one by its suffix, a Latin one by its legal form after at least one word. */
const COMPANY = {
  test: (text: string): boolean =>
    HAN_COMPANY.test(text) ||
    (/\S\s+\S/.test(text) && (LATIN_COMPANY.test(text) || LATIN_COMPANY_ABBREVIATION.test(text))),
};

const STREET_WORDS =
  /\b(?:st|street|rd|road|ave|avenue|blvd|boulevard|ln|lane|dr|drive|way|ct|court|pl|place|sq|square|hwy|highway|pkwy|parkway|ter|terrace|cres|crescent|close|row|mews|hill|gardens|grove|walk|rue|chemin|allée|via|viale|piazza|calle|avenida|rua|plaza|straat|laan|weg|gracht|vej|gatan|gata|veien|ulica|ul|chome|dori|po box|p\.o\. box)\b\.?|(?:straße|strasse|str\.)(?!\p{L})|(?<=\p{L})(?:gasse|platz|allee|ring|damm|ufer|steig|pfad|weg)(?!\p{L})|丁目|番地|号|號|路|街/iu;
const UNIT_WORDS =
  /^(?:apt|apartment|suite|ste|unit|flat|floor|fl|room|rm|bldg|building|level|lvl|#|dept|department|c\/o|po box|wohnung|etage|stock|appartement|app|piso|puerta)\b\.?|^#\s?\d/iu;

const looksLikeForeignStreet = (text: string) => /\d/.test(text) || STREET_WORDS.test(text);

/** Places without postal codes. */
const NO_POSTAL_CODES = new Set(['HK', 'MO', 'AE', 'QA', 'BS', 'BZ', 'BO', 'FJ', 'GH']);

/** Countries whose addresses put the house number after the street name, kept in its own field. */
const NUMBER_AFTER_STREET = new Set(
  'DE AT CH NL BE LU DK NO SE FI IS PL CZ SK HU SI HR RS BA ME MK AL GR IT ES PT EE LV LT RO BG UA BY RU TR IL'.split(
    ' ',
  ),
);
const HOUSE_NUMBER_TAIL = /^(.*\p{L}[\p{L}.'’ -]*?)\s+(\d{1,5}\s?[A-Za-z]?(?:\s?[-/]\s?\d{1,5}[A-Za-z]?)?)$/u;

// Japanese addresses written in kanji: prefecture, then city/ward/county.
const JP_PREFECTURE = /^(?:东京都|東京都|北海道|京都府|大阪府|\p{Script=Han}{2,3}[県县])/u;
const JP_CITY = /^\p{Script=Han}{1,6}?[市区區郡]/u;
// Taiwan and other Chinese-script foreign addresses: city/county then district/township.
const TW_CITY = /^\p{Script=Han}{2}[市县縣]/u;
const TW_DISTRICT = /^\p{Script=Han}{1,3}?[区區乡鄉镇鎮市]/u;
const HK_AREA = /^(?:香港岛|香港島|九龙|九龍|新界|离岛|離島)/u;

// ---------------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
}

class Draft {
  readonly fields: SmartPasteResult['fields'] = {};
  readonly confidence: SmartPasteResult['confidence'] = {};
  set(field: SmartPasteField, value: string | undefined, confidence: SmartPasteConfidence): boolean {
    const text = value === undefined ? '' : clean(value);
    if (!text || this.fields[field] !== undefined) return false;
    // A value the address book would refuse for its length is left unplaced instead.
    if ([...text].length > (field === 'countryCode' ? 2 : addressTextMax(field))) return false;
    this.fields[field] = text;
    this.confidence[field] = confidence;
    return true;
  }
  has(field: SmartPasteField) {
    return this.fields[field] !== undefined;
  }
}

/** Splits `[start, end)` into pieces at hard separators (line breaks, commas, semicolons, …). */
function splitSegments(text: string, span: Span, separators: RegExp): Span[] {
  const out: Span[] = [];
  let from = span.start;
  for (let i = span.start; i <= span.end; i += 1) {
    if (i === span.end || separators.test(text[i]!)) {
      const piece = trimSpan(text, { start: from, end: i });
      if (piece.end > piece.start) out.push(piece);
      from = i + 1;
    }
  }
  return out;
}

function trimSpan(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /[\s,;:|、。/\\]/.test(text[start]!)) start += 1;
  while (end > start && /[\s,;:|、。/\\]/.test(text[end - 1]!)) end -= 1;
  return { start, end };
}

const HARD_SEPARATOR = /[\n,;|\t、]/;

export function parseSmartPaste(input: string, reference: SmartPasteReference = {}): SmartPasteResult {
  // Company suffixes after a comma ("Acme Co., Ltd") stay with the company.
  const text = normalizePastedText(input.slice(0, SMART_PASTE_MAX_LENGTH)).replace(
    /,(\s*)(Ltd|Limited|Inc|LLC)\b/g,
    ' $1$2',
  );
  const match = matchingText(text, reference.toSimplified);
  const consumed = new Uint8Array(text.length);
  const take = (span: Span) => consumed.fill(1, span.start, span.end);
  const orig = (span: Span) => text.slice(span.start, span.end);
  const mt = (span: Span) => match.slice(span.start, span.end);
  const draft = new Draft();
  const unplaced: { at: number; text: string }[] = [];
  const leaveUnplaced = (span: Span) => {
    const piece = clean(orig(span));
    if (piece && /[\p{L}\p{N}]/u.test(piece)) unplaced.push({ at: span.start, text: piece });
  };
  const countries = countryLookup(reference.countries);

  // 1. Labelled values.
  labels ??= labelPattern();
  const found = [...match.matchAll(labels.regex)];
  const addressSpans: { span: Span; kind: 'region' | 'address' | 'address2' }[] = [];
  const labelled: { kind: LabelKind; span: Span }[] = [];
  found.forEach((hit, i) => {
    const word = (hit.groups?.cn ?? hit.groups?.en ?? '').toLowerCase().replace(/\s+/g, ' ');
    const kind = labels!.kinds.get(word);
    if (!kind) return;
    const start = hit.index;
    const valueStart = start + hit[0].length;
    const next = found[i + 1]?.index ?? match.length;
    const lineEnd = match.indexOf('\n', valueStart);
    const valueEnd = Math.min(next, lineEnd === -1 ? match.length : lineEnd);
    take({ start, end: valueStart });
    labelled.push({ kind, span: trimSpan(text, { start: valueStart, end: valueEnd }) });
  });

  // 2. Emails and phones anywhere (labelled or not).
  const emails = [...match.matchAll(EMAIL)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  for (const span of emails) {
    if (!draft.set('email', orig(span), 'high')) leaveUnplaced(span);
    take(span);
  }
  const phones: Span[] = [];
  for (const pattern of PHONE_PATTERNS)
    for (const m of match.matchAll(pattern)) {
      const span = { start: m.index, end: m.index + m[0].length };
      const digits = digitCount(m[0]);
      if (digits < 7 || digits > 20) continue;
      if (consumed.subarray(span.start, span.end).some((c) => c === 1)) continue;
      if (phones.some((p) => p.start < span.end && span.start < p.end)) continue;
      phones.push(span);
    }
  phones.sort((a, b) => a.start - b.start);
  const phoneLabelled = (span: Span) =>
    labelled.some((l) => l.kind === 'phone' && l.span.start <= span.start && span.end <= l.span.end);
  const firstPhone = phones.find(phoneLabelled) ?? phones[0];
  for (const span of phones) {
    if (span !== firstPhone || !draft.set('phone', orig(span), 'high')) leaveUnplaced(span);
    take(span);
  }

  // 3. The other labelled values.
  const remarks: Span[] = [];
  for (const { kind, span } of labelled) {
    const free = firstFree(consumed, span);
    if (!free) continue;
    if (kind === 'remark') {
      // Delivery notes have no field in an address: shown as not placed.
      remarks.push(free);
      take(free);
      continue;
    }
    if (kind === 'region' || kind === 'address' || kind === 'address2') {
      addressSpans.push({ span: free, kind });
      continue;
    }
    // One value: up to the next separator (a space too, for a Chinese name).
    const value = firstValue(text, free, kind === 'name' && HAN.test(text[free.start]!));
    if (kind === 'phone') {
      if (digitCount(orig(value)) >= 5 && draft.set('phone', orig(value), 'medium')) take(value);
      continue;
    }
    if (kind === 'country') {
      const code = countryOf(countries, mt(value), true);
      if (code && draft.set('countryCode', code, 'high')) take(value);
      continue;
    }
    const field: SmartPasteField | undefined =
      kind === 'name' || kind === 'company' || kind === 'postalCode' || kind === 'email'
        ? kind
        : kind === 'province' || kind === 'city' || kind === 'district'
          ? kind
          : undefined;
    if (field && draft.set(field, orig(value), 'high')) take(value);
  }

  // 4. Segments of what is left: labelled address values first, then the rest in order.
  const freeSpans = (span: Span): Span[] => {
    const out: Span[] = [];
    let from = -1;
    for (let i = span.start; i <= span.end; i += 1) {
      const free = i < span.end && consumed[i] === 0;
      if (free && from < 0) from = i;
      if (!free && from >= 0) {
        out.push({ start: from, end: i });
        from = -1;
      }
    }
    return out;
  };
  for (const { span } of addressSpans) take(span);
  const otherSegments = freeSpans({ start: 0, end: text.length }).flatMap((span) =>
    splitSegments(text, span, HARD_SEPARATOR),
  );
  for (const { span } of addressSpans) consumed.fill(0, span.start, span.end);
  const addressSegments = addressSpans.flatMap(({ span, kind }) =>
    splitSegments(text, span, HARD_SEPARATOR).map((s) => ({ span: s, kind })),
  );
  for (const span of remarks) leaveUnplaced(span);

  // 5. The country: a segment that is a country's name (or ISO code at the very end).
  const segments = [...addressSegments.map((s) => s.span), ...otherSegments].sort(
    (a, b) => a.start - b.start,
  );
  if (!draft.has('countryCode')) {
    const last = segments.at(-1);
    for (const segment of segments) {
      const value = mt(segment).replace(/\.$/, '');
      const code = countryOf(countries, value, segment === last);
      if (code) {
        draft.set('countryCode', code, /^[A-Z]{2,3}$/.test(value) ? 'medium' : 'high');
        take(segment);
        break;
      }
    }
  }
  if (!draft.has('countryCode')) {
    // A Chinese name written in front of the address ("中国广东省…", "日本東京都…") or as a word of its
    // own inside a line ("李先生 香港 九龍…").
    search: for (const segment of segments) {
      const value = mt(segment);
      const hit = countries.hanNames.find(([name]) => value.startsWith(name));
      if (hit && segment.end - segment.start > hit[0].length) {
        draft.set('countryCode', hit[1], 'high');
        take({ start: segment.start, end: segment.start + hit[0].length });
        break;
      }
      for (const word of splitSegments(text, segment, /\s/)) {
        const code = HAN.test(mt(word)) ? countries.byName.get(mt(word)) : undefined;
        if (code) {
          draft.set('countryCode', code, 'high');
          take(word);
          break search;
        }
      }
    }
  }
  if (!draft.has('countryCode')) {
    // A name in Latin letters ending a line ("06236 South Korea", "10115 Berlin Germany").
    search: for (const segment of [...segments].reverse()) {
      const words = splitSegments(text, segment, /\s/);
      for (let first = 1; first < words.length; first += 1) {
        const tail = { start: words[first]!.start, end: segment.end };
        const name = mt(tail).replace(/\.$/, '');
        const code =
          name.length >= 4 && !HAN.test(name) ? countries.byName.get(name.toLowerCase()) : undefined;
        if (code) {
          draft.set('countryCode', code, 'high');
          take(tail);
          break search;
        }
      }
    }
  }

  const context: Context = {
    text,
    match,
    consumed,
    draft,
    reference,
    take,
    orig,
    mt,
    leaveUnplaced,
    leaveText: (at: number, piece: string) => unplaced.push({ at, text: piece }),
    freeSpans,
    addressSegments,
    otherSegments,
  };
  const country = draft.fields.countryCode;
  const rest = freeSpans({ start: 0, end: text.length }).map(orig).join('');
  const hanCount = rest.match(/\p{Script=Han}/gu)?.length ?? 0;
  const hasHan = hanCount > 0;
  // Without a country: Chinese when a region is found or the text is mostly Chinese characters.
  const latinCount = rest.match(/[A-Za-z]/g)?.length ?? 0;
  if (country === 'CN' || (!country && hasHan && (hanCount > latinCount || parseChinese(context, false))))
    parseChinese(context, true);
  else if (country && country !== 'CN' && hasHan && parseForeignHan(context, country)) {
    // Done: a Japanese, Taiwan or Hong Kong address written in Chinese characters.
  } else parseForeign(context);

  for (const span of freeSpans({ start: 0, end: text.length }))
    for (const segment of splitSegments(text, span, HARD_SEPARATOR)) leaveUnplaced(segment);
  return {
    fields: draft.fields,
    confidence: draft.confidence,
    unplaced: unplaced.sort((a, b) => a.at - b.at).map((piece) => piece.text),
  };
}

interface Context {
  text: string;
  match: string;
  consumed: Uint8Array;
  draft: Draft;
  reference: SmartPasteReference;
  take: (span: Span) => void;
  orig: (span: Span) => string;
  mt: (span: Span) => string;
  leaveUnplaced: (span: Span) => void;
  /** Text no longer in one span (street overflow) answered as not placed, sorted at `at`. */
  leaveText: (at: number, text: string) => void;
  freeSpans: (span: Span) => Span[];
  addressSegments: { span: Span; kind: 'region' | 'address' | 'address2' }[];
  otherSegments: Span[];
}

/** The first unconsumed run inside a span. */
function firstFree(consumed: Uint8Array, span: Span): Span | undefined {
  let start = span.start;
  while (start < span.end && consumed[start] === 1) start += 1;
  let end = start;
  while (end < span.end && consumed[end] === 0) end += 1;
  return end > start ? { start, end } : undefined;
}

function firstValue(text: string, span: Span, stopAtSpace: boolean): Span {
  let end = span.start;
  while (end < span.end && !(stopAtSpace ? /[\s,;|、]/ : /[\n,;|、]/).test(text[end]!)) end += 1;
  return trimSpan(text, { start: span.start, end });
}

function countryOf(countries: CountryLookup, raw: string, allowCode: boolean): string | undefined {
  const value = raw.trim();
  const byName = countries.byName.get(value.toLowerCase());
  if (byName && (value.length > 3 || HAN.test(value))) return byName;
  if (allowCode && /^[A-Z]{2,3}$/.test(value)) {
    if (value.length === 2 && countries.codes.has(value)) return value;
    return byName;
  }
  return byName && value.length === 3 && /^[A-Za-z.]+$/.test(value) ? byName : undefined;
}

/**
 * A Chinese address. With `commit` false it only answers whether a region is there (so text without
 * one is read as a foreign address); with `commit` true it fills the fields.
 */
function parseChinese(ctx: Context, commit: boolean): boolean {
  const { draft, reference } = ctx;
  const lookup = reference.divisions ? divisionLookup(reference.divisions) : undefined;
  const orderedSpans = () =>
    [
      ...ctx.addressSegments.map((s) => ({ span: s.span, labelled: true })),
      ...ctx.otherSegments.map((span) => ({ span, labelled: false })),
    ].flatMap(({ span, labelled }) => ctx.freeSpans(span).map((free) => ({ span: free, labelled })));
  // Company names first: "深圳市腾讯计算机系统有限公司" starts with a city but is not the address.
  const saved = commit ? undefined : ctx.consumed.slice();
  for (const { span, labelled } of orderedSpans()) {
    if (labelled) continue;
    for (const piece of splitSegments(ctx.text, span, /\s/)) {
      const value = ctx.mt(piece);
      if (
        HAN.test(value) &&
        value.length > 3 &&
        COMPANY.test(value) &&
        !/[路街道号楼室栋幢]|\d/.test(value)
      ) {
        if (!commit) ctx.take(piece);
        else if (draft.set('company', ctx.orig(piece), 'medium')) ctx.take(piece);
      }
    }
  }
  // Pieces: labelled address values first, then the other segments, each split at spaces later.
  const ordered = orderedSpans();

  let region: (RegionMatch & { segment: Span }) | undefined;
  if (lookup)
    for (const { span } of ordered) {
      const found = findRegion(lookup, ctx.mt(span));
      if (found) {
        region = {
          ...found,
          start: span.start + found.start,
          end: span.start + found.end,
          segment: span,
        };
        break;
      }
    }
  if (saved) {
    ctx.consumed.set(saved);
    return region !== undefined;
  }

  if (region) {
    const exact = (how: string | undefined) => (how === 'named' ? 'high' : 'medium');
    draft.set('countryCode', 'CN', region.provinceHow === 'named' ? 'high' : 'medium');
    draft.set('province', region.province.name, exact(region.provinceHow));
    if (region.city) draft.set('city', region.city.name, exact(region.cityHow));
    if (region.district) draft.set('district', region.district.name, exact(region.districtHow));
    ctx.take({ start: region.start, end: region.end });
  }

  // A repeated region at the start of another piece ("地区：广东省深圳市" then "地址：广东省深圳市南山区…").
  if (region && lookup)
    for (const { span } of ordered) {
      if (span === region.segment) continue;
      for (const free of ctx.freeSpans(span)) {
        const again = regionAt(lookup, ctx.mt(free), 0);
        if (
          again &&
          again.province === region.province &&
          (!again.city || !region.city || again.city === region.city)
        ) {
          if (again.district && !region.district && again.city === region.city) {
            draft.set('district', again.district.name, 'high');
            region.district = again.district;
          }
          ctx.take({ start: free.start, end: free.start + again.end });
        }
      }
    }

  // The rest, piece by piece (split at spaces too): street, name, company, postal code.
  type Piece = { span: Span; segment: Span; labelled: boolean; inRegionSegment: boolean };
  const pieces: Piece[] = [];
  for (const { span, labelled } of ordered)
    for (const free of ctx.freeSpans(span))
      for (const piece of splitSegments(ctx.text, free, /\s/))
        pieces.push({
          span: piece,
          segment: span,
          labelled,
          inRegionSegment:
            region !== undefined &&
            span.start <= piece.start &&
            piece.end <= span.end &&
            span === region.segment,
        });
  pieces.sort((a, b) => a.span.start - b.span.start);

  const street: Piece[] = [];
  const names: Piece[] = [];
  for (const piece of pieces) {
    const original = ctx.orig(piece.span);
    const simplified = ctx.mt(piece.span);
    if (CHAT_FILLER.test(simplified)) continue;
    if (/^\d{6}$/.test(original) && !draft.has('postalCode')) {
      draft.set('postalCode', original, 'medium');
      ctx.take(piece.span);
    } else if (
      !piece.labelled &&
      COMPANY.test(simplified) &&
      (simplified.length > 3 || !HAN.test(simplified))
    ) {
      if (draft.set('company', original, 'medium')) ctx.take(piece.span);
    } else if (piece.labelled || (region && piece.span.start >= region.start)) {
      // After the region (or labelled as the address): the street, unless it is a name at its edge.
      if (!piece.labelled && isChineseName(simplified) && !CN_STREET_HINT.test(simplified)) names.push(piece);
      else street.push(piece);
    } else if (isChineseName(simplified) || LATIN_NAME.test(original)) {
      names.push(piece);
    } else if (CN_STREET_HINT.test(simplified) && HAN.test(simplified)) {
      street.push(piece);
    } else if (street.at(-1)?.segment === piece.segment && !HAN.test(simplified)) {
      // Numbers and letters spaced out inside the street ("建国路 88 号", "T1 1203").
      street.push(piece);
    }
  }
  // The name: a piece outside the address first; a name-like piece inside the street only at its end.
  if (!draft.has('name')) {
    const outside = names.find((n) => !n.inRegionSegment && !(region && n.span.start > region.start));
    const trailing = names.at(-1);
    const chosen = outside ?? trailing;
    if (chosen) {
      const how = isChineseName(ctx.mt(chosen.span));
      draft.set('name', ctx.orig(chosen.span), how === false ? 'low' : 'medium');
      ctx.take(chosen.span);
    }
  }
  for (const piece of names) if (ctx.consumed[piece.span.start] === 0) street.push(piece);
  street.sort((a, b) => a.span.start - b.span.start);
  const streetText = street
    .filter((piece) => ctx.consumed[piece.span.start] === 0)
    .map((piece) => {
      ctx.take(piece.span);
      return ctx.orig(piece.span);
    })
    .join(' ');
  const left = placeStreet(draft, streetText, region ? 'medium' : 'low');
  if (left) ctx.leaveText(street.at(-1)?.span.start ?? 0, left);
  return true;
}

/** Writes street text into address lines 1–3, breaking at spaces at the field limit (200 characters). */
function placeStreet(draft: Draft, street: string, confidence: SmartPasteConfidence): string {
  const lines: SmartPasteField[] = ['addressLine1', 'addressLine2', 'addressLine3'];
  const max = addressTextMax('addressLine1');
  let rest = [...clean(street)];
  for (const field of lines) {
    if (rest.length === 0) break;
    if (draft.has(field)) continue;
    let cut = rest.length <= max ? rest.length : rest.lastIndexOf(' ', max);
    if (cut <= 0) cut = max;
    draft.set(field, rest.slice(0, cut).join(''), confidence);
    rest = [...clean(rest.slice(cut).join(''))];
  }
  // What does not fit in three lines is answered as not placed.
  return rest.join('');
}

/** A Japanese, Taiwan or Hong Kong address in Chinese characters; false when nothing was read. */
function parseForeignHan(ctx: Context, country: string): boolean {
  const { draft } = ctx;
  const segments = ctx.otherSegments
    .concat(ctx.addressSegments.map((s) => s.span))
    .flatMap((span) => ctx.freeSpans(span))
    .sort((a, b) => a.start - b.start);
  const pattern = postalRegex(country);
  const street: string[] = [];
  let placed = false;
  for (const segment of segments) {
    for (const piece of splitSegments(ctx.text, segment, /\s/)) {
      let span = piece;
      // 〒100-0001 or a postal code in front.
      const postal = /^〒?\s*(\d{3}-?\d{4}|\d{3,6})(?!\d)\s*/.exec(ctx.mt(span));
      const marked = postal?.[0].startsWith('〒') ?? false;
      if (postal && (pattern ? new RegExp(`^(?:${pattern.source})$`, 'i').test(postal[1]!) : marked)) {
        draft.set('postalCode', postal[1], postal[0].startsWith('〒') ? 'high' : 'medium');
        ctx.take({ start: span.start, end: span.start + postal[0].length });
        span = { start: span.start + postal[0].length, end: span.end };
        placed = true;
      }
      const value = ctx.mt(span);
      if (span.end <= span.start || CHAT_FILLER.test(value)) continue;
      if (!HAN.test(value)) {
        // Numbers and Latin letters inside the street ("彌敦道 688 號 5 樓 A 室").
        if (street.length > 0 && /[\p{L}\p{N}]/u.test(value)) {
          street.push(ctx.orig(span));
          ctx.take(span);
        }
        continue;
      }
      // Prefecture/city (Japan), city/district (Taiwan), area (Hong Kong, Macao) at the start of a piece.
      const steps: [RegExp, SmartPasteField][] =
        country === 'JP'
          ? [
              [JP_PREFECTURE, 'province'],
              [JP_CITY, 'city'],
            ]
          : country === 'HK' || country === 'MO'
            ? [[HK_AREA, 'city']]
            : [
                [TW_CITY, 'city'],
                [TW_DISTRICT, 'district'],
              ];
      let at = 0;
      for (const [regex, field] of steps) {
        if (draft.has(field)) continue;
        const hit = regex.exec(value.slice(at));
        // A whole piece is the division only where one is a word of its own (九龍, 新界).
        if (!hit || (hit[0].length === value.length - at && regex !== HK_AREA)) continue;
        draft.set(
          field,
          ctx.orig({ start: span.start + at, end: span.start + at + hit[0].length }),
          'medium',
        );
        at += hit[0].length;
      }
      const rest = ctx.orig({ start: span.start + at, end: span.end });
      if (at === 0 && !draft.has('name') && isForeignHanName(value)) {
        draft.set('name', rest, 'medium');
      } else if (at === 0 && COMPANY.test(value)) {
        if (!draft.set('company', rest, 'medium')) continue;
      } else if (at > 0 || street.length > 0 || CN_STREET_HINT.test(value) || draft.has('city')) {
        // After the city a piece without a street word is a neighbourhood (旺角) and starts the street.
        if (rest) street.push(rest);
      } else continue;
      ctx.take(span);
      placed = true;
    }
  }
  const left = placeStreet(draft, street.join(' '), 'medium');
  if (left) ctx.leaveText(segments.at(-1)?.start ?? 0, left);
  return placed;
}

/** A personal name in Chinese characters or Japanese kana/kanji (山田太郎, 陳大文). */
function isForeignHanName(value: string): boolean {
  return (
    /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]{2,6}$/u.test(value) &&
    !ADDRESS_CHARS.test(value.slice(1)) &&
    !/[都道府県县]$/.test(value)
  );
}

/** An address in Latin script: street lines, city, state, postal code, name and company. */
function parseForeign(ctx: Context) {
  const { draft } = ctx;
  const segments = [...ctx.addressSegments.map((s) => s.span), ...ctx.otherSegments]
    .flatMap((span) => ctx.freeSpans(span))
    .map((span) => trimSpan(ctx.text, span))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  let country = draft.fields.countryCode;

  // Postal code, searched from the end (it comes late; a street number early may look like one).
  let postalIndex = -1;
  let postalSpan: Span | undefined;
  const tryPattern = (regex: RegExp, index: number, onlyIf?: (hit: RegExpExecArray) => boolean) => {
    const segment = segments[index]!;
    const value = ctx.mt(segment);
    for (const hit of [
      ...value.matchAll(new RegExp(regex.source, regex.flags.replace('g', '') + 'g')),
    ].reverse()) {
      if (onlyIf && !onlyIf(hit)) continue;
      postalIndex = index;
      postalSpan = { start: segment.start + hit.index, end: segment.start + hit.index + hit[0].length };
      return true;
    }
    return false;
  };
  for (let i = segments.length - 1; i >= 0 && !postalSpan; i -= 1) {
    if (draft.has('postalCode')) break;
    const value = ctx.mt(segments[i]!);
    if (UNIT_WORDS.test(value)) continue;
    if (country) {
      const regex = postalRegex(country);
      // A number opening a street ("1600 Amphitheatre Parkway") is not a postal code.
      const notStreetNumber = (hit: RegExpExecArray) =>
        !(hit.index === 0 && looksLikeForeignStreet(value.slice(hit[0].length)));
      if (regex) tryPattern(regex, i, notStreetNumber);
      else if (!NO_POSTAL_CODES.has(country) && !looksLikeForeignStreet(value.replace(/\d+/g, '')))
        tryPattern(/(?<![\w-])\d{3,7}(?![\w-])/, i, notStreetNumber);
      continue;
    }
    // No country named: recognise the few formats that name it.
    const us = /(?<![\w-])([A-Z]{2})\s+(\d{5}(?:-\d{4})?)(?![\w-])/.exec(value);
    if (us && REGION_CODES.US!.has(us[1]!)) {
      country = 'US';
      draft.set('countryCode', 'US', 'medium');
      tryPattern(/\d{5}(?:-\d{4})?(?![\w-])/, i);
    } else if (/(?<![\w-])〒\s?\d{3}-?\d{4}/.test(value)) {
      country = 'JP';
      draft.set('countryCode', 'JP', 'medium');
      tryPattern(/\d{3}-?\d{4}/, i);
    } else if (/(?<![\w-])[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}(?![\w-])/.test(value)) {
      country = 'GB';
      draft.set('countryCode', 'GB', 'medium');
      tryPattern(new RegExp(postalRegex('GB')!.source, 'g'), i);
    } else if (
      /(?<![\w-])[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d(?![\w-])/.test(value)
    ) {
      country = 'CA';
      draft.set('countryCode', 'CA', 'medium');
      tryPattern(new RegExp(postalRegex('CA')!.source, 'g'), i);
    } else if (/^\d{4,5}\s+\p{L}/u.test(value) && !looksLikeForeignStreet(value.replace(/^\d+/, ''))) {
      tryPattern(/^\d{4,5}/, i);
    }
  }

  // City (and state) around the postal code.
  if (postalSpan) {
    draft.set('postalCode', ctx.orig(postalSpan).replace(/^〒\s?/, ''), country ? 'high' : 'medium');
    ctx.take(postalSpan);
    const segment = segments[postalIndex]!;
    const rest = ctx
      .freeSpans(segment)
      .map((span) => trimSpan(ctx.text, span))
      .filter((s) => s.end > s.start);
    const words = rest
      .map((span) =>
        ctx
          .orig(span)
          .replace(/^〒+|〒+$/g, '')
          .trim(),
      )
      .filter(Boolean)
      .join(' ');
    const state = /^(.*?)[\s,]*\b([A-Z]{2,3})$/.exec(words);
    const known = country ? REGION_CODES[country] : undefined;
    let cityText = words;
    if (state && (!known || known.has(state[2]!))) {
      draft.set('province', state[2], 'medium');
      cityText = state[1]!;
    }
    for (const span of rest) ctx.take(span);
    if (cityText) draft.set('city', cityText, 'medium');
    else {
      // The city is the segment before ("London" / "SW1A 1AA").
      const before = segments[postalIndex - 1];
      if (before && ctx.consumed[before.start] === 0 && !looksLikeForeignStreet(ctx.mt(before))) {
        const value = ctx.orig(before);
        if (draft.has('province') || !/^[A-Z]{2,3}$/.test(value)) draft.set('city', value, 'medium');
        else draft.set('province', value, 'medium');
        ctx.take(before);
        const city = segments[postalIndex - 2];
        if (
          !draft.has('city') &&
          city &&
          ctx.consumed[city.start] === 0 &&
          !looksLikeForeignStreet(ctx.mt(city))
        ) {
          draft.set('city', ctx.orig(city), 'medium');
          ctx.take(city);
        }
      }
    }
  }

  // Name, company and street lines from the remaining segments, in order.
  const lines: Span[] = [];
  const units: Span[] = [];
  const plain: Span[] = [];
  for (const segment of segments) {
    for (const span of ctx.freeSpans(segment)) {
      const piece = trimSpan(ctx.text, span);
      if (piece.end <= piece.start) continue;
      const original = ctx.orig(piece);
      const simplified = ctx.mt(piece);
      if (COMPANY.test(simplified) && !draft.has('company')) {
        draft.set('company', original, 'medium');
        ctx.take(piece);
      } else if (UNIT_WORDS.test(original)) {
        units.push(piece);
      } else if (/^[\p{L}' -]+-(?:ku|shi|cho|machi|gun|ward)$/iu.test(original)) {
        // A Japanese ward or city written in Latin letters (Chiyoda-ku).
        if (draft.set('district', original, 'medium')) ctx.take(piece);
      } else if (
        looksLikeForeignStreet(original) &&
        /\p{L}/u.test(original) &&
        // After the postal code only a line with a number is more street ("Please ring twice" is not).
        (!postalSpan || piece.start < postalSpan.start || /\d/.test(original))
      ) {
        lines.push(piece);
      } else if (
        !draft.has('name') &&
        lines.length === 0 &&
        units.length === 0 &&
        (LATIN_NAME.test(original) || isChineseName(simplified))
      ) {
        draft.set('name', original, 'medium');
        ctx.take(piece);
      } else if (/^\p{L}[\p{L}' .-]*$/u.test(original)) {
        plain.push(piece);
      }
    }
  }
  // Without a postal code to find it by, the city is the plain words after the street ("Wan Chai").
  const city = plain.find((span) => lines.length > 0 && span.start > lines[0]!.start);
  if (!draft.has('city') && city && draft.set('city', ctx.orig(city), 'low')) ctx.take(city);

  const ordered = [...lines.slice(0, 1), ...units, ...lines.slice(1)];
  const fields: SmartPasteField[] = ['addressLine1', 'addressLine2', 'addressLine3'];
  ordered.slice(0, fields.length).forEach((span, i) => {
    let line = ctx.orig(span);
    if (i === 0 && country && NUMBER_AFTER_STREET.has(country) && !/^\d/.test(line)) {
      // "Musterstraße 5": the number goes to its own field where carriers expect it there.
      const split = HOUSE_NUMBER_TAIL.exec(line);
      if (split && draft.set('houseNumber', split[2], 'medium')) line = split[1]!;
    }
    if (line.length <= 200 && draft.set(fields[i]!, line, 'medium')) ctx.take(span);
  });
}
