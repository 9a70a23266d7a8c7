import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, VIEWER, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { HOME, messageText, waitForHome } from './shell.ts';

const ADDRESS_BOOK = '/user/orders/address';
const ADDRESS_QUERY = '**/api/CustomerAddress/Query?**';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(user = DEMO): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl });
  await signIn(page, user);
  await waitForHome(page);
  return page;
}

describe('load failures', () => {
  test('an address book whose load fails shows the error state with retry, never the empty state, and recovers', async () => {
    const page = await signedInPage();
    await page.route(ADDRESS_QUERY, (route) =>
      route.fulfill({
        status: 500,
        headers: { 'content-type': 'application/json', 'x-request-id': 'e2e-req-1' },
        body: JSON.stringify({ code: 500, success: false, message: 'crash', data: null }),
      }),
    );
    await page.goto(ADDRESS_BOOK);
    const failure = page.locator('[data-testid=list-load-error]');
    await failure.waitFor();
    expect(await page.locator('[data-testid=address-empty]').count()).toBe(0);
    expect(await failure.innerText()).toContain('服务器处理请求时出错，请稍后重试；如仍失败，请联系客服。');
    expect(await failure.innerText()).toContain('请求编号：e2e-req-1');
    // The toast says the same in words, with the request id small under it; no "500：请求接口异常".
    const toast = await messageText(page);
    expect(toast).toContain('服务器处理请求时出错');
    expect(toast).toContain('请求编号：e2e-req-1');
    expect(toast).not.toContain('500');

    await page.unroute(ADDRESS_QUERY);
    await page.locator('[data-testid=list-retry]').click();
    await page.locator('[data-testid=address-table], [data-testid=address-empty]').first().waitFor();
    expect(await failure.count()).toBe(0);
    await page.context().close();
  });
});

describe('403 inside the shell', () => {
  test('a signed-in user opening a route they may not access sees 403 with the header, menu and tabs around it', async () => {
    const page = await signedInPage(VIEWER);
    await page.goto(ADDRESS_BOOK);
    await page.waitForURL((url) => url.pathname === '/403');
    await page.locator('[data-testid=page-content]').getByText('抱歉，您没有权限访问此页面。').waitFor();
    expect(await page.locator('.shell').count()).toBe(1);
    expect(await page.locator('[data-testid=top-menu]').isVisible()).toBe(true);
    expect(await page.locator('.shell-tabs').count()).toBe(1);
    expect(await page.title()).toContain('无权访问');
    // The menu still works from here.
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === HOME);
    await page.context().close();
  });

  test('signed out, /403 is a public full-screen page', async () => {
    const page = await newPage(browser, { baseUrl: server.baseUrl });
    await page.goto('/403');
    await page.getByText('抱歉，您没有权限访问此页面。').waitFor();
    expect(await page.locator('.shell').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/403');
    await page.context().close();
  });
});

describe('region picker', () => {
  test('typing "gz" finds 广州 and picking it fills province, city and district', async () => {
    const page = await signedInPage();
    await page.goto(ADDRESS_BOOK);
    await page.locator('[data-testid=address-book] [data-testid=address-add]').first().click();
    await page.locator('form#address-form').waitFor();
    // The drawer puts the focus in the name field once it is open; a click before that loses the picker.
    await page.waitForFunction(() => document.activeElement?.id === 'address_name');
    await page.locator('#address_region').click();
    await page.locator('#address_region').fill('gz');
    const tianhe = page
      .locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item')
      .filter({ hasText: '广州市' })
      .filter({ hasText: '天河区' });
    await tianhe.click();
    const picked = page.locator(
      'form#address-form .ant-cascader .ant-select-selection-item, form#address-form .ant-cascader [title]',
    );
    expect(await picked.first().innerText()).toContain('广东省 / 广州市 / 天河区');
    await page.context().close();
  });
});
