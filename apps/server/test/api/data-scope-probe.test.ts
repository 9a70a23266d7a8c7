import { ApiPath, OPEN_API_PREFIX } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsPath } from '../../src/modules/operations/operations.schemas.ts';
import { createCustomer } from '../support/factories.ts';
import { exportTaskApi, fileManagementApi } from '../support/file-api.ts';
import { consignee, fundCny, orderApi, orderBody, shipper } from '../support/order-api.ts';
import { importApi, orderSheet, validRow } from '../support/order-sheets.ts';
import { PNG_BYTES, rechargeApi } from '../support/recharge-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/**
 * Hostile probe of issue 20 (the unit data scope): a unit-scoped clerk in X holding every permission (and
 * a unit-scoped manager in X) tries every signed-in route with the ids of Y's, the main user's and the
 * whole-company users' objects. Each `it` names what it checks; a failing expectation is a leak.
 */
const KEY = 'operator-key-for-the-data-scope-probe-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: KEY });
});
afterAll(async () => t.close());

const INITIAL = 'Initial-pass-1';
const OWN = 'Own-pass-2024';
let seq = 0;

const ops = (url: string, body: unknown) =>
  call(t.app, { method: 'POST', url, body, headers: { 'x-operator-key': KEY } });

interface World {
  customerId: string;
  mainToken: string;
  mainId: string;
  unitX: string;
  unitX1: string;
  unitY: string;
  roles: { clerk: string; mgr: string; finance: string };
  x: { id: string; token: string; loginName: string };
  xm: { id: string; token: string; loginName: string };
  x1: { id: string; token: string; loginName: string };
  y: { id: string; token: string; loginName: string };
  finY: { id: string; token: string; loginName: string };
  finX1: { id: string; token: string; loginName: string };
  senderId: string;
  orders: Record<string, { id: string; customerOrderNo: string; waybillNo: string | null }>;
  yImportId: string;
  mainImportId: string;
  exports: Record<string, string>;
  voucherFileId: string | null;
  apiTokens: Record<string, { id: string; secret: string }>;
  /** Strings that must never appear in an answer to X. */
  secrets: string[];
}
let w: World;

