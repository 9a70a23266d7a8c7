import type { Page } from 'playwright-core';

/** Helpers for driving the portal shell in the web end-to-end specs. */

export const HOME = '/user/index';
export const USER_CENTER = '/user/userCenterManagement/userCenter';

/** Waits until the signed-in home page shows who is signed in. */
export async function waitForHome(page: Page): Promise<void> {
  await page.locator('[data-testid=home-greeting]').waitFor();
}

export async function openSettings(page: Page): Promise<void> {
  await page.locator('[data-testid=open-settings]').click();
  await page.locator('.ant-drawer-open [data-testid=layout-top]').waitFor();
}

export async function closeDrawer(page: Page): Promise<void> {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
}

/** The layout the shell renders: top, side, mix or mobile. */
export function shellLayout(page: Page): Promise<string | null> {
  return page.locator('.shell').first().getAttribute('data-layout');
}

/** What the page stored under a portal storage key (parsed). */
export function stored<T>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(`portal.${k}`);
    return raw === null ? null : (JSON.parse(raw) as T);
  }, key) as Promise<T | null>;
}

/** The text of the single antd message on screen. */
export async function messageText(page: Page): Promise<string> {
  const notice = page.locator('.ant-message-notice').last();
  await notice.waitFor();
  return (await notice.innerText()).trim();
}
