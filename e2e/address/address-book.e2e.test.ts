import { readFile } from 'node:fs/promises';
import { ADDRESS_SHEET_COLUMNS } from '@portal/contracts/address';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { DEMO, VIEWER, signIn } from '../support/demo.ts';
import { pickOption } from '../support/select.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { addressApi, chineseSender, type AddressApi } from './address-api.ts';

const ADDRESS_BOOK = '/user/orders/address';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let server: RunningServer;
let browser: Browser;
let api: AddressApi;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await addressApi(server.baseUrl, DEMO);
  page = await newPage(browser, { baseUrl: server.baseUrl });
  await signIn(page, DEMO);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAddressBook(type: 'sender' | 'receiver' = 'sender'): Promise<void> {
  await page.goto(type === 'receiver' ? `${ADDRESS_BOOK}?type=receiver` : ADDRESS_BOOK);
  await page.locator('[data-testid=address-book]').waitFor();
  // The first answer replaces the skeleton with the table or the empty state.
  await page.locator('[data-testid=address-table], [data-testid=address-empty]').first().waitFor();
}

const rows = () => page.locator('[data-testid=address-table] tbody tr.ant-table-row');
const rowOf = (name: string): Locator => rows().filter({ hasText: name });
const fieldError = (fieldId: string): Locator =>
  page.locator(`.ant-form-item:has(#${fieldId}) .ant-form-item-explain-error`);
const drawer = () => page.locator('form#address-form');

async function openNewAddressForm(): Promise<void> {
  await page.locator('[data-testid=address-book] [data-testid=address-add]').first().click();
  await drawer().waitFor();
  // The name field has the focus as soon as the drawer is open.
  await page.waitForFunction(() => document.activeElement?.id === 'address_name');
}

async function pickCountry(name: string): Promise<void> {
  await pickOption(page, '#address_countryCode', name);
}

/** Types into the search box and waits for the list answer that carries the keyword. */
async function search(keyword: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/CustomerAddress/Query') &&
      new URL(response.url()).searchParams.get('keyword') === keyword,
  );
  await page.locator('[data-testid=address-search] input').fill(keyword);
  await answered;
}

async function clearSearch(): Promise<void> {
  await page.locator('[data-testid=address-search] input').fill('');
}

async function saveDownload(
  trigger: () => Promise<void>,
): Promise<{ name: string; path: string; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), path, content: await readFile(path) };
}

async function exportAs(format: 'xlsx' | 'csv') {
  return saveDownload(async () => {
    await page.locator('[data-testid=address-export]').click();
    await page.locator(`[data-testid=address-export-${format}]`).click();
  });
}

