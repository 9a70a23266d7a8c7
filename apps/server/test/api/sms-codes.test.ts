import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteExpiredData } from '../../src/jobs/retention.ts';
import type { AppError } from '../../src/lib/errors.ts';
import { SmsSendFailed, type SmsProvider } from '../../src/lib/sms/sms-provider.ts';
import {
  checkCode,
  verificationCodeDepsOf,
} from '../../src/modules/verification-code/verification-code.service.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { call, createTestApp, ENGINE, signIn, type ApiAnswer, type TestApp } from '../support/test-app.ts';

/**
 * Codes by SMS: SMS sign-in, forgot password and change phone, through the sandbox provider's outbox.
 * Every test uses its own phones and its own client address (x-forwarded-for), so the per-phone
 * cooldown and the daily caps of one test never touch another.
 */

const KEY = 'operator-key-for-sms-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    OPERATOR_API_KEY: KEY,
    SMS_DAILY_CAP_PER_PHONE: '3',
    SMS_DAILY_CAP_PER_ADDRESS: '5',
    SMS_CODE_MAX_TRIES: '5',
  });
});
afterAll(async () => t.close());

let phoneSequence = 0;
const newPhone = () =>
  `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSequence++).padStart(4, '0')}`;
let addressSequence = 0;
const newAddress = () =>
  `10.${process.pid % 250}.${Math.floor(addressSequence / 250)}.${addressSequence++ % 250}`;

/** A caller at one address, in one language. */
function client(ip = newAddress(), language = 'en-US') {
  const headers = { 'x-forwarded-for': ip, 'accept-language': language };
  return {
    ip,
    post: <T = unknown>(url: string, body?: unknown, query?: Record<string, string>, token?: string) =>
      call<T>(t.app, { method: 'POST', url, body, query, token, headers }),
  };
}

type Caller = ReturnType<typeof client>;

const sendLogin = (c: Caller, phone: string) => c.post('/api/Login/SendLoginSms', { userPhone: phone });
const sendReset = (c: Caller, phone: string) =>
  c.post('/api/Login/ForGetPasswordSendSMS', undefined, { userPhone: phone });
const smsLogin = (c: Caller, phone: string, code: string) =>
  c.post<{ jwtToken: string; refereToken: string }>('/api/Login/SmsLogin', { userPhone: phone, code });

/** The newest code the sandbox "sent" to a phone, read through the operations API. */
async function lastCode(phone: string): Promise<string | undefined> {
  const answer = await call<{ params: { code: string }; text: string }[]>(t.app, {
    url: '/ops/v1/sms/outbox',
    query: { phone },
    headers: { 'x-operator-key': KEY },
  });
  expect(answer.code).toBe(200);
  return answer.data[0]?.params.code;
}

/** Ends the phone's 60 s cooldown as if the minute had passed. */
const endCooldown = (phone: string) =>
  t.app.db
    .updateTable('rate_limit_hits')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('bucket', '=', `sms:cooldown:${phone}`)
    .execute();

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const envelope = (a: ApiAnswer) => ({
  httpStatus: a.httpStatus,
  code: a.code,
  message: a.message,
  data: a.data,
});

async function userWithPhone() {
  const { customerId } = await createCustomer(t.app.db);
  const phone = newPhone();
  const user = await createUser(t.app.db, customerId, { userType: 'main', phone });
  return { customerId, phone, user };
}

