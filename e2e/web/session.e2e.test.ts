import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, NEWCOMER, signIn, submitLogin } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { HOME, USER_CENTER, messageText, stored, waitForHome } from './shell.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(): Promise<Page> {
  return newPage(browser, { baseUrl: server.baseUrl });
}

describe('sign-in and sign-out', () => {
  test('signing in opens the home page with the user, the customer code and the level', async () => {
    const page = await freshPage();
    await signIn(page, DEMO);
    expect(new URL(page.url()).pathname).toBe(HOME);
    await waitForHome(page);
    expect(await page.locator('[data-testid=customer-code]').innerText()).toBe('C100023');
    expect((await page.locator('[data-testid=customer-level]').innerText()).trim()).not.toBe('');
    expect(await stored<string>(page, 'authorization')).toMatch(/^Bearer \S+/);

    // Title, meta tags and favicon come from the application info of this host.
    const info = (await (await page.request.get('/api/ApplicationInfo/GetApplicationInfo')).json()) as {
      data: { webName: string; webKeyword: string; webDescription: string; favicon: string };
    };
    expect(await page.title()).toBe(`首页 - ${info.data.webName}`);
    expect(await page.locator('meta[name=keywords]').getAttribute('content')).toBe(info.data.webKeyword);
    expect(await page.locator('meta[name=description]').getAttribute('content')).toBe(
      info.data.webDescription,
    );
    expect(await page.locator('link[rel=icon]').getAttribute('href')).toBe(info.data.favicon);
    await page.context().close();
  });

  test('a wrong password is explained next to the form, in the chosen language', async () => {
    const page = await freshPage();
    await page.goto('/login');
    await page.locator('[data-testid=login-language-switch]').getByText('English').click();
    await page.locator('#login_userName').fill(DEMO.loginName);
    await page.locator('#login_password').fill('not-the-password-1');
    await page.locator('button[type=submit]').click();
    const alert = page.locator('.login-form .login-form-alert[role=alert]');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/[A-Za-z]/);
    expect(await alert.innerText()).not.toMatch(/[\u4e00-\u9fff]/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  test('empty fields are named before anything is sent', async () => {
    const page = await freshPage();
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (r) => r.url().includes('/api/Login/CustomerLogin') && (loginCalls += 1));
    await page.locator('button[type=submit]').click();
    await page.locator('#login_userName_help').getByText('请输入登录名或手机号').waitFor();
    expect(await page.locator('#login_password_help').innerText()).toBe('请输入密码');
    expect(loginCalls).toBe(0);
    await page.context().close();
  });

  test('a signed-in user visiting /login goes to /user (and on to the home page)', async () => {
    const page = await freshPage();
    await signIn(page, DEMO);
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === HOME);
    await waitForHome(page);
    await page.context().close();
  });

  test('after sign-in the user returns to the page they were sent away from', async () => {
    const page = await freshPage();
    await page.goto(USER_CENTER);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(USER_CENTER);
    expect(await messageText(page)).toBe('登录已失效，请重新登录');
    await page.locator('#login_userName').fill(DEMO.loginName);
    await page.locator('#login_password').fill(DEMO.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === USER_CENTER);
    await page.locator('[data-testid=profile]').waitFor();
    await page.context().close();
  });

  test('signing out ends the session on the server and returns to /login', async () => {
    const page = await freshPage();
    await signIn(page, DEMO);
    await waitForHome(page);
    const oldAuthorization = await stored<string>(page, 'authorization');
    const logout = page.waitForResponse((r) => r.url().includes('/api/Login/Logout'));
    await page.locator('[data-testid=user-menu]').click();
    await page.locator('.ant-dropdown-menu-item-danger').click();
    expect((await logout).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await stored(page, 'authorization')).toBeNull();
    expect(await stored(page, 'tokenRecord')).toBeNull();

    // The old token no longer works on the server.
    const answer = await page.evaluate(async (authorization) => {
      const response = await fetch('/api/Common/GetLoginUserInfo', {
        headers: { Authorization: authorization! },
      });
      return (await response.json()) as { code: number };
    }, oldAuthorization);
    expect(answer.code).not.toBe(200);

    // And a private page now sends the user back to sign in.
    await page.goto(HOME);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });
});

describe('session upkeep', () => {
  test('a new version of the portal reloads a signed-in page on the next navigation', async () => {
    const page = await freshPage();
    await signIn(page, DEMO);
    await waitForHome(page);
    const running = await stored<string>(page, 'appVersion');
    expect(running).toBeTruthy();

    await page.route('**/versionUser.json*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ version: 'next-release', buildTime: '' }),
      }),
    );
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    const reloaded = page.waitForEvent('load');
    await page.locator('[data-testid=shortcut-profile]').click();
    await reloaded;
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBeUndefined();
    expect(await stored<string>(page, 'appVersion')).toBe('next-release');
    expect(new URL(page.url()).pathname).toBe(USER_CENTER);
    await page.locator('[data-testid=profile]').waitFor();
    await page.context().close();
  });

  test('a page whose code cannot be downloaded shows the load error with a reload button', async () => {
    const page = await freshPage();
    await signIn(page, DEMO);
    await waitForHome(page);
    await page.route('**/assets/user-center-page-*.js', (route) => route.abort());
    await page.locator('[data-testid=shortcut-profile]').click();
    await page.locator('[data-testid=chunk-load-error]').waitFor();
    expect(await page.locator('[data-testid=chunk-load-error]').innerText()).toContain('页面加载失败');
    await page.unroute('**/assets/user-center-page-*.js');
    const reloaded = page.waitForEvent('load');
    await page.locator('[data-testid=reload-page]').click();
    await reloaded;
    await page.locator('[data-testid=profile]').waitFor();
    await page.context().close();
  });
});

