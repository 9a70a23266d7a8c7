import { ApiPath } from '@portal/contracts/api-paths';
import type { LedgerPageSchema } from '@portal/contracts/consumption-flow';
import type { Envelope } from '@portal/contracts/envelope';
import type { OrderCreated } from '@portal/contracts/order';
import type { RechargeCreated } from '@portal/contracts/recharge';
import type { WalletBalance } from '@portal/contracts/wallet';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import type { ApiCall } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { usOrder, withPortal } from '../support/portal.ts';

/**
 * The top-up journey in the browser: a signed-in user tops up 100 CNY through the sandbox cashier and
 * finds the balance and the ledger row; a customer pushed into arrears by a weigh-in is signed out,
 * pays on the public /topUp page and signs in again. Then screenshots of every page of the journey.
 */

const OPERATOR_KEY = 'e2e-operator-key-for-top-up';
const DEMO_CUSTOMER_CODE = 'C100023';
const RECORDS = '/user/settlement/topUpOnline';
const LONG = { timeout: 30_000 };

const portal = withPortal({ operatorKey: OPERATOR_KEY });
const call: ApiCall = (path, body) => portal.call(path, body);
const operate = portal.operate;
const openPage = portal.openPage;
/** The paid recharge of the first journey: its result page is shown again in the screenshots. */
let paidResult: string;

async function cnyBalance(): Promise<WalletBalance> {
  const wallets = await call<WalletBalance[]>(ApiPath.QueryWalletBalance);
  const cny = wallets.find((wallet) => wallet.currencyCode === 'CNY');
  if (!cny) throw new Error('the demo customer has no CNY wallet');
  return cny;
}

