import { ApiPath, OPEN_API_PREFIX, OpenApiPath, PUBLIC_API_PATHS } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import type { ExportTask } from '@portal/contracts/export-task';
import type { NotificationPage } from '@portal/contracts/notification';
import type { OrderDetail } from '@portal/contracts/order-list';
import { COMPANY_PERMISSIONS, Permission } from '@portal/contracts/permissions';
import type { InsufficientBalance } from '@portal/contracts/wallet';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { OpsPath } from '../../src/modules/operations/operations.schemas.ts';
import { createCustomer } from '../support/factories.ts';
import { exportTaskApi } from '../support/file-api.ts';
import { fundCny, orderApi, orderBody } from '../support/order-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/**
 * The unit data scope as one rule (modules/organization/data-scope.ts): every signed-in route declares what
 * it reads; company money needs the whole-company scope; exports, files and messages follow the units.
 */
const KEY = 'operator-key-for-the-data-scope-tests-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: KEY });
});
afterAll(async () => t.close());

let seq = 0;
const INITIAL = 'Initial-pass-1';
const OWN = 'Own-pass-2024';

/** A customer with units X and Y, and a clerk in each whose unit-scoped role holds `permissions`. */
async function company(permissions: string[]) {
  const { customerId, main } = await createCustomer(t.app.db);
  const mainToken = (await signIn(t.app, main)).jwtToken;
  const post = async <T>(url: string, body: unknown) => {
    const answer = await call<T>(t.app, { method: 'POST', url, token: mainToken, body });
    expect(answer.code, answer.message).toBe(ApiCode.Ok);
    return answer.data;
  };
  const unitX = await post<{ id: string }>(ApiPath.InsertOrganization, { parentId: null, name: 'X' });
  const unitY = await post<{ id: string }>(ApiPath.InsertOrganization, { parentId: null, name: 'Y' });
  const role = await post<{ id: string }>(ApiPath.InsertRole, {
    name: `clerk ${seq++}`,
    operationList: permissions,
    dataScope: 'unit',
  });
  const clerk = async (orgUnitId: string) => {
    const loginName = `scope_${ENGINE}_${Date.now().toString(36)}_${seq++}`;
    const created = await post<{ id: string }>(ApiPath.InsertSubUser, {
      loginName,
      displayName: loginName,
      orgUnitId,
      roleIds: [role.id],
      initialPassword: INITIAL,
    });
    const first = await signIn(t.app, { loginName, password: INITIAL });
    const changed = await call(t.app, {
      method: 'POST',
      url: ApiPath.ChangeInitPassword,
      token: first.jwtToken,
      body: { newPassword: OWN },
    });
    expect(changed.code).toBe(ApiCode.Ok);
    return { id: created.id, token: (await signIn(t.app, { loginName, password: OWN })).jwtToken };
  };
  return { customerId, mainToken, unitX, unitY, x: await clerk(unitX.id), y: await clerk(unitY.id) };
}

const ops = (url: string, body: unknown) =>
  call(t.app, { method: 'POST', url, body, headers: { 'x-operator-key': KEY } });

