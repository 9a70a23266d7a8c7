import { ApiPath } from '@portal/contracts/api-paths';
import type { Envelope } from '@portal/contracts/envelope';
import {
  ORDER_SHEET_COLUMNS,
  type OrderImportSummary,
  type OrderSheetField,
} from '@portal/contracts/order-import';
import type { OrderListItem, OrderQueryResult } from '@portal/contracts/order-list';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addressApi, chineseSender } from '../address/address-api.ts';
import { downloadedTemplate, filledTemplate, usOrder, type SheetRow } from '../order-import/order-sheet.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { pickOption } from '../support/select.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * The batch-create journey in a real browser against the built server: the template downloaded through
 * the page and filled with ExcelJS (a two-parcel order, a row with an error), uploaded, the error fixed in
 * the grid, committed as submitted with its progress and result, and the link to exactly those orders in
 * the order list; a marketplace export through the mapping step saved as a mapping that the next upload
 * is offered; screenshots of the grid with errors and of the mapping step in three languages and dark
 * (`.tmp/screenshots`), and axe on the page in light and dark.
 */

const BATCH_CREATE = '/user/orders/batchCreate';
/** The US line of the demo catalog. */
const US_LINE = 'US-DDP-EXP';
type Language = 'zh-CN' | 'en-US' | 'zh-TW';

let server: RunningServer;
let browser: Browser;
let api: ApiCall;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await apiAs(server.baseUrl, DEMO);
  const login = await fetch(`${server.baseUrl}${ApiPath.CustomerLogin}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: DEMO.loginName, password: DEMO.password }),
  });
  token = ((await login.json()) as Envelope<{ jwtToken: string }>).data.jwtToken;
  const addresses = await addressApi(server.baseUrl, DEMO);
  await addresses.create(chineseSender({ name: '义乌批量仓', isDefault: true }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(
  language: Language,
  options: { dark?: boolean; importId?: string; width?: number } = {},
): Promise<Page> {
  const page = await newPage(browser, {
    baseUrl: server.baseUrl,
    colorScheme: options.dark ? 'dark' : 'light',
    ...(options.width ? { viewport: { width: options.width, height: 800 } } : {}),
  });
  await page.addInitScript(
    ({ lang, dark, importId }) => {
      localStorage.setItem('portal.language', JSON.stringify(lang));
      if (dark) localStorage.setItem('portal.layoutSettings', JSON.stringify({ darkMode: true }));
      if (importId) sessionStorage.setItem('portal.orderImportId', JSON.stringify(importId));
    },
    { lang: language, dark: Boolean(options.dark), importId: options.importId ?? null },
  );
  // Leaving with an unfinished import asks (beforeunload): the tests leave on purpose.
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, DEMO);
  await page.goto(BATCH_CREATE);
  await page.locator('[data-testid=batch-create-page]').waitFor();
  return page;
}

/** A sheet with the template's header row in `language` (what a user's own copy of it looks like). */
function templateShapedSheet(language: Language, rows: SheetRow[]): Promise<Buffer> {
  return sheetOf(
    ORDER_SHEET_COLUMNS.map((column) => `${column.header[language]}${column.required ? ' *' : ''}`),
    rows.map((row) => ORDER_SHEET_COLUMNS.map((column) => row[column.field] ?? '')),
  );
}

async function sheetOf(headers: string[], rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function chooseProduct(page: Page): Promise<void> {
  await pickOption(page, '#order-import-product', US_LINE, `[title*="${US_LINE}"]`);
}

async function upload(page: Page, name: string, buffer: Buffer): Promise<void> {
  // The default sender is preselected from the address book.
  await page.locator('[data-testid=order-import-sender]').getByText('义乌批量仓').waitFor();
  await page.locator('[data-testid=batch-create-page] input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
}

const status = (page: Page, value: string) =>
  page.locator(`[data-testid=batch-create-page][data-status=${value}]`).waitFor({ timeout: 30_000 });
const figure = async (page: Page, name: string) =>
  Number(await page.locator(`[data-testid=order-import-total-${name}]`).getAttribute('data-value'));

/** An import made through the API (multipart, as the page sends it), for the screenshots. */
async function previewThroughApi(
  buffer: Buffer,
  name: string,
  language: Language,
): Promise<OrderImportSummary> {
  const senders = await api<{ items: { id: string; isDefault: boolean }[] }>(
    `${ApiPath.QueryCustomerAddress}?pageIndex=1&pageSize=50&addressType=sender`,
  );
  const sender = senders.items.find((item) => item.isDefault) ?? senders.items[0];
  const form = new FormData();
  form.append('productCode', US_LINE);
  if (sender) form.append('shipperAddressId', sender.id);
  form.append('file', new Blob([new Uint8Array(buffer)]), name);
  const response = await fetch(`${server.baseUrl}${ApiPath.BatchImportPreview}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
    body: form,
  });
  const body = (await response.json()) as Envelope<OrderImportSummary>;
  if (body.code !== 200) throw new Error(`preview answered ${body.code}: ${body.message}`);
  return body.data;
}

