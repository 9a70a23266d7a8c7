import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUB_USER } from '../../src/db/seed.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

type Menu = { path: string; name: string; title: string; children: Menu[] };
const menuPaths = (menu: Menu[]): string[] => menu.flatMap((m) => [m.path, ...menuPaths(m.children)]);
const findByName = (menu: Menu[], name: string): Menu | undefined =>
  menu.flatMap((m) => [m, ...m.children]).find((m) => m.name === name);

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
  return answer.data;
}

describe(`create-order menu entry (${ENGINE})`, () => {
  it('shows "create" in the orders group, before the address book, in the caller language', async () => {
    const { jwtToken } = await signIn(t.app);
    const menu = await menuOf(jwtToken, 'en-US');
    const orders = menu.find((m) => m.name === 'orders');
    const names = orders?.children.map((m) => m.name) ?? [];
    expect(names.indexOf('create')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('create')).toBeLessThan(names.indexOf('address'));
    expect(findByName(menu, 'create')).toMatchObject({ path: '/user/orders/create', title: 'Create order' });
    expect(findByName(await menuOf(jwtToken, 'zh-TW'), 'create')?.title).toBe('建立訂單');
    expect(findByName(await menuOf(jwtToken, 'zh-CN'), 'create')?.title).toBe('创建订单');
  });

  it('is hidden from a user without order:create', async () => {
    const viewer = await signIn(t.app, DEMO_SUB_USER);
    expect(menuPaths(await menuOf(viewer.jwtToken))).not.toContain('/user/orders/create');

    const { customerId } = await createCustomer(t.app.db);
    const addressOnly = await signIn(
      t.app,
      await createUser(t.app.db, customerId, { permissions: ['address:view'] }),
    );
    const paths = menuPaths(await menuOf(addressOnly.jwtToken));
    expect(paths).toContain('/user/orders/address');
    expect(paths).not.toContain('/user/orders/create');
  });
});

describe(`order list menu entries (${ENGINE})`, () => {
  it('shows "My orders" first and "Last-mile data" after the address book, in the caller language', async () => {
    const { jwtToken } = await signIn(t.app);
    const names = findByName(await menuOf(jwtToken, 'en-US'), 'orders')!.children.map((m) => m.name);
    expect(names.indexOf('order')).toBe(0);
    expect(names.indexOf('endData')).toBeGreaterThan(names.indexOf('address'));
    const english = await menuOf(jwtToken, 'en-US');
    expect(findByName(english, 'order')).toMatchObject({ path: '/user/orders/order', title: 'My orders' });
    expect(findByName(english, 'endData')).toMatchObject({
      path: '/user/orders/endData',
      title: 'Last-mile data',
    });
    const traditional = await menuOf(jwtToken, 'zh-TW');
    expect([findByName(traditional, 'order')?.title, findByName(traditional, 'endData')?.title]).toEqual([
      '我的訂單',
      '尾程資料',
    ]);
    const simplified = await menuOf(jwtToken, 'zh-CN');
    expect([findByName(simplified, 'order')?.title, findByName(simplified, 'endData')?.title]).toEqual([
      '我的订单',
      '尾程数据',
    ]);
  });

  it('is hidden from a user without order:view', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const addressOnly = await signIn(
      t.app,
      await createUser(t.app.db, customerId, { permissions: ['address:view'] }),
    );
    const paths = menuPaths(await menuOf(addressOnly.jwtToken));
    expect(paths).not.toContain('/user/orders/order');
    expect(paths).not.toContain('/user/orders/endData');
    const viewer = await signIn(
      t.app,
      await createUser(t.app.db, customerId, { permissions: ['order:view'] }),
    );
    expect(menuPaths(await menuOf(viewer.jwtToken))).toEqual(
      expect.arrayContaining(['/user/orders/order', '/user/orders/endData']),
    );
  });
});
