import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUserStatus } from '../../src/modules/auth/auth.service.ts';
import { deviceCookieName } from '../../src/modules/auth/device-cookie.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Small limits so the tests reach them quickly; a long first delay so the slowdown never lapses mid-test.
  t = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '40',
    LOGIN_ACCOUNT_SLOWDOWN_AFTER: '4',
    LOGIN_ACCOUNT_DELAY_SECONDS: '600',
    MAX_SESSIONS_PER_USER: '2',
    // Throttled attempts fold per fixed window: a long one keeps a test's attempts in one window.
    LOGIN_THROTTLE_WINDOW_SECONDS: '86400',
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => t.close());

const CHROME_131_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const login = (userName: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  call<{ jwtToken: string; refereToken: string }>(t.app, {
    method: 'POST',
    url: '/api/Login/CustomerLogin',
    body: { userName, password },
    headers: { 'x-forwarded-for': ip, ...headers },
  });
const userInfo = (token: string) => call(t.app, { url: '/api/Common/GetLoginUserInfo', token });
const refresh = (refreshToken: string) =>
  call<{ jwtToken: string; refereToken: string }>(t.app, {
    method: 'POST',
    url: '/api/Login/RefreshToken',
    query: { refreshToken },
  });
/** The device cookie a successful sign-in set, as the browser would send it back. */
const deviceCookieOf = (answer: { headers: Record<string, unknown> }) => {
  const header = String(answer.headers['set-cookie'] ?? '');
  return header.split(';')[0] ?? '';
};
type LogItem = { ip: string; device: string; method: string; result: string; attempts: number };
const loginLog = (token: string) =>
  call<{ items: LogItem[]; total: number }>(t.app, {
    url: '/api/User/QueryLoginLog',
    token,
    query: { pageIndex: '1', pageSize: '50' },
  });

describe(`sign-in throttling on ${ENGINE}`, () => {
  it('gives a signed, HttpOnly, SameSite=Strict device cookie scoped to the sign-in calls', async () => {
    const { main } = await createCustomer(t.app.db);
    const ok = await login(main.loginName, main.password, '10.20.0.1');
    const header = String(ok.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${deviceCookieName(main.userId)}=[^;]+\\.[^;]+\\.[^;]+;`));
    expect(header).toContain('Path=/api/Login');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
  });

  it('slows an account attacked from many addresses, but its own browser and an uninvolved address get in', async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const other = await createUser(t.app.db, customerId);
    const trusted = deviceCookieOf(await login(main.loginName, main.password, '10.21.0.1'));
    const otherCookie = deviceCookieOf(await login(other.loginName, other.password, '10.21.0.1'));
    // Four attacking addresses, two guesses each: the fifth and later guesses meet the slowdown.
    for (const ip of ['10.22.0.1', '10.22.0.2', '10.22.0.3', '10.22.0.4'])
      expect((await login(main.loginName, 'wrong-password1', ip)).code).toBe(400);
    const slowed = await login(main.loginName, 'wrong-password1', '10.22.0.1', {
      'accept-language': 'en-US',
    });
    expect(slowed.code).toBe(429);
    expect(slowed.message).toMatch(
      /Too many failed sign-ins on this account; please try again in \d+ seconds/,
    );
    // Even the right password from an attacking address waits…
    expect((await login(main.loginName, main.password, '10.22.0.2')).code).toBe(429);
    // …and so does a browser with another account's cookie or a forged one.
    expect((await login(main.loginName, main.password, '10.22.0.2', { cookie: otherCookie })).code).toBe(429);
    const forged = `${trusted.slice(0, -3)}abc`;
    expect((await login(main.loginName, main.password, '10.22.0.2', { cookie: forged })).code).toBe(429);
    // The user's own browser (same office network as an attacker) and an uninvolved address get in.
    expect((await login(main.loginName, main.password, '10.22.0.2', { cookie: trusted })).code).toBe(200);
    expect((await login(main.loginName, main.password, '10.23.0.1')).code).toBe(200);
    // It is a delay, not a lock: once the latest failure is older than the delay, guesses reach the password check.
    await t.app.db
      .updateTable('login_logs')
      .set({ created_at: new Date(Date.now() - 601_000).toISOString() })
      .where('account_key', '=', main.userId)
      .execute();
    expect((await login(main.loginName, 'wrong-password1', '10.22.0.3')).code).toBe(400);
    // That failure starts a longer delay (600 s doubled) for the attacking addresses.
    expect((await login(main.loginName, 'wrong-password1', '10.22.0.4')).code).toBe(429);
  });

  it('keeps a browser trusted for each account that signed in on it, not only the latest', async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const colleague = await createUser(t.app.db, customerId);
    // A shared office browser: its cookie jar keeps one value per cookie name.
    const jar = new Map<string, string>();
    const keep = (answer: { headers: Record<string, unknown> }) => {
      const [name, value] = deviceCookieOf(answer).split('=') as [string, string];
      jar.set(name, value);
    };
    keep(await login(main.loginName, main.password, '10.33.0.1'));
    keep(await login(colleague.loginName, colleague.password, '10.33.0.1'));
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const ip of ['10.33.1.1', '10.33.1.2', '10.33.1.3', '10.33.1.4'])
      expect((await login(main.loginName, 'wrong-password1', ip)).code).toBe(400);
    expect((await login(main.loginName, main.password, '10.33.1.1')).code).toBe(429);
    expect((await login(main.loginName, main.password, '10.33.1.1', { cookie })).code).toBe(200);
  });

  it('keeps the account + address lock even for a browser with a device cookie', async () => {
    const { main } = await createCustomer(t.app.db);
    const trusted = deviceCookieOf(await login(main.loginName, main.password, '10.24.0.1'));
    for (let i = 0; i < 3; i++)
      expect((await login(main.loginName, 'wrong-password1', '10.24.0.1', { cookie: trusted })).code).toBe(
        400,
      );
    expect((await login(main.loginName, main.password, '10.24.0.1', { cookie: trusted })).code).toBe(429);
  });

  it('counts the login name and the phone of one user as one account', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId, { phone: '13600001111' });
    await login(user.loginName, 'wrong-password1', '10.25.0.1');
    await login('13600001111', 'wrong-password1', '10.25.0.1');
    await login(user.loginName.toUpperCase(), 'wrong-password1', '10.25.0.1');
    expect((await login('13600001111', user.password, '10.25.0.1')).code).toBe(429);
  });

  it('throttles an office address only at a much higher count when failures spread over many accounts', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const colleagues = await Promise.all(Array.from({ length: 9 }, () => createUser(t.app.db, customerId)));
    // Nine people behind one NAT each mistype once: three times the per-account limit, still no pause.
    for (const c of colleagues.slice(0, 9)) await login(c.loginName, 'wrong-password1', '10.26.0.1');
    expect((await login(colleagues[0]!.loginName, colleagues[0]!.password, '10.26.0.1')).code).toBe(200);
    const config = t.config.loginThrottle;
    expect(config.maxFailuresPerAddress).toBeGreaterThan(10 * config.maxFailuresPerAccount);
  });

  it('records a throttled attempt once per window per account and address, with a count', async () => {
    const { main } = await createCustomer(t.app.db);
    for (let i = 0; i < 3; i++) await login(main.loginName, 'wrong-password1', '10.27.0.1');
    for (let i = 0; i < 6; i++)
      expect((await login(main.loginName, 'wrong-password1', '10.27.0.1')).code).toBe(429);
    const ok = await login(main.loginName, main.password, '10.27.0.2', { 'user-agent': CHROME_131_WINDOWS });
    const log = await loginLog(ok.data.jwtToken);
    expect(log.data.total).toBe(5);
    expect(log.data.items.map((i) => [i.result, i.attempts])).toEqual([
      ['success', 1],
      ['throttled', 6],
      ['wrong_password', 1],
      ['wrong_password', 1],
      ['wrong_password', 1],
    ]);
    const rows = await t.app.db
      .selectFrom('login_logs')
      .select('id')
      .where('user_id', '=', main.userId)
      .execute();
    expect(rows).toHaveLength(5);
  });

  it('keeps counting parallel attempts in flight when throttled ones are folded', async () => {
    const { main } = await createCustomer(t.app.db);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => login(main.loginName, 'wrong-password1', '10.28.0.1')),
    );
    expect(burst.filter((a) => a.code === 400).length).toBeLessThanOrEqual(3);
    const pending = await t.app.db
      .selectFrom('login_logs')
      .select('id')
      .where('user_id', '=', main.userId)
      .where('result', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(0);
  });

  it('folds a parallel burst of throttled attempts into one row that counts each of them once', async () => {
    const { main } = await createCustomer(t.app.db);
    for (let i = 0; i < 3; i++) await login(main.loginName, 'wrong-password1', '10.28.1.1');
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => login(main.loginName, 'wrong-password1', '10.28.1.1')),
    );
    expect(burst.every((a) => a.code === 429)).toBe(true);
    const throttled = await t.app.db
      .selectFrom('login_logs')
      .select('attempts')
      .where('user_id', '=', main.userId)
      .where('result', '=', 'throttled')
      .execute();
    expect(throttled.map((r) => Number(r.attempts))).toEqual([12]);
  });

  it('folds throttled attempts on invented names into one row per address, however many names', async () => {
    const ip = '10.32.0.1';
    for (let i = 0; i < 40; i++)
      expect((await login(`nobody-${i}-of-40`, 'wrong-password1', ip)).code).toBe(400);
    for (let i = 0; i < 10; i++)
      expect((await login(`invented-${i}-name`, 'wrong-password1', ip)).code).toBe(429);
    const throttled = await t.app.db
      .selectFrom('login_logs')
      .select('attempts')
      .where('ip', '=', ip)
      .where('result', '=', 'throttled')
      .execute();
    expect(throttled.map((r) => Number(r.attempts))).toEqual([10]);
  });

  it('shows a readable device in the login log', async () => {
    const { main } = await createCustomer(t.app.db);
    const ok = await login(main.loginName, main.password, '10.29.0.1', {
      'user-agent': CHROME_131_WINDOWS,
      'sec-ch-ua-platform-version': '"15.0.0"',
    });
    const log = await loginLog(ok.data.jwtToken);
    expect(log.data.items[0]).toMatchObject({
      device: 'Chrome 131 · Windows 11',
      userAgent: CHROME_131_WINDOWS,
    });
  });
});

describe(`change password throttling on ${ENGINE}`, () => {
  it('throttles wrong old passwords like failed sign-ins of the same account and address', async () => {
    const { main } = await createCustomer(t.app.db);
    const { jwtToken } = (await login(main.loginName, main.password, '10.30.0.1')).data;
    const change = (oldPassword: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/User/ChangePassword',
        token: jwtToken,
        body: { oldPassword, newPassword: 'Brand-new-pass-7' },
        headers: { 'x-forwarded-for': '10.30.0.1' },
      });
    for (let i = 0; i < 3; i++) expect((await change('wrong-old-pass-1')).code).toBe(400);
    expect((await change(main.password)).code).toBe(429);
    // The sign-in from that address is paused too; another address is not.
    expect((await login(main.loginName, main.password, '10.30.0.1')).code).toBe(429);
    expect((await login(main.loginName, main.password, '10.30.0.2')).code).toBe(200);
    const log = await loginLog(jwtToken);
    expect(log.data.items.filter((i) => i.method === 'password_change').map((i) => i.result)).toEqual([
      'throttled',
      'wrong_password',
      'wrong_password',
      'wrong_password',
    ]);
  });
});

describe(`sessions on ${ENGINE}`, () => {
  it('ends every session and refresh family of a disabled user; enabling it again revives none', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId);
    const a = await signIn(t.app, user);
    const b = await signIn(t.app, user);
    expect(await setUserStatus(t.app.db, customerId, user.userId, 'disabled')).toBe(true);
    expect((await userInfo(a.jwtToken)).code).toBe(204);
    expect(await setUserStatus(t.app.db, customerId, user.userId, 'enabled')).toBe(true);
    for (const pair of [a, b]) {
      expect((await userInfo(pair.jwtToken)).code).toBe(204);
      expect((await refresh(pair.refereToken)).code).toBe(204);
    }
    const live = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    // A fresh sign-in works again.
    expect((await userInfo((await signIn(t.app, user)).jwtToken)).code).toBe(200);
    // Another customer's user is not touched.
    const other = await createCustomer(t.app.db);
    expect(await setUserStatus(t.app.db, customerId, other.main.userId, 'disabled')).toBe(false);
  });

  it('does not let a sign-in under way when the user is disabled keep a session after re-enabling', async () => {
    const { customerId } = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId);
    const attempt = login(user.loginName, user.password, '10.31.0.1');
    // Disable once the attempt is past reading the user (its pending row is written), before its session.
    await vi.waitFor(
      async () => {
        const rows = await t.app.db
          .selectFrom('login_logs')
          .select('id')
          .where('user_id', '=', user.userId)
          .execute();
        expect(rows.length).toBeGreaterThan(0);
      },
      { interval: 1, timeout: 5000 },
    );
    await setUserStatus(t.app.db, customerId, user.userId, 'disabled');
    const answer = await attempt;
    await setUserStatus(t.app.db, customerId, user.userId, 'enabled');
    if (answer.code === 200) {
      expect((await userInfo(answer.data.jwtToken)).code).toBe(204);
      expect((await refresh(answer.data.refereToken)).code).toBe(204);
    } else {
      expect(answer.code).toBe(403);
    }
    const live = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    // The attempt has its outcome in the log; none is left pending (a pending row counts as a failure).
    const results = await t.app.db
      .selectFrom('login_logs')
      .select('result')
      .where('user_id', '=', user.userId)
      .execute();
    expect(results.map((r) => r.result)).toEqual([answer.code === 200 ? 'success' : 'disabled']);
  });

  it('keeps at most the configured number of live sessions per user, ending the oldest first', async () => {
    const { main } = await createCustomer(t.app.db);
    const first = await signIn(t.app, main);
    const second = await signIn(t.app, main);
    const third = await signIn(t.app, main);
    expect((await userInfo(first.jwtToken)).code).toBe(204);
    expect((await refresh(first.refereToken)).code).toBe(204);
    expect((await userInfo(second.jwtToken)).code).toBe(200);
    expect((await userInfo(third.jwtToken)).code).toBe(200);
  });
});
