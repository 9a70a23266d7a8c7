import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatDateTime } from '../../src/lib/format-date';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { switchToMemoryStorage } from '../../src/lib/storage';

// No offset: read as local time, so the expected texts hold in any time zone.
const INSTANT = '2026-11-23T14:05:09';

describe('date and time per language', () => {
  beforeAll(() => switchToMemoryStorage());
  afterAll(() => changeLanguage('zh-CN'));

  test.each([
    ['zh-CN', '2026-11-23 14:05'],
    ['zh-TW', '2026-11-23 14:05'],
    ['en-US', 'Nov 23, 2026, 2:05 PM'],
  ] as const)('%s writes %s', async (language, text) => {
    await changeLanguage(language);
    expect(formatDateTime(INSTANT)).toBe(text);
    expect(formatDateTime(INSTANT, language)).toBe(text);
  });

  test('an instant from the API is shown in local time', async () => {
    await changeLanguage('zh-CN');
    const utc = '2025-03-01T06:05:09.000Z';
    const local = new Date(utc);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(utc)).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ` +
        `${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
  });

  test('a morning hour in English reads AM without a leading zero', () => {
    expect(formatDateTime('2026-11-23T09:07:00', 'en-US')).toBe('Nov 23, 2026, 9:07 AM');
  });

  test('nothing or an invalid value gives an empty text', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('one date format everywhere', () => {
  test('no page formats a date itself: every date goes through lib/format-date', () => {
    const root = fileURLToPath(new URL('../../src', import.meta.url));
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('format-date.ts'))
      .filter((file) => {
        const source = readFileSync(join(root, file), 'utf8');
        return (
          /\.format\(\s*['"`][^'"`]*(YYYY|HH|MM|DD)/.test(source) ||
          /toLocale(Date|Time)String\(|Intl\.DateTimeFormat/.test(source)
        );
      });
    expect(offenders).toEqual([]);
  });
});
