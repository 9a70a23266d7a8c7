import type { Envelope } from '@portal/contracts/envelope';
import type { OrderCreateInput } from '@portal/contracts/order';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiAs, type ApiCall } from './api.ts';
import { launchBrowser, newPage } from './browser.ts';
import { DEMO, signIn } from './demo.ts';
import { startServer, type RunningServer } from './server.ts';

export interface PortalOptions {
  /** The operations API's key for this file's server (`OPERATOR_API_KEY`). */
  operatorKey: string;
}

export interface PortalPageOptions {
  /** Interface language, stored before the app loads; default zh-CN. */
  language?: string;
  dark?: boolean;
  /** Viewport width; default 1440 (height 900). */
  width?: number;
}

/** What `withPortal` sets up; read its members inside hooks and tests (they exist once `beforeAll` ran). */
export interface Portal {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The API as the demo user, in zh-CN. */
  readonly call: ApiCall;
  /** A step of the operations API (`/ops/v1/<path>`, operator key, no customer session); answers `data`. */
  operate<T = unknown>(path: string, body: Record<string, unknown>): Promise<T>;
  /** A fresh page in its own context with language and dark mode stored; not signed in. */
  openPage(options?: PortalPageOptions): Promise<Page>;
  /** `openPage`, then signed in as the demo user through the login form. */
  openSignedIn(options?: PortalPageOptions): Promise<Page>;
}

/**
 * The set-up the money and order pages share: one built server per file (operator key, task runner
 * polling every 200 ms), one browser, the demo user's API, all stopped after the file.
 */
export function withPortal(options: PortalOptions): Portal {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let call: ApiCall | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`withPortal: ${what} is used before beforeAll ran`);
    return value;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ OPERATOR_API_KEY: options.operatorKey, TASK_POLL_MS: '200' }),
      launchBrowser(),
    ]);
    call = await apiAs(server.baseUrl, DEMO, 'zh-CN');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const portal: Portal = {
    get server() {
      return ready(server, 'the server');
    },
    get browser() {
      return ready(browser, 'the browser');
    },
    get call() {
      return ready(call, 'the API');
    },
    async operate<T>(path: string, body: Record<string, unknown>): Promise<T> {
      const response = await fetch(`${portal.server.baseUrl}/ops/v1/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-operator-key': options.operatorKey },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as Envelope<T>;
      if (envelope.code !== 200)
        throw new Error(`ops ${path} answered ${envelope.code}: ${envelope.message}`);
      return envelope.data;
    },
    async openPage(pageOptions: PortalPageOptions = {}): Promise<Page> {
      const page = await newPage(portal.browser, {
        baseUrl: portal.server.baseUrl,
        colorScheme: pageOptions.dark ? 'dark' : 'light',
        viewport: { width: pageOptions.width ?? 1440, height: 900 },
      });
      await page.addInitScript(
        ({ lang, dark }) => {
          localStorage.setItem('portal.language', JSON.stringify(lang));
          if (dark) localStorage.setItem('portal.layoutSettings', JSON.stringify({ darkMode: true }));
        },
        { lang: pageOptions.language ?? 'zh-CN', dark: pageOptions.dark === true },
      );
      return page;
    },
    async openSignedIn(pageOptions: PortalPageOptions = {}): Promise<Page> {
      const page = await portal.openPage(pageOptions);
      await signIn(page, DEMO);
      return page;
    },
  };
  return portal;
}

/**
 * A submitted US order of the demo catalog (US-DDP-EXP) from Hangzhou to Los Angeles: one parcel
 * (1.2 kg unless `weight`), one declared item (2 T-shirts unless `quantity`).
 */
export function usOrder(
  reference: string,
  size: { weight?: number; quantity?: number } = {},
): OrderCreateInput {
  return {
    productCode: 'US-DDP-EXP',
    customerOrderNo: reference,
    shipper: {
      name: '杭州发货仓',
      phone: '13800138000',
      countryCode: 'CN',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      postalCode: '310000',
      addressLine1: '文三路 100 号',
    },
    consignee: {
      name: 'John Smith',
      phone: '2025550123',
      countryCode: 'US',
      province: 'CA',
      city: 'Los Angeles',
      postalCode: '90001',
      addressLine1: '100 Main St',
    },
    parcels: [{ weight: size.weight ?? 1.2, length: 30, width: 20, height: 10 }],
    items: [
      {
        nameCn: 'T恤',
        nameEn: 'T-shirt',
        quantity: size.quantity ?? 2,
        unitPrice: 1250,
        currencyCode: 'USD',
        hsCode: '610910',
      },
    ],
    hasBattery: false,
    submit: true,
  };
}
