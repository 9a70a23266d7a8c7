import { ApiPath } from '@portal/contracts/api-paths';
import type { Envelope } from '@portal/contracts/envelope';
import ExcelJS from 'exceljs';
import type { OrderCreated } from '@portal/contracts/order';
import type { OrderDetail } from '@portal/contracts/order-list';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ApiCall } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { usOrder, withPortal, type PortalPageOptions } from '../support/portal.ts';

const ORDER_LIST = '/user/orders/order';

/** The operations API's key for this run (operations move one order along its journey). */
const OPERATOR_KEY = 'e2e-operator-key-for-the-order-list';

const portal = withPortal({ operatorKey: OPERATOR_KEY });
/** The API as the demo user. */
const call: ApiCall = (path, body) => portal.call(path, body);
/** Orders this file submits itself (reference numbers unique to the run). */
let submitted: OrderCreated[];
/** One more, received, weighed and on its way, with tracking events. */
let travelling: OrderCreated;
/** Makes this run's reference numbers unique. */
let run: string;

/** A step of the operations API on an order (`/ops/v1/orders/...`). */
async function operate(path: string, body: Record<string, unknown>): Promise<void> {
  await portal.operate(`orders/${path}`, body);
}

beforeAll(async () => {
  run = Date.now().toString(36).toUpperCase();
  submitted = [];
  for (const n of [1, 2, 3])
    submitted.push(await call<OrderCreated>(ApiPath.CreateOrder, usOrder(`E2E-${run}-${n}`)));
  travelling = await call<OrderCreated>(ApiPath.CreateOrder, usOrder(`E2E-${run}-4`));
  const waybillNo = travelling.waybillNo;
  await operate('weigh', {
    waybillNo,
    parcels: [{ weight: 1.3, length: 30, width: 20, height: 10 }],
    location: '深圳仓',
  });
  await operate('in-transit', { waybillNo, location: '深圳' });
  await operate('events', {
    waybillNo,
    statusCode: 'DEPARTED',
    description: '航班已起飞',
    location: '香港',
    language: 'zh-CN',
  });
});

async function openList(options: PortalPageOptions & { search?: string } = {}) {
  const page = await portal.openSignedIn(options);
  await page.goto(`${ORDER_LIST}${options.search ?? ''}`);
  await page.locator('[data-testid=order-table], [data-testid=order-empty]').first().waitFor();
  return page;
}

const tabCount = async (page: Page, tab: string) =>
  Number(await page.locator(`[data-testid=order-tab-count-${tab}]`).first().getAttribute('data-count'));

/** Rows of the table (antd keeps a hidden measure row; only data rows carry a row key). */
const rows = (page: Page) => page.locator('[data-testid=order-table] tr[data-row-key]');

