import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { addressApi, chineseSender } from '../address/address-api.ts';
import { USER_CENTER, waitForHome } from './shell.ts';

/**
 * Phone width (375 px): wide tables scroll inside themselves and the page never scrolls sideways.
 * Laptop width (1366 px): the address table shows its key columns whole.
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
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl, viewport });
  await signIn(page, DEMO);
  await waitForHome(page);
  return page;
}

/** How far the page itself scrolls sideways (0 when it does not). */
function sideScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** The box of an element, and whether it lies within the window horizontally. */
async function horizontalBox(locator: Locator): Promise<{ left: number; right: number; inside: boolean }> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, right: rect.right, inside: rect.left >= 0 && rect.right <= window.innerWidth };
  });
}

/** The table's own scroller is no wider than the window and scrolls its wider content. */
async function expectTableScrollsInside(table: Locator): Promise<void> {
  const scroller = table.locator('.ant-table-content, .ant-table-body').first();
  expect(await horizontalBox(scroller)).toMatchObject({ inside: true });
  const { scrollWidth, clientWidth } = await scroller.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThanOrEqual(clientWidth);
}

describe('375 px wide', () => {
  const PHONE = { width: 375, height: 812 };

  test('the address import error table scrolls inside the dialog, not the page', async () => {
    const page = await signedIn(PHONE);
    await page.goto(ADDRESS_BOOK);
    await page.locator('[data-testid=address-import]').first().click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid=address-template-download]').click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const row: Record<string, string> = {
      地址类型: '收件人',
      姓名: 'Narrow Screen Importer With A Long Name',
      电话: '+1 415 555 0100',
      '国家/地区': 'US',
      '省/州': 'CA',
      城市: 'San Francisco',
      邮编: 'ABCDE-NOT-A-ZIP',
      地址1: '1 Market St',
    };
    for (const [header, value] of Object.entries(row))
      sheet.getCell(2, headers.indexOf(header) + 1).value = value;
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'bad.xlsx', mimeType: XLSX_TYPE, buffer });
    const errors = page.locator('[data-testid=address-import-errors]');
    await errors.locator('tbody tr.ant-table-row').first().waitFor();

    expect(
      await horizontalBox(page.locator('.ant-modal-container, .ant-modal-content').first()),
    ).toMatchObject({
      inside: true,
    });
    await expectTableScrollsInside(errors.locator('.ant-table'));
    // Every column of the error table can be reached: the message column is not squeezed to nothing.
    const messageCell = errors.locator('tbody tr.ant-table-row td').nth(2);
    expect((await messageCell.boundingBox())!.width).toBeGreaterThanOrEqual(120);
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'responsive-375-import-errors');
    await page.context().close();
  });

  test('the region picker keeps its three levels on the screen', async () => {
    const page = await signedIn(PHONE);
    await page.goto(ADDRESS_BOOK);
    await page.locator('[data-testid=address-book] [data-testid=address-add]').first().click();
    await page.locator('form#address-form').waitFor();
    // The drawer puts the focus in the name field once it is open; wait for that before scrolling down.
    await page.waitForFunction(() => document.activeElement?.id === 'address_name');
    await page.locator('#address_region').click();
    const popup = page.locator('.region-cascader-popup:visible');
    const menus = popup.locator('.ant-cascader-menu');
    const item = (level: number, name: string) =>
      menus.nth(level).locator('.ant-cascader-menu-item').filter({ hasText: name }).first();
    // As a finger would: scroll the level's own list to the place (not the form behind it), then tap it.
    const pick = async (level: number, name: string) => {
      await menus.nth(level).evaluate((menu, title) => {
        const entry = Array.from(menu.querySelectorAll<HTMLElement>('li')).find((li) => li.title === title);
        if (entry) menu.scrollTop = entry.offsetTop - 8;
      }, name);
      await item(level, name).click();
    };
    await pick(0, '广东省');
    await pick(1, '广州市');
    await item(2, '天河区').waitFor();
    expect(await menus.count()).toBe(3);
    expect(await horizontalBox(popup)).toMatchObject({ inside: true });
    for (let level = 0; level < 3; level++)
      expect(await horizontalBox(menus.nth(level)), `level ${level + 1}`).toMatchObject({ inside: true });
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'responsive-375-region-picker');
    await pick(2, '天河区');
    const picked = page.locator('form#address-form .ant-cascader [title]').first();
    expect(await picked.getAttribute('title')).toContain('天河区');
    await page.context().close();
  });

  test('the login log table scrolls inside itself, not the page', async () => {
    const page = await signedIn(PHONE);
    await page.goto(`${USER_CENTER}?tab=loginLog`);
    await page.locator('[data-testid=login-log] tbody tr.ant-table-row').first().waitFor();
    await expectTableScrollsInside(page.locator('[data-testid=login-log]').first());
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'responsive-375-login-log');
    await page.context().close();
  });
});