describe('batch create from the template', () => {
  test('download, fill, upload, fix one error in the grid, submit, and see exactly those orders', async () => {
    const page = await openPage('en-US');
    const template = await downloadedTemplate(page);
    const run = Date.now().toString(36).toUpperCase();
    const refs = [`BC${run}-1`, `BC${run}-2`, `BC${run}-3`];
    const sheet = await filledTemplate(template, [
      usOrder(refs[0] ?? ''),
      // A two-parcel order: the second row carries only its parcel.
      usOrder(refs[1] ?? '', { consigneeName: 'John Smith' }),
      {
        customerOrderNo: refs[1],
        parcelWeight: '0.5',
        parcelLength: '20',
        parcelWidth: '12',
        parcelHeight: '5',
      },
      // A weight that is no number: the error fixed in the grid.
      usOrder(refs[2] ?? '', { parcelWeight: 'one kilo' }),
    ]);

    await chooseProduct(page);
    const previews: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ApiPath.BatchImportPreview)) previews.push(request.method());
    });
    await upload(page, 'orders.xlsx', sheet);
    await status(page, 'ready');
    expect(previews).toEqual(['POST']);
    expect(await figure(page, 'rows')).toBe(4);
    expect(await figure(page, 'orders')).toBe(3);
    expect(await figure(page, 'invalid')).toBe(1);

    // The grid opens on the invalid view; the cell in error is marked, with its message.
    // Only the columns in view are drawn: "next error" brings the cell in error into view and focuses it.
    expect(await page.locator('[data-testid=order-import-row-errors]').first().innerText()).toContain(
      'Parcel weight',
    );
    await page.locator('[data-testid=order-import-next-error]').click();
    const bad = page.locator('[data-testid=order-import-table] .order-import-cell.is-error:focus');
    await bad.waitFor();
    expect(await bad.innerText()).toBe('one kilo');
    await page.keyboard.press('Enter');
    const editor = page.locator('[data-testid=order-import-cell-editor]');
    await editor.fill('1.5');
    await editor.press('Enter');
    await page.locator('[data-testid=order-import-total-invalid][data-value="0"]').waitFor();
    expect(await figure(page, 'valid')).toBe(3);
    // The fixed line stays in place, now ready, with its price: the focus is back on the fixed cell, and
    // Home shows the line from its start (the charge column).
    await page.locator('[data-testid=order-import-table] .order-import-cell:focus').waitFor();
    await page.keyboard.press('Home');
    await page.locator('[data-testid=order-import-row-state]').first().filter({ hasText: 'Ready' }).waitFor();
    await page.locator('[data-testid=order-import-row-charge]').first().waitFor();

    const commits: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ApiPath.BatchImportCommit))
        commits.push(request.headers()['idempotency-key']);
    });
    await page.locator('[data-testid=order-import-mode-submit]').click();
    await page.locator('[data-testid=order-import-commit-button]').click();
    expect(await page.locator('[data-testid=order-import-confirm]').innerText()).toContain('3 order(s)');
    await page.locator('[data-testid=order-import-confirm-ok]').click();
    await page
      .locator('[data-testid=order-import-committing], [data-testid=order-import-result]')
      .first()
      .waitFor();
    await status(page, 'committed');
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.locator('[data-testid=order-import-result-title]').getAttribute('data-count')).toBe(
      '3',
    );
    expect(await page.locator('[data-testid=order-import-result-held]').innerText()).toMatch(/¥/);

    await page.locator('[data-testid=order-import-view-orders]').click();
    await page.waitForURL((url) => url.pathname === '/user/orders/order' && url.searchParams.has('importId'));
    await page.locator('[data-testid=order-import-filter]').waitFor();
    await page.locator('[data-testid=order-table] tr[data-row-key]').first().waitFor();
    const shown = await page
      .locator('[data-testid=order-table] [data-testid=order-reference]')
      .allInnerTexts();
    expect(shown.map((text) => text.trim()).sort()).toEqual([...refs].sort());
    // The server agrees: these three, submitted, and nothing else of this import.
    const importId = new URL(page.url()).searchParams.get('importId');
    const listed = await api<OrderQueryResult>(ApiPath.QueryOrders, {
      importId,
      pageIndex: 1,
      pageSize: 50,
    });
    expect(listed.list.map((order: OrderListItem) => order.customerOrderNo).sort()).toEqual([...refs].sort());
    expect(new Set(listed.list.map((order: OrderListItem) => order.status))).toEqual(new Set(['submitted']));
    // The tag removes the filter.
    await page.locator('[data-testid=order-import-filter] .ant-tag-close-icon').click();
    await page.waitForURL((url) => !url.searchParams.has('importId'));
    await page.context().close();
  }, 120_000);
});