async function setUp(): Promise<World> {
  const { customerId, main } = await createCustomer(t.app.db);
  const mainToken = (await signIn(t.app, main)).jwtToken;
  const post = async <T>(url: string, body: unknown, token = mainToken) => {
    const answer = await call<T>(t.app, { method: 'POST', url, token, body });
    expect(answer.code, `${url}: ${answer.message}`).toBe(ApiCode.Ok);
    return answer.data;
  };
  const unitX = (await post<{ id: string }>(ApiPath.InsertOrganization, { parentId: null, name: 'X' })).id;
  const unitY = (await post<{ id: string }>(ApiPath.InsertOrganization, { parentId: null, name: 'Y' })).id;
  const unitX1 = (await post<{ id: string }>(ApiPath.InsertOrganization, { parentId: unitX, name: 'X1' })).id;
  const clerk = (
    await post<{ id: string }>(ApiPath.InsertRole, {
      name: 'clerk (everything, unit)',
      operationList: Object.values(Permission),
      dataScope: 'unit',
    })
  ).id;
  const mgr = (
    await post<{ id: string }>(ApiPath.InsertRole, {
      name: 'manager (org, unit)',
      operationList: [Permission.OrgManage, Permission.OrderView],
      dataScope: 'unit',
    })
  ).id;
  const finance = (
    await post<{ id: string }>(ApiPath.InsertRole, {
      name: 'finance (whole company)',
      operationList: Object.values(Permission),
      dataScope: 'all',
    })
  ).id;
  const user = async (orgUnitId: string | null, roleIds: string[], phone?: string) => {
    const loginName = `zz_${ENGINE}_${Date.now().toString(36)}_${seq++}`;
    const created = await post<{ id: string }>(ApiPath.InsertSubUser, {
      loginName,
      displayName: `Name ${loginName}`,
      orgUnitId,
      roleIds,
      initialPassword: INITIAL,
      ...(phone ? { phone } : {}),
    });
    const first = await signIn(t.app, { loginName, password: INITIAL });
    await post(ApiPath.ChangeInitPassword, { newPassword: OWN }, first.jwtToken);
    return { id: created.id, token: (await signIn(t.app, { loginName, password: OWN })).jwtToken, loginName };
  };
  const x = await user(unitX, [clerk]);
  const xm = await user(unitX, [mgr]);
  const x1 = await user(unitX1, [clerk]);
  const y = await user(unitY, [clerk]);
  const finY = await user(unitY, [finance], '13900000001');
  const finX1 = await user(unitX1, [finance], '13900000002');
  const mainId = (
    await t.app.db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('user_type', '=', 'main')
      .executeTakeFirstOrThrow()
  ).id;
  await fundCny(t.app.db, customerId, 5_000_000);
  const senderId = (
    await post<{ id: string }>(ApiPath.InsertCustomerAddress, {
      ...shipper(),
      addressType: 'sender',
      isDefault: true,
    })
  ).id;

  const orders: World['orders'] = {};
  const make = async (key: string, token: string, name: string, submit: boolean) => {
    const created = await orderApi(t.app, token).create({
      ...orderBody({ consignee: consignee({ name }) }),
      customerOrderNo: `${key.toUpperCase()}-REF-${seq++}`,
      submit,
    } as never);
    expect(created.code, created.message).toBe(ApiCode.Ok);
    orders[key] = {
      id: created.data.id,
      customerOrderNo: created.data.customerOrderNo,
      waybillNo: created.data.waybillNo,
    };
  };
  await make('y', y.token, 'Ysecret Consignee', true);
  await make('yDraft', y.token, 'Ysecret Draftee', false);
  await make('main', mainToken, 'Mainsecret Consignee', true);
  await make('finY', finY.token, 'Finysecret Consignee', true);
  await make('x', x.token, 'Xmine Consignee', true);
  // Y's order: weighed (money notification), an exception, a last-mile number.
  const heavy = [{ weight: 3.2, length: 40, width: 30, height: 30 }];
  expect((await ops(OpsPath.Weigh, { waybillNo: orders.y!.waybillNo, parcels: heavy })).code).toBe(
    ApiCode.Ok,
  );
  expect(
    (
      await ops(OpsPath.LastMile, {
        waybillNo: orders.y!.waybillNo,
        carrier: 'USPS',
        lastMileNo: 'YLASTMILE1',
      })
    ).code,
  ).toBe(ApiCode.Ok);
  const issueKind = await t.app.db
    .selectFrom('issue_kinds')
    .select('code')
    .where('is_enabled', '=', 1)
    .executeTakeFirstOrThrow();
  expect(
    (await ops(OpsPath.Exception, { waybillNo: orders.main!.waybillNo, issueKindCode: issueKind.code })).code,
  ).toBe(ApiCode.Ok);
  expect((await ops(OpsPath.Weigh, { waybillNo: orders.main!.waybillNo, parcels: heavy })).code).toBe(
    ApiCode.Ok,
  );

  // Batch imports (ready, not committed) by Y and by the main user.
  const yImport = await importApi(t.app, y.token).preview(
    await orderSheet([validRow(1, { customerOrderNo: 'YIMPORT-1', consigneeName: 'Ysecret Importee' })]),
  );
  expect(yImport.code, yImport.message).toBe(ApiCode.Ok);
  const mainImport = await importApi(t.app, mainToken).preview(
    await orderSheet([
      validRow(2, { customerOrderNo: 'MAINIMPORT-1', consigneeName: 'Mainsecret Importee' }),
    ]),
  );
  expect(mainImport.code, mainImport.message).toBe(ApiCode.Ok);

  // Exports: Y's, the main user's, and the whole-company finance user's sitting in X1 (whole company's orders).
  const exports: Record<string, string> = {};
  for (const [who, token] of Object.entries({ y: y.token, main: mainToken, finX1: finX1.token })) {
    const created = await exportTaskApi(t.app, token).create({ kind: 'orders', format: 'xlsx' });
    expect(created.code, created.message).toBe(ApiCode.Ok);
    exports[who] = created.data.exportTaskID;
  }
  while ((await t.app.taskRunner.runOnce()).length > 0);
  const ledger = await exportTaskApi(t.app, finX1.token).create({ kind: 'ledger', format: 'xlsx' });
  expect(ledger.code, ledger.message).toBe(ApiCode.Ok);
  exports.finX1Ledger = ledger.data.exportTaskID;
  while ((await t.app.taskRunner.runOnce()).length > 0);

  // A transfer voucher (company money) uploaded by the whole-company finance user sitting in X1.
  const voucher = await rechargeApi(t.app, finX1.token).uploadVoucher(
    { amount: '123456', currencyCode: 'CNY' },
    { bytes: PNG_BYTES, name: 'finance-voucher-secret.png', contentType: 'image/png' },
  );
  const voucherFile = await t.app.db
    .selectFrom('stored_files')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('purpose', '=', 'transferVoucher')
    .executeTakeFirst();

  // API tokens.
  const apiTokens: World['apiTokens'] = {};
  for (const [who, token] of Object.entries({ main: mainToken, y: y.token, x: x.token, xm: xm.token })) {
    const made = await call<{ id: string; secret: string }>(t.app, {
      method: 'POST',
      url: ApiPath.InsertApiToken,
      token,
      body: { name: `token ${who}` },
    });
    if (made.code === ApiCode.Ok) apiTokens[who] = made.data;
  }
  const secrets = [
    'Ysecret',
    'Mainsecret',
    'Finysecret',
    'YLASTMILE1',
    'YIMPORT-1',
    'MAINIMPORT-1',
    ...['y', 'yDraft', 'main', 'finY'].flatMap((key) => [
      orders[key]!.id,
      orders[key]!.customerOrderNo,
      ...(orders[key]!.waybillNo ? [orders[key]!.waybillNo!] : []),
    ]),
    yImport.data.id,
    mainImport.data.id,
    exports.y!,
    exports.main!,
    y.loginName,
    finY.loginName,
    main.loginName,
  ];
  void voucher;
  return {
    customerId,
    mainToken,
    mainId,
    unitX,
    unitX1,
    unitY,
    roles: { clerk, mgr, finance },
    x,
    xm,
    x1,
    y,
    finY,
    finX1,
    senderId,
    orders,
    yImportId: yImport.data.id,
    mainImportId: mainImport.data.id,
    exports,
    voucherFileId: voucherFile?.id ?? null,
    apiTokens,
    secrets,
  };
}

