import { createRequire } from 'node:module';
import { LANGUAGES, type Language, type LocalizedText } from '@portal/contracts/languages';
import { POSTAL_CODE_FORMATS, type Country } from '@portal/contracts/reference';
import countries from 'i18n-iso-countries/index.js';

interface CountryData {
  /** Every country, sorted by its name in each language. */
  sorted: Record<Language, Country[]>;
  codes: ReadonlySet<string>;
  /** Lower-cased names, aliases and codes (alpha-2 and alpha-3) in every language → alpha-2. */
  byName: ReadonlyMap<string, string>;
}

let data: CountryData | undefined;

/**
 * ISO 3166-1 countries with names in the three interface languages: Simplified Chinese and English
 * from i18n-iso-countries (only those two locales are registered), Traditional Chinese from ICU
 * through Intl.DisplayNames, which that package lacks. English prefers ICU's everyday short names
 * ("China", "United States") over the package's official forms ("People's Republic of China"), which
 * crowd tables and forms; imports still accept the official forms. Built once, on first use.
 */
function load(): CountryData {
  if (data) return data;
  const require = createRequire(import.meta.url);
  countries.registerLocale(require('i18n-iso-countries/langs/zh.json') as countries.LocaleData);
  countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);
  const zhNames = countries.getNames('zh');
  const enNames = countries.getNames('en');
  const twNames = new Intl.DisplayNames(['zh-Hant-TW'], { type: 'region', fallback: 'none' });
  const enShortNames = new Intl.DisplayNames(['en-US'], { type: 'region', fallback: 'none' });
  const list: Country[] = Object.keys(countries.getAlpha2Codes()).map((code) => {
    const format = POSTAL_CODE_FORMATS[code];
    const name: LocalizedText = {
      'zh-CN': zhNames[code] ?? enNames[code] ?? code,
      'en-US': enShortNames.of(code) ?? enNames[code] ?? code,
      'zh-TW': twNames.of(code) ?? zhNames[code] ?? code,
    };
    return {
      code,
      name,
      postalCodePattern: format?.pattern ?? null,
      postalCodeExample: format?.example ?? null,
    };
  });
  const sorted = Object.fromEntries(
    LANGUAGES.map((language) => {
      // zh-CN sorts by pinyin, zh-TW by stroke count (ICU's defaults for those locales), en-US alphabetically.
      const collator = new Intl.Collator(language);
      return [language, [...list].sort((a, b) => collator.compare(a.name[language], b.name[language]))];
    }),
  ) as Record<Language, Country[]>;

  const byName = new Map<string, string>();
  const add = (text: string | undefined, code: string) => {
    const key = text?.trim().toLowerCase();
    if (key && !byName.has(key)) byName.set(key, code);
  };
  for (const country of list) add(country.code, country.code);
  for (const country of list) add(countries.alpha2ToAlpha3(country.code), country.code);
  for (const country of list) for (const language of LANGUAGES) add(country.name[language], country.code);
  const aliases = [countries.getNames('zh', { select: 'all' }), countries.getNames('en', { select: 'all' })];
  for (const names of aliases)
    for (const [code, all] of Object.entries(names)) for (const alias of all) add(alias, code);

  data = { sorted, codes: new Set(list.map((c) => c.code)), byName };
  return data;
}

export const listCountries = (language: Language): Country[] => load().sorted[language];
export const countryCodes = (): ReadonlySet<string> => load().codes;
/** The alpha-2 code for a code, alpha-3 code, name or alias in any interface language (case-insensitive). */
export const findCountryCode = (text: string): string | undefined =>
  load().byName.get(text.trim().toLowerCase());
