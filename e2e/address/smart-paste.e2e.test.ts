import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const ADDRESS_BOOK = '/user/orders/address';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await newPage(browser, { baseUrl: server.baseUrl });
  await signIn(page, DEMO);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const drawer = () => page.locator('form#address-form');
const rowOf = (name: string): Locator =>
  page.locator('[data-testid=address-table] tbody tr.ant-table-row').filter({ hasText: name });
const formItem = (fieldId: string): Locator => page.locator(`.ant-form-item:has(#${fieldId})`);
const value = (fieldId: string) => page.locator(`#${fieldId}`).inputValue();

async function openNewAddressForm(type: 'sender' | 'receiver'): Promise<void> {
  await page.goto(type === 'receiver' ? `${ADDRESS_BOOK}?type=receiver` : ADDRESS_BOOK);
  await page.locator('[data-testid=address-table], [data-testid=address-empty]').first().waitFor();
  await page.locator('[data-testid=address-book] [data-testid=address-add]').first().click();
  await drawer().waitFor();
  // The name field has the focus as soon as the drawer is open.
  await page.waitForFunction(() => document.activeElement?.id === 'address_name');
}

/** Opens the smart paste box, pastes the text and recognizes it with Ctrl+Enter. */
async function smartPaste(text: string): Promise<void> {
  const box = page.locator('[data-testid=address-smart-paste]');
  await box.getByText('智能识别').click();
  const textArea = page.locator('[data-testid=address-smart-paste-text]');
  await textArea.fill(text);
  await textArea.press('Control+Enter');
  await page.locator('[data-testid=address-smart-paste-filled]').waitFor();
}

const unplaced = () => page.locator('[data-testid=address-smart-paste-unplaced] li').allInnerTexts();

describe('smart paste in the address drawer', () => {
  test('a Chinese chat address fills name, phone, region and street; the chat words are listed', async () => {
    await openNewAddressForm('receiver');
    await smartPaste('张三丰 13912345678 广东深圳南山区科技园南区 8 栋 谢谢老板');

    expect(await value('address_name')).toBe('张三丰');
    expect(await value('address_phone')).toBe('13912345678');
    expect(await value('address_addressLine1')).toBe('科技园南区 8 栋');
    expect(await formItem('address_region').innerText()).toContain('广东省 / 深圳市 / 南山区');
    expect(await formItem('address_countryCode').innerText()).toContain('中国');
    expect(await unplaced()).toEqual(['谢谢老板']);
    // The name was left empty when the focus moved to the paste box; filled now, its error is gone.
    await page
      .locator('.ant-form-item:has(#address_name) .ant-form-item-explain-error')
      .waitFor({ state: 'detached' });
    await screenshot(page, 'address-smart-paste-chinese');

    await page.locator('[data-testid=address-save]').click();
    const row = rowOf('张三丰');
    await row.waitFor();
    expect(await row.innerText()).toContain('广东省 / 深圳市 / 南山区');
    await drawer().waitFor({ state: 'hidden' });
  });

  test('a US address switches the country and fills state, city, ZIP and both lines', async () => {
    await openNewAddressForm('receiver');
    await smartPaste(
      'John Appleseed\n1 Infinite Loop, Suite 200, Cupertino, CA 95014, USA\n+1 408 555 0100\nPlease ring twice',
    );

    expect(await formItem('address_countryCode').innerText()).toContain('美国');
    expect(await value('address_name')).toBe('John Appleseed');
    expect(await value('address_phone')).toBe('+1 408 555 0100');
    expect(await value('address_province')).toBe('CA');
    expect(await value('address_city')).toBe('Cupertino');
    expect(await value('address_postalCode')).toBe('95014');
    expect(await value('address_addressLine1')).toBe('1 Infinite Loop');
    expect(await value('address_addressLine2')).toBe('Suite 200');
    expect(await unplaced()).toEqual(['Please ring twice']);
    await screenshot(page, 'address-smart-paste-us');

    await page.locator('[data-testid=address-save]').click();
    const row = rowOf('John Appleseed');
    await row.waitFor();
    expect(await row.innerText()).toContain('美国');
    expect(await row.innerText()).toContain('95014');
  });

  test('Traditional Chinese is matched against the Simplified division data', async () => {
    await openNewAddressForm('sender');
    await smartPaste('收件人：陳小華\n電話：13800138000\n地址：浙江省杭州市西湖區文三路 100 號\n週末不收貨');

    expect(await value('address_name')).toBe('陳小華');
    // 西湖區 is found as 西湖区 only through the Traditional → Simplified conversion.
    expect(await formItem('address_region').innerText()).toContain('浙江省 / 杭州市 / 西湖区');
    expect(await value('address_addressLine1')).toBe('文三路 100 號');
    expect(await unplaced()).toEqual(['週末不收貨']);
    await page.keyboard.press('Escape');
    // Pasting changed the form, so closing asks first.
    await page.locator('[data-testid=discard-changes]:visible').click();
    await drawer().waitFor({ state: 'hidden' });
  });
});
