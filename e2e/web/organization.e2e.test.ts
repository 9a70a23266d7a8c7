import { ApiPath } from '@portal/contracts/api-paths';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { submitLogin } from '../support/demo.ts';
import { usOrder, withPortal } from '../support/portal.ts';
import { stored, waitForHome } from './shell.ts';

/**
 * Organisation and sub-users in the browser (issue 13): the main user creates a unit, a role that may
 * view and create its unit's orders, and a sub-user in that unit; the sub-user signs in, changes the initial
 * password, and sees only what the role grants — no finance or organisation menu, no order of the main
 * user's, its own order. Then the page in each language, dark, and at phone width, for screenshots.
 */

const portal = withPortal({ operatorKey: 'e2e-operator-key-for-organization' });
const PAGE = '/admin/systemUser/userCenter';
const SUB = { loginName: `clerk.${Date.now().toString(36)}`, password: 'Initial-pass-1' };
const OWN_PASSWORD = 'Clerk-own-pass-2';

const dialog = (page: Page) => page.locator('.ant-modal:visible');

describe('organization', () => {
  test('the main user creates a unit, a role and a sub-user, who sees only what the role grants', async () => {
    const mainOrder = `ORG-MAIN-${Date.now()}`;
    await portal.call(ApiPath.CreateOrder, { ...usOrder(mainOrder), submit: false });

    const page = await portal.openSignedIn();
    await waitForHome(page);
    expect(JSON.stringify(await stored(page, 'menu'))).toContain('"systemUserCenter"');
    await page.goto(PAGE);

    // A unit.
    await page.getByRole('button', { name: '新增部门' }).click();
    await page.locator('#orgUnitForm_name').fill('华南客服组');
    await page.locator('#orgUnitForm_name').press('Enter');
    await page.locator('[data-testid="org-unit-华南客服组"]').waitFor();

    // A role: view orders only, its unit's data.
    await page.getByRole('tab', { name: '角色' }).click();
    await page.getByRole('button', { name: '新增角色' }).click();
    expect(await dialog(page).getByRole('radio', { name: '本部门及下级部门' }).isChecked()).toBe(true);
    await page.locator('#orgRoleForm_name').fill('华南查单员');
    await dialog(page).getByRole('checkbox', { name: '查看订单' }).check();
    await dialog(page).getByRole('checkbox', { name: '创建订单' }).check();
    await dialog(page)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await page.locator('[data-testid=org-roles-table] tr', { hasText: '华南查单员' }).waitFor();

    // A sub-user in the unit, holding the role.
    await page.getByRole('tab', { name: '部门与用户' }).click();
    await page.locator('[data-testid="org-unit-华南客服组"]').click();
    await page.getByText('华南客服组 的用户').waitFor();
    await page.getByRole('button', { name: '新增子账号' }).click();
    await page.locator('#orgUserForm_loginName').fill(SUB.loginName);
    await page.locator('#orgUserForm_displayName').fill('李客服');
    // A multiple select (pickOption is for single ones): type, pick, close; the saved row shows the role.
    await page.locator('#orgUserForm_roleIds').fill('华南查单员');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="华南查单员"]').click();
    await page.keyboard.press('Escape');
    await page.locator('#orgUserForm_initialPassword').fill(SUB.password);
    await dialog(page)
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    const row = page.locator('[data-testid=org-users-table] tr', { hasText: SUB.loginName });
    await row.waitFor();
    expect(await row.innerText()).toContain('待修改初始密码');
    expect(await row.innerText()).toContain('华南查单员');
    await page.context().close();

    // The sub-user: the initial password must be changed first.
    const subPage = await portal.openPage();
    await submitLogin(subPage, SUB);
    const changeDialog = subPage.locator('.ant-modal:visible');
    await changeDialog.getByText('请设置新密码').waitFor();
    await changeDialog.locator('input').nth(0).fill(OWN_PASSWORD);
    await changeDialog.locator('input').nth(1).fill(OWN_PASSWORD);
    await changeDialog.getByRole('button', { name: /保存并进入/ }).click();
    await waitForHome(subPage);
    // The menu offers orders but neither finance nor the organisation, whose address answers 403.
    const menu = JSON.stringify(await stored(subPage, 'menu'));
    expect(menu).toContain('"order"');
    expect(menu).not.toContain('"topUpOnline"');
    expect(menu).not.toContain('"systemUserCenter"');
    await subPage.goto(PAGE);
    await subPage.waitForURL((url) => url.pathname === '/403');

    // Its unit's data only: the order it made shows, the main user's does not.
    const subOrder = `ORG-SUB-${Date.now()}`;
    const asSub = await apiAs(portal.server.baseUrl, { ...SUB, password: OWN_PASSWORD });
    await asSub(ApiPath.CreateOrder, { ...usOrder(subOrder), submit: false });
    await subPage.goto('/user/orders/order');
    await subPage.locator('[data-testid=order-table] tr', { hasText: subOrder }).waitFor();
    expect(await subPage.locator('[data-testid=order-table]').innerText()).not.toContain(mainOrder);
    expect(await subPage.locator('[data-testid=order-table] tr[data-row-key]').count()).toBe(1);
    await subPage.context().close();
  });

  test("a unit-scoped clerk with export rights sees only its unit's exports in file management", async () => {
    const unitOf = async (name: string) =>
      (await portal.call<{ id: string }>(ApiPath.InsertOrganization, { parentId: null, name })).id;
    const [north, south] = [await unitOf(`北区-${Date.now()}`), await unitOf(`南区-${Date.now()}`)];
    const role = await portal.call<{ id: string }>(ApiPath.InsertRole, {
      name: `导出员-${Date.now()}`,
      operationList: ['order:view', 'order:create', 'order:export', 'file:manage'],
      dataScope: 'unit',
    });
    /** A clerk in `orgUnitId` past its initial password, with one order and one orders export of its own. */
    const clerk = async (orgUnitId: string, tag: string) => {
      const user = { loginName: `exp.${tag}.${Date.now().toString(36)}`, password: 'Initial-pass-1' };
      await portal.call(ApiPath.InsertSubUser, {
        loginName: user.loginName,
        displayName: tag,
        orgUnitId,
        roleIds: [role.id],
        initialPassword: user.password,
      });
      await (
        await apiAs(portal.server.baseUrl, user)
      )(ApiPath.ChangeInitPassword, { newPassword: OWN_PASSWORD });
      const signedIn = { ...user, password: OWN_PASSWORD };
      const as = await apiAs(portal.server.baseUrl, signedIn);
      await as(ApiPath.CreateOrder, { ...usOrder(`EXP-${tag}-${Date.now()}`), submit: false });
      await as(ApiPath.CreateExportTask, { kind: 'orders', format: 'xlsx' });
      return signedIn;
    };
    const northClerk = await clerk(north, 'north');
    await clerk(south, 'south');
    await portal.call(ApiPath.CreateExportTask, { kind: 'orders', format: 'xlsx' });

    const page = await portal.openPage();
    await submitLogin(page, northClerk);
    await waitForHome(page);
    await page.goto('/user/userCenterManagement/fileManagement');
    const rows = page.locator('[data-testid=export-task-table] tbody tr[data-row-key]');
    await rows
      .first()
      .locator('[data-testid=export-task-status][data-status=succeeded]')
      .waitFor({ timeout: 60_000 });
    // Its own export only: neither the other unit's nor the main user's, though all three finished.
    expect(await rows.count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows.first().locator('[data-testid=export-task-download]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.context().close();
    // The main user sees every export of the company (at least the three made here).
    const all = await portal.call<{ total: number }>(ApiPath.QueryExportTask, {});
    expect(all.total).toBeGreaterThanOrEqual(3);
  });

  test('screenshots and axe: the page in en-US dark (with the role editor), zh-TW, and zh-CN at phone width', async () => {
    const shots: [string, { language: string; dark?: boolean; width?: number }][] = [
      ['organization-dark-en', { language: 'en-US', dark: true }],
      ['organization-zh-tw', { language: 'zh-TW' }],
      ['organization-mobile-zh-cn', { language: 'zh-CN', width: 375 }],
    ];
    for (const [name, options] of shots) {
      const page = await portal.openSignedIn(options);
      await page.goto(PAGE);
      await page.locator('[data-testid=org-users-table] tr[data-row-key]').first().waitFor();
      // The loading veil's fade-out over: the picture shows the table as it stays.
      await page.waitForFunction(
        () =>
          getComputedStyle(
            document.querySelector('.ant-spin-container:has(> [data-testid=org-users-table])')!,
          ).opacity === '1',
      );
      await screenshot(page, name);
      expect(await seriousViolations(page), name).toEqual([]);
      if (options.dark) {
        await page.goto(`${PAGE}?tab=roles`);
        await page.locator('[data-testid=org-roles-table] tr[data-row-key]').first().waitFor();
        await screenshot(page, 'organization-roles-dark-en');
        await page.getByRole('button', { name: 'Add role' }).click();
        await page.locator('.ant-modal:visible #orgRoleForm_name').waitFor();
        // The modal's opening animation over: the picture shows it whole.
        await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
        await screenshot(page, 'organization-role-editor-dark-en');
        expect(await seriousViolations(page), 'role editor').toEqual([]);
      }
      await page.context().close();
    }
  });
});
