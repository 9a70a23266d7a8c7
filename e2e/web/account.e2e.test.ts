import { ApiPath } from '@portal/contracts/api-paths';
import type { CustomerPersonInfo } from '@portal/contracts/customer-info';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { withPortal } from '../support/portal.ts';

/**
 * The user centre's account settings in the browser (issue 13): the demo user edits the company profile
 * and uploads a logo and an avatar (shown in the header); uploads the certification photos and submits; staff approve through the operations
 * API; the page shows the company verified. Dark theme, English.
 */

const OPERATOR_KEY = 'e2e-operator-key-for-account-settings';
const DEMO_CUSTOMER_CODE = 'C100023';
const USER_CENTRE = '/user/userCenterManagement/userCenter';
const LONG = { timeout: 30_000 };

const portal = withPortal({ operatorKey: OPERATOR_KEY });

/** A 1×1 PNG: a picture the server recognises by its bytes and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const file = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

describe('account settings', () => {
  test('edit the profile, upload certification photos, staff approve, the page shows verified', async () => {
    const page = await portal.openSignedIn({ language: 'en-US', dark: true });
    await page.goto(USER_CENTRE);

    // The company profile: contact and address saved, the phone only shown.
    const profile = page.locator('[data-testid=company-profile]');
    await profile.waitFor(LONG);
    await profile.locator('#companyProfile_contactName').fill('Wang Wu');
    await profile.locator('#companyProfile_companyAddress').fill('1 Example Road, Xiamen');
    await profile.locator('button[type=submit]').click();
    await page.locator('.ant-message', { hasText: 'Profile saved' }).waitFor(LONG);
    const saved = await portal.call<CustomerPersonInfo>(ApiPath.GetCustomerPersonInfo);
    expect(saved).toMatchObject({ contactName: 'Wang Wu', companyAddress: '1 Example Road, Xiamen' });

    // The levels with the customer's own marked, and a logo with its preview.
    await page.locator('[data-testid=customer-levels]').getByText('Your level').waitFor();
    await page.locator('[data-testid=picture-logo] input[type=file]').setInputFiles(file('logo.png'));
    await page.locator('[data-testid=picture-logo] img').waitFor(LONG);
    // The avatar shows in the user-centre card and in the header's user menu.
    await page.locator('[data-testid=picture-avatar] input[type=file]').setInputFiles(file('me.png'));
    await page.locator('[data-testid=picture-avatar] img').waitFor(LONG);
    await page.locator('[data-testid=user-menu] img').waitFor(LONG);
    expect(await seriousViolations(page), 'profile').toEqual([]);
    await screenshot(page, 'account-profile-en-dark');

    // Certification: three photos with previews, the company facts, submit.
    await page.getByRole('tab', { name: 'Certification' }).click();
    const certification = page.locator('[data-testid=certification]');
    await certification.waitFor(LONG);
    for (const kind of ['licence', 'idFront', 'idBack']) {
      await page
        .locator(`[data-testid=cert-photo-${kind}] input[type=file]`)
        .setInputFiles(file(`${kind}.png`));
      await page.locator(`[data-testid=cert-photo-${kind}] img`).waitFor(LONG);
    }
    await page.locator('#certification_companyName').fill('Xiamen Example Logistics Co., Ltd.');
    await page.locator('#certification_creditCode').fill('91350100M000100Y43');
    await page.locator('#certification_legalRepresentative').fill('Zhang San');
    await certification.locator('button[type=submit]').click();
    await certification
      .locator('[data-testid=certification-state]', { hasText: 'Under review' })
      .waitFor(LONG);

    // Staff approve through the operations API; the page shows the company verified.
    await portal.operate(`certifications/${DEMO_CUSTOMER_CODE}/approve`, {});
    await page.reload();
    await page
      .locator('[data-testid=certification] [data-testid=certification-state]', { hasText: 'Verified' })
      .waitFor(LONG);
    expect(await seriousViolations(page), 'certification').toEqual([]);
    await screenshot(page, 'account-certification-en-dark');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.locator('[data-testid=profile]').getByText('Xiamen Example Logistics Co., Ltd.').waitFor(LONG);
  });
});