describe(`the unit data scope on ${ENGINE}`, () => {
  it('knows the data-scope rule of every signed-in route, and refuses to start with a route that has none', async () => {
    const rules = t.app.dataScopeRules;
    const declared = new Set([...rules.keys()].map((key) => key.split(' ')[1]));
    // Every signed-in path of the contracts is registered, and so declared.
    for (const path of Object.values(ApiPath))
      if (!PUBLIC_API_PATHS.includes(path)) expect(declared, path).toContain(path);
    expect(declared).toContain(`${OPEN_API_PREFIX}/orders`);
    expect(declared).not.toContain(OpenApiPath.Document);
    for (const path of PUBLIC_API_PATHS) expect(declared).not.toContain(path);
    // Company money is declared as such.
    for (const path of [
      ApiPath.QueryWalletBalance,
      ApiPath.QueryLedger,
      ApiPath.QueryBills,
      ApiPath.QueryRecharges,
    ])
      expect(rules.get(`${path === ApiPath.QueryWalletBalance ? 'GET' : 'POST'} ${path}`), path).toBe(
        'company',
      );
    expect(rules.get(`POST ${ApiPath.QueryExportTask}`)).toBe('orders');

    const forgetful = buildApp(t.config, {
      logger: false,
      configure: (app) => {
        app.get('/api/Forgetful/Query', async () => ({}));
      },
    });
    await expect(forgetful).rejects.toThrow(/\/api\/Forgetful\/Query: declare config.dataScope/);
  });

  it('refuses every company route to a unit-scoped user, whatever its role grants, and answers the main user', async () => {
    const { mainToken, x } = await company([...Object.values(Permission)]);
    const companyRoutes = [...t.app.dataScopeRules].filter(
      ([key, rule]) => rule === 'company' && !key.startsWith('HEAD ') && key.includes(' /api/'),
    );
    expect(companyRoutes.length).toBeGreaterThan(10);
    for (const [key] of companyRoutes) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      const asClerk = await call(t.app, {
        method,
        url,
        token: x.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect(asClerk.code, key).toBe(ApiCode.Forbidden);
      const asMain = await call(t.app, {
        method,
        url,
        token: mainToken,
        body: method === 'POST' ? {} : undefined,
      });
      expect(asMain.code, key).not.toBe(ApiCode.Forbidden);
    }
    // The finance permissions its role names do not take effect: not in its permissions, so not in its menu.
    const me = await call<{ roles: { operationList: string[] }[] }>(t.app, {
      url: ApiPath.GetLoginUserInfo,
      token: x.token,
    });
    const held = me.data.roles.flatMap((role) => role.operationList);
    expect(held).toContain(Permission.OrderView);
    for (const permission of COMPANY_PERMISSIONS) expect(held).not.toContain(permission);
    // The same permissions with the whole-company scope do take effect.
    const whole = await call<{ id: string }>(t.app, {
      method: 'POST',
      url: ApiPath.InsertRole,
      token: mainToken,
      body: { name: 'finance, whole company', operationList: [Permission.FinanceView], dataScope: 'all' },
    });
    const assigned = await call(t.app, {
      method: 'POST',
      url: ApiPath.UpdateSubUser,
      token: mainToken,
      body: { id: x.id, displayName: 'x', orgUnitId: null, roleIds: [whole.data.id] },
    });
    expect(assigned.code, assigned.message).toBe(ApiCode.Ok);
    // Roles are read on every request: the next call already has the new scope.
    const clerk = await call(t.app, { url: ApiPath.QueryWalletBalance, token: x.token });
    expect(clerk.code, clerk.message).toBe(ApiCode.Ok);
  });

  it("lists and downloads only the exports of the clerk's unit and its own; the main user sees all", async () => {
    const c = await company([Permission.OrderView, Permission.OrderCreate, Permission.OrderExport]);
    await fundCny(t.app.db, c.customerId, 500_000);
    for (const token of [c.mainToken, c.x.token, c.y.token])
      expect((await orderApi(t.app, token).create(orderBody())).code).toBe(ApiCode.Ok);
    const made: Record<string, ExportTask> = {};
    for (const [who, token] of Object.entries({ main: c.mainToken, x: c.x.token, y: c.y.token })) {
      const created = await exportTaskApi(t.app, token).create({ kind: 'orders', format: 'xlsx' });
      expect(created.code, created.message).toBe(ApiCode.Ok);
      made[who] = created.data;
    }
    expect(new Set(Object.values(made).map((task) => task.exportTaskID)).size).toBe(3);
    while ((await t.app.taskRunner.runOnce()).length > 0);

    const listed = async (token: string) =>
      (await exportTaskApi(t.app, token).query()).data.items.map((task) => task.exportTaskID).sort();
    expect(await listed(c.x.token)).toEqual([made.x!.exportTaskID]);
    expect(await listed(c.y.token)).toEqual([made.y!.exportTaskID]);
    expect(await listed(c.mainToken)).toEqual(
      [made.main!.exportTaskID, made.x!.exportTaskID, made.y!.exportTaskID].sort(),
    );
    // Asking by id does not widen it.
    const byIds = await exportTaskApi(t.app, c.x.token).query({
      ids: [made.y!.exportTaskID, made.main!.exportTaskID],
    });
    expect(byIds.code, byIds.message).toBe(ApiCode.Ok);
    expect(byIds.data.items).toEqual([]);

    const x = exportTaskApi(t.app, c.x.token);
    const own = await x.download(made.x!.exportTaskID);
    expect(own.statusCode).toBe(200);
    // Its own export holds only its own unit's order (one row under the header).
    for (const other of [made.y!.exportTaskID, made.main!.exportTaskID]) {
      const refused = await x.download(other);
      expect(refused.json()).toMatchObject({ code: ApiCode.NotFound });
    }
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(own.rawPayload as never);
    expect(book.worksheets[0]!.actualRowCount).toBe(2);
  });

  it('shows order messages only within the unit, money messages only with finance rights, and order detail without ledger rows', async () => {
    const c = await company([Permission.OrderView, Permission.OrderCreate, Permission.FinanceView]);
    await fundCny(t.app.db, c.customerId, 500_000);
    const inX = await orderApi(t.app, c.x.token).create({ ...orderBody(), submit: true });
    const inY = await orderApi(t.app, c.y.token).create({ ...orderBody(), submit: true });
    expect([inX.code, inY.code]).toEqual([ApiCode.Ok, ApiCode.Ok]);
    const issueKind = await t.app.db
      .selectFrom('issue_kinds')
      .select('code')
      .where('is_enabled', '=', 1)
      .executeTakeFirstOrThrow();
    expect(
      (await ops(OpsPath.Exception, { waybillNo: inY.data.waybillNo, issueKindCode: issueKind.code })).code,
    ).toBe(ApiCode.Ok);
    const heavy = [{ weight: 3.2, length: 40, width: 30, height: 30 }];
    expect((await ops(OpsPath.Weigh, { waybillNo: inX.data.waybillNo, parcels: heavy })).code).toBe(
      ApiCode.Ok,
    );

    const kinds = async (token: string) => {
      const page = await call<NotificationPage>(t.app, {
        method: 'POST',
        url: ApiPath.QueryNotification,
        token,
        body: { pageIndex: 1, pageSize: 50 },
      });
      expect(page.code, page.message).toBe(ApiCode.Ok);
      return page.data.list.map((item) => item.kind).sort();
    };
    // X hears neither Y's exception nor of money (its role's finance:view does not take effect).
    expect(await kinds(c.x.token)).toEqual([]);
    expect(await kinds(c.y.token)).toEqual(['order_exception']);
    expect(await kinds(c.mainToken)).toEqual(['order_exception', 'weight_adjustment']);
    const unread = await call<{ unreadCount: number }>(t.app, {
      url: ApiPath.QueryNewNotification,
      token: c.x.token,
    });
    expect(unread.data.unreadCount).toBe(0);

    const detail = async (token: string) =>
      (await call<OrderDetail>(t.app, { url: ApiPath.GetOrder, token, query: { id: inX.data.id } })).data;
    expect((await detail(c.x.token)).ledgerEntries).toEqual([]);
    expect((await detail(c.mainToken)).ledgerEntries.length).toBeGreaterThan(0);
    expect(
      (await call(t.app, { url: ApiPath.GetOrder, token: c.x.token, query: { id: inY.data.id } })).code,
    ).toBe(ApiCode.NotFound);
  });

  it('tells a clerk the balance falls short without naming the company balance; the main user gets the figures', async () => {
    const c = await company([Permission.OrderView, Permission.OrderCreate]);
    const refused = await orderApi(t.app, c.x.token, 'en-US').create({ ...orderBody(), submit: true });
    expect(refused.code).toBe(ApiCode.Conflict);
    expect(refused.message).toBe(
      "The balance does not cover this. Ask your company's finance team to top up, then submit again",
    );
    const data = refused.data as unknown as InsufficientBalance;
    expect(data).toMatchObject({ reason: 'insufficientBalance', available: null, shortfall: null });
    expect(data.required).toBeGreaterThan(0);
    const named = await orderApi(t.app, c.mainToken, 'en-US').create({ ...orderBody(), submit: true });
    expect(named.code).toBe(ApiCode.Conflict);
    expect(named.message).toMatch(/^Insufficient balance: ¥[\d,.]+ short/);
    expect((named.data as unknown as InsufficientBalance).available).toBe(0);
  });

  it('lets a sub-user see and delete only its own API tokens; the main user manages all of them', async () => {
    const c = await company([Permission.ApiToken, Permission.OrderView]);
    const insert = (token: string, name: string) =>
      call<{ id: string }>(t.app, { method: 'POST', url: ApiPath.InsertApiToken, token, body: { name } });
    const mains = await insert(c.mainToken, 'main');
    const xs = await insert(c.x.token, 'x');
    const ys = await insert(c.y.token, 'y');
    expect([mains.code, xs.code, ys.code]).toEqual([ApiCode.Ok, ApiCode.Ok, ApiCode.Ok]);
    const names = async (token: string) =>
      (await call<{ list: { name: string }[] }>(t.app, { url: ApiPath.QueryApiToken, token })).data.list
        .map((item) => item.name)
        .sort();
    expect(await names(c.x.token)).toEqual(['x']);
    expect(await names(c.mainToken)).toEqual(['main', 'x', 'y']);
    const remove = (token: string, id: string) =>
      call(t.app, { method: 'POST', url: ApiPath.DeleteApiToken, token, body: { id } });
    expect((await remove(c.x.token, mains.data.id)).code).toBe(ApiCode.NotFound);
    expect((await remove(c.x.token, ys.data.id)).code).toBe(ApiCode.NotFound);
    expect(await names(c.mainToken)).toEqual(['main', 'x', 'y']);
    expect((await remove(c.x.token, xs.data.id)).code).toBe(ApiCode.Ok);
    expect((await remove(c.mainToken, ys.data.id)).code).toBe(ApiCode.Ok);
    expect(await names(c.mainToken)).toEqual(['main']);
  });
});
