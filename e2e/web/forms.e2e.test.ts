import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openSettings, shellLayout, waitForHome } from './shell.ts';

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

async function signedInPage(): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl });
  await signIn(page, DEMO);
  await waitForHome(page);
  return page;
}

const fieldError = (page: Page, fieldId: string): Locator =>
  page.locator(`.ant-form-item:has(#${fieldId}) .ant-form-item-explain-error`);
const addressForm = (page: Page) => page.locator('form#address-form');
const discardQuestion = (page: Page) => page.locator('.ant-modal-confirm:visible');

async function openNewAddressForm(page: Page): Promise<void> {
  await page.goto(ADDRESS_BOOK);
  await page.locator('[data-testid=address-book] [data-testid=address-add]').first().click();
  await addressForm(page).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'address_name');
}

describe('forms', () => {
  test('address fields are checked on blur, not on the first keystroke, in plain words', async () => {
    const page = await signedInPage();
    await openNewAddressForm(page);
    const name = page.locator('#address_name');
    expect(await name.getAttribute('maxlength')).toBe('100');
    expect(await page.locator('#address_addressLine1').getAttribute('maxlength')).toBe('200');

    await name.pressSequentially('张\u202E三');
    // Still typing: nothing shown yet. The check runs when the field is left.
    expect(await fieldError(page, 'address_name').count()).toBe(0);
    await page.locator('#address_phone').focus();
    await fieldError(page, 'address_name')
      .filter({ hasText: '姓名含有改变文字方向的特殊字符，请删除后重试' })
      .waitFor();
    // The phone field was only visited, so only its own check may speak after it is left.
    expect(await fieldError(page, 'address_phone').count()).toBe(0);
    await page.context().close();
  });

  test('closing the address form with changes asks first: Esc, close button and mask', async () => {
    const page = await signedInPage();
    await openNewAddressForm(page);

    // Untouched: Esc closes at once.
    await page.keyboard.press('Escape');
    await addressForm(page).waitFor({ state: 'hidden' });

    await page.locator('[data-testid=address-book] [data-testid=address-add]').first().click();
    await addressForm(page).waitFor();
    await page.locator('#address_name').fill('未保存的人');

    await page.keyboard.press('Escape');
    await discardQuestion(page)
      .locator('.ant-modal-confirm-title', { hasText: '放弃未保存的修改？' })
      .waitFor();
    await page.locator('[data-testid=keep-editing]:visible').click();
    await discardQuestion(page).waitFor({ state: 'hidden' });
    expect(await page.locator('#address_name').inputValue()).toBe('未保存的人');

    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await discardQuestion(page).waitFor();
    await page.locator('[data-testid=keep-editing]:visible').click();
    await discardQuestion(page).waitFor({ state: 'hidden' });

    await page.locator('.ant-drawer-open .ant-drawer-mask').click({ position: { x: 20, y: 300 } });
    await discardQuestion(page).waitFor();
    await page.locator('[data-testid=discard-changes]:visible').click();
    await addressForm(page).waitFor({ state: 'hidden' });
    await page.context().close();
  });

  test('the settings drawer closes on Esc after a layout switch', async () => {
    const page = await signedInPage();
    await openSettings(page);
    await page.locator('[data-testid=layout-side]').click();
    await page.locator('.shell[data-layout=side]').waitFor();
    // The pointer still rests on the button, so its tooltip is open: one Esc still closes the drawer.
    await page.locator('.ant-tooltip:visible').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open:has([data-testid=layout-top])').waitFor({ state: 'hidden' });
    expect(await shellLayout(page)).toBe('side');

    await openSettings(page);
    await page.locator('[data-testid=layout-top]').click();
    await page.locator('.shell[data-layout=top]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open:has([data-testid=layout-top])').waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
