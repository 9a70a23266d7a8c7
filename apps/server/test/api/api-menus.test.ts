import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

type Menu = { path: string; name: string; title: string; children: Menu[] };
const flatten = (menu: Menu[]): Menu[] => menu.flatMap((m) => [m, ...flatten(m.children)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function menuOf(token: string, language = 'zh-CN'): Promise<Menu[]> {
  const answer = await call<Menu[]>(t.app, {
    method: 'POST',
    url: '/api/Common/QueryApplicationMenu',
    token,
    headers: { 'accept-language': language },
  });
  expect(answer.code).toBe(200);
  return flatten(answer.data);
}

describe(`API document and API test menu entries (${ENGINE})`, () => {
  it('lists both under personal settings, in the caller language, for a user holding api:token', async () => {
    const { jwtToken } = await signIn(t.app);
    const menu = await menuOf(jwtToken, 'en-US');
    const personal = menu.find((m) => m.name === 'userCenterManagement');
    expect(personal?.children.map((m) => m.name)).toEqual(expect.arrayContaining(['apiDocument', 'apiTest']));
    expect(menu.find((m) => m.name === 'apiDocument')).toMatchObject({
      path: '/user/userCenterManagement/apiDocument',
      title: 'API document',
    });
    expect(menu.find((m) => m.name === 'apiTest')).toMatchObject({
      path: '/user/userCenterManagement/apiTest',
      title: 'Online API test',
    });
    expect((await menuOf(jwtToken, 'zh-TW')).find((m) => m.name === 'apiTest')?.title).toBe('線上 API 測試');
    expect((await menuOf(jwtToken, 'zh-CN')).find((m) => m.name === 'apiDocument')?.title).toBe('API 文档');
  });

  it('shows the document but not the test page to a user without api:token', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await signIn(t.app, await createUser(t.app.db, customerId, { permissions: ['order:view'] }));
    const names = (await menuOf(user.jwtToken)).map((m) => m.name);
    expect(names).toContain('apiDocument');
    expect(names).not.toContain('apiTest');
  });
});
