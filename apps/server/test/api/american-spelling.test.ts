import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

interface Menu {
  name: string;
  title: string;
  children?: Menu[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const titles = (entries: Menu[]): string[] =>
  entries.flatMap((entry) => [entry.title, ...titles(entry.children ?? [])]);

describe(`en-US texts stored in the database on ${ENGINE}`, () => {
  it('menu titles use American spelling ("User center")', async () => {
    const { jwtToken } = await signIn(t.app);
    const menu = await call<Menu[]>(t.app, {
      method: 'POST',
      url: '/api/Common/QueryApplicationMenu',
      token: jwtToken,
      headers: { 'accept-language': 'en-US' },
    });
    expect(titles(menu.data)).toContain('User center');
    expect(titles(menu.data).filter((title) => /centre|colour|cancell/i.test(title))).toEqual([]);
  });
});
