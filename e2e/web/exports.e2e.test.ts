import { ApiPath } from '@portal/contracts/api-paths';
import type { EndDataResult, HomeSummary } from '@portal/contracts/order-list';
import { ORDER_STATUSES } from '@portal/contracts/order';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs, type ApiCall } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { HOME, waitForHome } from './shell.ts';

/**
 * The shipper's morning and the export round trip: the home page's counts are the server's and each
 * opens the filtered order list; the last-mile data exported as xlsx runs as a background task that
 * file management shows finishing, and the downloaded file holds the page's rows under headers in the
 * page's language.
 */
const END_DATA = '/user/orders/endData';
const FILE_MANAGEMENT = '/user/userCenterManagement/fileManagement';

let server: RunningServer;
let browser: Browser;
/** The API as the demo user. */
let call: ApiCall;

beforeAll(async () => {
  // The task runner polls often so the export finishes within a few seconds.
  [server, browser] = await Promise.all([startServer({ TASK_POLL_MS: '200' }), launchBrowser()]);
  call = await apiAs(server.baseUrl, DEMO, 'en-US');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAs(language: 'zh-CN' | 'en-US' | 'zh-TW'): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl });
  await page.addInitScript((lang) => localStorage.setItem('portal.language', JSON.stringify(lang)), language);
  await signIn(page, DEMO);
  return page;
}

describe('morning view and exports', () => {
  test('home shows the orders by status the server counts, and a count opens the filtered order list', async () => {
    const page = await openAs('zh-CN');
    await page.goto(HOME);
    await waitForHome(page);
    const offset = await page.evaluate(() => -new Date().getTimezoneOffset());
    const summary = await call<HomeSummary>(`${ApiPath.QueryHomeSummary}?utcOffsetMinutes=${offset}`);
    // The demo customer has orders in every status.
    expect(ORDER_STATUSES.every((status) => summary.statusCounts[status] > 0)).toBe(true);

    const card = page.locator('[data-testid=home-status-card]');
    await card.locator('[data-testid=home-status-all]').waitFor();
    for (const key of ['all', ...ORDER_STATUSES] as const) {
      const count = await card
        .locator(`[data-testid=home-status-${key}] [data-testid=home-status-count]`)
        .innerText();
      expect(count.replace(/[,\s]/g, ''), key).toBe(String(summary.statusCounts[key]));
    }
    expect(await page.locator('[data-testid=home-exception-link]').count()).toBe(
      summary.recentExceptions.length,
    );
    expect(
      await page.locator('[data-testid=home-shipments-today] [data-testid=home-shipments-count]').innerText(),
    ).toContain(String(summary.today.orders));

    await card.locator('[data-testid=home-status-in_transit]').click();
    await page.waitForURL(
      (url) => url.pathname === '/user/orders/order' && url.search === '?status=in_transit',
    );
    await page.context().close();
  });

  test('exports the last-mile data as xlsx, watches the task finish in file management and reopens the file', async () => {
    // An earlier export, so the new task has to arrive above it.
    await call(ApiPath.CreateExportTask, { kind: 'orders', format: 'csv' });
    const page = await openAs('en-US');
    await page.goto(END_DATA);
    const all = await call<EndDataResult>(ApiPath.QueryEndData, { pageIndex: 1, pageSize: 500 });
    expect(all.total).toBeGreaterThan(3);
    await page.locator('[data-testid=end-data-table] tbody tr[data-row-key]').first().waitFor();
    const headers = await page.locator('[data-testid=end-data-table] thead th').allInnerTexts();
    expect(headers).toContain('Last-mile number');

    // Three last-mile numbers and one that matches nothing, pasted as a marketplace sheet gives them.
    const expected = all.list.slice(0, 3);
    await page
      .locator('[data-testid=end-data-numbers]')
      .fill(`${expected.map((item) => item.lastMileNo).join('\n')}\nNOPE-404`);
    await page.locator('[data-testid=end-data-search]').click();
    await page.locator('[data-testid=end-data-not-found]').waitFor();
    // The search is over once its button stops loading: a loading button is faded, and axe below would
    // judge that passing state (it did on a busy machine).
    await page.locator('[data-testid=end-data-search]:not(.ant-btn-loading)').waitFor();
    expect(await page.locator('[data-testid=end-data-not-found]').innerText()).toContain('NOPE-404');
    expect(await page.locator('[data-testid=end-data-table] tbody tr[data-row-key]').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=end-data-export]').click();
    await page.locator('[data-testid=end-data-export-xlsx]').click();
    // The message links to file management, where the new task is the first row.
    await page.locator('[data-testid=message-link]').click();
    await page.waitForURL((url) => url.pathname === FILE_MANAGEMENT);
    // Followed, the message closes rather than staying over the page it opened.
    await page.locator('[data-testid=message-link]').waitFor({ state: 'detached' });
    const firstRow = page.locator('[data-testid=export-task-table] tbody tr[data-row-key]').first();
    await firstRow
      .locator('[data-testid=export-task-status][data-status=succeeded]')
      .waitFor({ timeout: 30_000 });
    // The new task sits above the earlier orders export, finished, with the searched rows only.
    expect(await page.locator('[data-testid=export-task-table] tbody tr[data-row-key]').count()).toBe(2);
    expect(await firstRow.locator('[data-testid=export-task-name]').innerText()).toMatch(/^Last-mile data/);
    // Its row count (the third column).
    expect(await firstRow.locator('td').nth(2).innerText()).toBe(String(expected.length));
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      firstRow.locator('[data-testid=export-task-download]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    const [header, ...body] = rows;
    // Headers in the page's language: the carrier and number columns read as the page's own.
    expect(header).toEqual(expect.arrayContaining(['Last-mile carrier', 'Last-mile number']));
    // The export took the page's filter: exactly the pasted numbers' rows.
    expect(body).toHaveLength(expected.length);
    const numberColumn = header!.indexOf('Last-mile number');
    expect(new Set(body.map((row) => row[numberColumn]))).toEqual(
      new Set(expected.map((item) => item.lastMileNo)),
    );
    await page.context().close();
  });
});
