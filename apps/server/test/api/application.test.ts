import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_SUB_USER } from '../../src/db/seed.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A guarded branch of the menu, so filtering by permission and role can be seen.
  const title = JSON.stringify({ 'zh-CN': '测试', 'en-US': 'Test', 'zh-TW': '測試' });
  await t.app.db
    .insertInto('application_menus')
    .values([
      {
        id: 't-group',
        parent_id: null,
        sort_order: 50,
        path: '/user/finance',
        name: 'finance',
        menu_code: 't-group',
        icon: null,
        authority: null,
        title,
      },
      {
        id: 't-bills',
        parent_id: 't-group',
        sort_order: 1,
        path: '/user/finance/bills',
        name: 'bills',
        menu_code: 't-bills',
        icon: null,
        authority: JSON.stringify('finance:bill'),
        title,
      },
      {
        id: 't-ops',
        parent_id: 't-group',
        sort_order: 2,
        path: '/user/finance/ops',
        name: 'ops',
        menu_code: 't-ops',
        icon: null,
        authority: JSON.stringify(['operator']),
        title,
      },
    ])
    .execute();
  await t.app.db
    .insertInto('application_info')
    .values({
      id: 'brand',
      domain_name: 'ship.example.com',
      web_name: 'Example Ship',
      web_slogan: 'Fast',
      web_keyword: 'ship',
      web_description: 'Example',
      favicon: '/brand.ico',
      footer_system_name: 'Example Ship',
      filing_number: '粤ICP备00000000号',
    })
    .execute();
});
afterAll(async () => t.close());

type Menu = { path: string; name: string; title: string; children: Menu[] };
const menuPaths = (menu: Menu[]): string[] => menu.flatMap((m) => [m.path, ...menuPaths(m.children)]);

describe(`application data on ${ENGINE}`, () => {
  it('answers application info by host name, with the default row for any other host', async () => {
    const branded = await call(t.app, {
      url: '/api/ApplicationInfo/GetApplicationInfo',
      headers: { host: 'ship.example.com' },
    });
    expect(branded.data).toMatchObject({
      webName: 'Example Ship',
      favicon: '/brand.ico',
      domainName: 'ship.example.com',
      filingNumber: '粤ICP备00000000号',
    });
    const other = await call(t.app, {
      url: '/api/ApplicationInfo/GetApplicationInfo',
      headers: { host: 'portal.other.test:8080', 'accept-language': 'zh-TW' },
    });
    expect(other.data).toMatchObject({ webName: '速達國際物流客戶平台', domainName: 'portal.other.test' });
  });

  it('filters the menu by permission and role, in the caller language', async () => {
    const main = await signIn(t.app);
    const mainMenu = await call<Menu[]>(t.app, {
      method: 'POST',
      url: '/api/Common/QueryApplicationMenu',
      token: main.jwtToken,
      headers: { 'accept-language': 'en-US' },
    });
    expect(menuPaths(mainMenu.data)).toEqual(
      expect.arrayContaining([
        '/user/index',
        '/user/finance',
        '/user/finance/bills',
        '/user/userCenterManagement/userCenter',
      ]),
    );
    expect(menuPaths(mainMenu.data)).not.toContain('/user/finance/ops');
    expect(mainMenu.data[0]).toMatchObject({ name: 'index', title: 'Home' });

    const viewer = await signIn(t.app, DEMO_SUB_USER);
    const viewerMenu = await call<Menu[]>(t.app, {
      method: 'POST',
      url: '/api/Common/QueryApplicationMenu',
      token: viewer.jwtToken,
    });
    expect(menuPaths(viewerMenu.data)).toContain('/user/finance/ops');
    expect(menuPaths(viewerMenu.data)).not.toContain('/user/finance/bills');

    const { customerId } = await createCustomer(t.app.db);
    const bare = await signIn(t.app, await createUser(t.app.db, customerId, { permissions: [] }));
    const bareMenu = await call<Menu[]>(t.app, {
      method: 'POST',
      url: '/api/Common/QueryApplicationMenu',
      token: bare.jwtToken,
    });
    // A group whose children are all hidden disappears.
    expect(menuPaths(bareMenu.data)).not.toContain('/user/finance');
  });

  it('answers the signed-in user with customer code and level in the caller language', async () => {
    const { jwtToken } = await signIn(t.app);
    const answer = await call(t.app, {
      url: '/api/Common/GetLoginUserInfo',
      token: jwtToken,
      headers: { 'accept-language': 'en-US' },
    });
    expect(answer.data).toMatchObject({
      loginName: 'demo',
      userType: 'main',
      customer: { customerCode: 'C100023', levelName: 'Gold', status: 'active' },
    });
  });

  it('answers the base configuration without sign-in', async () => {
    const answer = await call(t.app, { url: '/api/Common/GetBaseConfig' });
    expect(answer.data).toMatchObject({
      defaultLanguage: 'zh-CN',
      pageSizeOptions: [10, 20, 50, 100, 500],
      defaultPageSize: 10,
      weightMaxLength: 7,
    });
  });
});

describe(`envelope and HTTP behaviour on ${ENGINE}`, () => {
  it('answers every route in the envelope, signed in or not', async () => {
    const routes: { method: string; url: string }[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /(\/api\/\S+) \(([^)]+)\)/.exec(line);
      if (match)
        for (const method of match[2]!.split(', '))
          if (method !== 'HEAD') routes.push({ method, url: match[1]! });
    }
    expect(routes.length).toBeGreaterThanOrEqual(11);
    // Signing out ends the session the other calls use, so it goes last.
    routes.sort((a, b) => Number(a.url.endsWith('/Logout')) - Number(b.url.endsWith('/Logout')));
    const { jwtToken } = await signIn(t.app);
    for (const route of routes) {
      for (const token of [undefined, jwtToken]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        // File downloads (templates, exports) answer a file, not an envelope, when they succeed.
        if (response.headers['content-disposition']?.startsWith('attachment')) continue;
        const body = response.json() as Record<string, unknown>;
        expect(Object.keys(body).sort(), `${route.method} ${route.url}`).toEqual([
          'code',
          'data',
          'message',
          'success',
        ]);
        expect(typeof body.code).toBe('number');
      }
    }
  });

  it('answers an unknown API path with HTTP 404 in the envelope', async () => {
    const response = await t.app.inject({ url: '/api/No/Such', headers: { 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 404,
      success: false,
      message: '404: the requested interface was not found',
      data: null,
    });
  });

  it('sets strict security headers and echoes a request id', async () => {
    const response = await t.app.inject({
      url: '/api/ApplicationInfo/GetApplicationInfo',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('trace-12345678');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe(`server failure on ${ENGINE}`, () => {
  // A database that is gone answers 503 "briefly unavailable" (availability.test.ts); a real fault is a 500.
  it('answers HTTP 500 with the generic message and no stack trace on an unexpected failure', async () => {
    const broken = await createTestApp();
    const { jwtToken } = await signIn(broken.app);
    await sql`drop table user_roles`.execute(broken.app.db);
    const response = await broken.app.inject({
      url: '/api/Common/GetLoginUserInfo',
      headers: { authorization: `Bearer ${jwtToken}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, success: false, message: '服务器异常!', data: null });
    expect(response.body).not.toMatch(/at .*\.ts|stack/i);
    await broken.close().catch(() => undefined);
  });
});