describe('a marketplace export through the mapping step', () => {
  const HEADERS = [
    'Order ID',
    'Buyer',
    'Buyer Phone',
    'Ship Country',
    'Ship City',
    'Ship Street',
    'Ship Zip',
    'Weight',
    'L',
    'W',
    'H',
    'Title CN',
    'Title',
    'Qty',
    'Price',
    'Cur',
  ];
  const rows = (run: string) => [
    [
      `MK${run}-1`,
      'Ann Lee',
      '2025550188',
      'US',
      'Austin',
      '9 Lake Rd',
      '73301',
      '0.9',
      '20',
      '15',
      '10',
      '杯子',
      'Mug',
      '1',
      '8.00',
      'USD',
    ],
    [
      `MK${run}-2`,
      'Bo Chen',
      '2025550199',
      'US',
      'Boston',
      '3 Hill St',
      '02108',
      '1.1',
      '25',
      '15',
      '10',
      '帽子',
      'Hat',
      '2',
      '6.00',
      'USD',
    ],
  ];
  const MAP: [OrderSheetField, string][] = [
    ['customerOrderNo', 'Order ID'],
    ['consigneeName', 'Buyer'],
    ['consigneePhone', 'Buyer Phone'],
    ['consigneeCountry', 'Ship Country'],
    ['consigneeCity', 'Ship City'],
    ['consigneeAddressLine1', 'Ship Street'],
    ['consigneePostalCode', 'Ship Zip'],
    ['parcelWeight', 'Weight'],
    ['parcelLength', 'L'],
    ['parcelWidth', 'W'],
    ['parcelHeight', 'H'],
    ['itemNameCn', 'Title CN'],
    ['itemNameEn', 'Title'],
    ['itemQuantity', 'Qty'],
    ['itemUnitPrice', 'Price'],
    ['itemCurrency', 'Cur'],
  ];

  test('columns chosen and saved as a mapping, which the next upload of such a sheet is offered', async () => {
    const run = Date.now().toString(36).toUpperCase();
    const name = `Shop ${run}`;
    const page = await openPage('en-US');
    await chooseProduct(page);
    await upload(page, 'shop-export.xlsx', await sheetOf(HEADERS, rows(run)));
    await status(page, 'mapping');
    const mapping = page.locator('[data-testid=order-import-mapping]');
    // Sample values of the guessed or chosen column show beside the field.
    for (const [field, header] of MAP) {
      const select = page.locator(`[data-testid=order-import-map-${field}]`);
      // The server's guess from the header names may have chosen it already.
      const chosen = select.locator('.ant-select-content, .ant-select-selection-item').first();
      if ((await chosen.innerText().catch(() => '')).trim() === header) continue;
      await select.scrollIntoViewIfNeeded();
      await select.click();
      await page.keyboard.type(header);
      await page
        .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${header}"]`)
        .first()
        .click();
    }
    expect(await mapping.innerText()).toContain('Ann Lee');
    await page.locator('[data-testid=order-import-mapping-missing]').waitFor({ state: 'detached' });
    await page.locator('[data-testid=order-import-save-as]').fill(name);
    await page.locator('[data-testid=order-import-apply-mapping]').click();
    await status(page, 'ready');
    expect(await figure(page, 'orders')).toBe(2);
    expect(await figure(page, 'invalid')).toBe(0);
    const saved = await api<{ name: string }[]>(ApiPath.BatchImportMappings);
    expect(saved.map((item) => item.name)).toContain(name);

    // Discarded; the same export uploaded again: the saved mapping is offered (or applied at once).
    await page.locator('[data-testid=order-import-discard]').click();
    await page.locator('[data-testid=order-import-discard-ok]').click();
    await status(page, 'start');
    await chooseProduct(page);
    await upload(page, 'shop-export-2.xlsx', await sheetOf(HEADERS, rows(`${run}B`)));
    await page
      .locator('[data-testid=batch-create-page]:not([data-status=start])')
      .waitFor({ timeout: 30_000 });
    if ((await page.locator('[data-testid=batch-create-page]').getAttribute('data-status')) === 'mapping') {
      await page.locator('[data-testid=order-import-saved-mapping]').click();
      await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).waitFor();
    } else {
      expect(await page.locator('[data-testid=order-import-file-name]').innerText()).toContain(name);
    }
    await page.context().close();
  });
});

