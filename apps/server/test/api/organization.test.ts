import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import type { HomeSummary, OrderQueryResult } from '@portal/contracts/order-list';
import type { OrgRole, OrgUnit, OrgUnitNode, SubUser } from '@portal/contracts/organization';
import type { Page } from '@portal/contracts/pagination';
import { Permission } from '@portal/contracts/permissions';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelExportSource } from '../../src/modules/label/label-export-source.ts';
import { dataScopeOf } from '../../src/modules/organization/data-scope.ts';
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
        // As the export task works it out when it runs.
        dataScope: await dataScopeOf(t.app.db, { customerId, userId }),
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

/**
 * A company for the no-climb rule: units X (with X1) and Y; M manages X (org:manage, order view/create,
 * unit scope); F is finance with the whole company's scope in Y; in X1 sit C (a clerk M may manage), FX
 * (finance, whole company), W (a clerk seeing the whole company) and P (a clerk who may export, which M
 * may not); S is a clerk in Y.
 */
async function climbingTeam() {
  const owner = await mainOfNewCustomer();
  const { api } = owner;
  const unit = async (parentId: string | null, name: string) => {
    const answer = await api.addUnit({ parentId, name });
    expect(answer.code, answer.message).toBe(ApiCode.Ok);
    return answer.data.id;
  };
  const role = async (name: string, operationList: string[], dataScope: 'all' | 'unit') => {
    const answer = await api.addRole({ name, operationList, dataScope });
    expect(answer.code, answer.message).toBe(ApiCode.Ok);
    return answer.data.id;
  };
  const X = await unit(null, 'X');
  const X1 = await unit(X, 'X1');
  const Y = await unit(null, 'Y');
  const roles = {
    manager: await role(
      'Unit manager',
      [Permission.OrgManage, Permission.OrderView, Permission.OrderCreate],
      'unit',
    ),
    finance: await role(
      'Finance',
      [Permission.FinanceView, Permission.FinanceTopUp, Permission.FinanceBill, Permission.OrderView],
      'all',
    ),
    clerk: await role('Clerk', [Permission.OrderView], 'unit'),
    wideClerk: await role('Wide clerk', [Permission.OrderView], 'all'),
    exporter: await role('Exporter', [Permission.OrderView, Permission.OrderExport], 'unit'),
  };
  /** A user created only (never signed in). */
  const plain = async (orgUnitId: string, roleIds: string[]) => {
    const name = loginName();
    const created = await api.addUser({
      loginName: name,
      displayName: name,
      orgUnitId,
      roleIds,
      initialPassword: INITIAL,
    });
    expect(created.code, created.message).toBe(ApiCode.Ok);
    return { id: created.data.id, loginName: name };
  };
  const m = await subUser(api, X, [roles.manager]);
  const f = await subUser(api, Y, [roles.finance]);
  const s = await subUser(api, Y, [roles.clerk]);
  const c = await plain(X1, [roles.clerk]);
  const fx = await plain(X1, [roles.finance]);
  const w = await plain(X1, [roles.wideClerk]);
  const p = await plain(X1, [roles.exporter]);
  return { ...owner, units: { X, X1, Y }, roles, m, f, s, c, fx, w, p, asM: orgApi(m.token, 'en-US') };
}

