import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../support/factories.ts';
import { createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/** Every log line the app writes, to check what request logging lets through. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream: sink } });
});
afterAll(async () => t.close());

describe(`request hygiene on ${ENGINE}`, () => {
  it('never writes the refresh token, a token or a password field to the log', async () => {
    const { main } = await createCustomer(t.app.db);
    const pair = await signIn(t.app, main);
    lines.length = 0;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/Login/RefreshToken?refreshToken=${encodeURIComponent(pair.refereToken)}&token=abc-secret-1&password=pw-secret-2&page=3`,
    });
    expect(refreshed.json()).toMatchObject({ code: 200 });
    await t.app.inject({
      method: 'POST',
      url: '/api/Login/CustomerLogin',
      payload: { userName: main.loginName, password: main.password },
    });
    const log = lines.join('');
    expect(log).toContain(
      '/api/Login/RefreshToken?refreshToken=[redacted]&token=[redacted]&password=[redacted]&page=3',
    );
    for (const secret of [pair.refereToken, 'abc-secret-1', 'pw-secret-2', main.password])
      expect(log).not.toContain(secret);
  });

  it('echoes a short plain x-request-id and replaces any other with its own', async () => {
    const idOf = async (given: string) =>
      (await t.app.inject({ url: '/api/Common/GetBaseConfig', headers: { 'x-request-id': given } })).headers[
        'x-request-id'
      ];
    expect(await idOf('abc')).toBe('abc');
    expect(await idOf('trace-01_A.b')).toBe('trace-01_A.b');
    const long = 'a'.repeat(65);
    for (const bad of [long, 'with:colon', 'with space', 'tab\there', 'semi;colon']) {
      const answered = await idOf(bad);
      expect(answered).not.toBe(bad);
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await idOf('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('treats a JSON POST with an empty body as a POST without a body', async () => {
    const { main } = await createCustomer(t.app.db);
    const pair = await signIn(t.app, main);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/Login/RefreshToken?refreshToken=${encodeURIComponent(pair.refereToken)}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.json()).toMatchObject({ code: 200, success: true });
    // A body that is there but not JSON is still refused clearly.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/Login/CustomerLogin',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{not json',
    });
    expect(broken.json()).toMatchObject({ code: 400, success: false });
  });

  it('still refuses a JSON body that tries to poison a prototype, as Fastify does by default', async () => {
    for (const payload of [
      '{"userName":"demo","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
      '{"userName":"demo","password":"x","__proto__":{"isAdmin":true}}',
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/Login/CustomerLogin',
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
        payload,
      });
      expect(answer.json()).toMatchObject({
        code: 400,
        success: false,
        message: 'The request body is not valid JSON',
      });
    }
  });
});