/**
 * Long enough that signing in and opening the first page finish inside it even on a busy machine (two
 * browser files run at once), short enough to wait out.
 */
const SHORT_TOKEN_SECONDS = 5;

describe('access-token expiry', () => {
  let shortLived: RunningServer;
  beforeAll(async () => {
    shortLived = await startServer({ ACCESS_TOKEN_TTL_SECONDS: String(SHORT_TOKEN_SECONDS) });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  test('an expired access token is refreshed transparently and the call is retried', async () => {
    const page = await newPage(browser, { baseUrl: shortLived.baseUrl });
    await signIn(page, DEMO);
    await waitForHome(page);
    const before = await stored<{ token: string; refreshToken: string }>(page, 'tokenRecord');

    // Let the short access token run out.
    await page.waitForTimeout(SHORT_TOKEN_SECONDS * 1000 + 1000);

    const refreshed = page.waitForResponse((r) => r.url().includes('/api/Login/RefreshToken'));
    await page.locator('[data-testid=shortcut-loginLog]').click();
    const refreshAnswer = (await (await refreshed).json()) as { code: number };
    expect(refreshAnswer.code).toBe(200);
    await page.locator('[data-testid=login-log] tbody tr.ant-table-row').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(USER_CENTER);
    const after = await stored<{ token: string; refreshToken: string }>(page, 'tokenRecord');
    expect(after?.token).not.toBe(before?.token);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await page.context().close();
  });
});

describe('initial password', () => {
  // Each test gets its own server: the newcomer's issued password can be replaced only once.
  let fresh: RunningServer;
  beforeEach(async () => {
    fresh = await startServer();
  });
  afterEach(async () => {
    await fresh?.stop();
  });

  const NEW_PASSWORD = 'Portal2026new';
  const dialogOf = (page: Page) => page.locator('.ant-modal');

  async function setPassword(page: Page, password: string): Promise<void> {
    const dialog = dialogOf(page);
    await dialog.locator('input').nth(0).fill(password);
    await dialog.locator('input').nth(1).fill(password);
    await dialog.getByRole('button', { name: /保存并进入/ }).click();
  }

  test('a user still on the issued password sets a new one before entering, then signs in with it', async () => {
    const page = await newPage(browser, { baseUrl: fresh.baseUrl });
    const changes: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/User/ChangeInitPassword')) changes.push(r.postDataJSON());
    });
    await submitLogin(page, NEWCOMER);
    const dialog = dialogOf(page);
    await dialog.getByText('请设置新密码').waitFor();

    // A reload while the dialog is up opens the signed-in area with the dialog still blocking it, and no
    // page asks the server for anything it refuses (403 until the password is changed).
    const pageErrors: string[] = [];
    const refusedCalls: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      if (!response.url().includes('/api/')) return;
      void response
        .json()
        .then((body: { code?: number }) => body.code === 403 && refusedCalls.push(response.url()))
        .catch(() => undefined);
    });
    await page.reload();
    await dialog.getByText('请设置新密码').waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(await dialog.count()).toBe(1);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    expect(refusedCalls).toEqual([]);

    // Too weak: the field says why and nothing is sent.
    await setPassword(page, 'short');
    await dialog.locator('.ant-form-item-explain-error').getByText('密码至少 8 位').first().waitFor();
    expect(changes).toEqual([]);

    // The issued password again passes the rule here; the server refuses it and the field says why.
    const refused = page.waitForResponse((r) => r.url().includes('/api/User/ChangeInitPassword'));
    await setPassword(page, NEWCOMER.password);
    const answer = (await (await refused).json()) as { code: number; message: string };
    expect(answer.code).toBe(400);
    await dialog.locator('.ant-form-item-explain-error').getByText(answer.message).waitFor();
    expect(changes).toEqual([{ newPassword: NEWCOMER.password }]);

    await setPassword(page, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === HOME);
    await waitForHome(page);
    expect(changes).toEqual([{ newPassword: NEWCOMER.password }, { newPassword: NEW_PASSWORD }]);
    expect(await dialog.count()).toBe(0);

    // Sign out; the issued password no longer opens the portal, the new one does, with no dialog.
    await page.locator('[data-testid=user-menu]').click();
    await page.locator('.ant-dropdown-menu-item-danger').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await submitLogin(page, NEWCOMER);
    await page.locator('.login-form .login-form-alert[role=alert]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await signIn(page, { loginName: NEWCOMER.loginName, password: NEW_PASSWORD });
    await waitForHome(page);
    expect(new URL(page.url()).pathname).toBe(HOME);
    expect(await dialog.count()).toBe(0);
    expect(changes).toHaveLength(2);
    await page.context().close();
  });

  test('choosing to sign out instead leaves the user signed out, still on the issued password', async () => {
    const page = await newPage(browser, { baseUrl: fresh.baseUrl });
    await submitLogin(page, NEWCOMER);
    const dialog = dialogOf(page);
    await dialog.getByText('请设置新密码').waitFor();
    const logout = page.waitForResponse((r) => r.url().includes('/api/Login/Logout'));
    await dialog.getByRole('button', { name: /退出登录/ }).click();
    expect((await logout).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    expect(await stored(page, 'authorization')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');

    // Nothing was changed: the next sign-in asks again.
    await page.locator('#login_userName').fill(NEWCOMER.loginName);
    await page.locator('#login_password').fill(NEWCOMER.password);
    await page.locator('button[type=submit]').click();
    await dialog.getByText('请设置新密码').waitFor();
    await page.context().close();
  });
});
