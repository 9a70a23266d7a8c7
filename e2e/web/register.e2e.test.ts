import { describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { signIn } from '../support/demo.ts';
import { pickOption } from '../support/select.ts';
import { withPortal } from '../support/portal.ts';

/**
 * Registration through the sandbox SMS outbox, then signing in as the new main user; and a prospect
 * filling in company details from a link staff made through the operations API.
 */

const OPERATOR_KEY = 'e2e-operator-key-for-registration';
const portal = withPortal({ operatorKey: OPERATOR_KEY });
const LONG = { timeout: 30_000 };

async function lastCode(phone: string): Promise<string> {
  const response = await fetch(`${portal.server.baseUrl}/ops/v1/sms/outbox?phone=${phone}`, {
    headers: { 'x-operator-key': OPERATOR_KEY },
  });
  const envelope = (await response.json()) as { data: { params: { code: string } }[] };
  return envelope.data[0]!.params.code;
}

describe('registration', () => {
  test('registers a company with the SMS code and the agreement, then signs in', async () => {
    const page = await portal.openPage({ language: 'en-US', dark: true });
    await page.goto('/login');
    await page.getByTestId('register-link').click();
    await page.waitForURL('**/register');
    const phone = `136${String(Date.now()).slice(-8)}`;
    await page.locator('#registerPhone_userPhone').fill(phone);
    await page.getByRole('button', { name: /send|code/i }).click();
    await expect.poll(() => lastCode(phone).catch(() => ''), LONG).toMatch(/^\d{6}$/);
    await page.locator('#registerPhone_code').fill(await lastCode(phone));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('#registerAccount_companyName').fill('E2E Trading Ltd');
    await page.locator('#registerAccount_contactName').fill('Jing Chen');
    const loginName = `e2e${Date.now().toString(36)}`;
    await page.locator('#registerAccount_loginName').fill(loginName);
    await page.locator('#registerAccount_email').fill('owner@example.com');
    await page.locator('#registerAccount_password').fill('Register2026');
    await page.locator('#registerAccount_confirmPassword').fill('Register2026');
    await page.getByTestId('open-agreement').click();
    await expect.poll(() => page.getByTestId('agreement-text').textContent(), LONG).toContain('Parties');
    await screenshot(page, 'register-agreement-en-dark');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.getByRole('checkbox').isChecked(), LONG).toBe(true);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Registered', { exact: true }).waitFor(LONG);
    await screenshot(page, 'register-done-en-dark');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, { loginName, password: 'Register2026' });
    expect(new URL(page.url()).pathname.startsWith('/user')).toBe(true);
    // Registered companies are pending certification, their documents still to come.
    await page.goto('/user/userCenterManagement/userCenter');
    await page.getByRole('tab', { name: 'Certification' }).click();
    await page
      .locator('[data-testid=certification] [data-testid=certification-state]', {
        hasText: 'Pending certification',
      })
      .waitFor(LONG);
    await page.close();
  });

  test('a prospect fills in company details from a link once; the link then shows it was used', async () => {
    const link = await portal.operate<{ url: string; token: string }>('prospect-links', { invitee: 'Acme' });
    const page = await portal.openPage({ language: 'en-US' });
    const path = new URL(link.url).pathname + new URL(link.url).search;
    await page.goto(path);
    await page.locator('#prospect_companyName').fill('Acme Cross-border Ltd');
    await page.locator('#prospect_uscc').fill('91350100M000100Y43');
    await page.locator('#prospect_address').fill('1 Example Road, Xiamen');
    await page.locator('#prospect_contactName').fill('Mr Lin');
    await page.locator('#prospect_contactPhone').fill('13912345678');
    await pickOption(page, '#prospect_monthlyParcels', '5,000–20,000');
    // A multiple select: type, pick with Enter, and see the chosen tag.
    await page.locator('#prospect_destinations').fill('United States');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="United States (US)"]')
      .waitFor(LONG);
    await page.keyboard.press('Enter');
    await page
      .locator('.ant-select:has(#prospect_destinations)')
      .getByText('United States (US)')
      .waitFor(LONG);
    await page.keyboard.press('Escape');
    await screenshot(page, 'prospect-form-en');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Details submitted').waitFor(LONG);
    await page.goto(path);
    await page.getByTestId('prospect-state-submitted').waitFor(LONG);
    await page.goto(`${path.slice(0, -2)}xx`);
    await page.getByTestId('prospect-state-invalid').waitFor(LONG);
    await page.close();
  });
});