describe('1366 px wide', () => {
  test('the address table shows name, phone, country, region and the default flag whole', async () => {
    const api = await addressApi(server.baseUrl, DEMO);
    await api.create(
      chineseSender({
        name: 'Alexandrina Montgomery-Richardson',
        company: 'International Parcel Forwarding Corporation',
        phone: '+86 138 0013 8000',
        isDefault: true,
      }),
    );
    const page = await newPage(browser, { baseUrl: server.baseUrl, viewport: { width: 1366, height: 768 } });
    await page.addInitScript(() => localStorage.setItem('portal.language', JSON.stringify('en-US')));
    await signIn(page, DEMO);
    await waitForHome(page);
    await page.goto(ADDRESS_BOOK);
    const row = page
      .locator('[data-testid=address-table] tr.ant-table-row')
      .filter({ hasText: 'Alexandrina' });
    await row.waitFor();
    const headers = await page.locator('[data-testid=address-table] thead th').allInnerTexts();
    const cellOf = (title: string) => row.locator('td').nth(headers.findIndex((h) => h.trim() === title));

    for (const [title, expected] of [
      ['Name', 'Alexandrina'],
      ['Phone', '+86 138 0013 8000'],
      ['Country/Region', 'China'],
      ['Province / City / District', '浙江省'],
    ] as const) {
      const cell = cellOf(title);
      expect(await cell.innerText(), title).toContain(expected);
      const seen = await cell.evaluate((td) => {
        const scroller = td.closest('.ant-table-content, .ant-table-body')!.getBoundingClientRect();
        const box = td.getBoundingClientRect();
        // What the user sees at the middle of the cell is the cell itself, not a pinned column over it.
        const atMiddle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        // Every word of the value sits on one line: none is broken across lines.
        const broken: string[] = [];
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
        }
        return {
          inside: box.left >= scroller.left - 1 && box.right <= scroller.right + 1,
          uncovered: atMiddle !== null && td.contains(atMiddle),
          broken,
        };
      });
      expect(seen, title).toEqual({ inside: true, uncovered: true, broken: [] });
    }
    const flag = row.locator('[data-testid=address-default-tag]');
    expect(await flag.innerText()).toBe('Default');
    const flagBox = (await flag.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid=address-default-tag]') !== null,
        [flagBox.x + flagBox.width / 2, flagBox.y + flagBox.height / 2],
      ),
    ).toBe(true);
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'responsive-1366-address-table');
    await page.context().close();
  });

  test('import and export have distinct icons; with a red theme colour deleting still looks unlike the primary action', async () => {
    const api = await addressApi(server.baseUrl, DEMO);
    await api.create(chineseSender({ name: '红色主题测试' }));
    const page = await newPage(browser, { baseUrl: server.baseUrl, viewport: { width: 1366, height: 768 } });
    await page.addInitScript(() =>
      localStorage.setItem('portal.layoutSettings', JSON.stringify({ colorPrimary: '#f5222d' })),
    );
    await signIn(page, DEMO);
    await waitForHome(page);
    await page.goto(ADDRESS_BOOK);
    const row = page
      .locator('[data-testid=address-table] tr.ant-table-row')
      .filter({ hasText: '红色主题测试' });
    await row.waitFor();

    const iconOf = (locator: Locator) => locator.locator('[data-icon]').first().getAttribute('data-icon');
    const importIcon = await iconOf(page.locator('[data-testid=address-import]').first());
    const exportIcon = await iconOf(page.locator('[data-testid=address-export]').first());
    expect([importIcon, exportIcon]).toEqual(['upload', 'download']);

    // Edit and delete are both red links with a red theme: only deleting carries the delete icon.
    expect(await row.locator('[data-testid=address-edit] [data-icon]').count()).toBe(0);
    expect(await iconOf(row.locator('[data-testid=address-delete]'))).toBe('delete');

    // Batch delete is an outlined button, the primary action a filled one.
    await row.locator('.ant-checkbox-input').check();
    const look = (testId: string) =>
      page
        .locator(`[data-testid=${testId}]`)
        .first()
        .evaluate((b) => getComputedStyle(b).backgroundColor);
    const [primary, destructive] = [await look('address-add'), await look('address-batch-delete')];
    expect(destructive).not.toBe(primary);
    expect(await iconOf(page.locator('[data-testid=address-batch-delete]'))).toBe('delete');
    await page.context().close();
  });
});

/**
 * Inputs and select boxes whose placeholder is wider than the room they give it, so it shows cut off
 * ("Search name, phone, company or…"). Measured with the input's own font.
 */
function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (!input.placeholder || input.value || input.getClientRects().length === 0) continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (context.measureText(input.placeholder).width > room + 0.5) cut.push(input.placeholder);
    }
    for (const holder of Array.from(document.querySelectorAll<HTMLElement>('.ant-select-placeholder'))) {
      if (holder.getClientRects().length > 0 && holder.scrollWidth > holder.clientWidth + 1)
        cut.push(holder.innerText);
    }
    return cut;
  });
}

describe('placeholders whole in every language', () => {
  test.each([
    { language: 'zh-CN', width: 1366 },
    { language: 'en-US', width: 1366 },
    { language: 'zh-TW', width: 1366 },
    { language: 'zh-CN', width: 375 },
    { language: 'en-US', width: 375 },
    { language: 'zh-TW', width: 375 },
  ])('address book and its form, $language at $width px', async ({ language, width }) => {
    const page = await newPage(browser, {
      baseUrl: server.baseUrl,
      locale: language,
      viewport: { width, height: width < 500 ? 812 : 768 },
    });
    await page.addInitScript(
      (value) => localStorage.setItem('portal.language', JSON.stringify(value)),
      language,
    );
    await signIn(page, DEMO);
    await waitForHome(page);
    await page.goto(ADDRESS_BOOK);
    await page.locator('[data-testid=address-search] input').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await cutPlaceholders(page)).toEqual([]);

    await page.locator('[data-testid=address-book] [data-testid=address-add]').first().click();
    await page.locator('form#address-form').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'address_name');
    expect(await cutPlaceholders(page)).toEqual([]);
    await page.context().close();
  });
});
