import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApps, ENGINE, signIn } from '../support/test-app.ts';

let apps: FastifyInstance[];
let close: () => Promise<void>;
beforeAll(async () => {
  // Three instances starting together on one empty database: migrations, seed and secret race.
  ({ apps, close } = await createTestApps(3));
});
afterAll(async () => close());

describe(`several instances sharing one database on ${ENGINE}`, () => {
  it('start together: migrated once, seeded once, one token secret', async () => {
    const [a, b, c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
    expect(new Set([a.tokenSecret, b.tokenSecret, c.tokenSecret]).size).toBe(1);
    const customers = await a.db.selectFrom('customers').select('code').execute();
    expect(customers.map((r) => r.code)).toEqual(['C100023']);
  });

  it('honour a session opened on another instance, and its sign-out', async () => {
    const [a, b, c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
    const pair = await signIn(a);
    expect((await call(b, { url: '/api/Common/GetLoginUserInfo', token: pair.jwtToken })).code).toBe(200);
    const renewed = await call<{ jwtToken: string }>(c, {
      method: 'POST',
      url: '/api/Login/RefreshToken',
      query: { refreshToken: pair.refereToken },
    });
    expect(renewed.code).toBe(200);
    await call(b, { method: 'POST', url: '/api/Login/Logout', token: renewed.data.jwtToken });
    expect((await call(a, { url: '/api/Common/GetLoginUserInfo', token: renewed.data.jwtToken })).code).toBe(
      204,
    );
  });
});
