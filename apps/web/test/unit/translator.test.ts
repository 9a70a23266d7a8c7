import { describe, expect, test } from 'vitest';
import { createTranslator } from '../../src/lib/i18n/translator';

// The behaviour the portal relied on from i18next, which this replaces at run time.
describe('translator', () => {
  const make = () => {
    const i18n = createTranslator();
    i18n.init({ lng: 'zh-CN', messages: { home: { greeting: '{{greeting}}，{{name}}', title: '首页' } } });
    return i18n;
  };
  const t = (i18n: ReturnType<typeof createTranslator>, key: string, options?: Record<string, unknown>) =>
    (i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, options);

  test('dotted keys, {{values}} (numbers too), unescaped', () => {
    const i18n = make();
    expect(t(i18n, 'home.title')).toBe('首页');
    expect(t(i18n, 'home.greeting', { greeting: '早上好', name: '<b>张三</b>' })).toBe('早上好，<b>张三</b>');
    expect(t(i18n, 'home.greeting', { greeting: 3, name: 0 })).toBe('3，0');
  });

  test('a missing key reads as itself or its defaultValue; a missing value stays as written', () => {
    const i18n = make();
    expect(t(i18n, 'home.nothing')).toBe('home.nothing');
    expect(t(i18n, 'home')).toBe('home');
    expect(t(i18n, 'orderStatus.lost', { defaultValue: 'lost' })).toBe('lost');
    expect(t(i18n, 'home.greeting', { greeting: '早' })).toBe('早，{{name}}');
    expect(t(i18n, 'home.greeting', { greeting: '早', name: undefined })).toBe('早，');
  });

  test('messages added later merge deeply; a fixed t keeps its language', () => {
    const i18n = make();
    i18n.addMessages('zh-CN', { home: { more: '更多' }, orderStatus: { draft: '草稿' } });
    i18n.addMessages('en-US', { home: { title: 'Home' } });
    expect(t(i18n, 'home.title')).toBe('首页');
    expect(t(i18n, 'home.more')).toBe('更多');
    expect(t(i18n, 'orderStatus.draft')).toBe('草稿');
    const english = i18n.getFixedT('en-US') as unknown as (key: string) => string;
    i18n.changeLanguage('en-US');
    expect(t(i18n, 'home.title')).toBe('Home');
    expect(english('home.more')).toBe('home.more');
  });
});
