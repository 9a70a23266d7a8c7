import { ApiPath } from '@portal/contracts/api-paths';
import type { Envelope } from '@portal/contracts/envelope';
import type { OrderCreated } from '@portal/contracts/order';
import type { WalletBalance } from '@portal/contracts/wallet';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMoney } from '../../apps/web/src/lib/money.ts';
import { addressApi, chineseSender } from '../address/address-api.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { DEMO, signIn } from '../support/demo.ts';
import { pickOption } from '../support/select.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const CREATE_ORDER = '/user/orders/create';
const HOME = '/user/index';
/** The US line of the demo catalog: it takes no batteries. */
const US_LINE = 'US-DDP-EXP';

type Language = 'zh-CN' | 'en-US' | 'zh-TW';
const LANGUAGES: { language: Language; unitedStates: string; submitted: string; battery: string }[] = [
  { language: 'zh-CN', unitedStates: '美国', submitted: '订单已提交', battery: '带电货物' },
  { language: 'en-US', unitedStates: 'United States', submitted: 'Order submitted', battery: 'batteries' },
  { language: 'zh-TW', unitedStates: '美國', submitted: '訂單已提交', battery: '帶電貨物' },
];

let server: RunningServer;
let browser: Browser;
let token: string;

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${path} answered ${body.code}: ${body.message}`);
  return body.data;
}

async function cnyWallet(): Promise<WalletBalance> {
  const wallets = await call<WalletBalance[]>(ApiPath.QueryWalletBalance);
  const cny = wallets.find((wallet) => wallet.currencyCode === 'CNY');
  if (!cny) throw new Error('the demo customer has no CNY wallet');
  return cny;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const login = await fetch(`${server.baseUrl}${ApiPath.CustomerLogin}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: DEMO.loginName, password: DEMO.password }),
  });
  token = ((await login.json()) as Envelope<{ jwtToken: string }>).data.jwtToken;
  // The sender every journey preselects: the default sender address of the book.
  const addresses = await addressApi(server.baseUrl, DEMO);
  await addresses.create(chineseSender({ name: '杭州发货仓', isDefault: true }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(language: Language, isDark = false): Promise<Page> {
  const page = await newPage(browser, { baseUrl: server.baseUrl, colorScheme: isDark ? 'dark' : 'light' });
  await page.addInitScript(
    ({ lang, dark }) => {
      localStorage.setItem('portal.language', JSON.stringify(lang));
      if (dark) localStorage.setItem('portal.layoutSettings', JSON.stringify({ darkMode: true }));
    },
    { lang: language, dark: isDark },
  );
  // The quote calls with their outcome, named in the error when a product is not offered.
  const log: string[] = [];
  quoteCalls.set(page, log);
  const t0 = Date.now();
  const note = (what: string) => (request: Request) => {
    if (request.url().includes(ApiPath.QueryQuote))
      log.push(`${Date.now() - t0} ms ${what} ${request.failure()?.errorText ?? ''} ${request.postData()}`);
  };
  page.on('request', note('sent'));
  page.on('requestfinished', note('answered'));
  page.on('requestfailed', note('failed'));
  await signIn(page, DEMO);
  await page.goto(CREATE_ORDER);
  await page.locator('[data-testid=create-order-page]').waitFor();
  return page;
}

/** Each page's quote calls (see openPage). */
const quoteCalls = new WeakMap<Page, string[]>();
const value = (page: Page, id: string) => page.locator(`#${id}`).inputValue();

/** The US consignee, one 1.2 kg box and one declared item: what the quote needs. */
async function fillUsShipment(page: Page, unitedStates: string): Promise<void> {
  // The default sender is preselected from the address book.
  await page.locator('.ant-form-item:has(#order_shipperAddressId)').getByText('杭州发货仓').waitFor();
  await page.locator('#order_consignee_name').fill('John Smith');
  await page.locator('#order_consignee_phone').fill('2025550123');
  await pickOption(page, '#order_consignee_countryCode', unitedStates);
  await page.locator('#order_consignee_postalCode').fill('90001');
  await page.locator('#order_consignee_city').fill('Los Angeles');
  await page.locator('#order_consignee_addressLine1').fill('100 Main St');
  await page.locator('#order_parcels_0_weight').fill('1.2');
  await page.locator('#order_parcels_0_length').fill('30');
  await page.locator('#order_parcels_0_width').fill('20');
  await page.locator('#order_parcels_0_height').fill('10');
  await page.locator('#order_items_0_nameCn').fill('T恤');
  await page.locator('#order_items_0_nameEn').fill('T-shirt');
  await page.locator('#order_items_0_quantity').fill('2');
  await page.locator('#order_items_0_unitPrice').fill('12.50');
  await page.locator('#order_items_0_hsCode').fill('6109.10');
}

/** Chooses a product in the live quote once it is offered there and answers its shown price. */
async function chooseProduct(page: Page, productCode: string): Promise<string> {
  const choice = page.locator(`[data-testid=quote-choose-${productCode}]`);
  try {
    await choice.waitFor();
  } catch (error) {
    // Say what the quote panel showed instead (the incomplete hint, an error, other products).
    const panel = await page.locator('[data-testid=quote-panel]').innerText({ timeout: 1000 });
    await screenshot(page, `quote-missing-${productCode}`);
    throw new Error(
      `${productCode} was not offered; the quote panel showed: ${panel}\nquote calls:\n${quoteCalls.get(page)?.join('\n')}`,
      { cause: error },
    );
  }
  await choice.click();
  await page.locator(`[data-testid=quote-choose-${productCode}][aria-pressed=true]`).waitFor();
  return page
    .locator(`[data-testid=quote-usable][data-product-code="${productCode}"] [data-testid=quote-price]`)
    .innerText();
}

function createCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes(ApiPath.CreateOrder)) calls.push(request);
  });
  return calls;
}

