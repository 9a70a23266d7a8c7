import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { pickMenuItem } from '../support/select.ts';
import { HOME, USER_CENTER, closeDrawer, openSettings, shellLayout, stored, waitForHome } from './shell.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl, ...(viewport ? { viewport } : {}) });
  await signIn(page, DEMO);
  await waitForHome(page);
  return page;
}

describe('layouts and settings', () => {
  test('header layout by default; side and mixed layouts switch live and survive a reload', async () => {
    const page = await signedInPage();
    expect(await shellLayout(page)).toBe('top');

    await openSettings(page);
    await page.locator('[data-testid=layout-side]').click();
    await page.locator('.shell[data-layout=side] [data-testid=side-menu]').waitFor();
    expect((await stored<{ layout: string }>(page, 'layoutSettings'))?.layout).toBe('side');

    await page.locator('[data-testid=layout-mix]').click();
    await page.locator('.shell[data-layout=mix]').waitFor();
    await closeDrawer(page);

    // Mixed layout: choosing a top item opens its first child.
    await page.locator('[data-testid=top-menu]').getByText('个人设置').click();
    await page.waitForURL((url) => url.pathname === USER_CENTER);
    await page.locator('[data-testid=mix-sider]').getByText('用户中心').waitFor();

    await page.reload();
    await page.locator('.shell[data-layout=mix]').waitFor();

    await openSettings(page);
    await page.locator('[data-testid=layout-top]').click();
    await page.locator('.shell[data-layout=top]').waitFor();
    await page.context().close();
  });

  test('dark mode switches the whole page and is remembered', async () => {
    const page = await signedInPage();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();

    await openSettings(page);
    await page.locator('[data-testid=setting-dark-mode]').click();
    await page.waitForFunction(() => document.documentElement.style.colorScheme === 'dark');
    const dark = await background();
    expect(dark).not.toBe(light);
    const channels = dark.match(/\d+/g)!.slice(0, 3).map(Number);
    expect(Math.max(...channels)).toBeLessThan(60);

    await page.reload();
    await waitForHome(page);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');

    await openSettings(page);
    await page.locator('[data-testid=settings-reset]').click();
    await page.waitForFunction(() => document.documentElement.style.colorScheme === 'light');
    await page.context().close();
  });

  test('multi-tab pages keep their titles across reloads; close, close others and refresh work', async () => {
    const page = await signedInPage();
    await page.locator('[data-testid=shortcut-profile]').click();
    await page.locator('[data-testid=profile]').waitFor();
    const tabs = page.locator('[data-testid=page-tab]');
    expect(await tabs.allInnerTexts()).toEqual(['首页', '用户中心']);

    await page.reload();
    await page.locator('[data-testid=profile]').waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['首页', '用户中心']);

    // Refresh reloads the page's data without leaving it.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/Common/GetLoginUserInfo'));
    await page.locator('[data-testid=tab-actions]').click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: '刷新当前页' }).click();
    await refetched;
    await page.locator('[data-testid=profile]').waitFor();

    // Close others keeps home and the current tab.
    await page.goto(HOME);
    await waitForHome(page);
    await page.locator('[data-testid=tab-actions]').click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: '关闭其他页' }).click();
    expect(await tabs.allInnerTexts()).toEqual(['首页']);

    // Closing the current tab moves to a neighbour.
    await page.locator('[data-testid=shortcut-profile]').click();
    await page.locator('[data-testid=profile]').waitFor();
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await page.waitForURL((url) => url.pathname === HOME);
    expect(await tabs.allInnerTexts()).toEqual(['首页']);
    await page.context().close();
  });

  test('switching the language changes the texts, the antd locale and the language the server answers in', async () => {
    const page = await signedInPage();
    // The menu is asked for again, in English.
    const menuInEnglish = page.waitForRequest(
      (r) =>
        r.url().includes('/api/Common/QueryApplicationMenu') && r.headers()['accept-language'] === 'en-US',
    );
    await pickMenuItem(
      page,
      '[data-testid=language-switch]',
      'English',
      page.locator('[data-testid=top-menu]').getByText('Personal settings'),
    );
    expect(await page.locator('[data-testid=home-greeting]').innerText()).toMatch(
      /^Good (morning|afternoon|evening)/,
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    const answer = (await (await (await menuInEnglish).response())!.json()) as { message: string };
    expect(answer.message).not.toMatch(/[\u4e00-\u9fff]/);

    // antd's own texts follow too (the pager's page-size choice).
    await page.goto(`${USER_CENTER}?tab=loginLog`);
    const pager = page.locator('.ant-pagination-options');
    await pager.waitFor();
    expect(await pager.innerText()).toContain('/ page');

    // The choice is remembered.
    await page.goto(HOME);
    await waitForHome(page);
    expect(await page.locator('[data-testid=home-greeting]').innerText()).toMatch(/^Good/);

    await pickMenuItem(
      page,
      '[data-testid=language-switch]',
      '繁體中文',
      page.locator('[data-testid=top-menu]').getByText('個人設定'),
    );
    expect(await stored<string>(page, 'language')).toBe('zh-TW');
    await page.context().close();
  });

  test('at 375 px the menu lives in a drawer', async () => {
    const page = await signedInPage({ width: 375, height: 740 });
    expect(await shellLayout(page)).toBe('mobile');
    expect(await page.locator('[data-testid=top-menu]').count()).toBe(0);
    await page.locator('[data-testid=mobile-menu-button]').click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('个人设置').click();
    await drawer.getByText('用户中心').click();
    await page.waitForURL((url) => url.pathname === USER_CENTER);
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await page.locator('[data-testid=profile]').waitFor();
    await page.context().close();
  });
});
