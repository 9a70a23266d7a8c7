import { SsoAudience } from '@portal/contracts/sso';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredData } from '../../src/jobs/retention.ts';
import { signTicket } from '../../src/modules/sso/sso-ticket.ts';
import { mintTicket, ssoKey } from '../../src/modules/sso/sso.service.ts';
import { createCustomer } from '../support/factories.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', WECHAT_SCENES_PER_ADDRESS: '5' });
});
afterAll(async () => t.close());

type Scene = { sceneId: string; authorizeUrl: string; qrCodeImage: string | null; expiresInSecond: number };
type Poll = { status: string; nickname: string | null };
type Tokens = { jwtToken: string; refereToken: string; isInitPassword: boolean };

let addressCounter = 0;
/** Each test asks from its own address, so the per-address QR limit is tested on its own. */
const newAddress = () => `10.13.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
const en = (ip: string) => ({ 'accept-language': 'en-US', 'x-forwarded-for': ip });

const scanCodeOf = (scene: Scene) => new URL(scene.authorizeUrl).searchParams.get('scanCode')!;

async function loginScene(ip: string) {
  const answer = await call<Scene>(t.app, { url: '/api/WeChat/GetLoginQRCoder', headers: en(ip) });
  expect(answer.code).toBe(200);
  return answer.data;
}
async function bindScene(token: string, ip: string) {
  const answer = await call<Scene>(t.app, { url: '/api/WeChat/GetUserQRCoder', token, headers: en(ip) });
  expect(answer.code).toBe(200);
  return answer.data;
}
const confirm = (scanCode: string, nickname: string, ip: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/WeChatSandbox/Confirm',
    body: { scanCode, nickname },
    headers: en(ip),
  });
const sceneCall = <T>(path: string, sceneId: string, ip: string, token?: string) =>
  call<T>(t.app, { url: `/api/WeChat/${path}`, query: { sceneId }, token, headers: en(ip) });

/** Binds a fresh nickname's WeChat identity to the user; answers the nickname. */
async function bind(token: string, ip: string, nickname = `wx-${Math.random().toString(36).slice(2, 10)}`) {
  const scene = await bindScene(token, ip);
  expect((await confirm(scanCodeOf(scene), nickname, ip)).code).toBe(200);
  const done = await sceneCall<{ nickname: string }>('BindingTransfer', scene.sceneId, ip, token);
  expect(done).toMatchObject({ code: 200, message: 'WeChat is now bound', data: { nickname } });
  return nickname;
}

async function customerCode(customerId: string) {
  const row = await t.app.db
    .selectFrom('customers')
    .select('code')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.code;
}

describe(`WeChat QR login and binding on ${ENGINE}`, () => {
  it('binds in the security settings, then signs in by QR once; the login log says wechat', async () => {
    const ip = newAddress();
    const { main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const scene = await bindScene(jwtToken, ip);
    expect(scene.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(scene.expiresInSecond).toBe(300);
    expect((await sceneCall<Poll>('BindingPolling', scene.sceneId, ip, jwtToken)).data.status).toBe(
      'waiting',
    );
    const early = await sceneCall('BindingTransfer', scene.sceneId, ip, jwtToken);
    expect(early).toMatchObject({ code: 400, message: expect.stringContaining('Nobody has scanned') });
    expect((await confirm(scanCodeOf(scene), 'Alice QR', ip)).code).toBe(200);
    expect((await sceneCall<Poll>('BindingPolling', scene.sceneId, ip, jwtToken)).data).toEqual({
      status: 'confirmed',
      nickname: 'Alice QR',
    });
    const bound = await sceneCall('BindingTransfer', scene.sceneId, ip, jwtToken);
    expect(bound.code).toBe(200);
    const again = await sceneCall('BindingTransfer', scene.sceneId, ip, jwtToken);
    expect(again).toMatchObject({ code: 400, message: expect.stringContaining('already been used') });
    const security = await call<{ isWeChatBound: boolean }>(t.app, {
      url: '/api/User/SecuritySetting',
      token: jwtToken,
    });
    expect(security.data.isWeChatBound).toBe(true);

    const login = await loginScene(ip);
    expect((await sceneCall<Poll>('LoginPolling', login.sceneId, ip)).data.status).toBe('waiting');
    expect((await confirm(scanCodeOf(login), 'Alice QR', ip)).code).toBe(200);
    expect((await sceneCall<Poll>('LoginPolling', login.sceneId, ip)).data.status).toBe('confirmed');
    const session = await sceneCall<Tokens>('LoginTransfer', login.sceneId, ip);
    expect(session.code).toBe(200);
    const me = await call<{ loginName: string }>(t.app, {
      url: '/api/Common/GetLoginUserInfo',
      token: session.data.jwtToken,
    });
    expect(me.data.loginName).toBe(main.loginName);
    const replay = await sceneCall('LoginTransfer', login.sceneId, ip);
    expect(replay).toMatchObject({ code: 400, message: expect.stringContaining('already been used') });
    expect((await sceneCall<Poll>('LoginPolling', login.sceneId, ip)).data.status).toBe('used');
    const log = await t.app.db
      .selectFrom('login_logs')
      .select(['method', 'result'])
      .where('login_name', '=', main.loginName)
      .where('method', '=', 'wechat')
      .execute();
    expect(log).toEqual([{ method: 'wechat', result: 'success' }]);
  });

  it('says "not bound, sign in and bind first" for an unbound scan, in each language', async () => {
    const ip = newAddress();
    const login = await loginScene(ip);
    expect((await confirm(scanCodeOf(login), 'Nobody Bound', ip)).code).toBe(200);
    expect((await sceneCall<Poll>('LoginPolling', login.sceneId, ip)).data.status).toBe('notBound');
    const refused = await sceneCall('LoginTransfer', login.sceneId, ip);
    expect(refused).toMatchObject({
      code: 400,
      message: expect.stringContaining('bind it in the security settings'),
    });
    const zh = await call(t.app, {
      url: '/api/WeChat/LoginTransfer',
      query: { sceneId: login.sceneId },
      headers: { 'accept-language': 'zh-CN', 'x-forwarded-for': ip },
    });
    expect(zh.message).toBe('该微信尚未绑定账号，请先用账号密码登录，在安全设置中绑定微信');
  });

  it('refuses binding one WeChat identity to a second account, and a second identity to a bound account', async () => {
    const ip = newAddress();
    const first = await createCustomer(t.app.db);
    const second = await createCustomer(t.app.db);
    const a = await signIn(t.app, first.main);
    const b = await signIn(t.app, second.main);
    const nickname = await bind(a.jwtToken, ip);
    const scene = await bindScene(b.jwtToken, ip);
    expect((await confirm(scanCodeOf(scene), nickname, ip)).code).toBe(200);
    const refused = await sceneCall('BindingTransfer', scene.sceneId, ip, b.jwtToken);
    expect(refused).toMatchObject({
      code: 409,
      message: expect.stringContaining('bound to another portal account'),
    });
    const bRow = await t.app.db
      .selectFrom('users')
      .select('wechat_open_id')
      .where('login_name', '=', second.main.loginName)
      .executeTakeFirstOrThrow();
    expect(bRow.wechat_open_id).toBeNull();
    // A's account already has WeChat: a second identity is refused until A unbinds.
    const other = await bindScene(a.jwtToken, ip);
    expect((await confirm(scanCodeOf(other), 'Second Identity', ip)).code).toBe(200);
    const twice = await sceneCall('BindingTransfer', other.sceneId, ip, a.jwtToken);
    expect(twice).toMatchObject({
      code: 409,
      message: 'Your account is already bound to WeChat; unbind it first',
    });
  });

  it('cancels a binding: the QR no longer signs in; cancelling again says there is none', async () => {
    const ip = newAddress();
    const { main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const nickname = await bind(jwtToken, ip);
    const cancel = () => call(t.app, { url: '/api/WeChat/CancelBinding', token: jwtToken, headers: en(ip) });
    expect(await cancel()).toMatchObject({ code: 200, message: 'WeChat has been unbound' });
    expect(await cancel()).toMatchObject({ code: 409, message: 'Your account is not bound to WeChat' });
    const login = await loginScene(ip);
    await confirm(scanCodeOf(login), nickname, ip);
    expect((await sceneCall<Poll>('LoginPolling', login.sceneId, ip)).data.status).toBe('notBound');
    // The identity is free again: another account may bind it.
    const other = await createCustomer(t.app.db);
    await bind((await signIn(t.app, other.main)).jwtToken, ip, nickname);
  });

  it('expires a scene: polling says so, and neither a scan nor a transfer is accepted', async () => {
    const ip = newAddress();
    const login = await loginScene(ip);
    const confirmedLogin = await loginScene(ip);
    const { main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const nickname = await bind(jwtToken, ip);
    await confirm(scanCodeOf(confirmedLogin), nickname, ip);
    await t.app.db
      .updateTable('wechat_scenes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', 'in', [login.sceneId, confirmedLogin.sceneId])
      .execute();
    expect((await sceneCall<Poll>('LoginPolling', login.sceneId, ip)).data.status).toBe('expired');
    expect(await confirm(scanCodeOf(login), 'Late', ip)).toMatchObject({
      code: 400,
      message: 'The QR code has expired; please refresh it and scan again',
    });
    expect(await sceneCall('LoginTransfer', confirmedLogin.sceneId, ip)).toMatchObject({
      code: 400,
      message: 'The QR code has expired; please refresh it and scan again',
    });
    const deleted = await deleteExpiredData(t.app.db, new Date(), 180);
    expect(deleted.wechatScenes).toBeGreaterThanOrEqual(2);
    expect((await sceneCall('LoginPolling', login.sceneId, ip)).code).toBe(400);
  });

  it('answers hostile calls clearly: other users’ scenes, wrong purpose, bad ids, no session, bad nicknames', async () => {
    const ip = newAddress();
    const first = await createCustomer(t.app.db);
    const second = await createCustomer(t.app.db);
    const a = await signIn(t.app, first.main);
    const b = await signIn(t.app, second.main);
    const scene = await bindScene(a.jwtToken, ip);
    const notFound = 'This QR code does not exist or is no longer valid; please refresh it';
    for (const path of ['BindingPolling', 'BindingTransfer'])
      expect(await sceneCall(path, scene.sceneId, ip, b.jwtToken)).toMatchObject({
        code: 400,
        message: notFound,
      });
    // A binding scene is no sign-in scene, and the other way round.
    expect(await sceneCall('LoginPolling', scene.sceneId, ip)).toMatchObject({
      code: 400,
      message: notFound,
    });
    expect(await sceneCall('LoginTransfer', scene.sceneId, ip)).toMatchObject({
      code: 400,
      message: notFound,
    });
    const login = await loginScene(ip);
    expect(await sceneCall('BindingPolling', login.sceneId, ip, a.jwtToken)).toMatchObject({ code: 400 });
    // The scan code in the QR is not the browser's secret.
    expect(await sceneCall('LoginPolling', scanCodeOf(login), ip)).toMatchObject({ message: notFound });
    for (const sceneId of ['a\u0000b', 'x'.repeat(101), ''])
      expect((await sceneCall('LoginPolling', sceneId, ip)).code).toBe(400);
    expect((await call(t.app, { url: '/api/WeChat/LoginPolling', headers: en(ip) })).code).toBe(400);
    for (const path of ['GetUserQRCoder', 'BindingPolling', 'BindingTransfer', 'CancelBinding'])
      expect(
        (await call(t.app, { url: `/api/WeChat/${path}`, query: { sceneId: scene.sceneId } })).code,
      ).toBe(402);
    const badNames = await Promise.all(
      ['Bad\u0007Name', 'x'.repeat(33), '', '\u202Eevil'].map((nickname) =>
        confirm(scanCodeOf(scene), nickname, ip),
      ),
    );
    for (const answer of badNames) expect(answer.code).toBe(400);
    expect(badNames[0]!.message).toMatch(/control character/);
    expect(await confirm('nope', 'Somebody', ip)).toMatchObject({ code: 400, message: notFound });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/WeChatSandbox/Confirm',
      payload: '{"scanCode":',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    });
    expect(malformed.json()).toMatchObject({ code: 400 });
    // Nothing was half-written: the scene still waits, nobody is bound.
    expect((await sceneCall<Poll>('BindingPolling', scene.sceneId, ip, a.jwtToken)).data.status).toBe(
      'waiting',
    );
    expect((await confirm(scanCodeOf(scene), 'First', ip)).code).toBe(200);
    expect(await confirm(scanCodeOf(scene), 'Second', ip)).toMatchObject({ code: 400 });
  });

  it('limits QR codes per address', async () => {
    const ip = newAddress();
    for (let i = 0; i < 5; i++) await loginScene(ip);
    const limited = await call(t.app, { url: '/api/WeChat/GetLoginQRCoder', headers: en(ip) });
    expect(limited).toMatchObject({
      code: 429,
      message: expect.stringMatching(/^Too many QR codes requested/),
    });
    expect((await call(t.app, { url: '/api/WeChat/GetLoginQRCoder', headers: en(newAddress()) })).code).toBe(
      200,
    );
  });
});

describe(`single sign-on tickets on ${ENGINE}`, () => {
  const deps = () => ({ config: t.app.config, tokenSecret: t.app.tokenSecret });
  const website = (ticket: string, ip = '10.14.0.1') =>
    call<Tokens>(t.app, { url: '/api/Login/OfficialLogin', query: { ticket }, headers: en(ip) });
  const oms = (ticket: string) =>
    call<Tokens>(t.app, { url: '/api/Login/FreePwdLoginOms', query: { ticket }, headers: en('10.14.0.2') });

  async function ticketFor(source = 'website', overrides: { now?: number; audience?: string } = {}) {
    const { customerId, main } = await createCustomer(t.app.db);
    const code = await customerCode(customerId);
    const minted = mintTicket(
      deps(),
      {
        source,
        audience: overrides.audience ?? SsoAudience.Portal,
        customerCode: code,
        loginName: main.loginName,
      },
      overrides.now,
    );
    return { ...minted, main, code, customerId };
  }

  it('signs in once by a website ticket and once by an OMS ticket; a replay is refused', async () => {
    const { ticket, main } = await ticketFor('website');
    const first = await website(ticket);
    expect(first.code).toBe(200);
    const me = await call<{ loginName: string }>(t.app, {
      url: '/api/Common/GetLoginUserInfo',
      token: first.data.jwtToken,
    });
    expect(me.data.loginName).toBe(main.loginName);
    const [replayA, replayB] = await Promise.all([website(ticket), website(ticket)]);
    for (const replay of [replayA, replayB])
      expect(replay).toMatchObject({
        code: 400,
        message: 'The sign-in ticket has already been used; please start again from the system you came from',
      });
    const fromOms = await ticketFor('oms');
    expect((await oms(fromOms.ticket)).code).toBe(200);
    const methods = await t.app.db
      .selectFrom('login_logs')
      .select('method')
      .where('login_name', '=', main.loginName)
      .execute();
    expect(methods).toEqual([{ method: 'sso' }]);
  });

  it('refuses bad signatures, expired, future, long-lived, unknown-source and wrong-entrance tickets', async () => {
    const { ticket, code, main } = await ticketFor('website');
    const [body, signature] = ticket.split('.') as [string, string];
    const flipped = `${body}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const invalid = 'The sign-in ticket is not valid; please start again from the system you came from';
    expect(await website(flipped)).toMatchObject({ code: 400, message: invalid });
    // A payload changed after signing (another user) no longer matches its signature.
    const forged = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    forged.sub = 'demo';
    expect(
      await website(`${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`),
    ).toMatchObject({ message: invalid });
    const now = Date.now();
    const expired = await ticketFor('website', { now: now - 120_000 });
    expect(await website(expired.ticket)).toMatchObject({
      code: 400,
      message: 'The sign-in ticket has expired; please start again from the system you came from',
    });
    const future = await ticketFor('website', { now: now + 120_000 });
    expect(await website(future.ticket)).toMatchObject({ message: invalid });
    const key = ssoKey(deps(), 'website')!;
    const iat = Math.floor(now / 1000);
    const base = {
      v: 1 as const,
      src: 'website',
      aud: 'portal',
      jti: 'long-lived-1',
      cus: code,
      sub: main.loginName,
    };
    expect(await website(signTicket(key, { ...base, iat, exp: iat + 3600 }))).toMatchObject({
      message: invalid,
    });
    const unknownSource = 'The sign-in ticket comes from an unknown source or is not meant for this entrance';
    expect(
      await website(signTicket(key, { ...base, src: 'partner', jti: 'unknown-src-1', iat, exp: iat + 30 })),
    ).toMatchObject({ code: 400, message: unknownSource });
    // A website ticket is not an OMS ticket, and the portal's own ticket for the OMS opens nothing here.
    expect(await oms(ticket)).toMatchObject({ message: unknownSource });
    const toOms = await ticketFor('oms', { audience: SsoAudience.Oms });
    expect(await oms(toOms.ticket)).toMatchObject({ message: invalid });
    // The named user of another customer, and malformed or oversized tickets.
    const elsewhere = await createCustomer(t.app.db);
    expect(
      await website(
        signTicket(key, {
          ...base,
          cus: await customerCode(elsewhere.customerId),
          jti: 'other-cus-1',
          iat,
          exp: iat + 30,
        }),
      ),
    ).toMatchObject({ message: 'The account named by the sign-in ticket does not exist' });
    for (const bad of ['abc', 'a.b', `${body}.`, `${body}\u0000.${signature}`])
      expect(await website(bad)).toMatchObject({ code: 400 });
    expect((await website('x'.repeat(1001))).code).toBe(400);
    expect((await call(t.app, { url: '/api/Login/OfficialLogin', headers: en('10.14.0.3') })).code).toBe(400);
    // None of these signed anybody in or spent the good ticket.
    expect((await website(ticket)).code).toBe(200);
  });

  it('mints a ticket on the command line (npm run ops sso-ticket) that signs in once', async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const code = await customerCode(customerId);
    const minted = await runOpsCli(t.config, [
      'sso-ticket',
      '--customer',
      code,
      '--user',
      main.loginName,
      '--json',
    ]);
    expect(minted.code).toBe(0);
    const { ticket, url } = JSON.parse(minted.stdout) as { ticket: string; url: string };
    expect(url).toContain(`/login/websiteLogin?ticket=${encodeURIComponent(ticket)}`);
    expect((await website(ticket)).code).toBe(200);
    expect((await website(ticket)).code).toBe(400);
    const unknown = await runOpsCli(t.config, ['sso-ticket', '--customer', code, '--user', 'nobody-here']);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('登录凭证对应的账号不存在') });
    expect((await runOpsCli(t.config, ['sso-ticket', '--user', main.loginName])).code).toBe(2);
  });

  it('issues an OMS ticket for the signed-in user only', async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const answer = await call<{ ticket: string; url: string | null; expiresAt: string }>(t.app, {
      url: '/api/CustomerInfo/GetCustomerLoginToken',
      token: jwtToken,
    });
    expect(answer.code).toBe(200);
    expect(answer.data.url).toBeNull();
    const payload = JSON.parse(Buffer.from(answer.data.ticket.split('.')[0]!, 'base64url').toString('utf8'));
    expect(payload).toMatchObject({
      src: 'oms',
      aud: 'oms',
      cus: await customerCode(customerId),
      sub: main.loginName,
    });
    expect(payload.exp - payload.iat).toBe(60);
    expect((await call(t.app, { url: '/api/CustomerInfo/GetCustomerLoginToken' })).code).toBe(402);
  });
});
