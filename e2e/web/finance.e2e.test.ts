import { ApiPath } from '@portal/contracts/api-paths';
import type { LedgerRow, LedgerSummary } from '@portal/contracts/consumption-flow';
import type { Bill } from '@portal/contracts/bill';
import { INVOICE_TITLE_MESSAGES, type InvoiceTitle } from '@portal/contracts/invoice-title';
import type { OrderCreated } from '@portal/contracts/order';
import { DEFAULT_PAGE_SIZE } from '@portal/contracts/pagination';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ApiCall } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { usOrder, withPortal, type PortalPageOptions } from '../support/portal.ts';

/**
 * The money pages a shipper reads: the consumption flow (filtered by type, the period's summary adding up
 * on screen, a row's detail linking to its order), the bills (a bill issued through the operations API,
 * its detail, exported as PDF and found in file management) and the invoice title (a wrong tax number
 * refused on blur with the server's words, a right one saved). Screenshots of both pages and their drawers
 * in three languages, dark and at 375 px under `.tmp/screenshots`.
 */
const FLOW = '/user/settlement/consumptionFlow';
const BILLS = '/user/settlement/billingInquiries';
const FILE_MANAGEMENT = '/user/userCenterManagement/fileManagement';
const USER_CENTER = '/user/userCenterManagement/userCenter';
const OPERATOR_KEY = 'e2e-operator-key-for-the-finance-pages';

const portal = withPortal({ operatorKey: OPERATOR_KEY });
const call: ApiCall = (path, body) => portal.call(path, body);
const operate = portal.operate;
/** An order this run submitted and weighed heavier, so it has a charge and a weight adjustment. */
let order: OrderCreated;
/** The bill the operations API issues for the demo customer, once, when a test first needs it. */
let issued: Promise<Bill> | undefined;

/**
 * Last month, `YYYY-MM`, in the billing time zone (+08:00 by default): only a finished period can be
 * issued, and the demo orders spread over the last 30 days, so last month has charges to bill.
 */
function lastPeriod(): string {
  const local = new Date(Date.now() + 8 * 3_600_000);
  const month = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
}

beforeAll(async () => {
  order = await call<OrderCreated>(
    ApiPath.CreateOrder,
    usOrder(`FIN-${Date.now().toString(36).toUpperCase()}`),
  );
  await operate('orders/weigh', {
    waybillNo: order.waybillNo,
    parcels: [{ weight: 3.4, length: 30, width: 20, height: 10 }],
    location: '深圳仓',
  });
});

/**
 * Last month's bill of the demo customer, issued through the operations API (issuing is once per customer
 * and period: when the demo seed issued it already, the call adds nothing and the bill is the same).
 */
function issueBill(): Promise<Bill> {
  issued ??= (async () => {
    await operate('bills/issue', { period: lastPeriod() });
    const bills = await call<{ list: Bill[] }>(ApiPath.QueryBills, {
      periodFrom: lastPeriod(),
      periodTo: lastPeriod(),
      pageIndex: 1,
      pageSize: 20,
    });
    if (bills.list.length !== 1)
      throw new Error(`${bills.list.length} bills for ${lastPeriod()} after issuing`);
    return bills.list[0]!;
  })();
  return issued;
}

async function open(path: string, options: PortalPageOptions = {}): Promise<Page> {
  const page = await portal.openSignedIn(options);
  await page.goto(path);
  return page;
}

const ledgerRows = (page: Page) => page.locator('[data-testid=ledger-table] tbody tr[data-row-key]');
const billRows = (page: Page) => page.locator('[data-testid=bill-table] tbody tr[data-row-key]');
const amountOf = async (page: Page, selector: string) =>
  Number(await page.locator(selector).first().getAttribute('data-amount'));

async function drawerSettled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-drawer [class*="-motion-"]'));
}

