import dayjs from 'dayjs';
import type { Language } from '@portal/contracts/languages';
import { currentLanguage } from './i18n/i18n';

/** Date and time as each language writes them; month names follow dayjs's locale, which lib/i18n switches. */
const DATE_TIME_FORMATS: Readonly<Record<Language, string>> = {
  'zh-CN': 'YYYY-MM-DD HH:mm:ss',
  'zh-TW': 'YYYY/MM/DD HH:mm:ss',
  'en-US': 'MMM D, YYYY HH:mm:ss',
};

/**
 * A UTC instant from the API shown in the browser's time zone, in the interface language's format:
 * `2025-03-01 14:05:09`, `2025/03/01 14:05:09`, `Mar 1, 2025 14:05:09`.
 */
export function formatDateTime(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMATS[language]) : '';
}
