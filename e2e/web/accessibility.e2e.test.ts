import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, VIEWER, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { USER_CENTER, openSettings, waitForHome } from './shell.ts';

/**
 * axe-core on every page, in light and dark mode: no serious or critical violation (colour contrast,
 * accessible names, ARIA roles, document language…). Each page is checked once it has drawn its data.
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

const ADDRESS_BOOK = '/user/orders/address';

async function prepare(isDark: boolean): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl, colorScheme: isDark ? 'dark' : 'light' });
  await page.addInitScript((darkMode) => {
    if (darkMode && localStorage.getItem('portal.layoutSettings') === null)
      localStorage.setItem('portal.layoutSettings', JSON.stringify({ darkMode: true }));
  }, isDark);
  return page;
}

/** Waits until no antd message or loading spinner is on screen, so axe sees the settled page. */
async function settle(page: Page): Promise<void> {
  await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  // Finished entrance animations (antd fades drawers, tabs and rows in).
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

/** Serious and critical findings by screen; every screen of a test is checked before it fails. */
let findings: Record<string, Finding[]> = {};

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await settle(page);
  const found = await seriousViolations(page);
  if (found.length > 0) findings[what] = found;
}

beforeEach(() => {
  findings = {};
});
afterEach(() => {
  expect(findings).toEqual({});
});

describe.each([
  ['light', false],
  ['dark', true],
])('%s mode', (_mode, isDark) => {
  test('public pages: sign-in variants, 403, 404, 500', { timeout: 120_000 }, async () => {
    const page = await prepare(isDark);
    for (const path of ['/login', '/login/customLogin', '/login/customTmsLogin']) {
      await page.goto(path);
      await page.locator('#login_userName').waitFor();
      await expectNoSeriousViolations(page, path);
    }
    for (const [path, status] of [
      ['/403', '403'],
      ['/404', '404'],
      ['/500', '500'],
      ['/no/such/page', '404'],
    ] as const) {
      await page.goto(path);
      await page.locator('.ant-result-title').waitFor();
      expect(await page.locator('.ant-result').getAttribute('class')).toContain(status);
      await expectNoSeriousViolations(page, path);
    }
    await page.context().close();
  });

  /** A signed-in page in this mode; the session lives in the page's own storage. */
  async function signedIn(): Promise<Page> {
    const page = await prepare(isDark);
    await signIn(page, DEMO);
    await waitForHome(page);
    return page;
  }

  test('home and the settings drawer', { timeout: 120_000 }, async () => {
    const page = await signedIn();
    await expectNoSeriousViolations(page, 'home');
    await openSettings(page);
    await expectNoSeriousViolations(page, 'settings drawer');
    await page.context().close();
  });

  test(
    'user centre: profile, security and login log tabs; not found inside the shell',
    { timeout: 120_000 },
    async () => {
      const page = await signedIn();
      for (const tab of ['profile', 'security', 'loginLog']) {
        await page.goto(`${USER_CENTER}?tab=${tab}`);
        const panel = { profile: 'profile', security: 'security-overview', loginLog: 'login-log' }[tab];
        await page.locator(`[data-testid=${panel}]`).first().waitFor();
        if (tab === 'loginLog')
          await page.locator('[data-testid=login-log] .ant-table-row').first().waitFor();
        await expectNoSeriousViolations(page, `user centre ${tab}`);
      }
      await page.goto('/user/no-such-page');
      await page.locator('.ant-result').waitFor();
      await expectNoSeriousViolations(page, 'not found inside the shell');
      await page.context().close();
    },
  );

  test('address book, its form and its import dialog', { timeout: 120_000 }, async () => {
    const page = await signedIn();
    await page.goto(ADDRESS_BOOK);
    await page.locator('[data-testid=address-add]').first().waitFor();
    await expectNoSeriousViolations(page, 'address book');

    await page.locator('[data-testid=address-add]').first().click();
    await page.locator('form#address-form').waitFor();
    await expectNoSeriousViolations(page, 'address form');
    await page.keyboard.press('Escape');
    await page.locator('form#address-form').waitFor({ state: 'hidden' });

    await page.locator('[data-testid=address-import]').first().click();
    await page.locator('.ant-modal:visible').waitFor();
    await expectNoSeriousViolations(page, 'address import');
    await page.context().close();
  });

  test('a guarded page refused: 403 for a user without the permission', async () => {
    const page = await prepare(isDark);
    await signIn(page, VIEWER);
    await page.goto(ADDRESS_BOOK);
    await page.waitForURL((url) => url.pathname === '/403');
    await page.locator('.ant-result').waitFor();
    await expectNoSeriousViolations(page, '403 after sign-in');
    await page.context().close();
  });
});