describe('create an order', () => {
  test.each(LANGUAGES)(
    '$language: pick a product from the live quote, submit, and the home balance drops by the charge',
    async ({ language, unitedStates, submitted }) => {
      const before = await cnyWallet();
      const page = await openPage(language);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await fillUsShipment(page, unitedStates);
      const price = await chooseProduct(page, US_LINE);
      // The breakdown opens under the product and its lines add up to the price shown.
      await page
        .locator(`[data-testid=quote-usable][data-product-code="${US_LINE}"] .quote-breakdown-toggle`)
        .click();
      expect(await page.locator('[data-testid=quote-breakdown]').innerText()).toContain(price);
      expect(await page.locator('[data-testid=order-declared-total]').innerText()).toContain('25.00');

      const answered = page.waitForResponse((response) => response.url().includes(ApiPath.CreateOrder));
      await page.locator('[data-testid=order-submit]').click();
      const created = ((await (await answered).json()) as Envelope<OrderCreated>).data;
      await page.locator('[data-testid=order-result]').waitFor();
      expect(await page.locator('[data-testid=order-result]').innerText()).toContain(submitted);
      expect(created.status).toBe('submitted');
      expect(await page.locator('[data-testid=order-waybill-no]').innerText()).toMatch(/^PS\d{12}$/);
      expect(await page.locator('[data-testid=order-waybill-no]').innerText()).toBe(created.waybillNo);
      // The charge held is the price the quote showed.
      expect(await page.locator('[data-testid=order-charge]').innerText()).toBe(price);
      expect(formatMoney(created.estimatedCharge.totalAmount, 'CNY', language)).toBe(price);

      const after = await cnyWallet();
      expect(before.balance - after.balance).toBe(created.estimatedCharge.totalAmount);
      expect(after.held - before.held).toBe(created.estimatedCharge.totalAmount);

      await page.locator('[data-testid=order-to-home]').click();
      await page.waitForURL((url) => url.pathname === HOME);
      const card = page.locator('[data-testid=balance-CNY]');
      await card.waitFor();
      expect(await card.locator('[data-testid=balance-amount]').innerText()).toContain(
        formatMoney(after.balance, 'CNY', language),
      );
      expect(await card.locator('[data-testid=balance-held]').innerText()).toBe(
        formatMoney(after.held, 'CNY', language),
      );
      await page.context().close();
    },
  );

  test('a double click on submit creates one order', async () => {
    const page = await openPage('zh-CN');
    await fillUsShipment(page, '美国');
    await chooseProduct(page, US_LINE);
    const calls = createCalls(page);
    const before = await cnyWallet();
    await page.locator('[data-testid=order-submit]').dblclick();
    await page.locator('[data-testid=order-result]').waitFor();
    const after = await cnyWallet();
    const charge = await page.locator('[data-testid=order-charge]').innerText();
    // One charge held, whatever reached the server; every call that did carried the form's one key.
    expect(formatMoney(after.held - before.held, 'CNY', 'zh-CN')).toBe(charge);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(calls.map((request) => request.headers()['idempotency-key'])).size).toBe(1);
    // A new form gets a new key: the next order is a new order.
    await page.locator('[data-testid=order-create-another]').click();
    await fillUsShipment(page, '美国');
    await chooseProduct(page, US_LINE);
    await page.locator('[data-testid=order-submit]').click();
    await page.locator('[data-testid=order-result]').waitFor();
    expect(new Set(calls.map((request) => request.headers()['idempotency-key'])).size).toBe(2);
    expect((await cnyWallet()).held - after.held).toBe(after.held - before.held);
    await page.context().close();
  });

  test('the quote is asked only when a price input changed', async () => {
    const page = await openPage('en-US');
    await fillUsShipment(page, 'United States');
    await page.locator(`[data-testid=quote-choose-${US_LINE}]`).waitFor();
    await page.locator('[data-testid=quote-panel][aria-busy=false]').waitFor();
    const quotes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ApiPath.QueryQuote)) quotes.push(request.postData() ?? '');
    });
    // Names and remarks change no price: nothing is asked.
    await page.locator('#order_remark').pressSequentially('Fragile, handle with care');
    await page.locator('#order_consignee_addressLine2').pressSequentially('Suite 5');
    await page.locator('#order_customerOrderNo').pressSequentially('REF-1');
    expect(quotes).toEqual([]);
    // A weight typed key by key is asked for once it settles, not once per key.
    await page.locator('#order_parcels_0_weight').fill('');
    await page.locator('#order_parcels_0_weight').pressSequentially('2.345');
    await page.locator('[data-testid=quote-usable] [data-testid=quote-price]').first().waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=quote-panel]')?.getAttribute('aria-busy') === 'false',
    );
    expect(quotes.length).toBeGreaterThanOrEqual(1);
    expect(quotes.length).toBeLessThan(5);
    expect(JSON.parse(quotes.at(-1) ?? '{}')).toMatchObject({ parcels: [{ weight: 2.345 }] });
    await page.context().close();
  });

  test.each(LANGUAGES)(
    '$language: a product that cannot take the shipment is greyed with its reason',
    async ({ language, unitedStates, battery }) => {
      const page = await openPage(language);
      await fillUsShipment(page, unitedStates);
      await page.locator(`[data-testid=quote-choose-${US_LINE}]`).waitFor();
      await page.locator('[data-testid=order-has-battery]').click();
      const refused = page.locator(`[data-testid=quote-unusable][data-product-code="${US_LINE}"]`);
      await refused.waitFor();
      expect(await refused.getAttribute('aria-disabled')).toBe('true');
      expect(await refused.innerText()).toContain(battery);
      expect(await page.locator(`[data-testid=quote-choose-${US_LINE}]`).count()).toBe(0);
      // The battery line still takes it.
      await page.locator('[data-testid=quote-choose-BATTERY-NA-AU]').waitFor();
      await page.context().close();
    },
  );

  test('smart paste fills the consignee', async () => {
    const page = await openPage('zh-CN');
    const box = page.locator('[data-testid=consignee-smart-paste]');
    await box.getByText('智能识别').click();
    const text = page.locator('[data-testid=consignee-smart-paste-text]');
    await text.fill('张三丰 13912345678 广东深圳南山区科技园南区 8 栋 谢谢老板');
    await text.press('Control+Enter');
    await page.locator('[data-testid=consignee-smart-paste-filled]').waitFor();
    expect(await value(page, 'order_consignee_name')).toBe('张三丰');
    expect(await value(page, 'order_consignee_phone')).toBe('13912345678');
    expect(await value(page, 'order_consignee_addressLine1')).toBe('科技园南区 8 栋');
    expect(await page.locator('.ant-form-item:has(#order_consignee_region)').innerText()).toContain(
      '广东省 / 深圳市 / 南山区',
    );
    expect(await page.locator('.ant-form-item:has(#order_consignee_countryCode)').innerText()).toContain(
      '中国',
    );
    await page.context().close();
  });

  test('a sender typed by hand and a consignee saved to the address book', async () => {
    const page = await openPage('en-US');
    await fillUsShipment(page, 'United States');
    await page.getByText('Enter manually').click();
    await page.locator('#order_shipper_name').fill('Shenzhen Warehouse');
    await page.locator('#order_shipper_phone').fill('13800138000');
    await page.locator('#order_shipper_region').click();
    for (const level of ['广东省', '深圳市', '南山区'])
      await page.locator(`.ant-cascader-dropdown:visible .ant-cascader-menu-item[title="${level}"]`).click();
    await page.locator('#order_shipper_addressLine1').fill('1 Science Park Rd');
    await page.locator('[data-testid=order-save-consignee]').click();
    await page.locator('[data-testid=order-generate-reference]').click();
    expect(await value(page, 'order_customerOrderNo')).toMatch(/^CO\d{8}-\d{4}-[A-Z2-9]{4}$/);
    await chooseProduct(page, US_LINE);
    await page.locator('[data-testid=order-save-draft]').click();
    await page.locator('[data-testid=order-result]').waitFor();
    expect(await page.locator('[data-testid=order-result]').innerText()).toContain('Draft saved');
    expect(await page.locator('[data-testid=order-waybill-no]').count()).toBe(0);
    const addresses = await addressApi(server.baseUrl, DEMO);
    expect(await addresses.count({ addressType: 'receiver', keyword: 'John Smith' })).toBe(1);
    // The draft holds no money until it is submitted from the result.
    const before = await cnyWallet();
    await page.locator('[data-testid=order-submit-draft]').click();
    await page.locator('[data-testid=order-waybill-no]').waitFor();
    expect(await page.locator('[data-testid=order-result]').innerText()).toContain('Order submitted');
    const charge = await page.locator('[data-testid=order-charge]').innerText();
    expect(formatMoney(before.balance - (await cnyWallet()).balance, 'CNY', 'en-US')).toBe(charge);
    await page.context().close();
  });

  test('a missing product and a bad field are named before anything is sent', async () => {
    const page = await openPage('en-US');
    const calls = createCalls(page);
    await fillUsShipment(page, 'United States');
    await page.locator('#order_parcels_0_weight').fill('1.23456');
    await page.locator('#order_items_0_hsCode').fill('12');
    await page.locator('[data-testid=order-submit]').click();
    await page.locator('[data-testid=order-form-error]').waitFor();
    expect(
      await page
        .locator('.ant-form-item:has(#order_items_0_hsCode) .ant-form-item-explain-error')
        .innerText(),
    ).toBe('An HS code has 6 to 10 digits');
    expect(
      await page.locator('.ant-form-item:has(#order_parcels_0_weight) .ant-form-item-explain-error').count(),
    ).toBe(1);
    await page.locator('#order_parcels_0_weight').fill('1.2');
    await page.locator('#order_items_0_hsCode').fill('');
    await page.locator('[data-testid=order-submit]').click();
    // The alert still shows the previous message until the form's checks settle: wait for the new one.
    await page
      .locator('[data-testid=order-form-error]', { hasText: 'Please choose a product in the live quote' })
      .waitFor();
    expect(calls).toEqual([]);
    await page.context().close();
  });

  test('not enough money: the shortfall is named with a top-up link', async () => {
    // Two 30 kg boxes on the US line cost more than the demo wallet holds after a few such orders.
    const page = await openPage('zh-CN');
    await fillUsShipment(page, '美国');
    await page.locator('#order_parcels_0_weight').fill('30');
    await page.locator('[data-testid=order-add-parcel]').click();
    for (const [field, text] of [
      ['weight', '30'],
      ['length', '40'],
      ['width', '40'],
      ['height', '40'],
    ] as const)
      await page.locator(`#order_parcels_1_${field}`).fill(text);
    await chooseProduct(page, US_LINE);
    for (let attempt = 0; ; attempt += 1) {
      expect(attempt, 'the wallet never ran out').toBeLessThan(10);
      await page.locator('[data-testid=order-submit]').click();
      const outcome = page.locator('[data-testid=order-result], [data-testid=order-insufficient]').first();
      await outcome.waitFor();
      if ((await outcome.getAttribute('data-testid')) === 'order-insufficient') break;
      // Submitted: the same shipment again, until the wallet runs out.
      await page.locator('[data-testid=order-create-another]').click();
      await fillUsShipment(page, '美国');
      await page.locator('#order_parcels_0_weight').fill('30');
      await page.locator('[data-testid=order-add-parcel]').click();
      for (const field of ['weight', 'length', 'width', 'height'] as const)
        await page.locator(`#order_parcels_1_${field}`).fill(field === 'weight' ? '30' : '40');
      await chooseProduct(page, US_LINE);
    }
    const wallet = await cnyWallet();
    const alert = page.locator('[data-testid=order-insufficient]');
    expect(await alert.innerText()).toContain('余额不足，还差');
    expect(await alert.innerText()).toContain(formatMoney(wallet.available, 'CNY', 'zh-CN'));
    expect(await alert.getByRole('link').getAttribute('href')).toBe('/user/settlement/topUpOnline?topUp=1');
    await page.context().close();
  });

  test.each([
    ['light', false],
    ['dark', true],
  ])('%s mode: no serious accessibility finding on the filled page with its quote', async (_mode, isDark) => {
    const page = await openPage('zh-CN', isDark);
    await fillUsShipment(page, '美国');
    await chooseProduct(page, US_LINE);
    await page
      .locator(`[data-testid=quote-usable][data-product-code="${US_LINE}"] .quote-breakdown-toggle`)
      .click();
    await page.locator('[data-testid=order-has-battery]').click();
    await page.locator(`[data-testid=quote-unusable][data-product-code="${US_LINE}"]`).waitFor();
    await page.locator('[data-testid=quote-panel][aria-busy=false]').waitFor();
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
