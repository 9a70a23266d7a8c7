import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatDateTime } from '../../src/lib/format-date';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { switchToMemoryStorage } from '../../src/lib/storage';

// No offset: read as local time, so the expected texts hold in any time zone.
const INSTANT = '2025-03-01T14:05:09';

describe('date and time per language', () => {
  beforeAll(() => switchToMemoryStorage());
  afterAll(() => changeLanguage('zh-CN'));

  test.each([
    ['zh-CN', '2025-03-01 14:05:09'],
    ['zh-TW', '2025/03/01 14:05:09'],
    ['en-US', 'Mar 1, 2025 14:05:09'],
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
        `${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`,
    );
  });

  test('nothing or an invalid value gives an empty text', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
