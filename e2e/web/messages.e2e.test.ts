import { ApiPath } from '@portal/contracts/api-paths';
import type { NewNotification } from '@portal/contracts/notification';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { withPortal } from '../support/portal.ts';
import { waitForHome } from './shell.ts';

/**
 * Messages in the browser: an export finishes on the server (the task runner) → the header's badge
 * counts it → the message list shows it → marking it read clears the badge. Then the pages of this part
 * (message list, system information, low-balance warnings) in the dark theme, for screenshots.
 */

const portal = withPortal({ operatorKey: 'e2e-operator-key-for-messages' });
const LONG = { timeout: 30_000 };

const bellLabel = (page: Page) => page.locator('[data-testid=notification-bell]').getAttribute('aria-label');

/** Asks the API until the demo user has `count` unread notifications (the runner finishes the export). */
async function untilUnread(count: number): Promise<NewNotification> {
  for (;;) {
    const newest = await portal.call<NewNotification>(ApiPath.QueryNewNotification);
    if (newest.unreadCount >= count) return newest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('messages', () => {
  test('an export finishing is counted by the badge, listed, and marked read', async () => {
    // Start from nothing unread (the demo's seeded bills and orders have notified already).
    await portal.call(ApiPath.MarkAllNotificationsRead, {});
    const page = await portal.openSignedIn();
    await waitForHome(page);
    expect(await bellLabel(page)).toBe('消息通知，0 条未读');

    await portal.call(ApiPath.CreateExportTask, { kind: 'orders', format: 'xlsx' });
    const newest = await untilUnread(1);
    expect(newest.items[0]).toMatchObject({ kind: 'export_finished', title: '导出完成' });

    // The next poll (here: the page opened again) shows the count in the header.
    await page.reload();
    await waitForHome(page);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        '消息通知，1 条未读',
      undefined,
      LONG,
    );
    await page.locator('[data-testid=notification-bell]').click();
    await page.locator('[data-testid=notification-bell-item]', { hasText: '导出完成' }).waitFor();
    await page.locator('[data-testid=notification-popover] button', { hasText: '查看全部' }).click();

    await page.waitForURL('**/userCenterManagement/messageList');
    await page.locator('[data-testid=message-read-filter]').getByText('未读').click();
    const item = page.locator('[data-testid=message-item]', { hasText: '导出完成' });
    await item.waitFor();
    // The unread view replaces the whole list: wait for it rather than read the count mid-render.
    await expect.poll(() => page.locator('[data-testid=message-item]').count()).toBe(1);
    expect(await item.getAttribute('data-read')).toBe('false');
    await item.locator('[data-testid=message-mark-read]').click();
    // Read now: it leaves the unread view, and the badge agrees.
    await page.locator('[data-testid=message-item]').first().waitFor({ state: 'detached' });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        '消息通知，0 条未读',
    );
    await page.locator('[data-testid=message-read-filter]').getByText('已读').click();
    expect(
      await page
        .locator('[data-testid=message-item]', { hasText: '导出完成' })
        .first()
        .getAttribute('data-read'),
    ).toBe('true');
    await page.context().close();
  });

  test('screenshots: home, message list, system information and low-balance warnings in the dark theme', async () => {
    const page = await portal.openSignedIn({ dark: true, language: 'en-US' });
    await waitForHome(page);
    await page.locator('[data-testid=home-notifications-card]').waitFor();
    await screenshot(page, 'home-notifications-dark-en');
    await page.goto('/userCenterManagement/messageList');
    await page.locator('[data-testid=message-item]').first().waitFor();
    await screenshot(page, 'messages-list-dark-en');
    await page.locator('[data-testid=notification-bell]').click();
    await page.locator('[data-testid=notification-popover]').waitFor();
    await screenshot(page, 'messages-popover-dark-en');
    await page.keyboard.press('Escape');

    await page.goto('/user/userCenterManagement/systemInfo');
    await page.locator('[data-testid=system-info-time]').waitFor();
    expect(await page.locator('[data-testid=system-info]').innerText()).toContain('SQLite');
    await screenshot(page, 'system-info-dark-en');

    await page.goto('/user/userCenterManagement/userCenter?tab=balanceWarning');
    await page.locator('[data-testid=balance-warning-panel]').waitFor();
    await page.locator('[data-testid=threshold-amount]').fill('500');
    await page.locator('[data-testid=threshold-save]').click();
    await page.locator('[data-testid=balance-warning-panel] tbody tr', { hasText: '¥500.00' }).waitFor();
    await screenshot(page, 'balance-warning-dark-en');
    await page.context().close();
  });
});
