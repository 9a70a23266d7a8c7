import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, signIn, submitLogin } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { waitForHome } from './shell.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('device cookie and login log', () => {
  test('a sign-in leaves a strict HttpOnly device cookie that the next sign-in call sends back', async () => {
    const page = await newPage(browser, { baseUrl: server.baseUrl });
    await signIn(page, DEMO);
    await waitForHome(page);
    const cookies = await page.context().cookies();
    // One device cookie per account (portal_device_<hash of the user id>).
    const device = cookies.find((c) => c.name.startsWith('portal_device_'));
    expect(device).toMatchObject({ path: '/api/Login', httpOnly: true, sameSite: 'Strict' });
    // Scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('portal_device');

    // Sign in again in the same browser: the login call carries the cookie.
    await page.evaluate(() => window.localStorage.clear());
    const loginRequest = page.waitForRequest((r) => r.url().includes('/api/Login/CustomerLogin'));
    await submitLogin(page, DEMO);
    const headers = await (await loginRequest).allHeaders();
    expect(headers['cookie'] ?? '').toContain(`${device?.name}=${device?.value}`);
    // The page asked for the platform version hint (it tells Windows 11 from 10), and the call carries it
    // (empty on Linux, which has no such version).
    expect(headers['sec-ch-ua-platform-version']).toMatch(/^"[\d.]*"$/);
    await waitForHome(page);

    // The login log names browser and system instead of the raw user-agent string.
    await page.locator('[data-testid=shortcut-loginLog]').click();
    const firstRow = page.locator('[data-testid=login-log] tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const text = await firstRow.innerText();
    expect(text).toMatch(/Chrom\w*( Headless)? \d+ · Linux/);
    expect(text).not.toContain('Mozilla/5.0');
    await page.context().close();
  });
});
