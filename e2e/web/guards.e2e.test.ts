import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, VIEWER, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { HOME, messageText, stored, waitForHome } from './shell.ts';

const ADDRESS_BOOK = '/user/orders/address';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('route guards', () => {
  test('a user without the permission opening a guarded route goes to /403', async () => {
    const page = await newPage(browser, { baseUrl: server.baseUrl });
    await signIn(page, VIEWER);
    await waitForHome(page);
    // The viewer's menu and shortcuts do not offer the address book at all (the orders group stays for
    // the pages order:view opens)…
    const menu = JSON.stringify(await stored(page, 'menu'));
    expect(menu).toContain('"endData"');
    expect(menu).not.toContain('"address"');
    expect(await page.locator('[data-testid=shortcut-address]').count()).toBe(0);
    // …and typing its address leads to the 403 page.
    await page.goto(ADDRESS_BOOK);
    await page.waitForURL((url) => url.pathname === '/403');
    await page.getByText('抱歉，您没有权限访问此页面。').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === HOME);
    await page.context().close();
  });

  test('the main user may open the same route', async () => {
    const page = await newPage(browser, { baseUrl: server.baseUrl });
    await signIn(page, DEMO);
    await page.goto(ADDRESS_BOOK);
    await page.locator('[data-testid=page-content]').waitFor();
    expect(new URL(page.url()).pathname).toBe(ADDRESS_BOOK);
    await page.context().close();
  });

  test('an unknown route shows the 404 page, inside the shell when signed in', async () => {
    const page = await newPage(browser, { baseUrl: server.baseUrl });
    await page.goto('/no/such/page');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    expect(await page.locator('.shell').count()).toBe(0);

    await signIn(page, DEMO);
    await page.goto('/user/no-such-page');
    await page.locator('[data-testid=page-content]').getByText('抱歉，您访问的页面不存在。').waitFor();
    expect(await page.locator('.shell').count()).toBe(1);
    expect(await page.title()).toContain('页面不存在');
    await page.context().close();
  });

  test('every public route of spec sections 2 and 6 shows its own page signed out, never 404 or sign-in', async () => {
    const page = await newPage(browser, { baseUrl: server.baseUrl });
    for (const path of [
      '/login/websiteLogin',
      '/loginResult',
      '/payResult',
      '/topUp',
      '/customer',
      '/customerInfoLink/customerInfoLink',
      '/registerQuestionnaire',
      '/register',
      '/user/userCenterManagement/apiDocument',
      '/user/userCenterManagement/apiTest',
    ]) {
      await page.goto(path);
      // Settled: the route's chunk is in and the page has drawn something of its own.
      await page.locator('#root *').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await page.getByText('抱歉，您访问的页面不存在。').count(), path).toBe(0);
      expect(await page.locator('#login_userName').count(), path).toBe(0);
    }
    await page.context().close();
  });

  test('the custom and TMS sign-in variants sign in like /login, without the marketing panel', async () => {
    for (const [path, variant] of [
      ['/login/customLogin', 'custom'],
      ['/login/customTmsLogin', 'tms'],
    ] as const) {
      const page = await newPage(browser, { baseUrl: server.baseUrl });
      await page.goto(path);
      await page.locator(`.login-page[data-variant="${variant}"]`).waitFor();
      expect(await page.locator('.login-hero').count()).toBe(0);
      await page.locator('#login_userName').fill(DEMO.loginName);
      await page.locator('#login_password').fill(DEMO.password);
      await page.locator('button[type=submit]').click();
      await page.waitForURL((url) => url.pathname === HOME);
      await page.context().close();
    }
  });

  test('/ and /user redirect to /user/index; without a session that means login with the warning', async () => {
    const page = await newPage(browser, { baseUrl: server.baseUrl });
    await page.goto('/user');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(HOME);
    expect(await messageText(page)).toBe('登录已失效，请重新登录');

    await signIn(page, DEMO);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === HOME);
    await waitForHome(page);
    await page.context().close();
  });
});
