import type { Envelope } from '@portal/contracts/envelope';
import type { SmsOutboxEntry } from '@portal/contracts/verification-code';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { signIn, VIEWER } from '../support/demo.ts';
import { withPortal } from '../support/portal.ts';

/**
 * Codes by SMS in the browser: SMS sign-in and forgot password, reading each code from the sandbox SMS
 * provider's outbox through the operations API (as an operator or a newcomer trying the demo would).
 */
const OPERATOR_KEY = 'e2e-sms-operator-key-0123456789';
const portal = withPortal({ operatorKey: OPERATOR_KEY });

/** The seeded phones of the demo user and the viewer (db/seed.ts). */
const DEMO_PHONE = '13800138000';
const VIEWER_PHONE = '13900139000';

async function latestCode(phone: string): Promise<string> {
  const response = await fetch(`${portal.server.baseUrl}/ops/v1/sms/outbox?phone=${phone}&limit=1`, {
    headers: { 'x-operator-key': OPERATOR_KEY },
  });
  const envelope = (await response.json()) as Envelope<SmsOutboxEntry[]>;
  const code = envelope.data[0]?.params.code;
  if (!code) throw new Error(`no SMS in the outbox for ${phone}`);
  return code;
}

/** Clicks "send code" and waits for the countdown, which starts once the server answered. */
async function sendCode(page: Page) {
  const button = page.locator('[data-testid=send-code]');
  await button.click();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid=send-code]') as HTMLButtonElement | null)?.disabled === true,
  );
}

describe('codes by SMS', () => {
  test('signs in with a code sent by SMS', async () => {
    const page = await portal.openPage({ dark: true });
    await page.goto('/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.locator('#sms_userPhone').fill(DEMO_PHONE);
    await sendCode(page);
    expect(await page.locator('[data-testid=send-code]').innerText()).toMatch(/\d+ 秒后重新获取/);
    await page.locator('#sms_code').fill(await latestCode(DEMO_PHONE));
    await screenshot(page, 'sms-login-dark');
    await page.locator('#smsLogin button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The security panel offers to change the phone: the code goes to the NEW number.
    await page.goto('/user/userCenterManagement/userCenter?tab=security');
    await page.locator('[data-testid=change-phone]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('#changePhone_userPhone').fill(VIEWER_PHONE);
    await modal.locator('[data-testid=send-code]').click();
    // The viewer has that number: refused on the field, nothing sent.
    await modal.getByText('该手机号已被其他账号使用').waitFor();
    await screenshot(page, 'sms-change-phone-dark');
    await page.context().close();
  });

  test('resets a forgotten password, then signs in with the new one', async () => {
    // At phone width: the steps, the code row and the buttons fit a 375 px screen.
    const page = await portal.openPage({ language: 'en-US', width: 375 });
    await page.goto('/login');
    await page.locator('[data-testid=forgot-password-link]').click();
    await page.locator('#forgotPhone_userPhone').fill(VIEWER_PHONE);
    await sendCode(page);
    await page.locator('#forgotPhone_code').fill(await latestCode(VIEWER_PHONE));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('#forgotPassword_newPassword').fill('Brand-new-pass-7');
    await page.locator('#forgotPassword_confirmPassword').fill('Brand-new-pass-7');
    await screenshot(page, 'sms-forgot-password-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.locator('[data-testid=login-notice]').waitFor();
    expect(await page.locator('[data-testid=login-notice]').innerText()).toBe(
      'Your password has been reset; sign in with the new password',
    );
    await signIn(page, { loginName: VIEWER.loginName, password: 'Brand-new-pass-7' });
    await page.context().close();
  });
});