describe('address book', () => {
  test('adds a Chinese address by picking province, city and district in the cascader', async () => {
    await openAddressBook();
    await openNewAddressForm();
    await page.locator('#address_name').fill('张三');
    await page.locator('#address_phone').fill('13912345678');
    await page.locator('#address_company').fill('深圳市演示跨境电商有限公司');
    await page.locator('#address_region').click();
    for (const level of ['广东省', '深圳市', '南山区']) {
      await page.locator(`.ant-cascader-dropdown:visible .ant-cascader-menu-item[title="${level}"]`).click();
    }
    await page.locator('#address_postalCode').fill('518057');
    await page.locator('#address_addressLine1').fill('科技园南区 8 栋');
    // Enter in any field saves the form.
    await page.locator('#address_addressLine1').press('Enter');

    const row = rowOf('张三');
    await row.waitFor();
    expect(await row.innerText()).toContain('广东省 / 深圳市 / 南山区');
    expect(await row.innerText()).toContain('中国');
    await drawer().waitFor({ state: 'hidden' });
  });

  test('adds a foreign address after refusing a postal code that does not fit the country', async () => {
    await openAddressBook('receiver');
    await openNewAddressForm();
    await page.locator('#address_name').fill('John Smith');
    await page.locator('#address_phone').fill('+1 212 555 0100');
    await pickCountry('美国');
    // Other countries take free text for state and city.
    await page.locator('#address_province').fill('NY');
    await page.locator('#address_city').fill('New York');
    await page.locator('#address_postalCode').fill('1234');
    await page.locator('#address_addressLine1').fill('350 Fifth Avenue');
    await page.locator('[data-testid=address-save]').click();

    await fieldError('address_postalCode').filter({ hasText: '邮编格式与该国家/地区不符' }).waitFor();
    await screenshot(page, 'address-form-postal-error');
    expect(await rowOf('John Smith').count()).toBe(0);

    await page.locator('#address_postalCode').fill('10118');
    await page.locator('[data-testid=address-save]').click();
    const row = rowOf('John Smith');
    await row.waitFor();
    expect(await row.innerText()).toContain('美国');
    expect(await row.innerText()).toContain('10118');
  });

  test("shows the server's field errors on the matching form fields", async () => {
    await api.create(chineseSender({ name: '字段错误' }));
    await openAddressBook();
    // The browser checks the same rules first, so this answer is staged: it is the server's error contract.
    await page.route('**/api/CustomerAddress/Update', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 400,
          success: false,
          message: '请求参数有误',
          data: { errors: [{ field: 'district', message: '该城市下没有这个区县' }] },
        }),
      }),
    );
    try {
      await rowOf('字段错误').locator('[data-testid=address-edit]').click();
      await drawer().waitFor();
      await page.locator('[data-testid=address-save]').click();
      // District errors of Chinese addresses belong to the cascader.
      await fieldError('address_region').filter({ hasText: '该城市下没有这个区县' }).waitFor();
    } finally {
      await page.unroute('**/api/CustomerAddress/Update');
    }
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
  });

  test('sets a default address, one per type', async () => {
    await api.create(chineseSender({ name: '默认候选甲' }));
    await api.create(
      chineseSender({ name: '默认候选乙', city: '宁波市', district: '鄞州区', postalCode: '315000' }),
    );
    await openAddressBook();

    await rowOf('默认候选甲').locator('[data-testid=address-set-default]').click();
    await rowOf('默认候选甲').locator('[data-testid=address-default-tag]').waitFor();

    await rowOf('默认候选乙').locator('[data-testid=address-set-default]').click();
    await rowOf('默认候选乙').locator('[data-testid=address-default-tag]').waitFor();
    await rowOf('默认候选甲').locator('[data-testid=address-default-tag]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid=address-default-tag]').count()).toBe(1);
    // Defaults are listed first.
    expect(await rows().first().innerText()).toContain('默认候选乙');
  });

  test('deletes the selected addresses after a confirmation', async () => {
    await api.create(chineseSender({ name: '批量删除甲' }));
    await api.create(chineseSender({ name: '批量删除乙' }));
    await api.create(chineseSender({ name: '批量保留丙' }));
    await openAddressBook();
    await search('批量');
    await expect.poll(() => rows().count()).toBe(3);

    await rowOf('批量删除甲').locator('input[type=checkbox]').check();
    await rowOf('批量删除乙').locator('input[type=checkbox]').check();
    await page.locator('[data-testid=address-batch-delete]').click();
    await page.locator('.ant-popover:visible').getByText('确定删除选中的 2 个地址吗').waitFor();
    await page.locator('.ant-popover:visible .ant-btn-dangerous').click();

    await rowOf('批量删除甲').waitFor({ state: 'detached' });
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('批量保留丙');
    expect(await api.count({ keyword: '批量删除' })).toBe(0);
  });

  test('searches by name, phone, company and city', async () => {
    await api.create(chineseSender({ name: '搜索王五', phone: '13700001111', company: '星河贸易有限公司' }));
    await api.create(
      chineseSender({
        name: '搜索赵六',
        phone: '13700002222',
        province: '四川省',
        city: '成都市',
        district: '武侯区',
        postalCode: '610000',
      }),
    );
    await openAddressBook();

    for (const [keyword, expected] of [
      ['搜索王五', '搜索王五'],
      ['13700002222', '搜索赵六'],
      ['星河贸易', '搜索王五'],
      ['成都', '搜索赵六'],
    ] as const) {
      await search(keyword);
      await expect.poll(() => rows().count()).toBe(1);
      expect(await rows().first().innerText()).toContain(expected);
    }
    await search('没有这个人');
    // Wait for the filtered answer to render before counting, or the previous rows are still there.
    await page.getByText('没有符合条件的地址').waitFor();
    await expect.poll(() => rows().count()).toBe(0);
  });

  test('imports the template: a sheet with a bad row imports nothing, the corrected sheet imports every row', async () => {
    await openAddressBook();
    await page.locator('[data-testid=address-book] [data-testid=address-import]').first().click();
    const template = await saveDownload(() =>
      page.locator('[data-testid=address-template-download]').click(),
    );
    expect(template.name).toBe('地址导入模板.xlsx');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template.path);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(
      expect.arrayContaining(['地址类型', '姓名', '电话', '国家/地区', '邮编', '地址1']),
    );
    const column = (header: string) => headers.indexOf(header) + 1;
    const fill = (rowNumber: number, values: Record<string, string>) => {
      for (const [header, value] of Object.entries(values))
        sheet.getCell(rowNumber, column(header)).value = value;
    };
    fill(2, {
      地址类型: '发件人',
      姓名: '导入甲',
      电话: '13800138001',
      '国家/地区': 'CN',
      '省/州': '广东省',
      城市: '深圳市',
      区县: '福田区',
      邮编: '518000',
      地址1: '福华路 1 号',
    });
    fill(3, {
      地址类型: '收件人',
      姓名: 'Import Bad',
      电话: '+1 415 555 0100',
      '国家/地区': 'US',
      '省/州': 'CA',
      城市: 'San Francisco',
      邮编: 'ABCDE',
      地址1: '1 Market St',
    });
    const upload = async () => {
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      await page
        .locator('.ant-modal input[type=file]')
        .setInputFiles({ name: 'addresses.xlsx', mimeType: XLSX_TYPE, buffer });
    };

    await upload();
    const errors = page.locator('[data-testid=address-import-errors]');
    await errors.waitFor();
    expect(await errors.innerText()).toContain('未导入任何地址');
    const errorRows = errors.locator('tbody tr.ant-table-row');
    expect(await errorRows.count()).toBe(1);
    const errorCells = await errorRows.first().locator('td').allInnerTexts();
    expect(errorCells[0]).toBe('3');
    expect(errorCells[1]).toBe('邮编');
    expect(errorCells[2]).toContain('邮编格式与该国家/地区不符');
    expect(await api.count({ keyword: '导入甲' })).toBe(0);
    await screenshot(page, 'address-import-errors');

    fill(3, { 邮编: '94105' });
    await upload();
    await page
      .locator('[data-testid=address-import-success]')
      .filter({ hasText: '已导入 2 个地址' })
      .waitFor();
    await page.locator('.ant-modal-footer button').click();
    await rowOf('导入甲').waitFor();
    expect(await api.count({ addressType: 'receiver', keyword: 'Import Bad' })).toBe(1);
  });

  test('lists rows identical to an existing address or another row, skips them, and imports them when kept', async () => {
    const sender = chineseSender({ name: '重复乙', phone: '13700001111' });
    await api.create(sender);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('地址');
    sheet.addRow(ADDRESS_SHEET_COLUMNS.map((c) => c.header['zh-CN']));
    const row = (name: string, phone: string) => {
      const values: Record<string, string> = {
        addressType: '发件人',
        name,
        phone,
        countryCode: 'CN',
        province: sender.province ?? '',
        city: sender.city,
        district: sender.district ?? '',
        postalCode: sender.postalCode ?? '',
        addressLine1: sender.addressLine1,
        isDefault: '否',
      };
      sheet.addRow(ADDRESS_SHEET_COLUMNS.map((c) => values[c.field] ?? ''));
    };
    row('重复乙', '13700001111'); // row 2: already in the book
    row('重复丙', '13700002222'); // row 3: new
    row(' 重复丙 ', '13700002222'); // row 4: row 3 again (spaces trimmed)
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    await openAddressBook();
    await page.locator('[data-testid=address-book] [data-testid=address-import]').first().click();
    const upload = () =>
      page
        .locator('.ant-modal input[type=file]')
        .setInputFiles({ name: 'addresses.xlsx', mimeType: XLSX_TYPE, buffer });

    await upload();
    const review = page.locator('[data-testid=address-import-duplicates]');
    await review.waitFor();
    expect(await review.innerText()).toContain('文件中 3 行里有 2 行与已有地址或文件中其他行重复');
    const listed = review.locator('tbody tr.ant-table-row');
    expect(await listed.count()).toBe(2);
    expect(await listed.nth(0).innerText()).toContain('地址簿中已有');
    expect(await listed.nth(1).innerText()).toContain('与第 3 行相同');
    const keep = page.getByRole('checkbox', { name: '同时导入重复的行' });
    expect(await keep.isChecked()).toBe(false);
    await screenshot(page, 'address-import-duplicates');
    await page.locator('[data-testid=address-import-confirm]').click();
    await page
      .locator('[data-testid=address-import-success]')
      .filter({ hasText: '已导入 1 个地址' })
      .filter({ hasText: '已跳过 2 个重复的行' })
      .waitFor();
    expect(await api.count({ keyword: '重复乙' })).toBe(1);
    expect(await api.count({ keyword: '重复丙' })).toBe(1);

    // The same file again (as after a lost answer): every row is a duplicate; kept on request.
    await page.locator('.ant-modal-footer button').click();
    await page.locator('.ant-modal-content').waitFor({ state: 'hidden' });
    await page.locator('[data-testid=address-book] [data-testid=address-import]').first().click();
    await upload();
    await review.waitFor();
    expect(await review.locator('tbody tr.ant-table-row').count()).toBe(3);
    await keep.check();
    await page.locator('[data-testid=address-import-confirm]').click();
    await page
      .locator('[data-testid=address-import-success]')
      .filter({ hasText: '已导入 3 个地址' })
      .waitFor();
    expect(await api.count({ keyword: '重复丙' })).toBe(3);
    await page.locator('.ant-modal-footer button').click();
  });

  test('exports the filtered list as CSV and the whole type as xlsx, under the server file names', async () => {
    await api.create(chineseSender({ name: '导出孙七', company: '=1+2', phone: '13600003333' }));
    await api.create(chineseSender({ name: '导出周八', phone: '13600004444' }));
    await openAddressBook();
    await search('导出孙七');

    const csv = await exportAs('csv');
    expect(csv.name).toMatch(/^地址簿-\d{8}\.csv$/);
    const text = csv.content.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toContain('姓名');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('导出孙七');
    // A cell that would run as a formula is written as text.
    expect(lines[1]).toContain("'=1+2");

    await clearSearch();
    await rowOf('导出周八').waitFor();
    const xlsx = await exportAs('xlsx');
    expect(xlsx.name).toMatch(/^地址簿-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount - 1).toBe(await api.count({ addressType: 'sender' }));
  });

  test('keeps users without address:view out of the address book', async () => {
    const viewerPage = await newPage(browser, { baseUrl: server.baseUrl });
    try {
      await signIn(viewerPage, VIEWER);
      await viewerPage.goto(ADDRESS_BOOK);
      await viewerPage.waitForURL((url) => url.pathname === '/403');
    } finally {
      await viewerPage.context().close();
    }
  });

  test('renders in each language, in the dark theme and 375 px wide', async () => {
    await api.create(
      chineseSender({ name: '截图周九', company: '演示贸易有限公司', email: 'zhou@example.com' }),
    );
    const shots: { name: string; language: string; isDark?: boolean; width?: number; tab: string }[] = [
      { name: 'address-zh-CN', language: 'zh-CN', tab: '发件人地址' },
      { name: 'address-en-US', language: 'en-US', tab: 'Sender addresses' },
      { name: 'address-zh-TW', language: 'zh-TW', tab: '寄件人地址' },
      { name: 'address-dark', language: 'zh-CN', isDark: true, tab: '发件人地址' },
      { name: 'address-375', language: 'zh-CN', width: 375, tab: '发件人地址' },
    ];
    for (const shot of shots) {
      const shotPage = await newPage(browser, {
        baseUrl: server.baseUrl,
        locale: shot.language,
        colorScheme: shot.isDark ? 'dark' : 'light',
        viewport: { width: shot.width ?? 1280, height: 800 },
      });
      try {
        await shotPage.addInitScript(
          ({ language, isDark }) => {
            localStorage.setItem('portal.language', JSON.stringify(language));
            localStorage.setItem('portal.layoutSettings', JSON.stringify({ darkMode: isDark }));
          },
          { language: shot.language, isDark: Boolean(shot.isDark) },
        );
        await signIn(shotPage, DEMO);
        await shotPage.goto(ADDRESS_BOOK);
        // Wide screens list addresses in a table, phones as cards.
        await shotPage
          .locator('[data-testid=address-table] tbody tr.ant-table-row, [data-testid=address-card]')
          .first()
          .waitFor();
        await shotPage.getByRole('tab', { name: shot.tab }).waitFor();
        if (shot.width) {
          // Nothing sticks out of a phone screen: wide tables scroll inside their own box.
          const overflow = await shotPage.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
        }
        await screenshot(shotPage, shot.name);
      } finally {
        await shotPage.context().close();
      }
    }
  });
});

