import net from 'node:net';
import path from 'node:path';
import { ApiPath } from '@portal/contracts/api-paths';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
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

/**
 * A TCP relay in front of PostgreSQL that can freeze (SIGSTOP: nothing answers) or stop (refuses).
 * While frozen it holds what either side sends but keeps reading, so it still sees a side close.
 */
type Relay = Awaited<ReturnType<typeof startRelay>>;

async function startRelay(target: URL) {
  const pairs = new Map<[net.Socket, net.Socket], () => void>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    const forward = (from: net.Socket, to: net.Socket) => {
      const held: Buffer[] = [];
      from.on('data', (chunk: Buffer) => {
        if (frozen) held.push(chunk);
        else to.write(chunk);
      });
      return () => {
        for (const chunk of held.splice(0)) to.write(chunk);
      };
    };
    const flushUp = forward(client, upstream);
    const flushDown = forward(upstream, client);
    pairs.set(pair, () => {
      flushUp();
      flushDown();
    });
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
      for (const flush of pairs.values()) flush();
    },
    /** Connections the app holds open through the relay. */
    openConnections: () => pairs.size,
    stop() {
      server.close();
      for (const [a, b] of pairs.keys()) {
        a.destroy();
        b.destroy();
      }
    },
  };
}

/**
 * A fresh database reached through a relay that can freeze it, an app on it with short connect and
 * statement timeouts, and a signed-in token; everything is removed after `work`.
 */
async function withAppBehindRelay(
  work: (relay: Relay, jwtToken: string, app: TestApp['app']) => Promise<void>,
) {
  const database = await createPostgresDatabase(process.env.DATABASE_URL!);
  const relay = await startRelay(new URL(database.url));
  try {
    t = await createTestApp({
      DATABASE_URL: relay.url,
      DB_CONNECT_TIMEOUT_MS: '500',
      DB_STATEMENT_TIMEOUT_MS: '500',
    });
    const { jwtToken } = await signIn(t.app);
    await work(relay, jwtToken, t.app);
  } finally {
    relay.stop();
    await t?.close();
    t = undefined;
    await database.drop();
  }
}

describe.skipIf(ENGINE !== 'postgres')('a frozen or stopped PostgreSQL', () => {
  it('answers the localized 503 within the statement timeout, recovers, then answers 503 when stopped', async () => {
    await withAppBehindRelay(async (relay, jwtToken, app) => {
      expect((await listAddresses(jwtToken)).code).toBe(200);

      relay.freeze();
      expectUnavailable(await listAddresses(jwtToken), 'zh-CN');
      expectUnavailable(await call(app, { url: '/readyz' }), 'zh-CN');
      expect((await call(app, { url: '/healthz' })).httpStatus).toBe(200);

      relay.thaw();
      let recovered = false;
      for (let attempt = 0; attempt < 20 && !recovered; attempt++) {
        recovered = (await listAddresses(jwtToken)).code === 200;
      }
      expect(recovered).toBe(true);

      relay.stop();
      expectUnavailable(await listAddresses(jwtToken, 'zh-TW'), 'zh-TW');
    });
  });
});

/** Resolves once `check` says true; fails after `ms` (a bound only a real failure reaches). */
async function eventually(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(ENGINE !== 'postgres')('a statement that times out on PostgreSQL', () => {
  const backendOf = async (db: Kysely<unknown>) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

  it('retires its connection: the rest of the checkout fails at once, the backend goes, the next request gets another', async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '500' });
    const db = t.app.db as unknown as Kysely<unknown>;

    // Cancelled by the server's statement_timeout (57014).
    let cancelled = 0;
    await db.connection().execute(async (connection) => {
      cancelled = await backendOf(connection);
      await expect(sql`select pg_sleep(5)`.execute(connection)).rejects.toMatchObject({ code: '57014' });
    });

    // Given up by the client (a server that does not answer; here one without a statement timeout):
    // the statement keeps running on that backend, so nothing else may run on its connection.
    let abandoned = 0;
    await db.connection().execute(async (connection) => {
      abandoned = await backendOf(connection);
      await sql`set statement_timeout = 0`.execute(connection);
      const timedOut = await sql`select pg_sleep(5)`.execute(connection).catch((error: Error) => error);
      expect(timedOut).toBeInstanceOf(Error);
      expect((timedOut as Error).message).toMatch(/Query read timeout/);
      // The same error at once, not a second wait behind the running statement.
      await expect(sql`select 1`.execute(connection)).rejects.toBe(timedOut);
    });

    // A transaction whose statement times out fails with that error, not with its ROLLBACK's.
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`select pg_sleep(5)`.execute(trx);
      })
      .catch((error: Error) => error);
    expect((failed as Error).message).toMatch(/Query read timeout/);

    // The next request answers, on another backend; the retired backends end.
    expect((await listAddresses((await signIn(t.app)).jwtToken)).code).toBe(200);
    expect([cancelled, abandoned]).not.toContain(await backendOf(db));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const alive = async () =>
        (await admin.query('select pid from pg_stat_activity where pid = any($1)', [[cancelled, abandoned]]))
          .rowCount !== 0;
      // The abandoned backend ends when its sleep does and it finds the connection closed.
      await eventually(async () => !(await alive()), 60_000, 'the retired backends end');
    } finally {
      await admin.end();
    }
  });

  it('with PostgreSQL frozen, more requests than connections each answer the localized 503 and leave no connection stuck', async () => {
    await withAppBehindRelay(async (relay, jwtToken, app) => {
      const login = () =>
        call(app, {
          method: 'POST',
          url: ApiPath.CustomerLogin,
          body: { userName: DEMO_MAIN_USER.loginName, password: DEMO_MAIN_USER.password },
          headers: { 'accept-language': 'en-US' },
        });
      // The longest any request may take: a connection (500 ms), then one statement (500 ms + 1 s on the
      // client). The bound checked is far above it, for a busy machine; a request that hangs exceeds it.
      const bound = 500 + 1500 + 8000;

      relay.freeze();
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all(
          Array.from({ length: 16 }, async (_, index) => {
            const started = performance.now();
            // Reads, and sign-ins, which write in a transaction (its ROLLBACK must not wait again).
            const answer = await (index % 2 === 0 ? listAddresses(jwtToken, 'en-US') : login());
            return { answer, ms: performance.now() - started };
          }),
        );
        for (const { answer, ms } of answers) {
          expectUnavailable(answer, 'en-US');
          expect(ms).toBeLessThan(bound);
        }
        // Every connection that met the freeze is closed, not kept for the next request to queue on (pg's
        // pool would close an idle one only after 10 s).
        await eventually(
          () => relay.openConnections() === 0,
          5000,
          'no connection left on the frozen server',
        );
      }

      relay.thaw();
      await eventually(
        async () => (await listAddresses(jwtToken)).code === 200,
        30_000,
        'the server answers again after the freeze',
      );
    });
  });
});