/** ¥1,234.56 as the pages write CNY in every language. */
function yuan(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const text = (Math.abs(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return `${sign}¥${text}`;
}

/** A 1×1 PNG: a voucher the server recognises by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A payment channel's button (antd keeps the radio input itself hidden). */
function channelOption(page: Page, channel: string) {
  return page.locator('label', { has: page.locator(`[data-testid=top-up-channel-${channel}]`) });
}

describe('top-up', () => {
  test('signed in: 100 CNY through the sandbox cashier, then the balance and the ledger row', async () => {
    const before = await cnyBalance();
    const page = await openPage();
    await signIn(page, DEMO);

    // The home balance card opens the records page with the form open.
    await page.locator('[data-testid=balance-top-up]').click();
    await page.waitForURL((url) => url.pathname === RECORDS && url.searchParams.get('topUp') === '1');
    const form = page.locator('[data-testid=top-up-form]');
    await form.waitFor();
    await form.locator('[data-testid=top-up-presets] label', { hasText: '¥100.00' }).click();
    expect(await form.locator('[data-testid=top-up-amount]').inputValue()).toBe('100.00');
    expect(await form.locator('[data-testid=top-up-submit]').innerText()).toContain('¥100.00');
    await form.locator('[data-testid=top-up-submit]').click();

    // Alipay (the default channel) opens the cashier: in the sandbox, our own page.
    await page.waitForURL((url) => url.pathname === '/sandboxCashier', LONG);
    await page.locator('[data-testid=cashier-sandbox-notice]').waitFor();
    expect(await page.locator('[data-testid=cashier-amount]').innerText()).toBe('¥100.00');
    await page.locator('[data-testid=cashier-approve]').click();

    await page.waitForURL((url) => url.pathname === '/payResult', LONG);
    await page.locator('[data-testid=pay-result][data-view=paid]').waitFor(LONG);
    expect(await page.locator('[data-testid=pay-result-amount]').innerText()).toBe('¥100.00');
    paidResult = new URL(page.url()).search;
    const rechargeNo = new URL(page.url()).searchParams.get('rechargeNo') ?? '';
    expect(rechargeNo).not.toBe('');

    // Signed in, the result leads to the records, where the recharge reads paid.
    await page.locator('[data-testid=pay-result-records]').click();
    await page.waitForURL((url) => url.pathname === RECORDS);
    const row = page.locator('[data-testid=recharge-table] tr', { hasText: rechargeNo });
    // The list this tab cached while the recharge was pending is refreshed on arrival.
    await row.locator('[data-testid=recharge-status][data-status=paid]').waitFor();
    expect(await row.locator('[data-testid=recharge-amount]').innerText()).toBe('¥100.00');

    // The home page shows the new balance; the ledger holds one recharge row for it.
    await page.goto('/user/index');
    const balance = page.locator('[data-testid=balance-CNY] [data-testid=balance-amount]');
    await balance.waitFor();
    expect(await balance.innerText()).toContain(yuan(before.balance + 10_000));
    const ledger = await call<z.infer<typeof LedgerPageSchema>>(ApiPath.QueryLedger, {
      rechargeNo,
      pageIndex: 1,
      pageSize: 20,
    });
    const rows = ledger.list.filter((entry) => entry.rechargeNo === rechargeNo);
    expect(rows.map((entry) => [entry.entryType, entry.amount, entry.currencyCode])).toEqual([
      ['recharge', 10_000, 'CNY'],
    ]);
    expect(rows[0]?.balanceAfter).toBe(before.balance + 10_000);
    await page.context().close();
  });

  test('bank transfer: a voucher of another type is refused at once; an image goes with the amount and waits for staff', async () => {
    const page = await openPage({ language: 'en-US' });
    await signIn(page, DEMO);
    await page.goto(`${RECORDS}?topUp=1`);
    const form = page.locator('[data-testid=top-up-form]');
    await form.waitFor();
    await form.locator('[data-testid=top-up-amount]').fill('1,234.56');
    await channelOption(page, 'bank_transfer').click();

    // Submitting without a voucher, then with a text file: both refused on the field, nothing sent.
    await form.locator('[data-testid=top-up-submit]').click();
    await form.getByText('Upload the transfer voucher').waitFor();
    const input = form.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('paid') });
    await form.getByText('The voucher must be an image (PNG, JPG, WEBP) or a PDF').waitFor();

    await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await form.locator('[data-testid=top-up-voucher-name]').waitFor();
    await form.locator('[data-testid=top-up-submit]').click();
    await page.locator('[data-testid=top-up-transfer-submitted]').waitFor(LONG);
    await page.locator('[data-testid=top-up-done]').click();

    // The record: pending until staff confirm it, with its voucher to download.
    const row = page.locator('[data-testid=recharge-table] tr', { hasText: '¥1,234.56' });
    await row.locator('[data-testid=recharge-status][data-status=pending]').waitFor();
    expect(await row.locator('td', { hasText: 'Bank transfer' }).count()).toBe(1);
    const download = page.waitForEvent('download');
    await row.locator('[data-testid=recharge-voucher]').click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    await page.context().close();
  });

  test('in arrears: signed out on the next call, pays on /topUp from the login page, signs in again', async () => {
    const page = await openPage();
    await signIn(page, DEMO);

    // Weigh-ins heavier than forecast push the customer below minus its credit limit.
    const run = Date.now().toString(36).toUpperCase();
    let status = 'active';
    for (let n = 1; n <= 12 && status !== 'arrears'; n += 1) {
      const order = await call<OrderCreated>(
        ApiPath.CreateOrder,
        usOrder(`E2E-ARR-${run}-${n}`, { weight: 1, quantity: 1 }),
      );
      await operate('orders/weigh', {
        waybillNo: order.waybillNo,
        // The line's heaviest parcel (30 kg) at about ¥1,500 each.
        parcels: [{ weight: 29.5, length: 60, width: 50, height: 40 }],
        location: '深圳仓',
      });
      ({ customerStatus: status } = await operate<{ customerStatus: string }>('orders/journey', {
        waybillNo: order.waybillNo,
      }));
    }
    expect(status).toBe('arrears');

    // The next call answers 203 (the order list's; paying in and the balance stay open in arrears): the
    // message, then the login page, which offers the way to pay.
    await page.goto('/user/orders/order');
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('reason') === 'arrears',
      LONG,
    );
    const notice = page.locator('[data-testid=login-arrears]');
    await notice.waitFor();
    await screenshot(page, 'login-arrears-zh-CN');
    await notice.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/topUp');

    // The customer code → the masked company name to confirm → the form.
    await page.locator('[data-testid=top-up-customer-code]').fill(DEMO_CUSTOMER_CODE.toLowerCase());
    await page.locator('[data-testid=top-up-next]').click();
    await page.locator('[data-testid=top-up-confirm]').waitFor();
    expect(await page.locator('[data-testid=top-up-company]').innerText()).toContain('*');
    await page.locator('[data-testid=top-up-confirm-yes]').click();

    // A typed amount that is not one is refused on its field; then 20,000.00 by WeChat Pay.
    const form = page.locator('[data-testid=top-up-form]');
    await form.locator('[data-testid=top-up-amount]').fill('12.345');
    await form.locator('[data-testid=top-up-submit]').click();
    await form.locator('.ant-form-item-explain-error').waitFor();
    await form.locator('[data-testid=top-up-amount]').fill('20000');
    await channelOption(page, 'wechat').click();
    await form.locator('[data-testid=top-up-submit]').click();

    // WeChat Pay shows the code to scan, and in the sandbox a way to its cashier.
    await page.locator('[data-testid=top-up-qr]').waitFor(LONG);
    await page.locator('[data-testid=top-up-open-sandbox]').click();
    await page.waitForURL((url) => url.pathname === '/sandboxCashier');
    expect(await page.locator('[data-testid=cashier-amount]').innerText()).toBe('¥20,000.00');
    await page.locator('[data-testid=cashier-approve]').click();

    await page.waitForURL((url) => url.pathname === '/payResult', LONG);
    await page.locator('[data-testid=pay-result][data-view=paid]').waitFor(LONG);

    // Signed out, the result leads to the sign-in page, and signing in works again.
    await page.locator('[data-testid=pay-result-sign-in]').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, DEMO);
    await page.locator('[data-testid=balance-card]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/index');
    await page.context().close();
  });
});

