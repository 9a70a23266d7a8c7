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
  t = await createTestApp({}, { logger: { level: 'info', stream: sink } });
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
      req: { method: 'GET', url: '/api/CustomerAddress/Query?pageIndex=1&pageSize=10&keyword=a' },
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
      url: '/api/Login/RefreshToken?refreshToken=very-secret-value&x=1',
      headers: { 'x-request-id': 'one-line-secret', authorization: 'Bearer also-secret' },
    });
    const [secretLine] = linesOf('one-line-secret');
    expect(secretLine).toMatchObject({ req: { url: '/api/Login/RefreshToken?refreshToken=[redacted]&x=1' } });
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
});
