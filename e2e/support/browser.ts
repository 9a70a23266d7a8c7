import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOT_DIR = path.join(REPO_ROOT, '.tmp', 'screenshots');

/** The Debian Chromium package; scripts/ensure-system-deps.mjs installs it. Never a downloaded browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless system Chromium, set up for a machine without outside network that may run as root. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  /** The server's origin; `page.goto('/login')` resolves against it. */
  baseUrl: string;
  /** Browser language; defaults to the product's default language zh-CN. */
  locale?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
}

/** A page in its own context (fresh storage); close both with `page.context().close()`. */
export async function newPage(browser: Browser, options: PageOptions): Promise<Page> {
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    locale: options.locale ?? 'zh-CN',
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  return context.newPage();
}

/**
 * Saves a full-page PNG (or, with `fullPage: false`, what the viewport shows: a long document page
 * costs seconds as a whole) under .tmp/screenshots and returns its path.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