describe('my orders', () => {
  test('find orders by pasting numbers; an unknown number is reported as not found', async () => {
    const page = await openList();
    const [first, second] = submitted;
    const pasted = `${first!.customerOrderNo}\n${second!.waybillNo}；NO-SUCH-NUMBER-42`;
    await page.locator('[data-testid=order-filter-numbers]').fill(pasted);
    expect(await page.locator('[data-testid=order-numbers-count]').innerText()).toContain('3');
    const answered = page.waitForResponse((r) => r.url().includes(ApiPath.QueryOrders));
    // Keyboard: Ctrl+Enter in the numbers box searches (Enter alone starts a new line).
    await page.locator('[data-testid=order-filter-numbers]').press('Control+Enter');
    await answered;
    await page.locator('[data-testid=order-not-found]').waitFor();
    expect(await page.locator('[data-testid=order-not-found-numbers]').innerText()).toContain(
      'NO-SUCH-NUMBER-42',
    );
    await expect.poll(() => rows(page).count()).toBe(2);
    const text = await page.locator('[data-testid=order-table]').innerText();
    expect(text).toContain(first!.customerOrderNo);
    expect(text).toContain(second!.waybillNo!);
    // The search lives in the URL: reloading shows the same result.
    expect(new URL(page.url()).searchParams.get('numbers')).toContain(first!.customerOrderNo);
    await page.reload();
    await page.locator('[data-testid=order-not-found]').waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    // Nothing selected: the export takes the current filters; the message links to file management.
    await page.locator('[data-testid=order-export]').click();
    const exported = page.waitForRequest((r) => r.url().includes(ApiPath.CreateExportTask));
    await page.locator('.ant-dropdown:visible [data-testid=order-export-xlsx]').click();
    expect(JSON.parse((await exported).postData() ?? '{}')).toMatchObject({
      kind: 'orders',
      format: 'xlsx',
      filter: { numbers: [first!.customerOrderNo, second!.waybillNo, 'NO-SUCH-NUMBER-42'] },
    });
    // Followed, the link opens file management, where the task finishes and its file downloads: the two
    // orders found, under headers in the page's language.
    await page.locator('[data-testid=message-link]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/fileManagement'));
    const task = page.locator('[data-testid=export-task-table] tbody tr[data-row-key]').first();
    await task
      .locator('[data-testid=export-task-status][data-status=succeeded]')
      .waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      task.locator('[data-testid=export-task-download]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheetText: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => sheetText.push((row.values as unknown[]).join('|')));
    expect(sheetText).toHaveLength(3);
    expect(sheetText[0]).toContain('客户单号');
    expect(sheetText.join('\n')).toContain(first!.customerOrderNo);
    expect(sheetText.join('\n')).toContain(second!.waybillNo!);
    // Back returns to the search; back again leaves it: the whole list, the numbers gone from the URL.
    await page.goBack();
    await page.locator('[data-testid=order-not-found]').waitFor();
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('numbers'));
    await expect.poll(() => rows(page).count()).toBeGreaterThan(2);
    expect(await page.locator('[data-testid=order-not-found]').count()).toBe(0);
    await page.context().close();
  });

  test('an order on its way shows its detail, ledger rows and tracking timeline', async () => {
    const order = travelling;
    const page = await openList({ search: `?numbers=${encodeURIComponent(order.waybillNo!)}` });
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().locator('[data-testid=order-action-detail]').click();
    const drawer = page.locator('[data-testid=order-detail]');
    await drawer.locator('[data-testid=order-detail-waybill]').waitFor();
    expect(await drawer.locator('[data-testid=order-detail-waybill]').innerText()).toContain(
      order.waybillNo!,
    );
    await drawer.locator('[data-testid=tracking-timeline]').waitFor();
    // Newest first: the flight the operations API added last heads the timeline, with its place.
    const newest = drawer.locator('[data-testid=tracking-event]').first();
    expect(await newest.innerText()).toContain('航班已起飞');
    expect(await newest.innerText()).toContain('香港');
    expect(await drawer.locator('[data-testid=tracking-event]').count()).toBeGreaterThan(1);
    // Weighed: the actual weight and a final charge; the ledger holds the charge and its weigh-in settlement.
    expect(await drawer.locator('[data-testid=order-detail-weights]').innerText()).toContain('1.3 kg');
    expect(await drawer.locator('[data-testid=order-detail-final]').innerText()).toContain('¥');
    expect(await drawer.locator('[data-testid=order-detail-ledger] tr[data-row-key]').count()).toBe(2);
    // Tracking from the drawer: the same journey for the waybill number.
    await drawer.locator('[data-testid=order-action-track]').click();
    const modal = page.locator('[data-testid=tracking-modal]');
    await modal.locator('[data-testid=tracking-event]').first().waitFor();
    expect(await modal.innerText()).toContain(order.waybillNo!);
    expect(await modal.locator('[data-testid=tracking-event]').first().innerText()).toContain('航班已起飞');
    await page.context().close();
  });

  test('two selected orders print as one PDF with a page per label', async () => {
    const [first, second] = submitted;
    const page = await openList({
      search: `?numbers=${encodeURIComponent(`${first!.waybillNo},${second!.waybillNo}`)}`,
    });
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.locator('[data-testid=order-label-size]').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="100×100 mm"]').click();
    for (const order of [second!, first!])
      await page.locator(`tr[data-row-key="${order.id}"] .ant-checkbox-input`).check();
    const printed = page.waitForResponse((r) => r.url().includes(ApiPath.PrintLabel));
    const tab = page.context().waitForEvent('page');
    await page.locator('[data-testid=order-batch-print]').click();
    const response = await printed;
    const request = JSON.parse(response.request().postData() ?? '{}') as { ids: string[]; size: string };
    // In the order selected, in the chosen (and remembered) size.
    expect(request).toEqual({ ids: [second!.id, first!.id], size: '100x100' });
    expect(response.headers()['content-type']).toContain('application/pdf');
    const pdf = (await response.body()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    await (await tab).waitForLoadState();
    expect(await page.evaluate(() => localStorage.getItem('portal.labelSize'))).toBe('"100x100"');
    await page.context().close();
  });

  test('cancelling a submitted order moves it from the submitted count to the cancelled count', async () => {
    const order = submitted[2]!;
    const page = await openList({ search: '?status=submitted' });
    const before = {
      submitted: await tabCount(page, 'submitted'),
      cancelled: await tabCount(page, 'cancelled'),
    };
    // The newest submitted order heads the submitted tab.
    const row = page.locator(`tr[data-row-key="${order.id}"]`);
    await row.waitFor();
    await row.locator('[data-testid=order-action-more]').click();
    await page.locator('.ant-dropdown:visible [data-testid=order-action-cancel]').click();
    // The confirmation says the hold is released.
    await page.locator('.ant-modal-confirm').getByText(order.customerOrderNo).waitFor();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('解冻');
    const cancelled = page.waitForResponse((r) => r.url().includes(ApiPath.CancelOrder));
    await page.locator('.order-cancel-confirm').click();
    expect(((await (await cancelled).json()) as Envelope<unknown>).code).toBe(200);
    await expect.poll(() => tabCount(page, 'cancelled')).toBe(before.cancelled + 1);
    expect(await tabCount(page, 'submitted')).toBe(before.submitted - 1);
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });

  test('a draft opens in the create page from its row and is saved again with Update; a copy starts a new order', async () => {
    const draft = await call<OrderCreated>(ApiPath.CreateOrder, {
      ...usOrder(`E2E-${run}-D`),
      submit: false,
    });
    const page = await openList({ search: `?numbers=${encodeURIComponent(draft.customerOrderNo)}` });
    await page.locator(`tr[data-row-key="${draft.id}"] [data-testid=order-action-edit]`).click();
    await page.waitForURL((url) => url.searchParams.get('edit') === draft.id);
    await page.locator('[data-testid=order-form-source]').getByText(draft.customerOrderNo).waitFor();
    // The saved order is back in the form: the consignee typed, the reference kept.
    expect(await page.locator('#order_consignee_name').inputValue()).toBe('John Smith');
    expect(await page.locator('#order_customerOrderNo').inputValue()).toBe(draft.customerOrderNo);
    await page.locator('#order_remark').fill('请放前台');
    const updated = page.waitForResponse((r) => r.url().includes(ApiPath.UpdateOrder));
    await page.locator('[data-testid=order-save-draft]').click();
    expect(((await (await updated).json()) as Envelope<OrderCreated>).data).toMatchObject({
      id: draft.id,
      status: 'draft',
    });
    await page.locator('[data-testid=order-result]').waitFor();
    const saved = await call<OrderDetail>(`${ApiPath.GetOrder}?id=${draft.id}`);
    expect(saved).toMatchObject({
      remark: '请放前台',
      status: 'draft',
      customerOrderNo: draft.customerOrderNo,
    });
    // Copy into a new order: everything but the reference number, which is unique per customer.
    await page.goto(`${ORDER_LIST}?numbers=${encodeURIComponent(draft.customerOrderNo)}`);
    await page.locator(`tr[data-row-key="${draft.id}"] [data-testid=order-action-more]`).click();
    await page.locator('.ant-dropdown:visible [data-testid=order-action-copy]').click();
    await page.waitForURL((url) => url.searchParams.get('copy') === draft.id);
    await page.locator('[data-testid=order-form-source]').getByText(draft.customerOrderNo).waitFor();
    expect(await page.locator('#order_remark').inputValue()).toBe('请放前台');
    expect(await page.locator('#order_customerOrderNo').inputValue()).toBe('');
    await page.context().close();
  });
});