describe('screenshots and accessibility', () => {
  const VARIANTS: { name: string; language: Language; dark?: boolean; width?: number }[] = [
    { name: 'zh-CN', language: 'zh-CN' },
    { name: 'en-US', language: 'en-US' },
    { name: 'zh-TW', language: 'zh-TW' },
    { name: 'dark', language: 'zh-CN', dark: true },
    { name: 'mobile-375', language: 'zh-CN', width: 375 },
  ];

  test.each(VARIANTS)('$name: the grid with errors and the mapping step', async (variant) => {
    const run = Date.now().toString(36).toUpperCase();
    const grid = await previewThroughApi(
      await templateShapedSheet(variant.language, [
        usOrder(`SC${run}-1`),
        usOrder(`SC${run}-2`, { parcelWeight: 'abc', consigneePhone: '' }),
        {
          customerOrderNo: `SC${run}-2`,
          parcelWeight: '0.4',
          parcelLength: '10',
          parcelWidth: '10',
          parcelHeight: '5',
        },
        usOrder(`SC${run}-3`, { consigneeCountry: 'ZZ' }),
      ]),
      'orders.xlsx',
      variant.language,
    );
    const page = await openPage(variant.language, { ...variant, importId: grid.id });
    // Coming back to the page offers the unfinished import.
    await page.locator('[data-testid=order-import-resume]').waitFor();
    await page.locator('[data-testid=order-import-sender]').getByText('义乌批量仓').waitFor();
    await screenshot(page, `batch-create-start-${variant.name}`);
    if (variant.name === 'dark') expect(await seriousViolations(page)).toEqual([]);
    await page.locator('[data-testid=order-import-continue]').click();
    await status(page, 'ready');
    await page.locator('[data-testid=order-import-table] [data-row-key]').first().waitFor();
    // "Next error" brings the first cell in error into view (sideways too) and focuses it.
    await page.locator('[data-testid=order-import-next-error]').click();
    await page.locator('.order-import-cell.is-error:focus').waitFor();
    await screenshot(page, `batch-create-grid-${variant.name}`);
    if (variant.width) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    if (!variant.width && (variant.name === 'dark' || variant.name === 'zh-CN'))
      expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();

    const mapping = await previewThroughApi(
      await sheetOf(['Order ID', 'Buyer', 'Ship Country', 'Weight'], [[`MP${run}`, 'Ann', 'US', '1']]),
      'shop.xlsx',
      variant.language,
    );
    expect(mapping.status).toBe('mapping');
    const second = await openPage(variant.language, { ...variant, importId: mapping.id });
    await second.locator('[data-testid=order-import-continue]').click();
    await status(second, 'mapping');
    await screenshot(second, `batch-create-mapping-${variant.name}`);
    if (variant.name === 'dark') expect(await seriousViolations(second)).toEqual([]);
    await second.context().close();
  });
});
