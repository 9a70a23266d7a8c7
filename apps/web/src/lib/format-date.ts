import dayjs, { type Dayjs } from 'dayjs';
import type { Language } from '@portal/contracts/languages';
import { currentLanguage } from './i18n/i18n';

/**
 * The one date-and-time format of each language, used by every page that shows an instant: Chinese
 * writes ISO-style digits with a 24-hour clock, American English the month name and a 12-hour clock.
 */
export const DATE_TIME_FORMATS: Readonly<Record<Language, string>> = {
  'zh-CN': 'YYYY-MM-DD HH:mm',
  'zh-TW': 'YYYY-MM-DD HH:mm',
  'en-US': 'MMM D, YYYY, h:mm A',
};

/**
 * A UTC instant from the API shown in the browser's time zone, in the interface language's format:
 * `2026-11-23 14:05` (zh-CN, zh-TW), `Nov 23, 2026, 2:05 PM` (en-US).
 */
export function formatDateTime(
  value: string | null | undefined,
  language: Language = currentLanguage(),
): string {
  if (!value) return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  // The Chinese formats are digits only; English month names and AM/PM come from dayjs's built-in
  // English locale, so the text is right even when another language's dayjs locale is active.
  return (language === 'en-US' ? date.locale('en') : date).format(DATE_TIME_FORMATS[language]);
}

/** A local calendar day as `YYYY-MM-DD` (URLs, date filters): a machine format, never shown as such. */
export function calendarDayOf(date: Dayjs): string {
  return date.format('YYYY-MM-DD');
}

/** A calendar month as `YYYY-MM` (bill periods): a machine format, never shown as such. */
export function calendarMonthOf(date: Dayjs): string {
  return date.format('YYYY-MM');
}

/**
 * The start of a local calendar day (`YYYY-MM-DD`), `addDays` later, as an ISO instant with the browser's
 * offset (`2026-11-26T00:00:00+08:00`): what the API's date filters take. Day arithmetic, so a day with a
 * daylight-saving change still starts at its midnight.
 */
export function localDayStartInstant(day: string, addDays = 0): string {
  return dayjs(day).add(addDays, 'day').startOf('day').format('YYYY-MM-DDTHH:mm:ssZ');
}
