import { describe, expect, test } from 'vitest';
import enUS from '../../src/locales/en-US';
import zhCN from '../../src/locales/zh-CN';
import zhTW from '../../src/locales/zh-TW';

function leafKeys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leafKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

const LANGUAGES = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };

describe('language files', () => {
  const reference = leafKeys(zhCN).sort();

  test.each(Object.entries(LANGUAGES))('%s has exactly the zh-CN keys, each a non-empty text', (_, pack) => {
    const keys = leafKeys(pack).sort();
    expect(keys.filter((k) => !reference.includes(k))).toEqual([]);
    expect(reference.filter((k) => !keys.includes(k))).toEqual([]);
    for (const key of keys) {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], pack);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  test.each(Object.entries(LANGUAGES))('%s keeps every {{placeholder}} of zh-CN', (_, pack) => {
    for (const key of reference) {
      const get = (p: unknown) =>
        key.split('.').reduce<unknown>((n, part) => (n as Record<string, unknown>)[part], p);
      expect(placeholders(get(pack) as string), key).toEqual(placeholders(get(zhCN) as string));
    }
  });

  test('zh-CN carries the source portal texts exactly', () => {
    expect(zhCN.http).toMatchObject({
      arrears: '此号已经欠费,请您去充值!',
      tokenExpired: '认证 token 已过期，请退出重新登录',
    });
    expect(zhCN.guard.sessionExpired).toBe('登录已失效，请重新登录');
    expect(zhCN.access.denied).toBe('对不起，您没有操作权限：{{permission}}');
  });

  // The source's "500：请求接口异常" names a status code and nothing to do; failures say what failed and
  // what to do, in words, in every language.
  test.each(Object.entries(LANGUAGES))('%s request failures carry no status-code jargon', (_, pack) => {
    for (const key of [
      'serverError',
      'notFound',
      'serverFailure',
      'timeout',
      'networkError',
      'offline',
    ] as const) {
      const text = pack.http[key];
      expect(text, key).not.toMatch(/\b[45]\d\d\b|interface|介面|接口/i);
      expect(text, key).toMatch(/重试|重試|再試|try again/i);
    }
  });
});
