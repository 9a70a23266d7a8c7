import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/** Every log line the app writes, parsed. */
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: { level: 'info', stream: sink },
      // A route whose answer is sent and then fails (an onResponse hook throws): a `request errored` line.
      configure: (app) => {
        app.get(
          '/test/answer-then-fail',
          { onResponse: (_request, _reply, done) => done(new Error('failed after the answer')) },
          async () => 'ok',
        );
      },
    },
  );
});
afterAll(async () => t.close());

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe(`request logging on ${ENGINE}`, () => {
  it('writes one line per request when it ends, with the request, the status and the time', async () => {
    const { jwtToken } = await signIn(t.app);
    await t.app.inject({
      url: '/api/CustomerAddress/Query?pageIndex=1&pageSize=10&keyword=a',
      headers: { authorization: `Bearer ${jwtToken}`, 'x-request-id': 'one-line-1' },
    });
    const written = linesOf('one-line-1');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      // A search keyword may be a phone number or a name: not on the allow-list, so masked.
      req: { method: 'GET', url: '/api/CustomerAddress/Query?pageIndex=1&pageSize=10&keyword=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(typeof written[0]!.responseTime).toBe('number');
    expect(JSON.stringify(written[0])).not.toContain(jwtToken);
    // The line skips pino's redaction pass (nothing in it can hold a credential): the same fields in the
    // same order as a line of the request's own logger, and a secret in the URL is still replaced.
    expect(Object.keys(written[0]!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    await t.app.inject({
      method: 'POST',
      url: '/api/Login/RefreshToken?refreshToken=very-secret-value&page=1',
      headers: { 'x-request-id': 'one-line-secret', authorization: 'Bearer also-secret' },
    });
    const [secretLine] = linesOf('one-line-secret');
    expect(secretLine).toMatchObject({
      req: { url: '/api/Login/RefreshToken?refreshToken=[redacted]&page=1' },
    });
    expect(JSON.stringify(secretLine)).not.toMatch(/very-secret-value|also-secret/);
  });

  it('logs refused and unknown requests the same way, and keeps quiet routes quiet', async () => {
    await t.app.inject({ url: '/api/CustomerAddress/Query', headers: { 'x-request-id': 'one-line-2' } });
    expect(linesOf('one-line-2')).toMatchObject([{ msg: 'request completed', res: { statusCode: 200 } }]);
    await t.app.inject({ url: '/api/No/Such', headers: { 'x-request-id': 'one-line-3' } });
    expect(linesOf('one-line-3').filter((line) => line.msg === 'request completed')).toMatchObject([
      { req: { url: '/api/No/Such' }, res: { statusCode: 404 } },
    ]);
    // The health probes log only warnings (their route's log level).
    await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'one-line-4' } });
    expect(linesOf('one-line-4')).toEqual([]);
  });

  it('writes only allow-listed query values: tickets, codes, signatures, tokens and unknown names are masked', async () => {
    // Every value below that is not harmless must not reach the log, in any line.
    const secrets = {
      ticket: 'sso-ticket-secret-1',
      code: 'wechat-code-secret-2',
      sign: 'signature-secret-3',
      token: 'token-secret-4',
      refreshToken: 'refresh-secret-5',
      foo: 'unknown-secret-6',
      keyword: '13800138000',
      sceneId: 'scene-secret-7',
      state: 'state-secret-8',
    };
    const harmless = 'page=2&pageSize=20&status=draft&lang=en-US&id=6f1c2a9e-3b7d-4c1e-9a55-0d2f8e7b4c31';
    const query = `${new URLSearchParams(secrets).toString()}&${harmless}`;
    const masked =
      'ticket=[redacted]&code=[redacted]&sign=[redacted]&token=[redacted]&refreshToken=[redacted]' +
      '&foo=[redacted]&keyword=[redacted]&sceneId=[redacted]&state=[redacted]';
    const paths = ['/login/websiteLogin', '/api/Login/OfficialLogin', '/api/CustomerAddress/Query'];
    for (const [i, path] of paths.entries()) {
      await t.app.inject({ url: `${path}?${query}`, headers: { 'x-request-id': `allow-list-${i}` } });
      const written = linesOf(`allow-list-${i}`);
      expect(written.map((line) => line.msg)).toEqual(['request completed']);
      expect(written[0]).toMatchObject({ req: { url: `${path}?${masked}&${harmless}` } });
    }
    // The `request errored` line (written through pino's redaction, with the error) masks the same way.
    await t.app.inject({
      url: `/test/answer-then-fail?${query}`,
      headers: { 'x-request-id': 'allow-list-errored' },
    });
    const errored = linesOf('allow-list-errored');
    expect(errored.map((line) => line.msg)).toEqual(['request errored']);
    expect(errored[0]).toMatchObject({
      req: { url: `/test/answer-then-fail?${masked}&${harmless}` },
      err: { message: 'failed after the answer' },
    });
    const everything = JSON.stringify(lines);
    for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
  });
});
