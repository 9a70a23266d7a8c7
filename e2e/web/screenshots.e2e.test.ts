import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { USER_CENTER, waitForHome } from './shell.ts';

/**
 * Screenshots of the three main screens in each language, in dark mode and at phone width, saved under
 * .tmp/screenshots for review. Each also checks that the screen speaks the language it was given.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Variant {
  name: string;
  language: 'zh-CN' | 'en-US' | 'zh-TW';
  signInTitle: string;
  homeTab: string;
  darkMode?: boolean;
  viewport?: { width: number; height: number };
}

const VARIANTS: Variant[] = [
  { name: 'zh-CN', language: 'zh-CN', signInTitle: '账号登录', homeTab: '首页' },
  { name: 'en-US', language: 'en-US', signInTitle: 'Sign in', homeTab: 'Home' },
  { name: 'zh-TW', language: 'zh-TW', signInTitle: '帳號登入', homeTab: '首頁' },
  { name: 'dark', language: 'zh-CN', signInTitle: '账号登录', homeTab: '首页', darkMode: true },
  {
    name: 'mobile-375',
    language: 'zh-CN',
    signInTitle: '账号登录',
    homeTab: '首页',
    viewport: { width: 375, height: 812 },
  },
];

async function prepare(variant: Variant): Promise<Page> {
  const page = await newPage(browser, {
    baseUrl: server.baseUrl,
    ...(variant.viewport ? { viewport: variant.viewport } : {}),
    ...(variant.darkMode ? { colorScheme: 'dark' as const } : {}),
  });
  // Preferences as a returning user would have them.
  await page.addInitScript(
    ({ language, darkMode }) => {
      localStorage.setItem('portal.language', JSON.stringify(language));
      if (darkMode) localStorage.setItem('portal.layoutSettings', JSON.stringify({ darkMode: true }));
    },
    { language: variant.language, darkMode: variant.darkMode === true },
  );
  return page;
}

describe('screens in every language, dark and narrow', () => {
  test.each(VARIANTS)('$name: login, home and user centre', async (variant) => {
    const page = await prepare(variant);
    await page.goto('/login');
    await page.locator('.login-title').getByText(variant.signInTitle).waitFor();
    // One font stack for page text and antd controls, with the Chinese fonts of the interface's script.
    const fonts = await page.evaluate(() => {
      const family = (selector: string) => getComputedStyle(document.querySelector(selector)!).fontFamily;
      return {
        title: family('.login-title'),
        button: family('button[type=submit]'),
        input: family('#login_userName'),
      };
    });
    expect(fonts.button).toBe(fonts.title);
    expect(fonts.input).toBe(fonts.title);
    if (variant.language === 'zh-TW') {
      expect(fonts.title).toContain('Noto Sans CJK TC');
      expect(fonts.title).not.toContain(' SC');
    } else expect(fonts.title).toContain('Noto Sans CJK SC');
    await screenshot(page, `login-${variant.name}`);

    await signIn(page, DEMO);
    await waitForHome(page);
    // Let the sign-in message fade so it does not cover the page.
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    if (!variant.viewport)
      expect(await page.locator('[data-testid=page-tab]').first().innerText()).toBe(variant.homeTab);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(variant.language);
    await screenshot(page, `home-${variant.name}`);

    await page.goto(`${USER_CENTER}?tab=security`);
    await page.locator('form#changePassword').waitFor();
    await screenshot(page, `user-center-${variant.name}`);
    await page.context().close();
  });
});
