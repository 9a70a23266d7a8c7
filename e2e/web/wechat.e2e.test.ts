import { createHmac, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { USER_CENTER, waitForHome } from './shell.ts';

/** The key the provider's website shares with the portal (SSO_WEBSITE_KEY). */
const WEBSITE_KEY = 'e2e-website-key-0123456789abcdefghijklmnop';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SSO_WEBSITE_KEY: WEBSITE_KEY }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page in English and the dark theme. */
async function darkEnglishPage(): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl, locale: 'en-US', colorScheme: 'dark' });
  await page.addInitScript(() => {
    localStorage.setItem('portal.language', JSON.stringify('en-US'));
    localStorage.setItem('portal.layoutSettings', JSON.stringify({ darkMode: true }));
  });
  return page;
}

/** Plays the phone: opens the QR's sandbox scan page in another tab and confirms as `nickname`. */
async function scanInSandbox(page: Page, nickname: string) {
  const href = await page.locator('[data-testid=wechat-sandbox-link]').getAttribute('href');
  const phone = await page.context().newPage();
  await phone.goto(href!);
  await phone.locator('[data-testid=wechat-scan-custom]').click();
  await phone.locator('#wechat-scan-nickname').fill(nickname);
  await phone.locator('[data-testid=wechat-scan-confirm]').click();
  await phone.locator('[data-testid=wechat-scan-confirmed]').waitFor();
  await phone.close();
}

/** A website ticket as the provider's website signs it (format: contracts sso.ts, README). */
function websiteTicket(customerCode: string, loginName: string) {
  const iat = Math.floor(Date.now() / 1000);
  const payload = {
    v: 1,
    src: 'website',
    aud: 'portal',
    jti: randomUUID(),
    cus: customerCode,
    sub: loginName,
    iat,
    exp: iat + 60,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', WEBSITE_KEY).update(body).digest('base64url')}`;
}

describe('WeChat QR and single sign-on', () => {
  test('binds WeChat in the security panel through the sandbox scan, signs out, signs in by QR', async () => {
    const page = await darkEnglishPage();
    await signIn(page, DEMO);
    await waitForHome(page);
    await page.goto(`${USER_CENTER}?tab=security`);
    await page.locator('[data-testid=wechat-bind]').click();
    await page.locator('.ant-modal [data-testid=wechat-qr] img').waitFor();
    await scanInSandbox(page, 'E2E Alice');
    await page.locator('[data-testid=wechat-unbind]').waitFor();

    // Sign out through the user menu, then sign in with the WeChat tab.
    await page.locator('[data-testid=user-menu]').click();
    await page.locator('.ant-dropdown-menu-item-danger').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('[data-testid=login-tab-wechat]').click();
    await page.locator('[data-testid=wechat-qr] img').waitFor();
    await scanInSandbox(page, 'E2E Alice');
    // Signed in again: back where the sign-out left (the login page keeps the page as `redirect`).
    await page.waitForURL((url) => url.pathname === USER_CENTER);
    await page.locator('[data-testid=wechat-unbind]').waitFor();
    await page.context().close();
  });

  test('an unbound WeChat scan says to sign in and bind first, and offers a fresh QR', async () => {
    const page = await darkEnglishPage();
    await page.goto('/login');
    await page.locator('[data-testid=login-tab-wechat]').click();
    await page.locator('[data-testid=wechat-qr] img').waitFor();
    await scanInSandbox(page, 'Nobody Bound');
    const overlay = page.locator('[data-testid=wechat-qr-overlay]');
    await overlay.getByText('not bound yet').waitFor();
    await overlay.locator('[data-testid=wechat-qr-refresh]').click();
    await page.locator('[data-testid=wechat-qr][data-status=waiting]').waitFor();
    await page.context().close();
  });

  test('signs in from the provider website by ticket; a spent ticket explains and leads to the login page', async () => {
    const page = await darkEnglishPage();
    const ticket = websiteTicket('C100023', DEMO.loginName);
    await page.goto(`/login/websiteLogin?ticket=${encodeURIComponent(ticket)}`);
    await waitForHome(page);
    await page.evaluate(() => localStorage.removeItem('portal.authorization'));
    await page.goto(`/login/websiteLogin?ticket=${encodeURIComponent(ticket)}`);
    const error = page.locator('[data-testid=website-login-error]');
    await error.waitFor();
    expect(await error.innerText()).toContain('already been used');
    await page.getByRole('button', { name: 'Go to the login page' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/loginResult?source=wechat&result=failure&reason=expired');
    await page.locator('[data-testid=login-result-reason]').getByText('expired').waitFor();
    await page.context().close();
  });
});