describe(`codes by SMS on ${ENGINE}`, () => {
  it('signs in with the code from the outbox, once; the login log says sms', async () => {
    const { phone, user } = await userWithPhone();
    const c = client();
    const sent = await sendLogin(c, phone);
    expect(sent).toMatchObject({
      code: 200,
      message: 'The code has been sent; it is valid for 10 minutes',
      data: { resendAfterSeconds: 60, expiresInSeconds: 600 },
    });
    const code = (await lastCode(phone))!;
    expect(code).toMatch(/^\d{6}$/);
    const login = await smsLogin(c, phone, code);
    expect(login.code).toBe(200);
    expect(login.headers['set-cookie']).toBeDefined();
    const me = await call<{ userId: string }>(t.app, {
      url: '/api/Common/GetLoginUserInfo',
      token: login.data.jwtToken,
    });
    expect(me.data.userId).toBe(user.userId);
    // Single use: the same code again is refused.
    const again = await smsLogin(c, phone, code);
    expect(again).toMatchObject({ code: 400, message: 'The code is wrong or no longer valid' });
    const log = await call<{ items: { method: string; result: string }[] }>(t.app, {
      url: '/api/User/QueryLoginLog',
      query: { pageIndex: '1', pageSize: '10' },
      token: login.data.jwtToken,
    });
    expect(log.data.items.map((i) => `${i.method}:${i.result}`)).toEqual(['sms:wrong_code', 'sms:success']);
  });

  it('answers a registered and an unknown phone alike, and sends nothing to the unknown one', async () => {
    const { phone } = await userWithPhone();
    const unknown = newPhone();
    const c = client();
    expect(envelope(await sendLogin(c, unknown))).toEqual(envelope(await sendLogin(c, phone)));
    expect(await lastCode(unknown)).toBeUndefined();
    const code = (await lastCode(phone))!;
    // Wrong codes: the same answer for both; the unknown phone's "code" never matches.
    expect(envelope(await smsLogin(c, unknown, code))).toEqual(
      envelope(await smsLogin(c, phone, wrongOf(code))),
    );
    // Sending again too soon: the same refusal for both.
    const tooSoonKnown = await sendLogin(c, phone);
    const tooSoonUnknown = await sendLogin(c, unknown);
    expect(tooSoonKnown.code).toBe(429);
    expect(tooSoonKnown.message).toMatch(/^Codes are asked for too often; try again in \d+ seconds$/);
    expect(envelope(tooSoonUnknown).code).toBe(429);
    // Reset: the same again.
    await endCooldown(phone);
    await endCooldown(unknown);
    expect(envelope(await sendReset(c, unknown))).toEqual(envelope(await sendReset(c, phone)));
    expect(await lastCode(unknown)).toBeUndefined();
  });

  it('refuses an expired code, and one replaced by a newer code', async () => {
    const { phone } = await userWithPhone();
    const c = client();
    await sendLogin(c, phone);
    const first = (await lastCode(phone))!;
    await endCooldown(phone);
    await sendLogin(c, phone);
    const second = (await lastCode(phone))!;
    if (first !== second) expect((await smsLogin(c, phone, first)).code).toBe(400);
    // Ten minutes later.
    await t.app.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', phone)
      .execute();
    expect(await smsLogin(c, phone, second)).toMatchObject({
      code: 400,
      message: 'The code is wrong or no longer valid',
    });
  });

  it('spends a code after five wrong tries, also when they come at once', async () => {
    const { phone } = await userWithPhone();
    const c = client();
    await sendLogin(c, phone);
    const code = (await lastCode(phone))!;
    for (let i = 0; i < 4; i++) expect((await smsLogin(c, phone, wrongOf(code))).code).toBe(400);
    expect(await smsLogin(c, phone, wrongOf(code))).toMatchObject({
      code: 400,
      message: 'Too many wrong tries: the code is no longer valid; ask for a new one',
    });
    // From a fresh address (the sign-in throttle would answer first here): the right code is spent too.
    expect(await smsLogin(client(), phone, code)).toMatchObject({ code: 400 });

    // A burst of guesses at once: at most five are compared, so the right code after them is refused too.
    await endCooldown(phone);
    await sendLogin(client(), phone);
    const fresh = (await lastCode(phone))!;
    const deps = verificationCodeDepsOf(t.app);
    const guess = (code: string) =>
      checkCode(deps, { purpose: 'login', phone, code, consume: true }).then(
        () => 'right',
        (error: AppError) => error.messageKey,
      );
    const burst = await Promise.all(Array.from({ length: 12 }, () => guess(wrongOf(fresh))));
    expect(burst.filter((key) => key === 'verificationCode.spent')).toHaveLength(1);
    expect(await guess(fresh)).toBe('verificationCode.invalid');
  });

  it('limits sends: one per 60 s per phone, a daily cap per phone and per address', async () => {
    const { phone } = await userWithPhone();
    const c = client();
    expect((await sendLogin(c, phone)).code).toBe(200);
    const soon = await sendLogin(c, phone);
    expect(soon).toMatchObject({ code: 429, httpStatus: 200 });
    expect(soon.message).toMatch(/in (59|60) seconds/);
    // Other purposes share the phone's cooldown.
    expect((await sendReset(c, phone)).code).toBe(429);
    // The minute passes: allowed again, up to 3 a day for the phone (SMS_DAILY_CAP_PER_PHONE).
    for (let i = 0; i < 2; i++) {
      await endCooldown(phone);
      expect((await sendLogin(c, phone)).code).toBe(200);
    }
    await endCooldown(phone);
    expect(await sendLogin(c, phone)).toMatchObject({
      code: 429,
      message: 'This phone has had as many codes as allowed today; try again tomorrow',
    });
    // Per address: 5 a day (SMS_DAILY_CAP_PER_ADDRESS), over any phones, known or not.
    const d = client();
    for (let i = 0; i < 5; i++) expect((await sendLogin(d, newPhone())).code).toBe(200);
    expect(await sendLogin(d, newPhone())).toMatchObject({
      code: 429,
      message: 'Your network has asked for as many codes as allowed today; try again tomorrow',
    });
    // Parallel sends to one phone: exactly one passes the cooldown.
    const racePhone = newPhone();
    const race = await Promise.all(Array.from({ length: 4 }, () => sendLogin(client(), racePhone)));
    expect(race.filter((a) => a.code === 200)).toHaveLength(1);
  });

  it('resets the password with a ticket, once, and ends every session and refresh family', async () => {
    const { phone, user } = await userWithPhone();
    const before = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    const c = client(undefined, 'zh-CN');
    expect((await sendReset(c, phone)).message).toBe('验证码已发送，10 分钟内有效');
    const code = (await lastCode(phone))!;
    const checked = await c.post<{ resetTicket: string; expiresInSecond: number }>(
      '/api/Login/ForGetPasswordCheckSMSCode',
      { userPhone: phone, code },
    );
    expect(checked).toMatchObject({
      code: 200,
      message: '验证成功，请设置新密码',
      data: { expiresInSecond: 900 },
    });
    const ticket = checked.data.resetTicket;
    const differ = await c.post<{ errors: { field: string; message: string }[] }>(
      '/api/Login/ForgetPassword',
      {
        resetTicket: ticket,
        newPassword: 'Fresh-pass-123',
        confirmPassword: 'Fresh-pass-124',
      },
    );
    expect(differ.data.errors).toEqual([{ field: 'confirmPassword', message: '两次输入的密码不一致' }]);
    const weak = await c.post<{ errors: { field: string }[] }>('/api/Login/ForgetPassword', {
      resetTicket: ticket,
      newPassword: 'short',
    });
    expect(weak.data.errors[0]?.field).toBe('newPassword');
    const done = await c.post('/api/Login/ForgetPassword', {
      resetTicket: ticket,
      newPassword: 'Fresh-pass-123',
      confirmPassword: 'Fresh-pass-123',
    });
    expect(done).toMatchObject({ code: 200, message: '密码已重置，请使用新密码登录' });
    for (const session of [before, other]) {
      expect((await call(t.app, { url: '/api/Common/GetLoginUserInfo', token: session.jwtToken })).code).toBe(
        204,
      );
      const refreshed = await call(t.app, {
        method: 'POST',
        url: '/api/Login/RefreshToken',
        query: { refreshToken: session.refereToken },
      });
      expect(refreshed.code).toBe(204);
    }
    await signIn(t.app, { loginName: user.loginName, password: 'Fresh-pass-123' });
    await expect(signIn(t.app, user)).rejects.toThrow();
    // The ticket is single use, and the code was used by the check.
    const replay = await c.post('/api/Login/ForgetPassword', {
      resetTicket: ticket,
      newPassword: 'Other-pass-456',
    });
    expect(replay).toMatchObject({ code: 400, message: '重置凭证已失效，请重新获取验证码' });
    expect((await c.post('/api/Login/ForGetPasswordCheckSMSCode', { userPhone: phone, code })).code).toBe(
      400,
    );
  });

  it('refuses an expired reset ticket', async () => {
    const { phone } = await userWithPhone();
    const c = client();
    await sendReset(c, phone);
    const checked = await c.post<{ resetTicket: string }>('/api/Login/ForGetPasswordCheckSMSCode', {
      userPhone: phone,
      code: (await lastCode(phone))!,
    });
    await t.app.db
      .updateTable('password_reset_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = await c.post('/api/Login/ForgetPassword', {
      resetTicket: checked.data.resetTicket,
      newPassword: 'Fresh-pass-123',
    });
    expect(late).toMatchObject({
      code: 400,
      message: 'The reset has expired or was already used; ask for a new code',
    });
    // The retention task deletes expired codes and tickets.
    const deleted = await deleteExpiredData(t.app.db, new Date(Date.now() + 3_600_000), 180);
    expect(deleted.verificationCodes).toBeGreaterThanOrEqual(1);
  });

  it('changes the phone with a code sent to the NEW phone; a taken phone is refused', async () => {
    const { customerId, phone: oldPhone, user } = await userWithPhone();
    const { jwtToken } = await signIn(t.app, user);
    const c = client();
    const sendChange = (phone: string, token = jwtToken) =>
      c.post<{ errors?: { field: string; message: string }[] }>(
        '/api/User/SendChangePhoneSms',
        undefined,
        { userPhone: phone },
        token,
      );
    const changeTo = (phone: string, code: string, token = jwtToken) =>
      c.post('/api/User/ChangePhone', { userPhone: phone, code }, undefined, token);

    const taken = (await userWithPhone()).phone;
    expect(await sendChange(taken)).toMatchObject({
      code: 400,
      message: 'Another account already uses this phone number',
    });
    expect(await lastCode(taken)).toBeUndefined();
    expect((await sendChange(oldPhone)).message).toBe('The new phone number is the one you already have');

    const newNumber = newPhone();
    expect((await sendChange(newNumber)).code).toBe(200);
    const code = (await lastCode(newNumber))!;
    // Another user of the same customer cannot use a code sent for this user.
    const colleague = await createUser(t.app.db, customerId, { userType: 'sub', permissions: [] });
    const theirs = await signIn(t.app, colleague);
    expect((await changeTo(newNumber, code, theirs.jwtToken)).code).toBe(400);
    // Not signed in: refused before anything.
    expect((await changeTo(newNumber, code, 'not-a-token')).code).toBe(402);

    expect(await changeTo(newNumber, code)).toMatchObject({
      code: 200,
      message: 'Your phone number has been changed',
    });
    const security = await call<{ maskedPhone: string }>(t.app, {
      url: '/api/User/SecuritySetting',
      token: jwtToken,
    });
    expect(security.data.maskedPhone).toBe(`${newNumber.slice(0, 3)}****${newNumber.slice(-4)}`);
    // The old phone no longer signs in by SMS (it gets no code), the new one does.
    await sendLogin(c, oldPhone);
    expect(await lastCode(oldPhone)).toBeUndefined();

    // A number taken between the code and the change is refused, and nothing changes.
    const another = newPhone();
    await endCooldown(another);
    expect((await sendChange(another)).code).toBe(200);
    const anotherCode = (await lastCode(another))!;
    await t.app.db.updateTable('users').set({ phone: another }).where('id', '=', colleague.userId).execute();
    expect((await changeTo(another, anotherCode)).message).toBe(
      'Another account already uses this phone number',
    );
    const row = await t.app.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe(newNumber);
  });

  it('refuses a disabled user after the right code, without a session', async () => {
    const { phone, user, customerId } = await userWithPhone();
    await t.app.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.userId).execute();
    const c = client();
    await sendLogin(c, phone);
    const answer = await smsLogin(c, phone, (await lastCode(phone))!);
    expect(answer.code).toBe(403);
    const sessions = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(sessions).toHaveLength(0);
  });

  it('answers hostile input with a clear localized error and writes nothing', async () => {
    const c = client(undefined, 'zh-TW');
    const raw = (url: string, payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType, 'x-forwarded-for': c.ip, 'accept-language': 'zh-TW' },
      });
    const bad = [
      { userPhone: '1390000abcd' },
      { userPhone: '139\u00000000000' },
      { userPhone: '1'.repeat(40) },
      { userPhone: 13900000000 },
      { userPhone: ['13900000000'] },
      {},
    ];
    for (const body of bad) {
      const answer = await c.post<{ errors: { field: string; message: string }[] }>(
        '/api/Login/SendLoginSms',
        body,
      );
      expect(answer.code).toBe(400);
      expect(answer.data.errors[0]?.field).toBe('userPhone');
    }
    const named = await c.post<{ errors: { message: string }[] }>('/api/Login/SendLoginSms', {
      userPhone: '12345',
    });
    expect(named.data.errors[0]?.message).toBe('請輸入正確的 11 位手機號碼');
    for (const code of ['12345', '1234567', 'abcdef', '12\u00003456', ' '])
      expect((await smsLogin(c, newPhone(), code)).code).toBe(400);
    const query = await c.post('/api/Login/ForGetPasswordSendSMS', undefined, { userPhone: '<script>' });
    expect(query.code).toBe(400);
    expect(
      (await c.post('/api/Login/ForgetPassword', { resetTicket: 'x\u0000y', newPassword: 'Fresh-pass-1' }))
        .code,
    ).toBe(400);
    expect(
      (
        await c.post('/api/Login/ForgetPassword', {
          resetTicket: 'a'.repeat(40),
          newPassword: 'Fresh-pass-1',
        })
      ).code,
    ).toBe(400);
    const huge = await raw(
      '/api/Login/SmsLogin',
      JSON.stringify({ userPhone: '13900000000', code: '1'.repeat(6000) }),
    );
    expect(huge.statusCode).toBe(413);
    const broken = await raw('/api/Login/SmsLogin', '{"userPhone":');
    expect(broken.json()).toMatchObject({ code: 400 });
    const array = await raw('/api/Login/SendLoginSms', '[]');
    expect(array.json()).toMatchObject({ code: 400 });
    // Nothing was counted or stored for any of it.
    expect(
      await t.app.db.selectFrom('verification_codes').select('id').where('ip', '=', c.ip).execute(),
    ).toHaveLength(0);
    expect(
      await t.app.db
        .selectFrom('rate_limit_hits')
        .select('bucket')
        .where('bucket', '=', `sms:day:ip:${c.ip}`)
        .execute(),
    ).toHaveLength(0);
  });

  it('answers sign-in sends before a real provider finishes; a refused send withdraws its code', async () => {
    const { phone, user } = await userWithPhone();
    const sandbox = t.app.sms;
    const refusals: (() => void)[] = [];
    const refusing: SmsProvider = {
      name: 'aliyun',
      send: () => new Promise<void>((_, reject) => refusals.push(() => reject(new SmsSendFailed('refused')))),
    };
    t.app.sms = refusing;
    try {
      const c = client();
      // Answered while the provider has not finished: a registered phone takes no longer than an unknown one.
      expect((await sendLogin(c, phone)).code).toBe(200);
      expect(refusals).toHaveLength(1);
      refusals[0]!();
      const openCodes = () =>
        t.app.db
          .selectFrom('verification_codes')
          .select('id')
          .where('phone', '=', phone)
          .where('consumed_at', 'is', null)
          .execute();
      await vi.waitFor(async () => expect(await openCodes()).toHaveLength(0));

      // Change phone waits for the provider and says it could not send.
      const { jwtToken } = await signIn(t.app, user);
      const newNumber = newPhone();
      const pending = c.post('/api/User/SendChangePhoneSms', undefined, { userPhone: newNumber }, jwtToken);
      await vi.waitFor(() => expect(refusals).toHaveLength(2));
      refusals[1]!();
      expect(await pending).toMatchObject({
        code: 503,
        message: 'The text message could not be sent; try again later',
      });
      const left = await t.app.db
        .selectFrom('verification_codes')
        .select('id')
        .where('phone', '=', newNumber)
        .where('consumed_at', 'is', null)
        .execute();
      expect(left).toHaveLength(0);
    } finally {
      t.app.sms = sandbox;
    }
  });

  it('shows the outbox to the operator only, also on the command line', async () => {
    const { phone } = await userWithPhone();
    await sendLogin(client(undefined, 'zh-CN'), phone);
    const refused = await call(t.app, { url: '/ops/v1/sms/outbox', query: { phone } });
    expect(refused.httpStatus).toBe(401);
    const cli = await runOpsCli(t.config, ['sms-outbox', '--phone', phone]);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(phone);
    expect(cli.stdout).toMatch(/您的登录验证码为 \d{6}，10 分钟内有效/);
  });
});
