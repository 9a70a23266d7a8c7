import { ApiPath, OpenApiPath } from '@portal/contracts/api-paths';
import {
  API_TOKEN_PREFIX,
  MAX_LIVE_API_TOKENS,
  type ApiTokenCreated,
  type ApiTokenQueryResult,
} from '@portal/contracts/api-token';
import { ApiCode } from '@portal/contracts/envelope';
import type { OrderCreated } from '@portal/contracts/order';
import type { OrderDetail, OrderQueryResult, TrackingResult } from '@portal/contracts/order-list';
import type { OrgRole, OrgUnit, SubUser } from '@portal/contracts/organization';
import { Permission } from '@portal/contracts/permissions';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredData } from '../../src/jobs/retention.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { fundCny, orderBody } from '../support/order-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

const OPERATOR_KEY = 'operator-key-for-the-open-api-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: OPERATOR_KEY });
});
afterAll(async () => t.close());

const orderNo = (() => {
  let n = 0;
  return () => `OA-${Date.now().toString(36)}-${n++}`;
})();

/** A customer with money, its main user's portal token and a fresh API token. */
async function shipper() {
  const { customerId, main } = await createCustomer(t.app.db);
  await fundCny(t.app.db, customerId, 1_000_000);
  const { jwtToken } = await signIn(t.app, main);
  const created = await tokens(jwtToken).insert({ name: 'ERP' });
  expect(created.code).toBe(ApiCode.Ok);
  return { customerId, main, portalToken: jwtToken, apiToken: created.data.secret, tokenId: created.data.id };
}

function tokens(token: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  return {
    query: () => call<ApiTokenQueryResult>(t.app, { url: ApiPath.QueryApiToken, token, headers }),
    insert: (body: unknown) =>
      call<ApiTokenCreated>(t.app, { method: 'POST', url: ApiPath.InsertApiToken, token, body, headers }),
    remove: (id: string) =>
      call(t.app, { method: 'POST', url: ApiPath.DeleteApiToken, token, body: { id }, headers }),
  };
}

/** A call of the open API with an API token (or none), answered as the envelope with its HTTP status. */
async function open<T = unknown>(
  token: string | undefined,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return call<T>(t.app, {
    method,
    url,
    token,
    body: options.body,
    query: options.query,
    headers: options.headers,
  });
}

const orderPath = (path: string, no: string) => path.replace('{orderNo}', encodeURIComponent(no));