describe('screenshots', () => {
  const variants = [
    { name: 'zh-CN', language: 'zh-CN' },
    { name: 'en-US', language: 'en-US' },
    { name: 'zh-TW', language: 'zh-TW' },
    { name: 'dark', language: 'zh-CN', dark: true },
    { name: '375', language: 'zh-CN', width: 375 },
  ];

  test.each(variants)('the journey’s pages, $name', async (variant) => {
    // axe-core in light and dark: no serious or critical finding on any page of the journey.
    const checksAxe = variant.name === 'zh-CN' || variant.name === 'dark';
    const shoot = async (target: Page, name: string, isAxeChecked = checksAxe) => {
      if (isAxeChecked) expect(await seriousViolations(target), name).toEqual([]);
      await screenshot(target, `${name}-${variant.name}`);
    };
    const page = await openPage(variant);
    await signIn(page, DEMO);
    await page.goto(RECORDS);
    await page.locator('[data-testid=recharge-paid-totals]').waitFor();
    await page
      .locator(
        variant.width ? '[data-testid=recharge-card]' : '[data-testid=recharge-table] tr.ant-table-row',
      )
      .first()
      .waitFor();
    await shoot(page, 'top-up-records');

    await page.locator('[data-testid=recharge-top-up]').click();
    await page.locator('[data-testid=top-up-form]').waitFor();
    await channelOption(page, 'bank_transfer').click();
    // The transfer's fields fade in; axe reads colours, so wait until they are whole.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await shoot(page, 'top-up-form');

    // A pending recharge for the cashier and a waiting result.
    const pending = await call<RechargeCreated>(ApiPath.CreateRechargeOrder, {
      amount: 50_000,
      currencyCode: 'CNY',
      channel: 'alipay',
    });
    const query = new URLSearchParams({
      rechargeNo: pending.recharge.rechargeNo,
      payToken: pending.payToken,
    });
    await call(ApiPath.CreateAlipayOrder, Object.fromEntries(query));
    await page.goto(`/sandboxCashier?${query.toString()}`);
    await page.locator('[data-testid=cashier-approve]').waitFor();
    await shoot(page, 'top-up-cashier');

    await page.goto(`/payResult${paidResult}`);
    await page.locator('[data-testid=pay-result][data-view=paid]').waitFor(LONG);
    await shoot(page, 'top-up-result');

    // The public page, signed out.
    const publicPage = await openPage(variant);
    await publicPage.goto('/topUp');
    await publicPage.locator('[data-testid=top-up-customer-code]').fill(DEMO_CUSTOMER_CODE);
    await publicPage.locator('[data-testid=top-up-next]').click();
    await publicPage.locator('[data-testid=top-up-confirm-yes]').click();
    await publicPage.locator('[data-testid=top-up-form]').waitFor();
    await shoot(publicPage, 'top-up-public');
    await publicPage.goto('/login');
    await publicPage.locator('[data-testid=login-top-up]').waitFor();
    // The login page's own axe run is accessibility.e2e.test.ts's (after its footer has settled).
    await shoot(publicPage, 'top-up-login', false);
    await publicPage.context().close();
    await page.context().close();
  });
});

describe('look-up limit', () => {
  test('once the address has used its look-ups, /topUp says so clearly', async () => {
    // Use up what is left of this address's look-ups through the API.
    let status = 200;
    for (let n = 0; n < 50 && status !== 429; n += 1) {
      const response = await fetch(`${portal.server.baseUrl}${ApiPath.TopUpQueryCustomer}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'zh-CN' },
        body: JSON.stringify({ customerCode: DEMO_CUSTOMER_CODE }),
      });
      status = ((await response.json()) as Envelope<unknown>).code;
    }
    expect(status).toBe(429);

    const page = await openPage({ language: 'en-US' });
    await page.goto('/topUp');
    await page.locator('[data-testid=top-up-customer-code]').fill(DEMO_CUSTOMER_CODE);
    await page.locator('[data-testid=top-up-next]').click();
    const refusal = page.locator('[data-testid=top-up-rate-limited]');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/Too many look-ups; please try again in \d+ seconds/);
    expect(await page.locator('[data-testid=top-up-confirm]').count()).toBe(0);
    await screenshot(page, 'top-up-public-rate-limited');
    await page.context().close();
  });
});
