import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import type { HomeSummary, OrderQueryResult } from '@portal/contracts/order-list';
import type { OrgRole, OrgUnit, OrgUnitNode, SubUser } from '@portal/contracts/organization';
import type { Page } from '@portal/contracts/pagination';
import { Permission } from '@portal/contracts/permissions';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelExportSource } from '../../src/modules/label/label-export-source.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { orderApi, orderBody } from '../support/order-api.ts';
import { importApi, orderSheet, validRow } from '../support/order-sheets.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The organisation calls of one signed-in user, in one language. */
function orgApi(token: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  const post = <T>(url: string, body: unknown) =>
    call<T>(t.app, { method: 'POST', url, token, body, headers });
  return {
    tree: () => call<OrgUnitNode[]>(t.app, { url: ApiPath.QueryOrganization, token, headers }),
    unit: (id: string) =>
      call<OrgUnit>(t.app, { url: ApiPath.GetOrganizationById, token, query: { id }, headers }),
    addUnit: (body: unknown) => post<OrgUnit>(ApiPath.InsertOrganization, body),
    updateUnit: (body: unknown) => post<OrgUnit>(ApiPath.UpdateOrganization, body),
    unitStatus: (id: string, status: string) =>
      post<OrgUnit>(ApiPath.UpdateOrganizationStatus, { id, status }),
    users: (query: Record<string, string> = {}) =>
      call<Page<SubUser>>(t.app, { url: ApiPath.QuerySubUsers, token, query, headers }),
    addUser: (body: unknown) => post<SubUser>(ApiPath.InsertSubUser, body),
    updateUser: (body: unknown) => post<SubUser>(ApiPath.UpdateSubUser, body),
    userStatus: (id: string, status: string) => post<SubUser>(ApiPath.UpdateSubUserStatus, { id, status }),
    resetPassword: (id: string, initialPassword: string) =>
      post<null>(ApiPath.ResetSubUserPassword, { id, initialPassword }),
    roles: () => call<OrgRole[]>(t.app, { url: ApiPath.QueryRoles, token, headers }),
    addRole: (body: unknown) => post<OrgRole>(ApiPath.InsertRole, body),
    updateRole: (body: unknown) => post<OrgRole>(ApiPath.UpdateRole, body),
    deleteRole: (id: string) => post<null>(ApiPath.DeleteRole, { id }),
  };
}

async function mainOfNewCustomer() {
  const { customerId, main } = await createCustomer(t.app.db);
  const { jwtToken } = await signIn(t.app, main);
  return { customerId, main, token: jwtToken, api: orgApi(jwtToken) };
}

let loginSeq = 0;
const loginName = () => `org_${ENGINE}_${Date.now().toString(36)}_${loginSeq++}`;
const INITIAL = 'Initial-pass-1';

/** A sub-user made through the API, signed in and past its initial password. */
async function subUser(api: ReturnType<typeof orgApi>, orgUnitId: string | null, roleIds: string[]) {
  const name = loginName();
  const created = await api.addUser({
    loginName: name,
    displayName: name,
    orgUnitId,
    roleIds,
    initialPassword: INITIAL,
  });
  expect(created.code, created.message).toBe(ApiCode.Ok);
  const pair = await signIn(t.app, { loginName: name, password: INITIAL });
  expect(pair.isInitPassword).toBe(true);
  const changed = await call(t.app, {
    method: 'POST',
    url: ApiPath.ChangeInitPassword,
    token: pair.jwtToken,
    body: { newPassword: 'Own-pass-2024' },
  });
  expect(changed.code).toBe(ApiCode.Ok);
  return { id: created.data.id, token: pair.jwtToken, loginName: name, password: 'Own-pass-2024' };
}

