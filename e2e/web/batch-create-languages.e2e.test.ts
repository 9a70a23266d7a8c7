import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderListItem, OrderQueryResult } from '@portal/contracts/order-list';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addressApi, chineseSender } from '../address/address-api.ts';
import { downloadedTemplate, filledTemplate, usOrder } from '../order-import/order-sheet.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { pickOption } from '../support/select.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Issue 12's "done when": a user imports orders from the template in each interface language — the
 * template downloaded through the page in that language, the orders written into it with ExcelJS, one of
 * them with a weight that is no number; uploaded, the error fixed in the grid without leaving the page
 * (reached with "next error", edited with the keyboard, the arrow keys moving on), committed (as drafts),
 * and the order list of the import holds exactly those reference numbers. 1,000 orders in each language, as
 * the issue asks (the three took 37–47 s on a shared machine; with two browser files at a time the file's
 * share of the step's wall time is about half that). One server and one browser for the three.
 */

const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW'] as const;
/** Orders per language's sheet. */
const ORDERS: Record<(typeof LANGUAGES)[number], number> = { 'zh-CN': 1_000, 'en-US': 1_000, 'zh-TW': 1_000 };
const US_LINE = 'US-DDP-EXP';

let server: RunningServer;
let browser: Browser;
let api: ApiCall;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await apiAs(server.baseUrl, DEMO);
  await (
    await addressApi(server.baseUrl, DEMO)
  ).create(chineseSender({ name: '义乌批量仓', isDefault: true }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openBatchPage(language: string): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl });
  await page.addInitScript((lang) => localStorage.setItem('portal.language', JSON.stringify(lang)), language);
  await signIn(page, DEMO);
  await page.goto('/user/orders/batchCreate');
  await page.locator('[data-testid=batch-create-page]').waitFor();
  return page;
}

const figure = async (page: Page, name: string) =>
  Number(await page.locator(`[data-testid=order-import-total-${name}]`).getAttribute('data-value'));

/** Every order of one import, through the order list's API (pages of 500). */
async function referencesOfImport(importId: string): Promise<string[]> {
  const references: string[] = [];
  for (let pageIndex = 1; ; pageIndex += 1) {
    const result = await api<OrderQueryResult>(ApiPath.QueryOrders, { importId, pageIndex, pageSize: 500 });
    references.push(...result.list.map((order: OrderListItem) => order.customerOrderNo ?? ''));
    expect(new Set(result.list.map((order: OrderListItem) => order.status))).toEqual(
      result.list.length ? new Set(['draft']) : new Set(),
    );
    if (references.length >= result.total || result.list.length === 0) return references;
  }
}

test.each(LANGUAGES)(
  '%s: the orders of the template, one error fixed in the grid, exactly those orders in the list',
  async (language) => {
    const orders = ORDERS[language];
    const page = await openBatchPage(language);
    const template = await downloadedTemplate(page);
    const run = `${language.replace('-', '')}${Date.now().toString(36).toUpperCase()}`;
    const references = Array.from(
      { length: orders },
      (_, at) => `L${run}-${String(at + 1).padStart(4, '0')}`,
    );
    const broken = Math.floor(orders * 0.437);
    const sheet = await filledTemplate(
      template,
      references.map((reference, at) =>
        usOrder(reference, at === broken ? { parcelWeight: 'x1' } : { consigneeName: `Buyer ${at + 1}` }),
      ),
    );

    await pickOption(page, '#order-import-product', US_LINE, `[title*="${US_LINE}"]`);
    await page.locator('[data-testid=order-import-sender]').getByText('义乌批量仓').waitFor();
    await page.locator('[data-testid=batch-create-page] input[type=file]').setInputFiles({
      name: `orders-${language}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    await page.locator('[data-testid=batch-create-page][data-status=ready]').waitFor({ timeout: 60_000 });
    expect(await figure(page, 'orders')).toBe(orders);
    expect(await figure(page, 'invalid')).toBe(1);

    // The grid opens on the invalid view: the broken cell, reached with the keyboard, fixed in place.
    // Only the columns in view are drawn: "next error" brings the cell into view and focuses it.
    await page.locator('[data-testid=order-import-table] [data-row-key]').first().waitFor();
    expect(await page.locator('[data-testid=order-import-table] [data-row-key]').count()).toBe(1);
    await page.locator('[data-testid=order-import-next-error]').click();
    const bad = page.locator('[data-testid=order-import-table] .order-import-cell.is-error:focus');
    await bad.waitFor();
    expect(await bad.innerText()).toBe('x1');
    expect(await bad.getAttribute('data-row')).toBe(String(broken + 2));
    await page.keyboard.press('Enter');
    const editor = page.locator('[data-testid=order-import-cell-editor]');
    await editor.fill('1.5');
    await editor.press('Enter');
    await page.locator('[data-testid=order-import-total-invalid][data-value="0"]').waitFor();
    expect(await figure(page, 'valid')).toBe(orders);
    // The focus is back on the fixed cell; the arrow keys move it between cells.
    await page.waitForFunction(() => document.activeElement?.classList.contains('order-import-cell'));
    const column = () => page.evaluate(() => Number(document.activeElement?.getAttribute('aria-colindex')));
    const fixedColumn = await column();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (col) => Number(document.activeElement?.getAttribute('aria-colindex')) === col - 1,
      fixedColumn,
    );

    await page.locator('[data-testid=order-import-mode-draft]').click();
    await page.locator('[data-testid=order-import-commit-button]').click();
    await page.locator('[data-testid=order-import-confirm-ok]').click();
    await page.locator('[data-testid=batch-create-page][data-status=committed]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid=order-import-result-title]').getAttribute('data-count')).toBe(
      String(orders),
    );

    await page.locator('[data-testid=order-import-view-orders]').click();
    await page.waitForURL((url) => url.pathname === '/user/orders/order' && url.searchParams.has('importId'));
    await page.locator('[data-testid=order-table] tr[data-row-key]').first().waitFor();
    const importId = new URL(page.url()).searchParams.get('importId') ?? '';
    expect((await referencesOfImport(importId)).sort()).toEqual(references);
    await page.context().close();
  },
  120_000,
);