describe(`API tokens on ${ENGINE}`, () => {
  it('creates a token whose secret is answered once and stored only as a keyed hash; lists and deletes it', async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const created = await tokens(jwtToken).insert({ name: '  Shop ERP ', expiresInDays: 90 });
    expect(created.code).toBe(ApiCode.Ok);
    expect(created.message).toContain('只显示这一次');
    expect(created.data.secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.data.secret.length).toBeGreaterThanOrEqual(API_TOKEN_PREFIX.length + 43);
    expect(created.data).toMatchObject({
      name: 'Shop ERP',
      prefix: created.data.secret.slice(0, API_TOKEN_PREFIX.length + 4),
      createdBy: main.loginName,
      lastUsedAt: null,
      expired: false,
    });
    const days = (Date.parse(created.data.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const rows = await t.app.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.data.secret);
    expect(rows[0]!.secret_hash).not.toContain(created.data.secret.slice(API_TOKEN_PREFIX.length));

    const listed = await tokens(jwtToken).query();
    expect(listed.data.maxLive).toBe(MAX_LIVE_API_TOKENS);
    expect(listed.data.list).toHaveLength(1);
    expect(listed.data.list[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.data)).not.toContain(created.data.secret);

    const removed = await tokens(jwtToken, 'en-US').remove(created.data.id);
    expect([removed.code, removed.message]).toEqual([
      ApiCode.Ok,
      'API token deleted: calls with it are refused from now on',
    ]);
    expect((await tokens(jwtToken).query()).data.list).toEqual([]);
  });

  it("refuses another customer's token id, a missing api:token permission and hostile bodies, writing nothing", async () => {
    const owner = await shipper();
    const { customerId, main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const foreign = await tokens(jwtToken, 'en-US').remove(owner.tokenId);
    expect([foreign.code, foreign.message]).toEqual([ApiCode.NotFound, expect.any(String)]);
    expect((await tokens(owner.portalToken).query()).data.list).toHaveLength(1);

    const clerk = await createUser(t.app.db, customerId, { permissions: [Permission.OrderView] });
    const clerkToken = (await signIn(t.app, clerk)).jwtToken;
    for (const answer of [
      await tokens(clerkToken).query(),
      await tokens(clerkToken).insert({ name: 'x' }),
      await tokens(clerkToken).remove(owner.tokenId),
    ])
      expect(answer.code).toBe(ApiCode.Forbidden);

    const before = await t.app.db
      .selectFrom('api_tokens')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    const api = tokens(jwtToken, 'en-US');
    const hostile = [
      await api.insert({ name: 'bad\u0000name' }),
      await api.insert({ name: '' }),
      await api.insert({ name: 'x'.repeat(51) }),
      await api.insert({ name: 'ok', expiresInDays: 7 }),
      await api.insert({ name: 'ok', expiresInDays: '30' }),
      await api.insert([]),
    ];
    for (const answer of hostile) {
      expect(answer.code).toBe(ApiCode.BadRequest);
      expect(answer.message.length).toBeGreaterThan(0);
    }
    expect(hostile[0]!.message).toContain('Token name');
    const oversized = await t.app.inject({
      method: 'POST',
      url: ApiPath.InsertApiToken,
      headers: {
        authorization: `Bearer ${jwtToken}`,
        'content-type': 'application/json',
        'accept-language': 'en-US',
      },
      payload: JSON.stringify({ name: 'x'.repeat(10_000) }),
    });
    expect(oversized.json().code).toBe(ApiCode.BadRequest);
    const after = await t.app.db
      .selectFrom('api_tokens')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(after).toEqual(before);
  });

  it(`refuses more than ${MAX_LIVE_API_TOKENS} live tokens with a clear error`, async () => {
    const { main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const api = tokens(jwtToken, 'en-US');
    for (let i = 0; i < MAX_LIVE_API_TOKENS; i++)
      expect((await api.insert({ name: `t${i}` })).code).toBe(ApiCode.Ok);
    const refused = await api.insert({ name: 'one too many' });
    expect([refused.code, refused.message]).toEqual([
      ApiCode.Conflict,
      `A customer may hold at most ${MAX_LIVE_API_TOKENS} live API tokens; delete one you no longer use first`,
    ]);
    expect((await api.query()).data.list).toHaveLength(MAX_LIVE_API_TOKENS);
  });
});

describe(`the operator's view of API tokens on ${ENGINE}`, () => {
  it("lists a customer's tokens without secrets through the operations API and the command line", async () => {
    const s = await shipper();
    const code = (
      await t.app.db
        .selectFrom('customers')
        .select('code')
        .where('id', '=', s.customerId)
        .executeTakeFirstOrThrow()
    ).code;
    const listed = await call<{ id: string; prefix: string }[]>(t.app, {
      url: '/ops/v1/api-tokens',
      query: { customer: code },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(listed.data.map((token) => token.id)).toEqual([s.tokenId]);
    expect(JSON.stringify(listed.data)).not.toContain(s.apiToken);
    const unknown = await call(t.app, {
      url: '/ops/v1/api-tokens',
      query: { customer: 'NO-SUCH' },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(unknown.code).toBe(ApiCode.NotFound);
    const noKey = await call(t.app, { url: '/ops/v1/api-tokens', query: { customer: code } });
    expect(noKey.success).toBe(false);

    const cli = await runOpsCli(t.config, ['api-tokens', '--customer', code, '--lang', 'en-US']);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(listed.data[0]!.prefix);
    expect(cli.stdout).not.toContain(s.apiToken);
  });
});

describe(`the open API on ${ENGINE}`, () => {
  it('lets the retention task delete tokens expired for more than 30 days, and only those', async () => {
    const s = await shipper();
    const old = (await tokens(s.portalToken).insert({ name: 'old', expiresInDays: 30 })).data;
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.app.db.updateTable('api_tokens').set({ expires_at: longAgo }).where('id', '=', old.id).execute();
    const deleted = await deleteExpiredData(t.app.db, new Date(), 180);
    expect(deleted.apiTokens).toBeGreaterThanOrEqual(1);
    expect((await tokens(s.portalToken).query()).data.list.map((token) => token.id)).toEqual([s.tokenId]);
  });

  it('accepts only API tokens: a portal token is refused there, an API token on /api, a deleted one at once', async () => {
    const s = await shipper();
    const ok = await open(s.apiToken, 'GET', OpenApiPath.Balance);
    expect([ok.httpStatus, ok.code]).toEqual([200, ApiCode.Ok]);
    const row = await t.app.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', s.tokenId)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();

    const portal = await open(s.portalToken, 'GET', OpenApiPath.Balance, {
      headers: { 'accept-language': 'en-US' },
    });
    expect([portal.httpStatus, portal.code]).toEqual([401, ApiCode.NotSignedIn]);
    expect(portal.message).toContain('Authorization: Bearer');
    const none = await open(undefined, 'GET', OpenApiPath.Balance);
    expect(none.httpStatus).toBe(401);
    const forged = await open(`${API_TOKEN_PREFIX}${'A'.repeat(43)}`, 'GET', OpenApiPath.Balance);
    expect([forged.httpStatus, forged.code]).toEqual([401, ApiCode.NotSignedIn]);

    const onPortal = await call(t.app, {
      url: ApiPath.QueryWalletBalance,
      token: s.apiToken,
      headers: { 'accept-language': 'en-US' },
    });
    expect([onPortal.code, onPortal.message]).toEqual([
      ApiCode.NotSignedIn,
      'An API token works only on the open API (/openapi/v1), not on the portal API',
    ]);

    expect((await tokens(s.portalToken).remove(s.tokenId)).code).toBe(ApiCode.Ok);
    const deleted = await open(s.apiToken, 'GET', OpenApiPath.Balance, {
      headers: { 'accept-language': 'en-US' },
    });
    expect([deleted.httpStatus, deleted.message]).toEqual([
      401,
      'The API token is not valid, has expired or was deleted',
    ]);
  });

  it("refuses a token of a disabled user, of a frozen customer, an expired one, and bounds calls by its creator's permissions", async () => {
    const s = await shipper();
    const clerk = await createUser(t.app.db, s.customerId, {
      permissions: [Permission.OrderView, Permission.ApiToken],
    });
    const clerkPortal = (await signIn(t.app, clerk)).jwtToken;
    const clerkToken = (await tokens(clerkPortal).insert({ name: 'viewer' })).data.secret;
    const listed = await open(clerkToken, 'GET', OpenApiPath.Orders);
    expect(listed.httpStatus).toBe(200);
    const create = await open(clerkToken, 'POST', OpenApiPath.Orders, { body: orderBody() });
    expect([create.httpStatus, create.code]).toEqual([403, ApiCode.Forbidden]);

    await t.app.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', clerk.userId).execute();
    const disabled = await open(clerkToken, 'GET', OpenApiPath.Orders);
    expect([disabled.httpStatus, disabled.code]).toEqual([401, ApiCode.SessionInvalid]);

    const expiring = (await tokens(s.portalToken).insert({ name: 'short', expiresInDays: 30 })).data;
    await t.app.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expect((await open(expiring.secret, 'GET', OpenApiPath.Balance)).httpStatus).toBe(401);
    expect(
      (await tokens(s.portalToken).query()).data.list.find((token) => token.id === expiring.id)?.expired,
    ).toBe(true);

    await t.app.db
      .updateTable('customers')
      .set({ status: 'arrears' })
      .where('id', '=', s.customerId)
      .execute();
    expect((await open(s.apiToken, 'GET', OpenApiPath.Orders)).httpStatus).toBe(402);
    expect((await open(s.apiToken, 'GET', OpenApiPath.Balance)).httpStatus).toBe(200);
    await t.app.db
      .updateTable('customers')
      .set({ status: 'frozen' })
      .where('id', '=', s.customerId)
      .execute();
    expect((await open(s.apiToken, 'GET', OpenApiPath.Balance)).httpStatus).toBe(401);
  });

  it("refuses a unit-scoped sub-user's token while its unit (or a unit above it) is disabled, like its sessions", async () => {
    const s = await shipper();
    const post = <T>(url: string, body: unknown) =>
      call<T>(t.app, { method: 'POST', url, token: s.portalToken, body });
    const role = await post<OrgRole>(ApiPath.InsertRole, {
      name: 'ERP clerk',
      operationList: [Permission.OrderView, Permission.OrderCreate, Permission.ApiToken],
      dataScope: 'unit',
    });
    const parent = await post<OrgUnit>(ApiPath.InsertOrganization, { parentId: null, name: 'Warehouses' });
    const unit = await post<OrgUnit>(ApiPath.InsertOrganization, { parentId: parent.data.id, name: 'North' });
    const loginName = `erp_${ENGINE}_${Date.now().toString(36)}`;
    const created = await post<SubUser>(ApiPath.InsertSubUser, {
      loginName,
      displayName: 'ERP clerk',
      orgUnitId: unit.data.id,
      roleIds: [role.data.id],
      initialPassword: 'Initial-pass-1',
    });
    expect(created.code, created.message).toBe(ApiCode.Ok);
    const first = await signIn(t.app, { loginName, password: 'Initial-pass-1' });
    await call(t.app, {
      method: 'POST',
      url: ApiPath.ChangeInitPassword,
      token: first.jwtToken,
      body: { newPassword: 'Own-pass-2024' },
    });
    const clerkPortal = (await signIn(t.app, { loginName, password: 'Own-pass-2024' })).jwtToken;
    const clerkToken = (await tokens(clerkPortal).insert({ name: 'ERP' })).data.secret;
    const en = { 'accept-language': 'en-US' };
    const made = await open<OrderCreated>(clerkToken, 'POST', OpenApiPath.Orders, { body: orderBody() });
    expect([made.httpStatus, made.code], made.message).toEqual([200, ApiCode.Ok]);
    const ordersOfCustomer = async () =>
      (await t.app.db.selectFrom('orders').select('id').where('customer_id', '=', s.customerId).execute())
        .length;

    const setUnit = (id: string, status: string) =>
      post<OrgUnit>(ApiPath.UpdateOrganizationStatus, { id, status });
    const refusedEverywhere = async () => {
      const before = await ordersOfCustomer();
      const answers = [
        await open(clerkToken, 'GET', OpenApiPath.Orders, { headers: en }),
        await open(clerkToken, 'POST', OpenApiPath.Orders, { body: orderBody(), headers: en }),
        await open(clerkToken, 'POST', OpenApiPath.Orders, {
          body: orderBody({ submit: true }),
          headers: en,
        }),
        await open(clerkToken, 'GET', orderPath(OpenApiPath.Order, made.data.customerOrderNo), {
          headers: en,
        }),
      ];
      for (const answer of answers) {
        expect([answer.httpStatus, answer.code]).toEqual([401, ApiCode.SessionInvalid]);
        expect(answer.message).toContain('unit');
      }
      expect(await ordersOfCustomer()).toBe(before);
    };

    // The clerk's own unit, then only the unit above it (which disables the sub-units too).
    expect((await setUnit(unit.data.id, 'disabled')).code).toBe(ApiCode.Ok);
    await refusedEverywhere();
    expect((await setUnit(unit.data.id, 'enabled')).code).toBe(ApiCode.Ok);
    expect((await open(clerkToken, 'GET', OpenApiPath.Orders)).httpStatus).toBe(200);
    expect((await setUnit(parent.data.id, 'disabled')).code).toBe(ApiCode.Ok);
    await refusedEverywhere();

    expect((await setUnit(parent.data.id, 'enabled')).code).toBe(ApiCode.Ok);
    expect((await open(clerkToken, 'GET', OpenApiPath.Orders)).httpStatus).toBe(200);
    const again = await open<OrderCreated>(clerkToken, 'POST', OpenApiPath.Orders, {
      body: orderBody({ submit: true }),
    });
    expect([again.httpStatus, again.data.status], again.message).toEqual([200, 'submitted']);
    // The main user's token was never affected.
    expect((await open(s.apiToken, 'GET', OpenApiPath.Orders)).httpStatus).toBe(200);
  });

  it('creates, lists, gets, tracks, labels and cancels an order by its number; quotes, products and balance', async () => {
    const s = await shipper();
    const reference = orderNo();
    const created = await open<OrderCreated>(s.apiToken, 'POST', OpenApiPath.Orders, {
      body: orderBody({ customerOrderNo: reference, submit: true }),
      headers: { 'accept-language': 'en-US' },
    });
    expect([created.httpStatus, created.code]).toEqual([200, ApiCode.Ok]);
    expect(created.data).toMatchObject({ customerOrderNo: reference, status: 'submitted' });
    const waybillNo = created.data.waybillNo!;

    const list = await open<OrderQueryResult>(s.apiToken, 'GET', OpenApiPath.Orders, {
      query: { status: 'submitted', pageIndex: '1', pageSize: '5' },
    });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]!.customerOrderNo).toBe(reference);

    for (const number of [reference, waybillNo]) {
      const detail = await open<OrderDetail>(s.apiToken, 'GET', orderPath(OpenApiPath.Order, number));
      expect([detail.httpStatus, detail.data.id]).toEqual([200, created.data.id]);
    }
    const tracking = await open<TrackingResult['list'][number]>(
      s.apiToken,
      'GET',
      orderPath(OpenApiPath.OrderTracking, waybillNo),
    );
    expect(tracking.data).toMatchObject({ orderId: created.data.id, status: 'submitted' });
    expect(Array.isArray(tracking.data.events)).toBe(true);

    const label = await t.app.inject({
      method: 'GET',
      url: orderPath(OpenApiPath.OrderLabel, reference),
      query: { size: '100x100' },
      headers: { authorization: `Bearer ${s.apiToken}` },
    });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const quote = await open<{ usable: { productCode: string }[] }>(s.apiToken, 'POST', OpenApiPath.Quotes, {
      body: {
        countryCode: 'US',
        parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
        declaredValue: 3000,
        currencyCode: 'USD',
        hasBattery: false,
      },
    });
    expect(quote.data.usable.map((u) => u.productCode)).toContain('US-DDP-EXP');
    const products = await open<{ productCode: string }[]>(s.apiToken, 'GET', OpenApiPath.Products);
    expect(products.data.map((p) => p.productCode)).toContain('US-DDP-EXP');
    const held = await open<{ currencyCode: string; held: number }[]>(s.apiToken, 'GET', OpenApiPath.Balance);
    expect(held.data.find((w) => w.currencyCode === 'CNY')!.held).toBe(
      created.data.estimatedCharge.totalAmount,
    );

    const cancelled = await open<{ cancelled: number }>(
      s.apiToken,
      'POST',
      orderPath(OpenApiPath.CancelOrder, reference),
    );
    expect([cancelled.httpStatus, cancelled.data]).toEqual([200, { cancelled: 1 }]);
    const again = await open(s.apiToken, 'POST', orderPath(OpenApiPath.CancelOrder, reference));
    expect([again.httpStatus, again.code]).toEqual([409, ApiCode.Conflict]);
    const released = await open<{ currencyCode: string; held: number }[]>(
      s.apiToken,
      'GET',
      OpenApiPath.Balance,
    );
    expect(released.data.find((w) => w.currencyCode === 'CNY')!.held).toBe(0);
  });

  it('creates once per Idempotency-Key: a retry answers the first order, another body is refused, two at once make one', async () => {
    const s = await shipper();
    const countOrders = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('customer_id', '=', s.customerId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const body = orderBody({ customerOrderNo: orderNo() });
    const headers = { 'idempotency-key': 'erp-42', 'accept-language': 'en-US' };
    const first = await open<OrderCreated>(s.apiToken, 'POST', OpenApiPath.Orders, { body, headers });
    const retry = await open<OrderCreated>(s.apiToken, 'POST', OpenApiPath.Orders, { body, headers });
    expect(first.code).toBe(ApiCode.Ok);
    expect(retry.data).toEqual(first.data);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const other = await open(s.apiToken, 'POST', OpenApiPath.Orders, {
      body: { ...body, remark: 'changed' },
      headers,
    });
    expect([other.httpStatus, other.code]).toEqual([409, ApiCode.Conflict]);
    expect(other.message).toContain('Idempotency-Key');
    expect(await countOrders()).toBe(1);

    const racing = { ...headers, 'idempotency-key': 'erp-43' };
    const raceBody = orderBody({ customerOrderNo: orderNo() });
    const both = await Promise.all([
      open<OrderCreated>(s.apiToken, 'POST', OpenApiPath.Orders, { body: raceBody, headers: racing }),
      open<OrderCreated>(s.apiToken, 'POST', OpenApiPath.Orders, { body: raceBody, headers: racing }),
    ]);
    expect(both.some((answer) => answer.code === ApiCode.Ok)).toBe(true);
    expect(await countOrders()).toBe(2);
  });

  it("answers not found for another customer's order number and refuses hostile input, writing nothing", async () => {
    const a = await shipper();
    const b = await shipper();
    const reference = orderNo();
    const created = await open<OrderCreated>(a.apiToken, 'POST', OpenApiPath.Orders, {
      body: orderBody({ customerOrderNo: reference, submit: true }),
    });
    expect(created.code).toBe(ApiCode.Ok);
    for (const [method, path] of [
      ['GET', OpenApiPath.Order],
      ['GET', OpenApiPath.OrderTracking],
      ['GET', OpenApiPath.OrderLabel],
      ['POST', OpenApiPath.CancelOrder],
    ] as const) {
      const answer = await open(b.apiToken, method, orderPath(path, created.data.waybillNo!), {
        headers: { 'accept-language': 'en-US' },
      });
      expect([answer.httpStatus, answer.code]).toEqual([404, ApiCode.NotFound]);
    }
    const still = await open<OrderDetail>(a.apiToken, 'GET', orderPath(OpenApiPath.Order, reference));
    expect(still.data.status).toBe('submitted');

    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('customer_id', '=', b.customerId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const en = { 'accept-language': 'en-US' };
    const hostile = [
      await open(b.apiToken, 'POST', OpenApiPath.Orders, {
        body: orderBody({ remark: 'bad\u0007remark' }),
        headers: en,
      }),
      await open(b.apiToken, 'POST', OpenApiPath.Orders, {
        body: { productCode: 'US-DDP-EXP' },
        headers: en,
      }),
      await open(b.apiToken, 'POST', OpenApiPath.Orders, { body: [], headers: en }),
      await open(b.apiToken, 'GET', OpenApiPath.Orders, { query: { pageSize: '100000' }, headers: en }),
      await open(b.apiToken, 'GET', OpenApiPath.Orders, { query: { status: 'lost' }, headers: en }),
      await open(b.apiToken, 'GET', orderPath(OpenApiPath.Order, 'no such<order>'), { headers: en }),
      await open(b.apiToken, 'POST', OpenApiPath.Orders, {
        body: orderBody(),
        headers: { ...en, 'idempotency-key': 'bad\u00e9key' },
      }),
    ];
    for (const answer of hostile) {
      expect([answer.httpStatus, answer.code]).toEqual([400, ApiCode.BadRequest]);
      expect(answer.message).not.toMatch(/^\s*$/);
    }
    const zh = await open(b.apiToken, 'POST', OpenApiPath.Orders, {
      body: orderBody({ remark: 'bad\u0007remark' }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.message).not.toBe(hostile[0]!.message);

    const malformed = await t.app.inject({
      method: 'POST',
      url: OpenApiPath.Orders,
      headers: { authorization: `Bearer ${b.apiToken}`, 'content-type': 'application/json' },
      payload: '{"productCode":',
    } satisfies InjectOptions);
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, ApiCode.BadRequest]);
    const oversized = await t.app.inject({
      method: 'POST',
      url: OpenApiPath.Orders,
      headers: { authorization: `Bearer ${b.apiToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...orderBody(), remark: 'x'.repeat(300 * 1024) }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(await count()).toBe(0);
  });

  it('limits calls per token through the shared counters', async () => {
    const limited = await createTestApp({ OPEN_API_CALLS_PER_MINUTE: '2' });
    try {
      const { customerId, main } = await createCustomer(limited.app.db);
      await fundCny(limited.app.db, customerId, 1000);
      const { jwtToken } = await signIn(limited.app, main);
      const token = (
        await call<ApiTokenCreated>(limited.app, {
          method: 'POST',
          url: ApiPath.InsertApiToken,
          token: jwtToken,
          body: { name: 'x' },
        })
      ).data.secret;
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(
          await call(limited.app, {
            url: OpenApiPath.Balance,
            token,
            headers: { 'accept-language': 'en-US' },
          }),
        );
      expect(answers.map((a) => a.httpStatus)).toEqual([200, 200, 429]);
      expect(answers[2]!.headers['retry-after']).toBeDefined();
      expect(answers[2]!.message).toContain('Too many calls');
    } finally {
      await limited.close();
    }
  });

  it('serves the OpenAPI document publicly, in the asked language', async () => {
    const en = await t.app.inject({ url: `${OpenApiPath.Document}?lang=en-US` });
    expect(en.statusCode).toBe(200);
    const doc = en.json() as { openapi: string; paths: Record<string, unknown>; info: { title: string } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain(OpenApiPath.Order);
    const tw = await t.app.inject({ url: OpenApiPath.Document, headers: { 'accept-language': 'zh-TW' } });
    expect(JSON.stringify(tw.json())).toContain('建立訂單');
    expect(JSON.stringify(doc)).toContain('Create an order');
    const unknown = await t.app.inject({ url: '/openapi/v1/nothing-here' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, ApiCode.NotFound]);
  });
});