const as = (token: string) => ({
  get: <T = unknown>(url: string, query?: Record<string, string>) => call<T>(t.app, { url, token, query }),
  post: <T = unknown>(url: string, body: unknown, headers?: Record<string, string>) =>
    call<T>(t.app, { method: 'POST', url, token, body, headers }),
});

/** Which secrets the text names (the input echoed back in a refusal is filtered by the caller). */
const named = (text: string, secrets = w.secrets) => secrets.filter((secret) => text.includes(secret));

describe(`the unit data scope, probed by a unit-scoped clerk holding every permission, on ${ENGINE}`, () => {
  beforeAll(async () => {
    w = await setUp();
  }, 120_000);

  it('exports: an orders export by a whole-company user sitting in X1 is neither listed to nor downloaded by the X clerk', async () => {
    const x = exportTaskApi(t.app, w.x.token);
    const listed = (await x.query()).data.items.map((task) => task.exportTaskID);
    const download = await x.download(w.exports.finX1!);
    let names: string[] = [];
    if (download.statusCode === 200 && download.headers['content-type']?.toString().includes('sheet')) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(download.rawPayload as never);
      const sheet = book.worksheets[0]!;
      sheet.eachRow((row) => names.push(String(row.getCell(6).value)));
      names = names.filter((name) => /secret/i.test(name));
    }
    expect(listed).not.toContain(w.exports.finX1);
    expect(names).toEqual([]);
  });

  it('files: a transfer voucher uploaded by a whole-company finance user sitting in X1 is neither listed to nor downloaded by the X clerk', async () => {
    expect(w.voucherFileId).not.toBeNull();
    const x = fileManagementApi(t.app, w.x.token);
    const listed = await x.query({ purpose: 'transferVoucher' });
    const download = await x.download(w.voucherFileId!);
    expect(listed.data.items).toEqual([]);
    // Refused in the envelope (body code 404), not the file.
    expect(download.json()).toMatchObject({ code: ApiCode.NotFound });
  });

  it('files: the X clerk cannot delete the finance user’s voucher', async () => {
    const x = fileManagementApi(t.app, w.x.token);
    const removed = await x.remove({ ids: [w.voucherFileId!] });
    expect(removed.code).toBe(ApiCode.NotFound);
  });

  it('idempotency: X using Y’s key and body gets its own order, not a replay of Y’s', async () => {
    const body = { ...orderBody({ consignee: consignee({ name: 'Shared Keyed' }) }), submit: false };
    const yCreated = await orderApi(t.app, w.y.token).create(body, { 'idempotency-key': 'shared-key-1' });
    expect(yCreated.code).toBe(ApiCode.Ok);
    const xReplay = await orderApi(t.app, w.x.token).create(body, { 'idempotency-key': 'shared-key-1' });
    const xOther = await orderApi(t.app, w.x.token).create(
      { ...body, remark: 'other' },
      { 'idempotency-key': 'shared-key-1' },
    );
    expect(xReplay.code).toBe(ApiCode.Ok);
    expect(xReplay.data.id).not.toBe(yCreated.data.id);
    expect(xReplay.headers['idempotent-replayed']).toBeUndefined();
    // Another body with the same key is X's own first use too, not "key already used".
    expect(xOther.code).toBe(ApiCode.Conflict);
  });

  it('counts: home summary, tabs and unread counts show X’s own activity only', async () => {
    const x = as(w.x.token);
    const summary = await x.get<{
      statusCounts: Record<string, number>;
      today: { orders: number; charges: { amount: number }[] };
      month: { orders: number };
      recentExceptions: unknown[];
    }>(ApiPath.QueryHomeSummary, { utcOffsetMinutes: '0' });
    const list = await x.post<{ total: number; statusCounts: Record<string, number>; list: unknown[] }>(
      ApiPath.QueryOrders,
      { pageIndex: 1, pageSize: 50 },
    );
    const unread = await x.get<{ unreadCount: number }>(ApiPath.QueryNewNotification);
    const notes = await x.post<{ list: { kind: string; body: string }[] }>(ApiPath.QueryNotification, {
      pageIndex: 1,
      pageSize: 50,
    });
    const mine = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', w.customerId)
      .where((eb) => eb.or([eb('org_unit_id', 'in', [w.unitX, w.unitX1]), eb('created_by', '=', w.x.id)]))
      .execute();
    expect(summary.data.statusCounts.all).toBe(mine.length);
    expect(list.data.total).toBe(mine.length);
    expect(named(JSON.stringify([summary, list, unread, notes]))).toEqual([]);
  });

  it('filters: numbers, keyword, importId, ids cannot probe Y’s orders; tracking and end data hold', async () => {
    const x = as(w.x.token);
    const y = w.orders.y!;
    const answers = [
      await x.post(ApiPath.QueryOrders, {
        numbers: [y.customerOrderNo, y.waybillNo!, 'YLASTMILE1'],
        pageIndex: 1,
        pageSize: 20,
      }),
      await x.post(ApiPath.QueryOrders, { keyword: 'ysecret', pageIndex: 1, pageSize: 20 }),
      await x.post(ApiPath.QueryOrders, { importId: w.yImportId, pageIndex: 1, pageSize: 20 }),
      await x.post(ApiPath.QueryEndData, { pageIndex: 1, pageSize: 20 }),
      await x.post(ApiPath.QueryEndData, { numbers: ['YLASTMILE1'], pageIndex: 1, pageSize: 20 }),
      await x.post(ApiPath.QueryTracking, { numbers: [y.customerOrderNo, y.waybillNo!, 'YLASTMILE1'] }),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer.data);
      expect(answer.code, answer.message).toBe(ApiCode.Ok);
      expect(text).not.toContain('Ysecret');
      expect(text).not.toContain(y.id);
    }
    // Each pasted number is answered "not found", like one nobody has.
    const nobody = await x.post<{ notFoundNumbers: string[] }>(ApiPath.QueryOrders, {
      numbers: ['NOBODY-1', y.customerOrderNo],
      pageIndex: 1,
      pageSize: 20,
    });
    expect(nobody.data.notFoundNumbers).toEqual(['NOBODY-1', y.customerOrderNo]);
  });

  it('order detail/update/submit/cancel/label with Y’s ids: not found, nothing changed', async () => {
    const x = as(w.x.token);
    const y = w.orders.y!;
    const statuses = async () =>
      Object.fromEntries(
        (
          await t.app.db
            .selectFrom('orders')
            .select(['id', 'status', 'updated_at'])
            .where('id', 'in', [y.id, w.orders.yDraft!.id, w.orders.x!.id])
            .execute()
        ).map((row) => [row.id, `${row.status} ${row.updated_at}`]),
      );
    const statusesBefore = await statuses();
    const answers = {
      get: await x.get(ApiPath.GetOrder, { id: y.id }),
      getDraft: await x.get(ApiPath.GetOrder, { id: w.orders.yDraft!.id }),
      update: await x.post(ApiPath.UpdateOrder, { ...orderBody(), id: w.orders.yDraft!.id }),
      submit: await x.post(ApiPath.SubmitOrder, { id: w.orders.yDraft!.id }),
      cancel: await x.post(ApiPath.CancelOrder, { ids: [y.id] }),
      cancelMixed: await x.post(ApiPath.CancelOrder, { ids: [w.orders.x!.id, y.id] }),
      label: await x.post(ApiPath.PrintLabel, { ids: [y.id] }),
      unknown: await x.get(ApiPath.GetOrder, { id: '00000000-0000-4000-8000-000000000000' }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.code, name).toBe(ApiCode.NotFound);
      expect(
        named(JSON.stringify(answer.data ?? '') + answer.message).filter((s) => s !== y.id),
        name,
      ).toEqual([]);
    }
    // Same message for Y's order and for an unknown id.
    expect(answers.get.message).toBe(answers.unknown.message);
    expect(await statuses()).toEqual(statusesBefore);
  });

  it('exports with a filter or ids naming Y’s orders hold only X’s', async () => {
    const x = exportTaskApi(t.app, w.x.token);
    const byIds = await x.create({ kind: 'orders', format: 'csv', ids: [w.orders.y!.id, w.orders.main!.id] });
    const byFilter = await x.create({ kind: 'endData', format: 'csv', filter: { numbers: ['YLASTMILE1'] } });
    const labels = await x.create({ kind: 'labels', format: 'pdf', ids: [w.orders.y!.id] });
    const ledger = await x.create({ kind: 'ledger', format: 'xlsx' });
    const bills = await x.create({ kind: 'bills', format: 'xlsx' });
    while ((await t.app.taskRunner.runOnce()).length > 0);
    expect(ledger.code).toBe(ApiCode.Forbidden);
    expect(bills.code).toBe(ApiCode.Forbidden);
    for (const task of [byIds, byFilter, labels]) {
      if (task.code !== ApiCode.Ok) continue;
      const file = await x.download(task.data.exportTaskID);
      const state = (await x.query({ ids: [task.data.exportTaskID] })).data.items[0];
      const text = file.rawPayload.toString('latin1');
      expect(named(text)).toEqual([]);
      expect(
        named(state?.error ?? '').filter((id) => id !== w.orders.y!.id && id !== w.orders.main!.id),
      ).toEqual([]);
    }
  });

  it('open API with the X clerk’s token: Y’s orders are not found; balance refused', async () => {
    const token = w.apiTokens.x!.secret;
    const open = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(t.app, { method, url: `${OPEN_API_PREFIX}${url}`, token, body });
    const y = w.orders.y!;
    const answers = {
      get: await open('GET', `/orders/${y.customerOrderNo}`),
      getByWaybill: await open('GET', `/orders/${y.waybillNo}`),
      tracking: await open('GET', `/orders/${y.customerOrderNo}/tracking`),
      cancel: await open('POST', `/orders/${y.customerOrderNo}/cancel`),
      list: await open('GET', `/orders?keyword=ysecret`),
      listNumbers: await open('GET', `/orders?numbers=${y.customerOrderNo}`),
      balance: await open('GET', `/balance`),
    };
    for (const [name, answer] of Object.entries(answers))
      expect(
        named(JSON.stringify(answer.data ?? '')).filter((s) => s !== y.customerOrderNo),
        name,
      ).toEqual([]);
    expect(answers.balance.code).toBe(ApiCode.Forbidden);
  });

  it('org management: no climbing by the X manager (unit-scoped, org:manage)', async () => {
    const m = as(w.xm.token);
    const attempts = {
      resetMain: await m.post(ApiPath.ResetSubUserPassword, {
        id: w.mainId,
        initialPassword: 'Hijack-pass-1',
      }),
      resetFinX1: await m.post(ApiPath.ResetSubUserPassword, {
        id: w.finX1.id,
        initialPassword: 'Hijack-pass-1',
      }),
      resetClerkX: await m.post(ApiPath.ResetSubUserPassword, {
        id: w.x.id,
        initialPassword: 'Hijack-pass-1',
      }),
      resetY: await m.post(ApiPath.ResetSubUserPassword, { id: w.y.id, initialPassword: 'Hijack-pass-1' }),
      phoneFinX1: await m.post(ApiPath.UpdateSubUser, {
        id: w.finX1.id,
        displayName: 'x',
        phone: '13911112222',
        orgUnitId: w.unitX1,
        roleIds: [w.roles.finance],
      }),
      disableFinX1: await m.post(ApiPath.UpdateSubUserStatus, { id: w.finX1.id, status: 'disabled' }),
      moveSelf: await m.post(ApiPath.UpdateSubUser, {
        id: w.xm.id,
        displayName: 'me',
        orgUnitId: null,
        roleIds: [w.roles.mgr],
      }),
      selfFinance: await m.post(ApiPath.UpdateSubUser, {
        id: w.xm.id,
        displayName: 'me',
        orgUnitId: w.unitX,
        roleIds: [w.roles.mgr, w.roles.finance],
      }),
      newAllRole: await m.post(ApiPath.InsertRole, {
        name: 'all please',
        operationList: [Permission.OrderView],
        dataScope: 'all',
      }),
      newFinanceRole: await m.post(ApiPath.InsertRole, {
        name: 'finance please',
        operationList: [Permission.FinanceView],
        dataScope: 'unit',
      }),
      editMgrRole: await m.post(ApiPath.UpdateRole, {
        id: w.roles.mgr,
        name: 'manager (org, unit)',
        operationList: [Permission.OrgManage, Permission.OrderView, Permission.OrderCreate],
        dataScope: 'unit',
      }),
      editClerkRole: await m.post(ApiPath.UpdateRole, {
        id: w.roles.clerk,
        name: 'clerk (everything, unit)',
        operationList: [Permission.OrderView],
        dataScope: 'unit',
      }),
      deleteFinance: await m.post(ApiPath.DeleteRole, { id: w.roles.finance }),
      newUserInY: await m.post(ApiPath.InsertSubUser, {
        loginName: `zz_y_${seq++}_${Date.now().toString(36)}`,
        displayName: 'spy',
        orgUnitId: w.unitY,
        roleIds: [],
        initialPassword: INITIAL,
      }),
      newUserClerk: await m.post(ApiPath.InsertSubUser, {
        loginName: `zz_c_${seq++}_${Date.now().toString(36)}`,
        displayName: 'more',
        orgUnitId: w.unitX,
        roleIds: [w.roles.clerk],
        initialPassword: INITIAL,
      }),
      moveX1UnderY: await m.post(ApiPath.UpdateOrganization, {
        id: w.unitX1,
        parentId: w.unitY,
        name: 'X1',
        sortOrder: 0,
      }),
      moveXTop: await m.post(ApiPath.UpdateOrganization, {
        id: w.unitX,
        parentId: w.unitY,
        name: 'X',
        sortOrder: 0,
      }),
      disableX1: await m.post(ApiPath.UpdateOrganizationStatus, { id: w.unitX1, status: 'disabled' }),
      disableY: await m.post(ApiPath.UpdateOrganizationStatus, { id: w.unitY, status: 'disabled' }),
      renameY: await m.post(ApiPath.UpdateOrganization, {
        id: w.unitY,
        parentId: null,
        name: 'Yx',
        sortOrder: 0,
      }),
      usersOfY: await m.get(ApiPath.QuerySubUsers, { orgUnitId: w.unitY }),
    };
    for (const [name, answer] of Object.entries(attempts))
      if (name !== 'resetClerkX') expect(answer.code, name).not.toBe(ApiCode.Ok);
    // The clerk X holds more than the manager: it may not be reset either.
    expect(attempts.resetClerkX.code).not.toBe(ApiCode.Ok);
    const users = await m.get<{ items: { id: string; phone: string | null }[] }>(ApiPath.QuerySubUsers);
    const roles = await m.get<{ id: string; name: string }[]>(ApiPath.QueryRoles);
    expect(roles.data.map((role) => role.id)).not.toContain(w.roles.finance);
    expect(users.data.items.map((u) => u.id)).not.toContain(w.y.id);
    expect(users.data.items.map((u) => u.id)).not.toContain(w.mainId);
  });

  it('the X clerk’s API tokens: it cannot delete or list others’', async () => {
    const x = as(w.x.token);
    const listed = await x.get<{ list: { id: string }[] }>(ApiPath.QueryApiToken);
    const ids = listed.data.list.map((token) => token.id);
    expect(ids).not.toContain(w.apiTokens.main!.id);
    expect(ids).not.toContain(w.apiTokens.y!.id);
    expect((await x.post(ApiPath.DeleteApiToken, { id: w.apiTokens.main!.id })).code).toBe(ApiCode.NotFound);
  });

  it('sweep: every signed-in route, as the X clerk, with the ids of Y’s and the main user’s objects', async () => {
    const ids = [
      w.orders.y!.id,
      w.orders.yDraft!.id,
      w.orders.main!.id,
      w.yImportId,
      w.mainImportId,
      w.exports.y!,
      w.exports.main!,
      w.y.id,
      w.finY.id,
      w.mainId,
      w.unitY,
      w.apiTokens.y!.id,
      w.apiTokens.main!.id,
    ];
    const numbers = [w.orders.y!.customerOrderNo, w.orders.y!.waybillNo!, 'YLASTMILE1'];
    // Kept out: what ends the clerk's own session or account (tested elsewhere), and the uploads.
    const skip = new Set([
      ApiPath.Logout,
      ApiPath.ChangePassword,
      ApiPath.ChangeInitPassword,
      ApiPath.ChangePhone,
      ApiPath.WeChatCancelBinding,
      ApiPath.BatchImportPreview,
      ApiPath.ImportCustomerAddress,
      ApiPath.UploadAvatar,
      ApiPath.UploadLogo,
      ApiPath.UploadQrCode,
      ApiPath.UploadCertPhoto,
      ApiPath.UploadTransferVoucher,
    ] as string[]);
    const hits: string[] = [];
    const before = await snapshot();
    for (const [key, rule] of t.app.dataScopeRules) {
      const [method, url] = key.split(' ') as [string, string];
      if (method === 'HEAD' || skip.has(url) || rule === 'company') continue;
      const isOpen = url.startsWith(OPEN_API_PREFIX);
      const token = isOpen ? w.apiTokens.x!.secret : w.x.token;
      const tries: { url: string; query?: Record<string, string>; body?: unknown }[] = [];
      for (const id of ids) {
        const path = url.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
        if (method === 'GET') tries.push({ url: path, query: { id } });
        else
          tries.push(
            { url: path, body: { id, pageIndex: 1, pageSize: 50 } },
            { url: path, body: { ids: [id], id, pageIndex: 1, pageSize: 50 } },
          );
      }
      for (const number of numbers) {
        const path = url.replace(/:[A-Za-z]+/g, encodeURIComponent(number));
        if (method === 'GET') tries.push({ url: path, query: { numbers: number, keyword: 'ysecret' } });
        else
          tries.push({
            url: path,
            body: {
              numbers: [number],
              keyword: 'ysecret',
              pageIndex: 1,
              pageSize: 50,
              importId: w.yImportId,
            },
          });
      }
      for (const attempt of tries) {
        const response = await t.app.inject({
          method: method as 'GET',
          url: attempt.url,
          query: attempt.query,
          payload: attempt.body as never,
          headers: { authorization: `Bearer ${token}` },
        });
        const text = response.rawPayload.toString('latin1');
        // The asked id or number echoed back in a refusal is no leak; anything else of theirs is.
        const asked = JSON.stringify(attempt);
        const found = named(text).filter((secret) => !asked.includes(secret));
        let code: number | undefined;
        try {
          code = (JSON.parse(text) as { code: number }).code;
        } catch {
          code = response.statusCode;
        }
        if (
          found.length > 0 ||
          (code === 200 && named(asked).some((s) => text.includes(s) && !/notFound/i.test(text)))
        )
          hits.push(
            `${key} ${JSON.stringify(attempt).slice(0, 160)} → ${code} ${found.join(',')} ${text.slice(0, 200)}`,
          );
      }
    }
    const after = await snapshot();
    expect(diff(before, after)).toEqual({});
  }, 300_000);
  it('BatchImportCommit: the X clerk cannot commit Y’s or the main user’s ready imports', async () => {
    const x = as(w.x.token);
    // It cannot read them…
    expect((await x.get(ApiPath.BatchImportGet, { id: w.yImportId })).code).toBe(ApiCode.NotFound);
    // …but can it commit them?
    const commitY = await x.post(
      ApiPath.BatchImportCommit,
      { id: w.yImportId, submit: true },
      { 'idempotency-key': 'zz-commit-y' },
    );
    const commitMain = await x.post(
      ApiPath.BatchImportCommit,
      { id: w.mainImportId, submit: false },
      { 'idempotency-key': 'zz-commit-main' },
    );
    while ((await t.app.taskRunner.runOnce()).length > 0);
    const made = await t.app.db
      .selectFrom('orders')
      .select(['customer_order_no', 'consignee_name', 'created_by', 'org_unit_id', 'status', 'import_id'])
      .where('customer_id', '=', w.customerId)
      .where('import_id', 'in', [w.yImportId, w.mainImportId])
      .execute();
    // And now reads the imported orders (Y's consignees) as its own.
    const listed = await x.post<{ list: { consigneeName: string }[] }>(ApiPath.QueryOrders, {
      importId: w.yImportId,
      pageIndex: 1,
      pageSize: 20,
    });
    expect(commitY.code).toBe(ApiCode.NotFound);
    expect(commitMain.code).toBe(ApiCode.NotFound);
    expect(made).toEqual([]);
    expect(listed.data.list).toEqual([]);
  });
});