/**
 * Long enough that signing in and opening the first page finish inside it even on a busy machine (two
 * browser files run at once), short enough to wait out.
 */
const SHORT_TOKEN_SECONDS = 5;

describe('address book with a short-lived access token', () => {
  let shortLived: RunningServer;
  beforeAll(async () => {
    shortLived = await startServer({ ACCESS_TOKEN_TTL_SECONDS: String(SHORT_TOKEN_SECONDS) });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  test('an export after the access token ran out refreshes it and still downloads the file', async () => {
    const shortPage = await newPage(browser, { baseUrl: shortLived.baseUrl });
    try {
      await signIn(shortPage, DEMO);
      await shortPage.goto(ADDRESS_BOOK);
      await shortPage.locator('[data-testid=address-empty]').waitFor();
      // Let the short access token run out.
      await shortPage.waitForTimeout(SHORT_TOKEN_SECONDS * 1000 + 1000);

      const refreshed = shortPage.waitForResponse((response) =>
        response.url().includes('/api/Login/RefreshToken'),
      );
      const [download] = await Promise.all([
        shortPage.waitForEvent('download'),
        (async () => {
          await shortPage.locator('[data-testid=address-export]').click();
          await shortPage.locator('[data-testid=address-export-csv]').click();
        })(),
      ]);
      expect(((await (await refreshed).json()) as { code: number }).code).toBe(200);
      expect(download.suggestedFilename()).toMatch(/^地址簿-\d{8}\.csv$/);
      expect(new URL(shortPage.url()).pathname).toBe(ADDRESS_BOOK);
    } finally {
      await shortPage.context().close();
    }
  });
});
