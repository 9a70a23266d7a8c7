import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { withPortal } from '../support/portal.ts';
import { USER_CENTER, waitForHome } from './shell.ts';

/**
 * The open API's pages in the browser: a token made in the user centre, used at once on the online API
 * test page (get the balance: 200 and the curl command), and the API document opened signed out. Then
 * the three pages in the three languages, dark and at 375 px, for screenshots.
 */

const portal = withPortal({ operatorKey: 'e2e-operator-key-for-api-pages' });
const API_DOCUMENT = '/user/userCenterManagement/apiDocument';
const API_TEST = '/user/userCenterManagement/apiTest';

/** Makes a token in the user centre's tab and answers the secret its dialog shows once. */
async function createToken(page: Page, name: string): Promise<string> {
  await page.goto(`${USER_CENTER}?tab=apiTokens`);
  await page.locator('[data-testid=api-token-create]:not([disabled])').click();
  await page.locator('[data-testid=api-token-name]').fill(name);
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  const secret = (await page.locator('[data-testid=api-token-secret]').innerText()).trim();
  await page.locator('[data-testid=api-token-done]').click();
  await page.locator('[data-testid=api-token-table] tbody tr', { hasText: name }).waitFor();
  return secret;
}

/** Chooses an operation on the test page by typing part of its path into the searchable select. */
async function chooseOperation(page: Page, pathPart: string): Promise<void> {
  await page.locator('#api-test-operation').click();
  await page.locator('#api-test-operation').fill(pathPart);
  await page.keyboard.press('Enter');
}

describe('API pages', () => {
  test('a token made in the user centre gets the balance on the test page, with its curl command', async () => {
    const page = await portal.openSignedIn();
    await waitForHome(page);
    const secret = await createToken(page, 'ERP e2e');
    expect(secret).toMatch(/^pk_live_/);
    // Shown once: the list holds only its prefix.
    expect(await page.locator('[data-testid=api-token-table]').innerText()).not.toContain(secret);
    await screenshot(page, 'api-tokens-zh-CN');

    // The menu leads to the test page (personal settings → online API test).
    await page.goto(API_TEST);
    await page.locator('[data-testid=api-test]').waitFor();
    await chooseOperation(page, '/balance');
    await page.locator('[data-testid=api-test-token]').fill(secret);
    await page.locator('[data-testid=api-test-send]').click();
    await page.locator('[data-testid=api-test-status]').waitFor();
    expect(await page.locator('[data-testid=api-test-status]').innerText()).toContain('200');
    expect(await page.locator('[data-testid=api-test-body-out]').innerText()).toContain('CNY');
    const curl = await page.locator('[data-testid=api-test-curl]').innerText();
    expect(curl).toContain(`curl -X GET '${portal.server.baseUrl}/openapi/v1/balance'`);
    expect(curl).toContain(`Authorization: Bearer ${secret}`);
    await screenshot(page, 'api-test-zh-CN');
    await page.context().close();
  });

  test('signed out, the API document renders outside the shell, in the chosen language', async () => {
    const page = await portal.openPage({ language: 'en-US' });
    await page.goto(API_DOCUMENT);
    await page.locator('[data-testid=api-document]').waitFor();
    expect(await page.locator('.shell').count()).toBe(0);
    const nav = page.locator('[data-testid=api-doc-nav]');
    expect(await nav.innerText()).toContain('Authentication');
    // Keyboard: the navigation's links are reachable and move to their section.
    const balanceLink = nav.locator('a', { hasText: /balance/i }).first();
    await balanceLink.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.className ?? '')).toContain('api-operation');
    await screenshot(page, 'api-document-signed-out-en-US', { fullPage: false });
    await page.context().close();
  });

  test('screenshots: tokens, document and test page in English dark (with axe-core) and in Traditional Chinese at 375 px', async () => {
    // zh-CN light: the journey above took the tokens and the test page.
    for (const [language, options] of [
      ['en-US', { dark: true }],
      ['zh-TW', { width: 375 }],
    ] as const) {
      const page = await portal.openSignedIn({ language, ...options });
      await waitForHome(page);
      const tag = `${language}${'dark' in options ? '-dark' : ''}${'width' in options ? '-375' : ''}`;
      await page.goto(`${USER_CENTER}?tab=apiTokens`);
      await page.locator('[data-testid=api-token-table] tbody tr.ant-table-row').first().waitFor();
      await screenshot(page, `api-tokens-${tag}`);
      if ('dark' in options) expect(await seriousViolations(page)).toEqual([]);
      await page.goto(API_DOCUMENT);
      await page.locator('[data-testid=api-document]').waitFor();
      await screenshot(page, `api-document-${tag}`, { fullPage: false });
      // The create: nested request fields, examples, error answers.
      await page.goto(`${API_DOCUMENT}#createOrder`);
      await page.locator('#createOrder').scrollIntoViewIfNeeded();
      await screenshot(page, `api-document-create-${tag}`, { fullPage: false });
      await page.goto(API_TEST);
      await page.locator('[data-testid=api-test]').waitFor();
      await screenshot(page, `api-test-${tag}`);
      // axe-core on the tokens tab and the test page in the dark theme (the harder contrast case). The
      // whole document, some thousand table rows, takes axe longer than a test may.
      if ('dark' in options) expect(await seriousViolations(page)).toEqual([]);
      if ('width' in options) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    }
  });
});
