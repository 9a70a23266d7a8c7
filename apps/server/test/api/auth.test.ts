import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAIN_USER, DEMO_NEW_USER, DEMO_SUB_USER } from '../../src/db/seed.ts';
import { signAccessToken } from '../../src/lib/tokens.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Small throttle limits so the tests reach them quickly.
  t = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => t.close());

const login = (userName: string, password: string, headers: Record<string, string> = {}) =>
  call<{ jwtToken: string; refereToken: string }>(t.app, {
    method: 'POST',
    url: '/api/Login/CustomerLogin',
    body: { userName, password },
    headers,
  });
const refresh = (refreshToken: string) =>
  call<{ jwtToken: string; refereToken: string; expiresInSecond: number }>(t.app, {
    method: 'POST',
    url: '/api/Login/RefreshToken',
    query: { refreshToken },
  });
const userInfo = (token: string) =>
  call<{ loginName: string }>(t.app, { url: '/api/Common/GetLoginUserInfo', token });
/** Each throttling test comes from its own address so the per-address limit does not leak between tests. */
const fromAddress = (ip: string) => ({ 'x-forwarded-for': ip });

describe(`sign-in on ${ENGINE}`, () => {
  it('signs in by login name and by phone, answering a token pair', async () => {
    const byName = await login(DEMO_MAIN_USER.loginName, DEMO_MAIN_USER.password);
    expect(byName.code).toBe(200);
    expect(byName.data).toMatchObject({ expiresInSecond: 900, isInitPassword: false });
    expect(byName.data.jwtToken.split('.')).toHaveLength(3);
    const byPhone = await login('13800138000', DEMO_MAIN_USER.password);
    expect(byPhone.code).toBe(200);
    expect((await userInfo(byPhone.data.jwtToken)).data.loginName).toBe('demo');
  });

  it('tells the client when the user is still on the initial password', async () => {
    const answer = await login(DEMO_NEW_USER.loginName, DEMO_NEW_USER.password);
    expect(answer.data).toMatchObject({ isInitPassword: true });
  });

  it('refuses a wrong password and an unknown user with the same localized message', async () => {
    const { main } = await createCustomer(t.app.db);
    const wrong = await login(main.loginName, 'not-the-password', { 'accept-language': 'en-US' });
    const unknown = await login('nobody-here', 'whatever1', { 'accept-language': 'en-US' });
    expect(wrong).toMatchObject({
      code: 400,
      success: false,
      message: 'Wrong login name or password',
      data: null,
    });
    expect(unknown.message).toBe(wrong.message);
    const zh = await login(main.loginName, 'not-the-password');
    expect(zh.message).toBe('账号或密码错误，请重新输入');
    // Failures in a row lock an account; a success in between starts the count afresh.
    expect((await login(main.loginName, main.password)).code).toBe(200);
    const tw = await login(main.loginName, 'not-the-password', { 'accept-language': 'zh-TW' });
    expect(tw.message).toBe('帳號或密碼錯誤，請重新輸入');
  });

  it('names each bad field when the body is invalid', async () => {
    const answer = await call<{ errors: { field: string; message: string }[] }>(t.app, {
      method: 'POST',
      url: '/api/Login/CustomerLogin',
      body: { userName: '' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(answer.code).toBe(400);
    expect(answer.data.errors.map((e) => e.field).sort()).toEqual(['password', 'userName']);
    expect(answer.data.errors.every((e) => e.message.length > 0)).toBe(true);
  });

  it('answers a body that is not JSON with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Login/CustomerLogin',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toMatchObject({ code: 400, success: false });
  });

  it('throttles an account + address pair after repeated failures, even with the right password, and says for how long', async () => {
    const { main } = await createCustomer(t.app.db);
    for (let i = 0; i < 3; i++)
      expect((await login(main.loginName, 'wrong-password1', fromAddress('10.9.0.1'))).code).toBe(400);
    const blocked = await login(main.loginName, main.password, {
      ...fromAddress('10.9.0.1'),
      'accept-language': 'en-US',
    });
    expect(blocked.code).toBe(429);
    expect(blocked.message).toMatch(/Too many failed sign-ins; please try again in \d+ minutes/);
    // Knowing the login name is no weapon: the same account from another address still gets in.
    expect((await login(main.loginName, main.password, fromAddress('10.9.0.2'))).code).toBe(200);
  });

  it('counts parallel guesses before their password checks finish', async () => {
    const { main } = await createCustomer(t.app.db);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => login(main.loginName, 'wrong-password1', fromAddress('10.9.3.1'))),
    );
    // With a limit of 3, at most 3 of a simultaneous burst reach a password check; the rest are throttled.
    expect(burst.filter((a) => a.code === 400).length).toBeLessThanOrEqual(3);
    expect(burst.filter((a) => a.code === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('throttles an address that fails on many accounts', async () => {
    for (let i = 0; i < 6; i++) await login(`ghost-${i}`, 'wrong-password1', fromAddress('10.9.1.1'));
    const { main } = await createCustomer(t.app.db);
    const blocked = await login(main.loginName, main.password, fromAddress('10.9.1.1'));
    expect(blocked.code).toBe(429);
    expect(blocked.message).toContain('该网络登录失败次数过多');
    expect((await login(main.loginName, main.password, fromAddress('10.9.1.2'))).code).toBe(200);
  });

  it('writes every attempt to the login log with address, agent, method and result', async () => {
    const { main } = await createCustomer(t.app.db);
    await login(main.loginName, 'wrong-password1', {
      ...fromAddress('10.9.2.1'),
      'user-agent': 'LogTest/1.0',
    });
    const ok = await login(main.loginName, main.password, {
      ...fromAddress('10.9.2.1'),
      'user-agent': 'LogTest/1.0',
    });
    const log = await call<{
      items: { ip: string; userAgent: string; method: string; result: string }[];
      total: number;
    }>(t.app, {
      url: '/api/User/QueryLoginLog',
      token: ok.data.jwtToken,
      query: { pageIndex: '1', pageSize: '10' },
    });
    expect(log.code).toBe(200);
    expect(log.data.total).toBe(2);
    expect(log.data.items.map((i) => i.result)).toEqual(['success', 'wrong_password']);
    expect(log.data.items[0]).toMatchObject({ ip: '10.9.2.1', userAgent: 'LogTest/1.0', method: 'password' });
  });

  it('refuses a disabled user at sign-in and ends its live sessions with 204', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId, { permissions: [] });
    const pair = await signIn(t.app, user);
    await t.app.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.userId).execute();
    expect((await userInfo(pair.jwtToken)).code).toBe(204);
    expect((await refresh(pair.refereToken)).code).toBe(204);
    expect((await login(user.loginName, user.password)).code).toBe(403);
  });

  it('answers 203 for a customer in arrears and 204 for a frozen one', async () => {
    const arrears = await createCustomer(t.app.db, { status: 'arrears' });
    const pair = await signIn(t.app, arrears.main);
    const answer = await call(t.app, { url: '/api/User/SecuritySetting', token: pair.jwtToken });
    expect(answer).toMatchObject({ code: 203, message: '此号已经欠费,请您去充值!' });
    // Who is signed in stays readable so the portal can send the user to top up.
    expect((await userInfo(pair.jwtToken)).code).toBe(200);
    const frozen = await createCustomer(t.app.db, { status: 'frozen' });
    expect((await login(frozen.main.loginName, frozen.main.password)).code).toBe(403);
  });
});

describe(`tokens on ${ENGINE}`, () => {
  it('checks the session before the body, so a caller without one learns nothing about the fields', async () => {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/User/ChangePassword',
      body: { oldPassword: '' },
    });
    expect(answer.code).toBe(402);
  });

  it('answers 402 without a token and for a forged one', async () => {
    expect((await call(t.app, { url: '/api/Common/GetLoginUserInfo' })).code).toBe(402);
    const forged = signAccessToken(
      { sub: 'x', sid: 'y', cid: 'z' },
      'another-secret-that-is-long-enough-123',
      60,
    );
    expect((await userInfo(forged)).code).toBe(402);
    expect((await userInfo('not.a.token')).code).toBe(402);
  });

  it('answers 401 for an expired access token, and the refresh call gives a working pair', async () => {
    const pair = await signIn(t.app);
    const claims = JSON.parse(Buffer.from(pair.jwtToken.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
      cid: string;
    };
    const expired = signAccessToken(claims, t.app.tokenSecret, 60, Date.now() - 120_000);
    expect((await userInfo(expired)).code).toBe(401);
    const renewed = await refresh(pair.refereToken);
    expect(renewed.code).toBe(200);
    expect(renewed.data.refereToken).not.toBe(pair.refereToken);
    expect((await userInfo(renewed.data.jwtToken)).code).toBe(200);
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const pair = await signIn(t.app);
    const second = await refresh(pair.refereToken);
    const third = await refresh(second.data.refereToken);
    expect(third.code).toBe(200);
    // Replaying the first (spent) token: the session ends, so the newest tokens die too.
    expect((await refresh(pair.refereToken)).code).toBe(204);
    expect((await refresh(third.data.refereToken)).code).toBe(204);
    expect((await userInfo(third.data.jwtToken)).code).toBe(204);
  });

  it('refuses an unknown refresh token and one missing from the query', async () => {
    expect((await refresh('no-such-token')).code).toBe(204);
    expect((await call(t.app, { method: 'POST', url: '/api/Login/RefreshToken' })).code).toBe(400);
  });

  it('refuses a refresh past the absolute session lifetime', async () => {
    const pair = await signIn(t.app);
    const claims = JSON.parse(Buffer.from(pair.jwtToken.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', claims.sid)
      .execute();
    expect((await refresh(pair.refereToken)).code).toBe(204);
    expect((await userInfo(pair.jwtToken)).code).toBe(204);
  });

  it('signs out: the session ends for the access and the refresh token', async () => {
    const pair = await signIn(t.app);
    const out = await call(t.app, { method: 'POST', url: '/api/Login/Logout', token: pair.jwtToken });
    expect(out.code).toBe(200);
    expect((await userInfo(pair.jwtToken)).code).toBe(204);
    expect((await refresh(pair.refereToken)).code).toBe(204);
  });

  it('keeps the demo sub-user to its own roles', async () => {
    const pair = await signIn(t.app, DEMO_SUB_USER);
    const info = await call<{
      userType: string;
      permissions: string[];
      roles: { id: string; operationList: string[] }[];
    }>(t.app, {
      url: '/api/Common/GetLoginUserInfo',
      token: pair.jwtToken,
    });
    expect(info.data).toMatchObject({
      userType: 'sub',
      permissions: [],
      roles: [{ id: 'operator', operationList: ['order:view'] }],
    });
  });
});
