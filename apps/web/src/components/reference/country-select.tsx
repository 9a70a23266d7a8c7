import { useMemo } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n/use-translation';
import { LANGUAGES } from '@portal/contracts/languages';
import type { Country } from '@portal/contracts/reference';
import { useCountries } from '../../lib/reference/api/get-country';
import { useLanguage } from '../../lib/i18n/use-language';

interface CountryOption {
  value: string;
  label: string;
  /** The name in every language, lower case. */
  names: string[];
  /** Code plus the name in every language, so a search in any of them finds the country. */
  searchText: string;
}

/** Best first: the exact code, then names starting with the input, then names merely containing it. */
function matchRank(option: CountryOption, input: string): number {
  if (option.value.toLowerCase() === input) return 0;
  if (option.label.toLowerCase().startsWith(input)) return 1;
  if (option.names.some((name) => name.startsWith(input))) return 2;
  return 3;
}

// Most shipments start in China; the portal offers it first whatever the sort order.
const PINNED = ['CN'];

export interface CountrySelectProps {
  /** ISO 3166-1 alpha-2 code. */
  value?: string;
  onChange?: (code: string) => void;
  id?: string;
  placeholder?: string;
  /** Accessible name when no form label names the field (a filter in a toolbar). */
  'aria-label'?: string;
  disabled?: boolean;
  allowClear?: boolean;
  autoFocus?: boolean;
}

/**
 * Country picker with search by code or by name in any interface language; names show in the interface
 * language, sorted as that language sorts them (pinyin for Chinese). Works as a controlled antd Form field.
 */
export function CountrySelect({
  value,
  onChange,
  id,
  placeholder,
  'aria-label': ariaLabel,
  disabled,
  allowClear,
  autoFocus,
}: CountrySelectProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, isPending } = useCountries();

  const options = useMemo<CountryOption[]>(() => {
    const collator = new Intl.Collator(language);
    const byName = (a: Country, b: Country) => collator.compare(a.name[language], b.name[language]);
    const countries = [...(data ?? [])].sort((a, b) => {
      const pinA = PINNED.indexOf(a.code);
      const pinB = PINNED.indexOf(b.code);
      if (pinA !== pinB) return (pinA === -1 ? Infinity : pinA) - (pinB === -1 ? Infinity : pinB);
      return byName(a, b);
    });
    return countries.map((country) => {
      const names = LANGUAGES.map((lang) => country.name[lang].toLowerCase());
      return {
        value: country.code,
        label: country.name[language],
        names,
        searchText: [country.code.toLowerCase(), ...names].join(' '),
      };
    });
  }, [data, language]);

  return (
    <Select<string, CountryOption>
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      loading={isPending}
      disabled={disabled}
      allowClear={allowClear}
      autoFocus={autoFocus}
      placeholder={placeholder ?? t('reference.countryPlaceholder')}
      showSearch={{
        filterOption: (input, option) => Boolean(option?.searchText.includes(input.trim().toLowerCase())),
        // Enter picks the first option, so "de" or "ger" must put Germany first.
        filterSort: (a, b, { searchValue }) => {
          const input = searchValue.trim().toLowerCase();
          return matchRank(a, input) - matchRank(b, input);
        },
      }}
      optionRender={(option) => (
        <span>
          {option.data.label} <Typography.Text type="secondary">{option.data.value}</Typography.Text>
        </span>
      )}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
      data-testid="country-select"
    />
  );
}
