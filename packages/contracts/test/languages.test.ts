import { describe, expect, it } from 'vitest';
import { resolveLanguage } from '../src/languages.ts';

describe('resolveLanguage', () => {
  it('maps headers to the three interface languages, Simplified Chinese by default', () => {
    expect(resolveLanguage(undefined)).toBe('zh-CN');
    expect(resolveLanguage('en-US')).toBe('en-US');
    expect(resolveLanguage('en-GB,en;q=0.9')).toBe('en-US');
    expect(resolveLanguage('zh-TW')).toBe('zh-TW');
    expect(resolveLanguage('zh-HK')).toBe('zh-TW');
    expect(resolveLanguage('zh-Hant-TW')).toBe('zh-TW');
    expect(resolveLanguage('zh')).toBe('zh-CN');
    expect(resolveLanguage('fr-FR,en;q=0.5')).toBe('en-US');
    expect(resolveLanguage('fr-FR')).toBe('zh-CN');
    expect(resolveLanguage('zh-CN;q=0.4,en-US;q=0.8')).toBe('en-US');
  });
});