const countUnits = async (customerId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('org_units')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`organisation on ${ENGINE}`, () => {
  it('builds a tree, renames and moves units, and refuses cycles, duplicates and hostile bodies', async () => {
    const { customerId, api } = await mainOfNewCustomer();
    const sales = await api.addUnit({ parentId: null, name: '销售部' });
    expect(sales.code).toBe(ApiCode.Ok);
    const east = await api.addUnit({ parentId: sales.data.id, name: '华东组' });
    const ops = await api.addUnit({ parentId: null, name: '运营部', sortOrder: 5 });
    const tree = (await api.tree()).data;
    expect(tree.map((node) => node.name)).toEqual(['销售部', '运营部']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['华东组']);
    expect((await api.unit(east.data.id)).data).toMatchObject({ parentId: sales.data.id, status: 'enabled' });

    const moved = await api.updateUnit({ id: east.data.id, parentId: ops.data.id, name: '华东运营' });
    expect(moved.data).toMatchObject({ parentId: ops.data.id, name: '华东运营' });

    // A unit under its own sub-unit, or under itself: refused, nothing changed.
    const cycle = await api.updateUnit({ id: ops.data.id, parentId: east.data.id, name: '运营部' });
    expect([cycle.code, cycle.message]).toEqual([
      ApiCode.BadRequest,
      '不能把部门移到它自己或它的下级部门之下',
    ]);
    expect((await api.updateUnit({ id: ops.data.id, parentId: ops.data.id, name: '运营部' })).code).toBe(
      ApiCode.BadRequest,
    );
    expect((await api.unit(ops.data.id)).data.parentId).toBeNull();

    const sameName = await api.addUnit({ parentId: null, name: '销售部' });
    expect([sameName.code, sameName.message]).toEqual([ApiCode.BadRequest, '同级已有名为“销售部”的部门']);

    // Another customer's ids are not found (and not usable as a parent).
    const other = await mainOfNewCustomer();
    const foreign = await other.api.addUnit({ parentId: null, name: 'Other' });
    expect((await api.unit(foreign.data.id)).code).toBe(ApiCode.NotFound);
    expect((await api.updateUnit({ id: foreign.data.id, parentId: null, name: 'x' })).code).toBe(
      ApiCode.NotFound,
    );
    expect((await api.unitStatus(foreign.data.id, 'disabled')).code).toBe(ApiCode.NotFound);
    const foreignParent = await api.addUnit({ parentId: foreign.data.id, name: 'x' });
    expect([foreignParent.code, foreignParent.message]).toEqual([ApiCode.BadRequest, '上级部门不存在']);
    expect((await other.api.unit(foreign.data.id)).data.name).toBe('Other');

    // Hostile bodies: a clear localized answer and nothing written.
    const before = await countUnits(customerId);
    const { token } = await mainOfNewCustomer();
    const withControl = await orgApi(token, 'en-US').addUnit({ parentId: null, name: 'Sales\u0007' });
    expect(withControl.code).toBe(ApiCode.BadRequest);
    expect(withControl.message).toContain('control character');
    expect((await api.addUnit({ parentId: null, name: 'x'.repeat(51) })).code).toBe(ApiCode.BadRequest);
    expect((await api.addUnit({ parentId: null, name: '' })).code).toBe(ApiCode.BadRequest);
    expect((await api.addUnit({ parentId: null, name: 'x'.repeat(9000) })).httpStatus).toBe(413);
    expect((await api.unit('\u0000bad')).code).toBe(ApiCode.BadRequest);
    expect((await api.unit('no-such-unit')).code).toBe(ApiCode.NotFound);
    expect((await api.unitStatus(ops.data.id, 'archived')).code).toBe(ApiCode.BadRequest);
    const malformed = await t.app.inject({
      method: 'POST',
      url: ApiPath.InsertOrganization,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.json().code).toBe(ApiCode.BadRequest);
    expect(await countUnits(customerId)).toBe(before);
  });

  it("disabling a unit ends its users' sessions (sub-units too) and blocks sign-in until enabled", async () => {
    const { api } = await mainOfNewCustomer();
    const role = await api.addRole({
      name: '查单',
      operationList: [Permission.OrderView],
      dataScope: 'unit',
    });
    const parent = await api.addUnit({ parentId: null, name: '总部' });
    const child = await api.addUnit({ parentId: parent.data.id, name: '分部' });
    const user = await subUser(api, child.data.id, [role.data.id]);
    const info = (token: string) => call(t.app, { url: ApiPath.GetLoginUserInfo, token });
    expect((await info(user.token)).code).toBe(ApiCode.Ok);

    const disabled = await api.unitStatus(parent.data.id, 'disabled');
    expect([disabled.code, disabled.data.status]).toEqual([ApiCode.Ok, 'disabled']);
    expect((await api.unit(child.data.id)).data.status).toBe('disabled');
    expect((await info(user.token)).code).toBe(ApiCode.SessionInvalid);
    const again = await call(t.app, {
      method: 'POST',
      url: ApiPath.CustomerLogin,
      body: { userName: user.loginName, password: user.password },
    });
    expect(again.code).toBe(ApiCode.Forbidden);

    // The child cannot come back under a disabled parent; the parent brings both back.
    const early = await api.unitStatus(child.data.id, 'enabled');
    expect([early.code, early.message]).toEqual([ApiCode.Conflict, '上级部门已停用，请先启用上级部门']);
    expect((await api.unitStatus(parent.data.id, 'enabled')).data.status).toBe('enabled');
    expect((await api.unit(child.data.id)).data.status).toBe('enabled');
    expect((await signIn(t.app, user)).jwtToken).toBeTruthy();
  });

  it('never lets a sub-user grant what it does not hold, touch the main user or change its own access', async () => {
    const { main, api } = await mainOfNewCustomer();
    const unit = await api.addUnit({ parentId: null, name: 'Team' });
    const managerRole = await api.addRole({
      name: 'Manager',
      operationList: [Permission.OrgManage, Permission.OrderView, Permission.OrderView],
      dataScope: 'unit',
    });
    expect(managerRole.data.operationList).toEqual([Permission.OrgManage, Permission.OrderView]);
    const financeRole = await api.addRole({
      name: 'Finance',
      operationList: [Permission.FinanceView],
      dataScope: 'all',
    });
    const manager = await subUser(api, unit.data.id, [managerRole.data.id]);
    const sub = orgApi(manager.token, 'en-US');

    const grant = await sub.addRole({
      name: 'More',
      operationList: [Permission.FinanceTopUp],
      dataScope: 'unit',
    });
    expect([grant.code, grant.message]).toEqual([
      ApiCode.Forbidden,
      'You do not hold the permission "finance:topup", so you cannot grant it',
    ]);
    const widen = await sub.addRole({
      name: 'Wide',
      operationList: [Permission.OrderView],
      dataScope: 'all',
    });
    expect(widen.code).toBe(ApiCode.Forbidden);
    const editUp = await sub.updateRole({
      id: managerRole.data.id,
      name: 'Manager',
      operationList: [Permission.OrgManage, Permission.OrderView, Permission.OrderExport],
      dataScope: 'unit',
    });
    expect(editUp.code).toBe(ApiCode.Forbidden);
    const viaUser = await sub.addUser({
      loginName: loginName(),
      displayName: 'x',
      orgUnitId: unit.data.id,
      roleIds: [financeRole.data.id],
      initialPassword: INITIAL,
    });
    expect(viaUser.code).toBe(ApiCode.Forbidden);
    // What it holds it may grant.
    const fine = await sub.addRole({
      name: 'Viewer',
      operationList: [Permission.OrderView],
      dataScope: 'unit',
    });
    expect(fine.code).toBe(ApiCode.Ok);

    const mainId = (await api.users()).data.items.find((user) => user.userType === 'main')!.id;
    const touchMain = await sub.updateUser({ id: mainId, displayName: 'Hacked', roleIds: [] });
    expect([touchMain.code, touchMain.message]).toEqual([
      ApiCode.Forbidden,
      'The main user cannot be changed here',
    ]);
    expect((await sub.userStatus(mainId, 'disabled')).code).toBe(ApiCode.Forbidden);
    expect((await sub.resetPassword(mainId, 'Other-pass-9')).code).toBe(ApiCode.Forbidden);
    expect((await signIn(t.app, main)).jwtToken).toBeTruthy();

    const ownRoles = await sub.updateUser({
      id: manager.id,
      displayName: manager.loginName,
      orgUnitId: unit.data.id,
      roleIds: [managerRole.data.id, fine.data.id],
    });
    expect(ownRoles.code).toBe(ApiCode.Forbidden);
    const makeMain = await sub.updateUser({
      id: manager.id,
      displayName: 'Me',
      orgUnitId: unit.data.id,
      roleIds: [managerRole.data.id],
      userType: 'main',
    });
    expect(makeMain.code).toBe(ApiCode.Ok);
    expect(makeMain.data.userType).toBe('sub');
    expect((await sub.userStatus(manager.id, 'disabled')).code).toBe(ApiCode.Forbidden);

    // Roles: unknown permissions refused, a role in use kept, an unused one deleted, others' ids not found.
    expect((await api.addRole({ name: 'Bad', operationList: ['root:all'], dataScope: 'unit' })).code).toBe(
      ApiCode.BadRequest,
    );
    expect((await api.deleteRole(managerRole.data.id)).code).toBe(ApiCode.Conflict);
    expect((await api.deleteRole(fine.data.id)).code).toBe(ApiCode.Ok);
    const other = await mainOfNewCustomer();
    const foreignRole = await other.api.addRole({ name: 'X', operationList: [], dataScope: 'unit' });
    expect((await api.deleteRole(foreignRole.data.id)).code).toBe(ApiCode.NotFound);
    expect(
      (await api.updateRole({ id: foreignRole.data.id, name: 'Y', operationList: [], dataScope: 'unit' }))
        .code,
    ).toBe(ApiCode.NotFound);
    const foreignAssign = await api.addUser({
      loginName: loginName(),
      displayName: 'x',
      roleIds: [foreignRole.data.id],
      initialPassword: INITIAL,
    });
    expect([foreignAssign.code, foreignAssign.message]).toEqual([ApiCode.BadRequest, '角色不存在']);
    expect((await api.userStatus(other.main.userId, 'disabled')).code).toBe(ApiCode.NotFound);
    expect((await api.resetPassword(other.main.userId, 'Other-pass-9')).code).toBe(ApiCode.NotFound);

    // Without org:manage nothing answers.
    const { customerId: plainCustomer } = await createCustomer(t.app.db);
    const viewer = await createUser(t.app.db, plainCustomer, { permissions: [Permission.OrderView] });
    const viewerApi = orgApi((await signIn(t.app, viewer)).jwtToken);
    expect((await viewerApi.tree()).code).toBe(ApiCode.Forbidden);
    expect((await viewerApi.addUnit({ parentId: null, name: 'x' })).code).toBe(ApiCode.Forbidden);
    expect((await viewerApi.roles()).code).toBe(ApiCode.Forbidden);
  });

  it('creates sub-users who must change the initial password; disabling and resetting end sessions', async () => {
    const { api } = await mainOfNewCustomer();
    const role = await api.addRole({
      name: 'Viewer',
      operationList: [Permission.OrderView],
      dataScope: 'all',
    });
    const name = loginName();
    const created = await api.addUser({
      loginName: ` ${name.toUpperCase()} `,
      displayName: '张三',
      phone: '',
      email: '',
      orgUnitId: null,
      roleIds: [role.data.id],
      initialPassword: INITIAL,
    });
    expect(created.data).toMatchObject({
      loginName: name,
      isInitPassword: true,
      phone: null,
      userType: 'sub',
    });
    const taken = await api.addUser({
      loginName: name,
      displayName: 'x',
      roleIds: [],
      initialPassword: INITIAL,
    });
    expect([taken.code, taken.message]).toEqual([ApiCode.BadRequest, '该登录名已被使用']);
    expect(
      (await api.addUser({ loginName: 'a b', displayName: 'x', roleIds: [], initialPassword: INITIAL })).code,
    ).toBe(ApiCode.BadRequest);
    expect(
      (await api.addUser({ loginName: loginName(), displayName: 'x', roleIds: [], initialPassword: 'short' }))
        .code,
    ).toBe(ApiCode.BadRequest);

    const pair = await signIn(t.app, { loginName: name, password: INITIAL });
    expect(pair.isInitPassword).toBe(true);
    const list = (token: string) =>
      call<OrderQueryResult>(t.app, { method: 'POST', url: ApiPath.QueryOrders, token, body: {} });
    expect((await list(pair.jwtToken)).code).toBe(ApiCode.Forbidden);

    const disabled = await api.userStatus(created.data.id, 'disabled');
    expect(disabled.data.status).toBe('disabled');
    expect((await list(pair.jwtToken)).code).toBe(ApiCode.SessionInvalid);
    await api.userStatus(created.data.id, 'enabled');
    const second = await signIn(t.app, { loginName: name, password: INITIAL });
    expect((await api.resetPassword(created.data.id, 'Reset-pass-3')).code).toBe(ApiCode.Ok);
    expect((await list(second.jwtToken)).code).toBe(ApiCode.SessionInvalid);
    expect((await signIn(t.app, { loginName: name, password: 'Reset-pass-3' })).isInitPassword).toBe(true);
  });

  it('a unit-scoped role sees only its unit’s (and sub-units’) orders in the list, detail, cancel, labels, home counts and batch imports', async () => {
    const { customerId, api, token: mainToken } = await mainOfNewCustomer();
    const role = await api.addRole({
      name: 'Unit clerk',
      operationList: [Permission.OrderView, Permission.OrderCreate],
      dataScope: 'unit',
    });
    const unitA = await api.addUnit({ parentId: null, name: 'A' });
    const unitA1 = await api.addUnit({ parentId: unitA.data.id, name: 'A1' });
    const unitB = await api.addUnit({ parentId: null, name: 'B' });
    const a = await subUser(api, unitA.data.id, [role.data.id]);
    const a1 = await subUser(api, unitA1.data.id, [role.data.id]);
    const b = await subUser(api, unitB.data.id, [role.data.id]);
    const create = async (token: string) => {
      const answer = await orderApi(t.app, token).create(orderBody());
      expect(answer.code, answer.message).toBe(ApiCode.Ok);
      return answer.data.id;
    };
    const orderA = await create(a.token);
    const orderA1 = await create(a1.token);
    const orderB = await create(b.token);
    const orderMain = await create(mainToken);
    const stored = await t.app.db
      .selectFrom('orders')
      .select(['id', 'org_unit_id'])
      .where('customer_id', '=', customerId)
      .execute();
    expect(new Map(stored.map((row) => [row.id, row.org_unit_id])).get(orderB)).toBe(unitB.data.id);

    const ids = async (token: string, body: object = {}) => {
      const answer = await call<OrderQueryResult>(t.app, {
        method: 'POST',
        url: ApiPath.QueryOrders,
        token,
        body,
      });
      expect(answer.code).toBe(ApiCode.Ok);
      return { ids: answer.data.list.map((row) => row.id).sort(), all: answer.data.statusCounts.all };
    };
    expect(await ids(a.token)).toEqual({ ids: [orderA, orderA1].sort(), all: 2 });
    expect(await ids(a1.token)).toEqual({ ids: [orderA1], all: 1 });
    expect(await ids(b.token)).toEqual({ ids: [orderB], all: 1 });
    expect((await ids(mainToken)).all).toBe(4);
    expect((await ids(a.token, { status: 'draft' })).ids).toEqual([orderA, orderA1].sort());

    expect((await orderApi(t.app, a.token).get(orderB)).code).toBe(ApiCode.NotFound);
    expect((await orderApi(t.app, a.token).get(orderMain)).code).toBe(ApiCode.NotFound);
    expect((await orderApi(t.app, a.token).get(orderA1)).code).toBe(ApiCode.Ok);
    expect((await orderApi(t.app, b.token).cancel([orderA])).code).toBe(ApiCode.NotFound);
    expect((await orderApi(t.app, mainToken).get(orderB)).code).toBe(ApiCode.Ok);

    // Labels (PrintLabel and the labels export) and the home page's counts take the same scope.
    const now = new Date().toISOString();
    const printable = (id: string, waybillNo: string, status: 'submitted' | 'exception') =>
      t.app.db
        .updateTable('orders')
        .set({ waybill_no: waybillNo, status, submitted_at: now })
        .where('id', '=', id)
        .execute();
    await printable(orderA, `WA${Date.now()}`, 'submitted');
    await printable(orderB, `WB${Date.now()}`, 'exception');
    const print = (token: string, orderIds: string[]) =>
      t.app.inject({
        method: 'POST',
        url: ApiPath.PrintLabel,
        headers: { authorization: `Bearer ${token}` },
        payload: { ids: orderIds },
      });
    expect((await print(a.token, [orderA])).headers['content-type']).toContain('application/pdf');
    const refused = await print(a.token, [orderA, orderB]);
    expect(refused.json()).toMatchObject({ code: ApiCode.NotFound, data: { ids: [orderB] } });
    expect((await print(mainToken, [orderB])).headers['content-type']).toContain('application/pdf');
    const exportedLabels = async (userId: string) => {
      const sink = new PassThrough();
      sink.resume();
      const request = {
        customerId,
        userId,
        language: 'en-US' as const,
        ids: null,
        filter: null,
        labelSize: null,
      };
      return labelExportSource.write(t.app.db, request, sink, () => {});
    };
    expect(await exportedLabels(b.id)).toBe(1);
    expect(await exportedLabels(a1.id)).toBe(0);
    const home = async (token: string) => {
      const answer = await call<HomeSummary>(t.app, {
        url: ApiPath.QueryHomeSummary,
        token,
        query: { utcOffsetMinutes: '0' },
      });
      expect(answer.code, answer.message).toBe(ApiCode.Ok);
      return answer.data;
    };
    expect(await home(a.token)).toMatchObject({
      statusCounts: { all: 2, submitted: 1, exception: 0 },
      today: { orders: 1 },
      recentExceptions: [],
    });
    const homeOfB = await home(b.token);
    expect(homeOfB).toMatchObject({ statusCounts: { all: 1, exception: 1 }, today: { orders: 1 } });
    expect(homeOfB.recentExceptions.map((row) => row.id)).toEqual([orderB]);
    expect((await home(mainToken)).statusCounts.all).toBe(4);

    // A batch import's sheet is scoped like its orders: B's upload is not A's to read, change or discard.
    const uploadOfB = await importApi(t.app, b.token).preview(await orderSheet([validRow(1)]));
    expect(uploadOfB.code, uploadOfB.message).toBe(ApiCode.Ok);
    const importOfB = uploadOfB.data.id;
    expect((await importApi(t.app, a.token).get(importOfB)).code).toBe(ApiCode.NotFound);
    expect((await importApi(t.app, a.token).rows(importOfB)).code).toBe(ApiCode.NotFound);
    expect((await importApi(t.app, a.token).discard(importOfB)).code).toBe(ApiCode.NotFound);
    expect((await importApi(t.app, b.token).get(importOfB)).code).toBe(ApiCode.Ok);
    expect((await importApi(t.app, mainToken).get(importOfB)).code).toBe(ApiCode.Ok);

    // Widening the role to "all" shows everything at once.
    await api.updateRole({
      id: role.data.id,
      name: 'Unit clerk',
      operationList: [Permission.OrderView, Permission.OrderCreate],
      dataScope: 'all',
    });
    expect((await ids(b.token)).all).toBe(4);
    expect((await importApi(t.app, a.token).get(importOfB)).code).toBe(ApiCode.Ok);
  });
});
