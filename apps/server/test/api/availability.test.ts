import net from 'node:net';
import path from 'node:path';
import { ApiPath } from '@portal/contracts/api-paths';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_MAIN_USER } from '../../src/db/seed.ts';
import { createPostgresDatabase } from '../support/built-server.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

// A stopped, frozen or locked database answers a localized 503 "briefly unavailable" with Retry-After,
// /readyz says 503 while /healthz says 200, and the server recovers when the database is back.

const UNAVAILABLE = {
  'zh-CN': '服务暂时不可用，请稍后重试',
  'en-US': 'The service is briefly unavailable; please try again in a moment',
  'zh-TW': '服務暫時無法使用，請稍後重試',
} as const;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const listAddresses = (token: string, language = 'zh-CN') =>
  call(t!.app, {
    url: ApiPath.QueryCustomerAddress,
    token,
    headers: { 'accept-language': language },
  });

function expectUnavailable(answer: Awaited<ReturnType<typeof call>>, language: keyof typeof UNAVAILABLE) {
  expect(answer.httpStatus).toBe(503);
  expect(answer).toMatchObject({ code: 503, success: false, message: UNAVAILABLE[language], data: null });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

describe(`health probes on ${ENGINE}`, () => {
  it('/healthz and /readyz answer 200 without a session while the database answers', async () => {
    t = await createTestApp();
    const alive = await call(t.app, { url: '/healthz' });
    expect(alive).toMatchObject({ httpStatus: 200, code: 200, data: { status: 'alive' } });
    const ready = await call(t.app, { url: '/readyz' });
    expect(ready).toMatchObject({ httpStatus: 200, code: 200, data: { status: 'ready' } });
  });

  it('a closed database connection answers the localized 503; /readyz 503, /healthz 200', async () => {
    t = await createTestApp();
    const { jwtToken } = await signIn(t.app);
    expect((await listAddresses(jwtToken)).code).toBe(200);
    await t.app.db.destroy();
    for (const language of ['zh-CN', 'en-US', 'zh-TW'] as const) {
      expectUnavailable(await listAddresses(jwtToken, language), language);
    }
    expectUnavailable(await call(t.app, { url: '/readyz' }), 'zh-CN');
    expect((await call(t.app, { url: '/healthz' })).httpStatus).toBe(200);
  });
});

describe.skipIf(ENGINE !== 'sqlite')('a locked SQLite database', () => {
  it('a write that waits past the lock timeout answers the localized 503, then works once the lock is gone', async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '200' });
    // Another process holds the write lock (a backup tool, a stuck script).
    const other = new SqliteDatabase(path.join(t.config.dataDir, 'portal.sqlite'));
    try {
      other.prepare('BEGIN EXCLUSIVE').run();
      const login = () =>
        call(t!.app, {
          method: 'POST',
          url: ApiPath.CustomerLogin,
          body: { userName: DEMO_MAIN_USER.loginName, password: DEMO_MAIN_USER.password },
          headers: { 'accept-language': 'en-US' },
        });
      expectUnavailable(await login(), 'en-US');
      other.prepare('ROLLBACK').run();
      expect((await login()).code).toBe(200);
    } finally {
      other.close();
    }
  });
});

/** A TCP relay in front of PostgreSQL that can freeze (SIGSTOP: nothing answers) or stop (refuses). */
async function startRelay(target: URL) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!frozen) to.write(chunk);
        else {
          from.pause();
          from.unshift(chunk);
        }
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    stop() {
      server.close();
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
    },
  };
}

describe.skipIf(ENGINE !== 'postgres')('a frozen or stopped PostgreSQL', () => {
  it('answers the localized 503 within the statement timeout, recovers, then answers 503 when stopped', async () => {
    const database = await createPostgresDatabase(process.env.DATABASE_URL!);
    const relay = await startRelay(new URL(database.url));
    try {
      t = await createTestApp({
        DATABASE_URL: relay.url,
        DB_CONNECT_TIMEOUT_MS: '500',
        DB_STATEMENT_TIMEOUT_MS: '500',
      });
      const { jwtToken } = await signIn(t.app);
      expect((await listAddresses(jwtToken)).code).toBe(200);

      relay.freeze();
      expectUnavailable(await listAddresses(jwtToken), 'zh-CN');
      expectUnavailable(await call(t.app, { url: '/readyz' }), 'zh-CN');
      expect((await call(t.app, { url: '/healthz' })).httpStatus).toBe(200);

      relay.thaw();
      let recovered = false;
      for (let attempt = 0; attempt < 20 && !recovered; attempt++) {
        recovered = (await listAddresses(jwtToken)).code === 200;
      }
      expect(recovered).toBe(true);

      relay.stop();
      expectUnavailable(await listAddresses(jwtToken, 'zh-TW'), 'zh-TW');
    } finally {
      relay.stop();
      await t?.close();
      t = undefined;
      await database.drop();
    }
  });
});
