import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

const info = (token: string) => call(t.app, { url: '/api/Common/GetLoginUserInfo', token });

describe(`account on ${ENGINE}`, () => {
  it('changes the password, ends the other sessions (204) and keeps the current one', async () => {
    const { main } = await createCustomer(t.app.db);
    const here = await signIn(t.app, main);
    const elsewhere = await signIn(t.app, main);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/User/ChangePassword',
      token: here.jwtToken,
      body: { oldPassword: main.password, newPassword: 'Brand-new-pass-1' },
    });
    expect(changed).toMatchObject({ code: 200, message: '密码修改成功，其他设备已退出登录' });
    expect((await info(elsewhere.jwtToken)).code).toBe(204);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/Login/RefreshToken',
          query: { refreshToken: elsewhere.refereToken },
        })
      ).code,
    ).toBe(204);
    expect((await info(here.jwtToken)).code).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/Login/CustomerLogin',
          body: { userName: main.loginName, password: main.password },
        })
      ).code,
    ).toBe(400);
    await signIn(t.app, { loginName: main.loginName, password: 'Brand-new-pass-1' });
  });

  it('refuses a wrong old password and a weak or unchanged new one, naming the field', async () => {
    const { main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const change = (body: unknown, lang = 'en-US') =>
      call<{ errors: { field: string; message: string }[] }>(t.app, {
        method: 'POST',
        url: '/api/User/ChangePassword',
        token: jwtToken,
        body,
        headers: { 'accept-language': lang },
      });
    const wrongOld = await change({ oldPassword: 'nope-nope-1', newPassword: 'Another-pass-2' });
    expect(wrongOld).toMatchObject({ code: 400, message: 'The current password is not correct' });
    expect(wrongOld.data.errors[0]).toEqual({
      field: 'oldPassword',
      message: 'The current password is not correct',
    });
    const weak = await change({ oldPassword: main.password, newPassword: 'short' });
    expect(weak.code).toBe(400);
    expect(weak.data.errors).toContainEqual({
      field: 'newPassword',
      message: 'The password needs at least 8 characters',
    });
    const long = await change({ oldPassword: main.password, newPassword: `A1${'x'.repeat(63)}` }, 'zh-TW');
    expect(long.data.errors).toEqual([{ field: 'newPassword', message: '密碼最多 64 個字元' }]);
    const noDigit = await change({ oldPassword: main.password, newPassword: 'only-letters-here' }, 'zh-CN');
    expect(noDigit.data.errors[0]).toEqual({ field: 'newPassword', message: '密码需包含数字' });
    const same = await change({ oldPassword: main.password, newPassword: main.password });
    expect(same.data.errors[0]?.field).toBe('newPassword');
  });

  it('replaces the initial password once, then refuses', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId, { permissions: [], isInitPassword: true });
    const other = await signIn(t.app, user);
    const pair = await signIn(t.app, user);
    expect(pair.isInitPassword).toBe(true);
    // Until it is replaced, the session may only replace it, see who it is, and sign out.
    const refused = await call(t.app, {
      url: '/api/User/SecuritySetting',
      token: pair.jwtToken,
      headers: { 'accept-language': 'en-US' },
    });
    expect(refused).toMatchObject({ code: 403, message: 'Please replace your initial password first' });
    expect((await info(pair.jwtToken)).code).toBe(200);
    expect((await call(t.app, { url: '/api/User/GetInitPawwword', token: pair.jwtToken })).data).toBe(true);
    const first = await call(t.app, {
      method: 'POST',
      url: '/api/User/ChangeInitPassword',
      token: pair.jwtToken,
      body: { newPassword: 'My-own-pass-77' },
    });
    expect(first.code).toBe(200);
    expect((await call(t.app, { url: '/api/User/GetInitPawwword', token: pair.jwtToken })).data).toBe(false);
    expect((await call(t.app, { url: '/api/User/SecuritySetting', token: pair.jwtToken })).code).toBe(200);
    expect((await info(other.jwtToken)).code).toBe(204);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/User/ChangeInitPassword',
      token: pair.jwtToken,
      body: { newPassword: 'My-own-pass-78' },
    });
    expect(again.code).toBe(409);
  });

  it('shows the security summary with masked contact details and the sign-in before the current one', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId, { phone: '13712345678' });
    const first = await signIn(t.app, user, { 'x-forwarded-for': '10.7.0.1' });
    const security = (token: string) =>
      call<{ lastLoginAt: string | null; lastLoginIp: string | null }>(t.app, {
        url: '/api/User/SecuritySetting',
        token,
      });
    const answer = await security(first.jwtToken);
    expect(answer.data).toMatchObject({
      maskedPhone: '137****5678',
      isInitPassword: false,
      isWeChatBound: false,
    });
    // The very first sign-in has none before it.
    expect(answer.data).toMatchObject({ lastLoginAt: null, lastLoginIp: null });
    expect((await info(first.jwtToken)).data).toMatchObject({ lastLoginAt: null });
    const firstAt = (
      await t.app.db
        .selectFrom('users')
        .select('last_login_at')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).last_login_at;
    const second = await signIn(t.app, user, { 'x-forwarded-for': '10.7.0.2' });
    expect((await security(second.jwtToken)).data).toMatchObject({
      lastLoginAt: firstAt,
      lastLoginIp: '10.7.0.1',
    });
    expect((await info(second.jwtToken)).data).toMatchObject({ lastLoginAt: firstAt });
  });

  it('shows each open session the sign-in before it, not a later sign-in on another device', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId);
    const security = (token: string) =>
      call<{ lastLoginIp: string | null }>(t.app, { url: '/api/User/SecuritySetting', token });
    const office = await signIn(t.app, user, { 'x-forwarded-for': '10.8.0.1' });
    const phone = await signIn(t.app, user, { 'x-forwarded-for': '10.8.0.2' });
    const home = await signIn(t.app, user, { 'x-forwarded-for': '10.8.0.3' });
    // The office session was the first: nothing before it, whatever happened since.
    expect((await security(office.jwtToken)).data.lastLoginIp).toBeNull();
    expect((await info(office.jwtToken)).data).toMatchObject({ lastLoginAt: null });
    expect((await security(phone.jwtToken)).data.lastLoginIp).toBe('10.8.0.1');
    expect((await security(home.jwtToken)).data.lastLoginIp).toBe('10.8.0.2');
  });

  it('pages the login log and keeps it to the caller', async () => {
    const a = await createCustomer(t.app.db);
    const b = await createCustomer(t.app.db);
    for (let i = 0; i < 3; i++) await signIn(t.app, a.main);
    const { jwtToken } = await signIn(t.app, b.main);
    const page = await call<{ items: unknown[]; total: number; pageIndex: number; pageSize: number }>(t.app, {
      url: '/api/User/QueryLoginLog',
      token: (await signIn(t.app, a.main)).jwtToken,
      query: { pageIndex: '2', pageSize: '3' },
    });
    expect(page.data).toMatchObject({ total: 4, pageIndex: 2, pageSize: 3 });
    expect(page.data.items).toHaveLength(1);
    const mine = await call<{ total: number }>(t.app, { url: '/api/User/QueryLoginLog', token: jwtToken });
    expect(mine.data.total).toBe(1);
    const tooBig = await call(t.app, {
      url: '/api/User/QueryLoginLog',
      token: jwtToken,
      query: { pageSize: '501' },
    });
    expect(tooBig.code).toBe(400);
  });
});
