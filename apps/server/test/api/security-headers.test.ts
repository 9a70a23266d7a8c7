import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../../src/plugins/security-headers.ts';
import { createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
/** The way the portal used to set these headers: @fastify/helmet, which runs helmet on every request. */
let reference: FastifyInstance;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app)).jwtToken;
  reference = Fastify({ logger: false });
  // @fastify/helmet carries its own copy of helmet's option types.
  await reference.register(fastifyHelmet, HELMET_OPTIONS as unknown as FastifyHelmetOptions);
  reference.get('/', async () => ({ ok: true }));
  await reference.ready();
});
afterAll(async () => {
  await reference.close();
  await t.close();
});

/** The answer's header names in the order they are written, with their values. */
const headerLines = (response: LightMyRequestResponse) => {
  const raw = response.raw.res;
  return raw.getHeaderNames().map((name) => [name, raw.getHeader(name)]);
};

describe(`security headers on ${ENGINE}`, () => {
  it('are the headers @fastify/helmet set, with the same values, first and in the same order', async () => {
    const expected = headerLines(await reference.inject({ url: '/' })).filter(
      ([name]) => !['content-type', 'content-length'].includes(String(name)),
    );
    expect(expected.map(([name]) => name)).toContain('content-security-policy');
    const answers = [
      // a signed-in API answer, a public one, an error envelope, an unknown path and the web app's shell
      await t.app.inject({
        url: '/api/CustomerAddress/Query',
        headers: { authorization: `Bearer ${token}` },
      }),
      await t.app.inject({ url: '/api/ApplicationInfo/GetApplicationInfo' }),
      await t.app.inject({ url: '/api/CustomerAddress/Query' }),
      await t.app.inject({ url: '/api/No/Such' }),
      await t.app.inject({ method: 'POST', url: '/api/Login/CustomerLogin', payload: '{' }),
    ];
    for (const answer of answers) {
      expect(headerLines(answer).slice(0, expected.length)).toEqual(expected);
      expect(answer.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keep the policy the portal relies on', async () => {
    const answer = await t.app.inject({ url: '/api/ApplicationInfo/GetApplicationInfo' });
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';" +
        "form-action 'self'",
    );
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});