/** What of Y's, the main user's and the whole-company users' data a sweep must leave unchanged. */
async function snapshot(): Promise<Record<string, string>> {
  const db = t.app.db;
  const out: Record<string, string> = {};
  for (const row of await db
    .selectFrom('orders')
    .select(['id', 'status', 'updated_at', 'created_by'])
    .where('customer_id', '=', w.customerId)
    .where('created_by', '!=', w.x.id)
    .execute())
    out[`order ${row.id}`] = `${row.status} ${row.updated_at}`;
  for (const row of await db
    .selectFrom('users')
    .select(['id', 'status', 'password_hash', 'phone', 'org_unit_id', 'display_name'])
    .where('customer_id', '=', w.customerId)
    .where('id', '!=', w.x.id)
    .execute())
    out[`user ${row.id}`] =
      `${row.status} ${row.password_hash} ${row.phone} ${row.org_unit_id} ${row.display_name}`;
  for (const row of await db.selectFrom('user_roles').select(['user_id', 'role_id']).execute())
    out[`user_role ${row.user_id} ${row.role_id}`] = '1';
  for (const row of await db
    .selectFrom('roles')
    .select(['id', 'operation_list', 'data_scope', 'name'])
    .where('customer_id', '=', w.customerId)
    .execute())
    out[`role ${row.id}`] = `${row.operation_list} ${row.data_scope} ${row.name}`;
  for (const row of await db
    .selectFrom('org_units')
    .select(['id', 'parent_id', 'status', 'name'])
    .where('customer_id', '=', w.customerId)
    .execute())
    out[`unit ${row.id}`] = `${row.parent_id} ${row.status} ${row.name}`;
  for (const row of await db
    .selectFrom('order_imports')
    .select(['id', 'status', 'created_by'])
    .where('customer_id', '=', w.customerId)
    .where('created_by', '!=', w.x.id)
    .execute())
    out[`import ${row.id}`] = row.status;
  for (const row of await db
    .selectFrom('export_tasks')
    .select(['id', 'status'])
    .where('customer_id', '=', w.customerId)
    .where('user_id', '!=', w.x.id)
    .execute())
    out[`export ${row.id}`] = row.status;
  for (const row of await db
    .selectFrom('stored_files')
    .select(['id', 'uploaded_by'])
    .where('customer_id', '=', w.customerId)
    .where('uploaded_by', '!=', w.x.id)
    .execute())
    out[`file ${row.id}`] = '1';
  for (const row of await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id'])
    .where('customer_id', '=', w.customerId)
    .where('user_id', '!=', w.x.id)
    .execute())
    out[`token ${row.id}`] = '1';
  return out;
}

function diff(before: Record<string, string>, after: Record<string, string>) {
  const changes: Record<string, [string | undefined, string | undefined]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (before[key] !== after[key] && !key.startsWith('address ')) changes[key] = [before[key], after[key]];
  return changes;
}