/** What organisation management could change on a user, as stored. */
const userRow = (id: string) =>
  t.app.db
    .selectFrom('users')
    .select(['password_hash', 'phone', 'email', 'display_name', 'status', 'org_unit_id', 'is_init_password'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const roleIdsOf = async (userId: string) =>
  (await t.app.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute())
    .map((row) => row.role_id)
    .sort();
const unitRow = (id: string) =>
  t.app.db
    .selectFrom('org_units')
    .select(['name', 'parent_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const roleRow = (id: string) =>
  t.app.db
    .selectFrom('roles')
    .select(['name', 'operation_list', 'data_scope'])
    .where('id', '=', id)
    .executeTakeFirst();
const stillSignedIn = async (token: string) =>
  (await call(t.app, { url: ApiPath.GetLoginUserInfo, token })).code === ApiCode.Ok;

const OUTSIDE = 'This user is outside the units you manage, so you cannot manage them';
const OUTRANKS = 'This user holds permissions or a data scope beyond yours, so you cannot manage them';
const UNIT_OUTSIDE = 'This unit is outside the units you manage';
const PLACE_OUTSIDE = 'You can only place it inside the units you manage';

describe(`no climbing in organisation management on ${ENGINE}`, () => {
  it('a unit manager cannot take over a finance user: reset password and phone change refused, nothing written', async () => {
    const team = await climbingTeam();
    const { asM, f, fx, w, p } = team;
    const before = await userRow(f.id);

    const reset = await asM.resetPassword(f.id, 'Taken-over-1');
    expect([reset.code, reset.message]).toEqual([ApiCode.Forbidden, OUTSIDE]);
    const phone = await asM.updateUser({
      id: f.id,
      displayName: f.loginName,
      phone: '13912345678',
      email: 'attacker@example.com',
      orgUnitId: team.units.Y,
      roleIds: [team.roles.finance],
    });
    expect([phone.code, phone.message]).toEqual([ApiCode.Forbidden, OUTSIDE]);
    const disable = await asM.userStatus(f.id, 'disabled');
    expect(disable.code).toBe(ApiCode.Forbidden);
    expect(await userRow(f.id)).toEqual(before);

    // F still signs in with its own password and its session lives; the password M chose opens nothing.
    expect(await stillSignedIn(f.token)).toBe(true);
    expect((await signIn(t.app, { loginName: f.loginName, password: f.password })).jwtToken).toBeTruthy();
    const asAttacker = await call(t.app, {
      method: 'POST',
      url: ApiPath.CustomerLogin,
      body: { userName: f.loginName, password: 'Taken-over-1' },
    });
    expect(asAttacker.code).not.toBe(ApiCode.Ok);

    // Inside M's own units, a user holding more than M is just as out of reach: the finance user, a clerk
    // seeing the whole company, a clerk who may export. In the three languages.
    for (const victim of [fx, w, p]) {
      const row = await userRow(victim.id);
      const answers = [
        await asM.resetPassword(victim.id, 'Taken-over-1'),
        await asM.updateUser({
          id: victim.id,
          displayName: 'x',
          phone: '13912345679',
          orgUnitId: team.units.X1,
          roleIds: [],
        }),
        await asM.userStatus(victim.id, 'disabled'),
      ];
      for (const answer of answers)
        expect([answer.code, answer.message]).toEqual([ApiCode.Forbidden, OUTRANKS]);
      expect(await userRow(victim.id)).toEqual(row);
    }
    expect((await orgApi(team.m.token, 'zh-CN').resetPassword(fx.id, 'Taken-over-1')).message).toBe(
      '该用户的权限或数据范围超出您自己的，您不能管理',
    );
    expect((await orgApi(team.m.token, 'zh-TW').resetPassword(f.id, 'Taken-over-1')).message).toBe(
      '該使用者不在您管理的部門內，您不能管理',
    );
  });

  it('a unit manager cannot disable, move or edit users of a sibling unit, nor place anyone outside its units', async () => {
    const team = await climbingTeam();
    const { asM, s, c, m, units, roles } = team;
    const sBefore = await userRow(s.id);
    for (const answer of [
      await asM.userStatus(s.id, 'disabled'),
      await asM.resetPassword(s.id, 'Taken-over-1'),
      await asM.updateUser({ id: s.id, displayName: 'Renamed', orgUnitId: units.Y, roleIds: [roles.clerk] }),
      await asM.updateUser({
        id: s.id,
        displayName: s.loginName,
        orgUnitId: units.X,
        roleIds: [roles.clerk],
      }),
    ])
      expect([answer.code, answer.message]).toEqual([ApiCode.Forbidden, OUTSIDE]);
    expect(await userRow(s.id)).toEqual(sBefore);
    expect(await stillSignedIn(s.token)).toBe(true);

    // C is M's to manage, but not to move out of M's units.
    const cBefore = await userRow(c.id);
    for (const orgUnitId of [units.Y, null]) {
      const moved = await asM.updateUser({
        id: c.id,
        displayName: c.loginName,
        orgUnitId,
        roleIds: [roles.clerk],
      });
      expect([moved.code, moved.message]).toEqual([ApiCode.Forbidden, PLACE_OUTSIDE]);
      expect(moved.data).toEqual({ errors: [{ field: 'orgUnitId', message: PLACE_OUTSIDE }] });
    }
    // Nor to give C more than M holds.
    const finance = await asM.updateUser({
      id: c.id,
      displayName: c.loginName,
      orgUnitId: units.X1,
      roleIds: [roles.finance],
    });
    expect([finance.code, finance.message]).toEqual([
      ApiCode.Forbidden,
      'You do not hold the permission "finance:view", so you cannot grant it',
    ]);
    const wide = await asM.updateUser({
      id: c.id,
      displayName: c.loginName,
      orgUnitId: units.X1,
      roleIds: [roles.wideClerk],
    });
    expect(wide.code).toBe(ApiCode.Forbidden);
    expect(await userRow(c.id)).toEqual(cBefore);
    expect(await roleIdsOf(c.id)).toEqual([roles.clerk]);

    // New users only inside M's units.
    for (const orgUnitId of [units.Y, null]) {
      const name = loginName();
      const added = await asM.addUser({
        loginName: name,
        displayName: 'x',
        orgUnitId,
        roleIds: [roles.clerk],
        initialPassword: INITIAL,
      });
      expect([added.code, added.message]).toEqual([ApiCode.Forbidden, PLACE_OUTSIDE]);
      expect(
        await t.app.db.selectFrom('users').select('id').where('login_name', '=', name).executeTakeFirst(),
      ).toBeUndefined();
    }

    // M cannot climb through itself either: its own unit and roles are not its to change; its name is.
    const mBefore = await userRow(m.id);
    const ownUnit = await asM.updateUser({
      id: m.id,
      displayName: m.loginName,
      orgUnitId: units.X1,
      roleIds: [roles.manager],
    });
    const ownRoles = await asM.updateUser({
      id: m.id,
      displayName: m.loginName,
      orgUnitId: units.X,
      roleIds: [roles.manager, roles.clerk],
    });
    for (const answer of [ownUnit, ownRoles])
      expect([answer.code, answer.message]).toEqual([
        ApiCode.Forbidden,
        'You cannot change your own roles, unit, status or password here',
      ]);
    expect(await userRow(m.id)).toEqual(mBefore);
    expect(await roleIdsOf(m.id)).toEqual([roles.manager]);
    const ownName = await asM.updateUser({
      id: m.id,
      displayName: 'Manager M',
      orgUnitId: units.X,
      roleIds: [roles.manager],
    });
    expect(ownName.code, ownName.message).toBe(ApiCode.Ok);
  });

  it('a unit manager manages a user of its own subtree with roles within its own rights', async () => {
    const team = await climbingTeam();
    const { asM, c, units, roles } = team;
    const reset = await asM.resetPassword(c.id, 'Reset-by-m-1');
    expect(reset.code, reset.message).toBe(ApiCode.Ok);
    expect((await signIn(t.app, { loginName: c.loginName, password: 'Reset-by-m-1' })).isInitPassword).toBe(
      true,
    );

    const packer = await asM.addRole({
      name: 'Packer',
      operationList: [Permission.OrderView, Permission.OrderCreate],
      dataScope: 'unit',
    });
    expect(packer.code, packer.message).toBe(ApiCode.Ok);
    const edited = await asM.updateUser({
      id: c.id,
      displayName: 'Clerk C',
      phone: '13912345670',
      email: 'c@example.com',
      orgUnitId: units.X,
      roleIds: [roles.clerk, packer.data.id],
    });
    expect(edited.code, edited.message).toBe(ApiCode.Ok);
    expect(edited.data).toMatchObject({ orgUnitId: units.X, manageable: true });
    expect(await userRow(c.id)).toMatchObject({
      display_name: 'Clerk C',
      phone: '13912345670',
      email: 'c@example.com',
      org_unit_id: units.X,
    });
    expect(await roleIdsOf(c.id)).toEqual([roles.clerk, packer.data.id].sort());
    expect((await asM.userStatus(c.id, 'disabled')).data.status).toBe('disabled');
    expect((await asM.userStatus(c.id, 'enabled')).data.status).toBe('enabled');

    const added = await asM.addUser({
      loginName: loginName(),
      displayName: 'New clerk',
      orgUnitId: units.X1,
      roleIds: [roles.clerk],
      initialPassword: INITIAL,
    });
    expect([added.code, added.data.manageable]).toEqual([ApiCode.Ok, true]);
  });

  it('a unit manager changes only units of its own subtree, and a unit’s status only when it may manage all its users', async () => {
    const team = await climbingTeam();
    const { asM, units, s } = team;
    const yBefore = await unitRow(units.Y);
    const x1Before = await unitRow(units.X1);
    // Y is not M's to touch; nothing goes outside X (nor to the top).
    for (const answer of [
      await asM.updateUnit({ id: units.Y, parentId: null, name: 'Y renamed' }),
      await asM.updateUnit({ id: units.Y, parentId: units.X, name: 'Y' }),
      await asM.unitStatus(units.Y, 'disabled'),
      await asM.unit(units.Y),
    ])
      expect([answer.code, answer.message]).toEqual([ApiCode.Forbidden, UNIT_OUTSIDE]);
    for (const answer of [
      await asM.addUnit({ parentId: units.Y, name: 'Inside Y' }),
      await asM.addUnit({ parentId: null, name: 'Top' }),
      await asM.updateUnit({ id: units.X1, parentId: units.Y, name: 'X1' }),
      await asM.updateUnit({ id: units.X1, parentId: null, name: 'X1' }),
    ]) {
      expect([answer.code, answer.message]).toEqual([ApiCode.Forbidden, PLACE_OUTSIDE]);
      expect(answer.data).toEqual({ errors: [{ field: 'parentId', message: PLACE_OUTSIDE }] });
    }
    expect(await unitRow(units.Y)).toEqual(yBefore);
    expect(await unitRow(units.X1)).toEqual(x1Before);
    expect(await countUnits(team.customerId)).toBe(3);
    expect(await stillSignedIn(s.token)).toBe(true);

    // Inside X: add, rename (its own top unit too), move, and switch a unit with only its own users.
    const x2 = await asM.addUnit({ parentId: units.X, name: 'X2' });
    expect(x2.code, x2.message).toBe(ApiCode.Ok);
    expect((await asM.updateUnit({ id: units.X, parentId: null, name: 'X north' })).code).toBe(ApiCode.Ok);
    expect((await asM.updateUnit({ id: x2.data.id, parentId: units.X1, name: 'X2' })).data.parentId).toBe(
      units.X1,
    );
    expect((await asM.unitStatus(x2.data.id, 'disabled')).data.status).toBe('disabled');
    expect((await asM.unitStatus(x2.data.id, 'enabled')).data.status).toBe('enabled');
    // X1 holds users M may not manage (finance, whole-company clerk, exporter): disabling it would sign them out.
    const x1 = await asM.unitStatus(units.X1, 'disabled');
    expect([x1.code, x1.message]).toEqual([
      ApiCode.Forbidden,
      'This unit (or a sub-unit) has users you may not manage, so you cannot change its status',
    ]);
    expect((await unitRow(units.X1)).status).toBe('enabled');
  });

  it('roles: a manager changes or deletes only roles within its rights, held only by users it may manage', async () => {
    const team = await climbingTeam();
    const { asM, api, roles, c, s } = team;
    const financeBefore = await roleRow(roles.finance);
    const beyond = await asM.updateRole({
      id: roles.finance,
      name: 'Finance',
      operationList: [Permission.OrderView],
      dataScope: 'unit',
    });
    expect([beyond.code, beyond.message]).toEqual([
      ApiCode.Forbidden,
      'This role holds permissions or a data scope beyond yours, so you cannot change or delete it',
    ]);
    expect(await roleRow(roles.finance)).toEqual(financeBefore);
    const unused = await api.addRole({
      name: 'Unused finance',
      operationList: [Permission.FinanceView],
      dataScope: 'unit',
    });
    expect((await asM.deleteRole(unused.data.id)).code).toBe(ApiCode.Forbidden);
    expect(await roleRow(unused.data.id)).toBeDefined();

    // The clerk role is within M's rights, but S (another unit) holds it: changing it would change S.
    const clerkBefore = await roleRow(roles.clerk);
    const shared = await asM.updateRole({
      id: roles.clerk,
      name: 'Clerk',
      operationList: [],
      dataScope: 'unit',
    });
    expect([shared.code, shared.message]).toEqual([
      ApiCode.Forbidden,
      'Users you may not manage hold this role, so you cannot change it',
    ]);
    expect(await roleRow(roles.clerk)).toEqual(clerkBefore);

    // A role of M's own making, held by C: M may reshape it within its rights only.
    const packer = await asM.addRole({
      name: 'Packer',
      operationList: [Permission.OrderView],
      dataScope: 'unit',
    });
    await asM.updateUser({
      id: c.id,
      displayName: c.loginName,
      orgUnitId: team.units.X1,
      roleIds: [packer.data.id],
    });
    const grown = await asM.updateRole({
      id: packer.data.id,
      name: 'Packer',
      operationList: [Permission.OrderView, Permission.OrderCreate],
      dataScope: 'unit',
    });
    expect([grown.code, grown.data.editable]).toEqual([ApiCode.Ok, true]);
    const export_ = await asM.updateRole({
      id: packer.data.id,
      name: 'Packer',
      operationList: [Permission.OrderExport],
      dataScope: 'unit',
    });
    expect(export_.code).toBe(ApiCode.Forbidden);
    const widened = await asM.updateRole({
      id: packer.data.id,
      name: 'Packer',
      operationList: [Permission.OrderView],
      dataScope: 'all',
    });
    expect(widened.code).toBe(ApiCode.Forbidden);
    expect(JSON.parse((await roleRow(packer.data.id))!.operation_list)).toEqual([
      Permission.OrderView,
      Permission.OrderCreate,
    ]);
    // Once S (outside M's units) holds it too, it is no longer M's to change.
    await api.updateUser({
      id: s.id,
      displayName: s.loginName,
      orgUnitId: team.units.Y,
      roleIds: [packer.data.id],
    });
    expect(
      (
        await asM.updateRole({
          id: packer.data.id,
          name: 'Renamed',
          operationList: [Permission.OrderView],
          dataScope: 'unit',
        })
      ).code,
    ).toBe(ApiCode.Forbidden);
    const scratch = await asM.addRole({ name: 'Scratch', operationList: [], dataScope: 'unit' });
    expect((await asM.deleteRole(scratch.data.id)).code).toBe(ApiCode.Ok);
  });

  it('lists show a unit manager its own units, their users (manageable or not) and the roles within its rights', async () => {
    const team = await climbingTeam();
    const { asM, api, units, roles, m, c, fx, w, p, f } = team;
    const tree = (await asM.tree()).data;
    expect(tree.map((node) => node.name)).toEqual(['X']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['X1']);

    const listed = (await asM.users()).data;
    expect(listed.total).toBe(5);
    expect(Object.fromEntries(listed.items.map((user) => [user.id, user.manageable]))).toEqual({
      [m.id]: false,
      [c.id]: true,
      [fx.id]: false,
      [w.id]: false,
      [p.id]: false,
    });
    expect((await asM.users({ keyword: f.loginName })).data.total).toBe(0);
    expect((await asM.users({ orgUnitId: units.X1 })).data.total).toBe(4);
    const sibling = await asM.users({ orgUnitId: units.Y });
    expect([sibling.code, sibling.message]).toEqual([ApiCode.Forbidden, UNIT_OUTSIDE]);

    const visibleRoles = (await asM.roles()).data;
    expect(visibleRoles.map((role) => [role.name, role.editable]).sort()).toEqual([
      ['Clerk', false],
      ['Unit manager', true],
    ]);

    // The main user sees everything and may manage every sub-user (itself not here).
    const all = (await api.users()).data;
    expect(all.items.find((user) => user.userType === 'main')!.manageable).toBe(false);
    expect(all.items.filter((user) => user.userType === 'sub').every((user) => user.manageable)).toBe(true);
    expect((await api.roles()).data.map((role) => role.id)).toEqual(
      expect.arrayContaining(Object.values(roles)),
    );
    expect((await api.tree()).data.map((node) => node.name).sort()).toEqual(['X', 'Y']);
  });

  it('a whole-company manager without finance rights manages any unit’s clerks but not the finance user', async () => {
    const team = await climbingTeam();
    const { api, s, w, f, units } = team;
    const role = await api.addRole({
      name: 'Company manager',
      operationList: [Permission.OrgManage, Permission.OrderView],
      dataScope: 'all',
    });
    const g = await subUser(api, null, [role.data.id]);
    const asG = orgApi(g.token, 'en-US');
    expect((await asG.resetPassword(s.id, 'Reset-by-g-1')).code).toBe(ApiCode.Ok);
    expect((await asG.userStatus(w.id, 'disabled')).code).toBe(ApiCode.Ok);
    const before = await userRow(f.id);
    const reset = await asG.resetPassword(f.id, 'Taken-over-1');
    expect([reset.code, reset.message]).toEqual([ApiCode.Forbidden, OUTRANKS]);
    expect(await userRow(f.id)).toEqual(before);
    expect((await asG.addUnit({ parentId: null, name: 'Z' })).code).toBe(ApiCode.Ok);
    // Y holds F: G may not switch it off.
    expect((await asG.unitStatus(units.Y, 'disabled')).code).toBe(ApiCode.Forbidden);
    expect((await unitRow(units.Y)).status).toBe('enabled');
  });

  it("refuses another customer's ids (404), missing org:manage (403), smuggled fields and malformed bodies (400), writing nothing", async () => {
    const team = await climbingTeam();
    const other = await climbingTeam();
    const { asM } = team;
    const victim = other.c;
    const before = await userRow(victim.id);
    for (const answer of [
      await asM.resetPassword(victim.id, 'Taken-over-1'),
      await asM.userStatus(victim.id, 'disabled'),
      await asM.updateUser({ id: victim.id, displayName: 'x', orgUnitId: team.units.X, roleIds: [] }),
      await asM.unit(other.units.X1),
      await asM.updateUnit({ id: other.units.X1, parentId: other.units.X, name: 'x' }),
      await asM.unitStatus(other.units.X1, 'disabled'),
      await asM.updateRole({ id: other.roles.clerk, name: 'x', operationList: [], dataScope: 'unit' }),
      await asM.deleteRole(other.roles.clerk),
    ])
      expect(answer.code).toBe(ApiCode.NotFound);
    // A NUL is refused at the edge, before any database sees it (plugins/edge-guard.ts).
    expect((await asM.resetPassword('\u0000', 'Taken-over-1')).code).toBe(ApiCode.BadRequest);
    const foreignUnit = await asM.updateUser({
      id: team.c.id,
      displayName: 'x',
      orgUnitId: other.units.X1,
      roleIds: [],
    });
    expect([foreignUnit.code, foreignUnit.message]).toEqual([ApiCode.BadRequest, 'The unit does not exist']);
    expect(await userRow(victim.id)).toEqual(before);
    expect((await unitRow(other.units.X1)).status).toBe('enabled');
    expect((await asM.users({ orgUnitId: other.units.X1 })).code).toBe(ApiCode.NotFound);

    // A body smuggling columns (type, status, password hash) at the finance user of its own company: the
    // extra keys are dropped and the change itself refused.
    const fBefore = await userRow(team.f.id);
    const smuggled = await asM.updateUser({
      id: team.f.id,
      displayName: 'x',
      phone: '13912345671',
      orgUnitId: team.units.Y,
      roleIds: [team.roles.finance],
      userType: 'main',
      status: 'disabled',
      password_hash: 'x',
      customerId: other.customerId,
    });
    expect(smuggled.code).toBe(ApiCode.Forbidden);
    expect(await userRow(team.f.id)).toEqual(fBefore);

    // Without org:manage (S is a clerk): refused before anything is looked at.
    const asS = orgApi(team.s.token, 'en-US');
    const cBefore = await userRow(team.c.id);
    for (const answer of [
      await asS.resetPassword(team.c.id, 'Taken-over-1'),
      await asS.userStatus(team.c.id, 'disabled'),
      await asS.updateUser({ id: team.c.id, displayName: 'x', orgUnitId: team.units.X1, roleIds: [] }),
      await asS.users(),
    ])
      expect(answer.code).toBe(ApiCode.Forbidden);

    // Malformed bodies.
    const post = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${team.m.token}`, 'content-type': 'application/json' },
        payload,
      });
    for (const response of [
      await post(ApiPath.ResetSubUserPassword, `{"id":"${team.c.id}"`),
      await post(ApiPath.ResetSubUserPassword, JSON.stringify({ id: team.c.id })),
      await post(ApiPath.ResetSubUserPassword, JSON.stringify({ id: team.c.id, initialPassword: 'short' })),
      await post(ApiPath.UpdateSubUser, JSON.stringify([team.c.id])),
      await post(ApiPath.UpdateSubUser, JSON.stringify({ id: team.c.id, displayName: 'x', roleIds: 'all' })),
      await post(ApiPath.UpdateSubUserStatus, JSON.stringify({ id: team.c.id, status: 'root' })),
    ])
      expect(response.json().code).toBe(ApiCode.BadRequest);
    expect(await userRow(team.c.id)).toEqual(cBefore);
  });
});