describe('screenshots of the list and the drawer', () => {
  const VARIANTS = [
    { name: 'zh-CN', language: 'zh-CN', allTab: '全部' },
    { name: 'en-US', language: 'en-US', allTab: 'All' },
    { name: 'zh-TW', language: 'zh-TW', allTab: '全部' },
    { name: 'dark', language: 'zh-CN', allTab: '全部', dark: true },
    { name: 'mobile-375', language: 'zh-CN', allTab: '全部', width: 375 },
  ];
  test.each(VARIANTS)('$name', async (variant) => {
    const page = await openList(variant);
    await page.locator('[data-testid=order-tab-all]').getByText(variant.allTab).waitFor();
    await screenshot(page, `order-list-${variant.name}`);
    // Light and dark, the list reads for everyone: no serious or critical axe finding (one language each).
    if (variant.name === 'zh-CN' || variant.name === 'dark')
      expect(await seriousViolations(page)).toEqual([]);
    if (variant.width) {
      // The page itself never scrolls sideways; the table scrolls inside itself.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await rows(page).first().locator('[data-testid=order-action-detail]').click();
    await page.locator('[data-testid=order-detail] [data-testid=order-detail-charges]').waitFor();
    // The drawer has finished sliding in (antd's motion classes are gone).
    await page.waitForFunction(() => !document.querySelector('.ant-drawer [class*="-motion-"]'));
    await screenshot(page, `order-detail-${variant.name}`);
    if (variant.name === 'zh-CN' || variant.name === 'dark')
      expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