describe('consumption flow', () => {
  test('the summary adds up on screen, the type filter narrows the rows, a row opens its order', async () => {
    const page = await open(FLOW);
    await ledgerRows(page).first().waitFor();

    // Every currency card: opening + in + out = closing, and the figures are the server's.
    const summary = await call<LedgerSummary>(ApiPath.QueryLedgerSummary, {});
    const cards = page.locator('[data-testid=ledger-summary-card]');
    expect(await cards.count()).toBe(summary.length);
    for (const row of summary) {
      const card = page.locator(`[data-testid=ledger-summary-card][data-currency=${row.currencyCode}]`);
      const read = (key: string) =>
        amountOf(
          page,
          `[data-testid=ledger-summary-card][data-currency=${row.currencyCode}] [data-testid=ledger-summary-${key}]`,
        );
      const opening = await read('opening');
      const moneyIn = await read('in');
      const moneyOut = await read('out');
      const closing = await read('closing');
      expect({ opening, moneyIn, moneyOut, closing }).toEqual({
        opening: row.opening,
        moneyIn: row.moneyIn,
        moneyOut: row.moneyOut,
        closing: row.closing,
      });
      expect(opening + moneyIn + moneyOut).toBe(closing);
      // The identity is written out for the reader, ending in the closing balance as shown.
      const closingText = await card.locator('[data-testid=ledger-summary-closing]').innerText();
      expect(await card.locator('[data-testid=ledger-summary-identity]').innerText()).toMatch(
        new RegExp(`= ${closingText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Filter by type in the form: only weight adjustments, as many as the server has.
    await page.locator('[data-testid=ledger-filter-types]').click();
    await page
      .locator('.ant-select-dropdown .ant-select-item-option')
      .filter({ hasText: '称重调整' })
      .click();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=ledger-search]').click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'weight_adjustment');
    const expected = await call<{ list: LedgerRow[]; total: number }>(ApiPath.QueryLedger, {
      entryTypes: ['weight_adjustment'],
      pageIndex: 1,
      pageSize: 100,
    });
    expect(expected.total).toBeGreaterThan(0);
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('[data-testid=ledger-table] tbody tr[data-row-key]').length === count &&
        Array.from(document.querySelectorAll('[data-testid=ledger-table] [data-testid=ledger-type]')).every(
          (tag) => tag.getAttribute('data-type') === 'weight_adjustment',
        ),
      Math.min(expected.total, DEFAULT_PAGE_SIZE),
    );

    // The row of this run's order: its detail names the order, which opens My orders filtered by it.
    const row = page.locator(
      `[data-testid=ledger-table] tbody tr[data-row-key="${expected.list.find((r) => r.orderId === order.id)!.id}"]`,
    );
    await row.locator('[data-testid=ledger-detail-button]').click();
    const drawer = page.locator('[data-testid=ledger-detail]');
    await drawer.locator('[data-testid=ledger-detail-order]').waitFor();
    expect(await drawer.locator('[data-testid=ledger-type]').first().getAttribute('data-type')).toBe(
      'weight_adjustment',
    );
    await drawer.locator('[data-testid=ledger-detail-order-link]').click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/user/orders/order' && url.searchParams.get('numbers') === order.customerOrderNo,
    );
    await page.context().close();
  });
});

describe('bills', () => {
  test('the issued bill is listed with its amounts, opens its detail and exports as PDF to file management', async () => {
    const bill = await issueBill();
    const page = await open(BILLS, { language: 'en-US' });
    const row = page.locator(`[data-testid=bill-table] tbody tr[data-row-key="${bill.id}"]`);
    await row.waitFor();
    // Totals, written off and outstanding: one line per currency, the server's amounts.
    for (const [testId, list] of [
      ['bill-totals', bill.totals],
      ['bill-written-off', bill.writtenOff],
      ['bill-outstanding', bill.outstanding],
    ] as const) {
      for (const amount of list)
        expect(
          await row
            .locator(`[data-testid=${testId}] [data-currency=${amount.currencyCode}]`)
            .getAttribute('data-amount'),
        ).toBe(String(amount.amount));
    }
    expect(await row.locator('[data-testid=bill-status]').getAttribute('data-status')).toBe(bill.status);
    expect(await seriousViolations(page)).toEqual([]);

    await row.locator('[data-testid=bill-detail-button]').click();
    const drawer = page.locator('[data-testid=bill-detail]');
    await drawer.locator('[data-testid=bill-lines-table] tbody tr[data-row-key]').first().waitFor();
    expect(await drawer.locator('.ant-drawer-title').innerText()).toContain(bill.billNo);
    // The lines are the server's, oldest first, one page of them.
    const lines = await call<{ list: LedgerRow[]; total: number }>(ApiPath.QueryBillLines, {
      billId: bill.id,
      pageIndex: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    expect(lines.total).toBeGreaterThan(0);
    expect(
      await drawer
        .locator('[data-testid=bill-lines-table] tbody tr[data-row-key]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key'))),
    ).toEqual(lines.list.map((line) => line.id));
    await drawerSettled(page);
    expect(await seriousViolations(page)).toEqual([]);

    await drawer.locator('[data-testid=bill-detail-export]').click();
    await page.locator('[data-testid=bill-detail-export-pdf]').click();
    await page.locator('[data-testid=message-link]').click();
    await page.waitForURL((url) => url.pathname === FILE_MANAGEMENT);
    const firstTask = page.locator('[data-testid=export-task-table] tbody tr[data-row-key]').first();
    await firstTask
      .locator('[data-testid=export-task-status][data-status=succeeded]')
      .waitFor({ timeout: 30_000 });
    // The bill's statement as one PDF.
    expect(await firstTask.locator('[data-testid=export-task-name]').innerText()).toMatch(/\.pdf$/);
    await page.context().close();
  });
});

describe('invoice title', () => {
  test('a wrong tax number is refused on blur with the server words, a right one saved', async () => {
    const page = await open(`${USER_CENTER}?tab=invoiceTitle`);
    const field = (name: string) => page.locator(`[data-testid=invoice-title-${name}]`);
    await field('companyName').waitFor();
    await field('companyName').fill('深圳示例跨境物流有限公司');
    await field('taxNo').fill('91350100M000100Y44');
    await field('email').focus();
    const explain = page.locator('.ant-form-item-explain-error');
    const refusal = INVOICE_TITLE_MESSAGES['invoiceTitle.taxNoInvalid']['zh-CN'];
    await explain.filter({ hasText: refusal }).waitFor();
    // The words are the server's: the same body sent straight to Save is refused with them.
    await expect(
      call(ApiPath.SaveInvoiceTitle, {
        companyName: '深圳示例跨境物流有限公司',
        taxNo: '91350100M000100Y44',
      }),
    ).rejects.toThrow(refusal);

    // Typed the way people copy it: lower case with spaces; stored upper case without them.
    await field('taxNo').fill('9135 0100 m000 100y43');
    await field('email').fill('invoice@example.com');
    await field('companyName').focus();
    await explain.first().waitFor({ state: 'detached' });
    await page.locator('[data-testid=invoice-title-save]').click();
    await page.locator('.ant-message').getByText('发票抬头已保存').waitFor();
    const saved = await call<InvoiceTitle>(ApiPath.GetInvoiceTitle);
    expect(saved).toMatchObject({
      companyName: '深圳示例跨境物流有限公司',
      taxNo: '91350100M000100Y43',
      email: 'invoice@example.com',
      address: null,
    });
    expect(await field('taxNo').inputValue()).toBe('91350100M000100Y43');

    // A change then discarded asks first and brings the saved values back.
    await field('bankName').fill('招商银行');
    await page.locator('[data-testid=invoice-title-discard]').click();
    await page.locator('[data-testid=discard-changes]').click();
    expect(await field('bankName').inputValue()).toBe('');
    // The question fades out over a few hundred ms; axe would read its half-transparent colours.
    await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('screenshots of the finance pages and their drawers', () => {
  const VARIANTS = [
    { name: 'zh-CN', language: 'zh-CN' },
    { name: 'en-US', language: 'en-US' },
    { name: 'zh-TW', language: 'zh-TW' },
    { name: 'dark', language: 'zh-CN', dark: true },
    { name: 'mobile-375', language: 'zh-CN', width: 375 },
  ];
  test.each(VARIANTS)('$name', async (variant) => {
    const noSidewaysScroll = async (page: Page) => {
      if (!variant.width) return;
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    };
    await issueBill();
    const page = await open(FLOW, variant);
    await ledgerRows(page).first().waitFor();
    await page.locator('[data-testid=ledger-summary-card]').first().waitFor();
    await screenshot(page, `consumption-flow-${variant.name}`);
    await noSidewaysScroll(page);
    if (variant.name === 'dark') expect(await seriousViolations(page)).toEqual([]);
    await ledgerRows(page).first().locator('[data-testid=ledger-detail-button]').click();
    await page.locator('[data-testid=ledger-detail] [data-testid=ledger-detail-facts]').waitFor();
    await drawerSettled(page);
    await screenshot(page, `consumption-flow-detail-${variant.name}`);
    if (variant.name === 'dark') expect(await seriousViolations(page)).toEqual([]);

    await page.goto(BILLS);
    await billRows(page).first().waitFor();
    await screenshot(page, `bills-${variant.name}`);
    await noSidewaysScroll(page);
    if (variant.name === 'dark') expect(await seriousViolations(page)).toEqual([]);
    await billRows(page).first().locator('[data-testid=bill-detail-button]').click();
    await page.locator('[data-testid=bill-detail] [data-testid=bill-lines-table]').waitFor();
    await drawerSettled(page);
    await screenshot(page, `bill-detail-${variant.name}`);
    if (variant.name === 'dark') expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${USER_CENTER}?tab=invoiceTitle`);
    await page.locator('[data-testid=invoice-title-companyName]').waitFor();
    await screenshot(page, `invoice-title-${variant.name}`);
    await noSidewaysScroll(page);
    await page.context().close();
  });
});
