import { chmodSync, chownSync, openSync, closeSync, statSync, writeSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { ApiPath } from '@portal/contracts/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAIN_USER } from '../../src/db/seed.ts';
import {
  buildServer,
  createPostgresDatabase,
  freePort,
  request,
  spawnServer,
  tempDataDir,
  waitForOutput,
  waitUntilAlive,
  type HttpAnswer,
} from '../support/built-server.ts';
import { ENGINE } from '../support/test-app.ts';

// Process-level faults against the built server (apps/server/dist/server.js): graceful shutdown under
// load, and start-up against a database that cannot be used.

const SHUTTING_DOWN_ZH = '服务正在重启，请稍后重试';

/** The server's output without blank lines: a failed start must say one line. */
const lines = (output: string) => output.split('\n').filter((line) => line.trim() !== '');

beforeAll(() => buildServer(), 120_000);

describe('graceful shutdown (SIGTERM)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createPostgresDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('answers every request with a complete success or the localized 503 envelope, closes idle connections and exits 0', async () => {
    const dataDir = tempDataDir();
    const server = await spawnServer({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    try {
      await waitUntilAlive(server);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
      const login = await request(agent, server.port, {
        method: 'POST',
        path: ApiPath.CustomerLogin,
        body: { userName: DEMO_MAIN_USER.loginName, password: DEMO_MAIN_USER.password },
      });
      const token = (JSON.parse(login.body) as { data: { jwtToken: string } }).data.jwtToken;
      const list = () =>
        request(agent, server.port, {
          path: ApiPath.QueryCustomerAddress,
          headers: { authorization: `Bearer ${token}` },
        });
      // Twenty kept-alive connections, and one more left idle on its own agent.
      await Promise.all(Array.from({ length: 20 }, list));
      const idleAgent = new http.Agent({ keepAlive: true });
      expect((await request(idleAgent, server.port, { path: '/healthz' })).status).toBe(200);

      const answers: HttpAnswer[] = [];
      const failures: string[] = [];
      // 19 clients keep sending until the server asks them to go away (503) or stops accepting.
      const client = async () => {
        for (let i = 0; i < 200; i++) {
          try {
            const answer = await list();
            answers.push(answer);
            if (answer.status !== 200) return;
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code ?? String(error);
            // Refused: the listener is closed, a load balancer sends the request elsewhere.
            if (code !== 'ECONNREFUSED') failures.push(code);
            return;
          }
        }
      };
      const clients = Array.from({ length: 19 }, client);
      server.child.kill('SIGTERM');
      await Promise.all(clients);
      const exitCode = await server.exited;

      expect(failures).toEqual([]);
      let refused = 0;
      for (const answer of answers) {
        const body = JSON.parse(answer.body) as { code: number; success: boolean; message: string };
        if (answer.status === 200) {
          expect(body).toMatchObject({ code: 200, success: true });
        } else {
          refused++;
          expect(answer.status).toBe(503);
          expect(body).toEqual({ code: 503, success: false, message: SHUTTING_DOWN_ZH, data: null });
          expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(answers.length).toBeGreaterThanOrEqual(19);
      expect(refused).toBeGreaterThan(0);
      // The idle kept-alive connection did not hold the shutdown until the 10 s timer (exit code 1).
      expect(exitCode, server.output()).toBe(0);
      agent.destroy();
      idleAgent.destroy();
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Starts the server, expects it to exit 1 by itself with one line naming `setting`; returns that line. */
async function expectFailedStart(
  env: Record<string, string>,
  setting: string,
  options: { uid?: number; gid?: number } = {},
): Promise<string> {
  const server = await spawnServer(env, options);
  const exitCode = await server.exited;
  const output = lines(server.output());
  expect(output, server.output()).toHaveLength(1);
  expect(output[0]).toMatch(new RegExp(`^${setting}: `));
  expect(exitCode).toBe(1);
  return output[0]!;
}

describe('start-up against a database that cannot be used', () => {
  it('an unreachable DATABASE_URL (closed port) ends with one line naming DATABASE_URL', async () => {
    const port = await freePort();
    const line = await expectFailedStart(
      {
        DATA_DIR: tempDataDir(),
        DATABASE_URL: `postgres://portal:secret@127.0.0.1:${port}/portal`,
        DB_START_WAIT_MS: '0',
      },
      'DATABASE_URL',
    );
    expect(line).toContain('ECONNREFUSED');
    expect(line).not.toContain('secret');
  });

  it('waits DB_START_WAIT_MS for a PostgreSQL that refuses, saying so once, then ends with one line', async () => {
    const port = await freePort();
    const started = performance.now();
    const server = await spawnServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: `postgres://portal:secret@127.0.0.1:${port}/portal`,
      DB_START_WAIT_MS: '2000',
    });
    const exitCode = await server.exited;
    const output = lines(server.output());
    expect(output, server.output()).toHaveLength(2);
    expect(output[0]).toContain('is not up yet');
    expect(output[0]).toContain('DB_START_WAIT_MS');
    expect(output[1]).toMatch(/^DATABASE_URL: .*ECONNREFUSED.*DB_START_WAIT_MS/);
    expect(server.output()).not.toContain('secret');
    expect(exitCode).toBe(1);
    // It did wait (a bound, not a timing aim: the process may take longer on a busy machine).
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it.skipIf(ENGINE !== 'postgres')(
    'starts once a PostgreSQL that was not up yet comes up within DB_START_WAIT_MS',
    async () => {
      const database = await createPostgresDatabase(process.env.DATABASE_URL!);
      const target = new URL(database.url);
      const port = await freePort();
      const url = new URL(database.url);
      url.port = String(port);
      const dataDir = tempDataDir();
      const server = await spawnServer({
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        DB_START_WAIT_MS: '120000',
      });
      // The database "comes up" once the server has said it is waiting: a relay opens on the port.
      const relay = net.createServer((socket) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      try {
        await waitForOutput(server, 'is not up yet');
        await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
        await waitUntilAlive(server);
        expect(lines(server.output()).filter((line) => line.includes('is not up yet'))).toHaveLength(1);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        relay.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('a PostgreSQL that accepts and never answers ends with one line naming DATABASE_URL', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const line = await expectFailedStart(
        {
          DATA_DIR: tempDataDir(),
          DATABASE_URL: `postgres://portal:secret@127.0.0.1:${port}/portal`,
          DB_CONNECT_TIMEOUT_MS: '1000',
        },
        'DATABASE_URL',
      );
      expect(line).toContain('DB_CONNECT_TIMEOUT_MS');
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it.skipIf(ENGINE !== 'sqlite')(
    'a SQLite file with 64 KiB of garbage in the middle ends with one line naming DATA_DIR',
    async () => {
      const dataDir = tempDataDir();
      // A real database first: migrated and seeded by one clean start and stop.
      const first = await spawnServer({ DATA_DIR: dataDir });
      await waitUntilAlive(first);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const file = path.join(dataDir, 'portal.sqlite');
      const size = statSync(file).size;
      const fd = openSync(file, 'r+');
      const garbage = Buffer.alloc(64 * 1024, 0xa5);
      writeSync(fd, garbage, 0, garbage.length, Math.floor(size / 2 / 4096) * 4096);
      closeSync(fd);
      const line = await expectFailedStart({ DATA_DIR: dataDir }, 'DATA_DIR');
      expect(line).toContain('damaged');
      rmSync(dataDir, { recursive: true, force: true });
    },
  );

  it.skipIf(ENGINE !== 'sqlite')(
    'a read-only data directory holding an existing database ends with one line naming DATA_DIR',
    async () => {
      const dataDir = tempDataDir();
      const first = await spawnServer({ DATA_DIR: dataDir });
      await waitUntilAlive(first);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      // root writes anywhere, so as root the server runs as "nobody" over a directory it does not own.
      const asRoot = process.getuid?.() === 0;
      chmodSync(dataDir, 0o555);
      if (asRoot) chownSync(dataDir, 0, 0);
      try {
        const line = await expectFailedStart(
          { DATA_DIR: dataDir },
          'DATA_DIR',
          asRoot ? { uid: 65534, gid: 65534 } : {},
        );
        expect(line).toContain('not writable');
      } finally {
        chmodSync(dataDir, 0o755);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('start-up with a sandbox behind a public https address', () => {
  it('refuses to start with one line naming ALLOW_SANDBOX_IN_PRODUCTION, and starts when it is set', async () => {
    const env = { DATA_DIR: tempDataDir(), PUBLIC_BASE_URL: 'https://portal.example.com' };
    const line = await expectFailedStart(env, 'ALLOW_SANDBOX_IN_PRODUCTION');
    expect(line).toContain('WECHAT_LOGIN_PROVIDER=sandbox');
    expect(line).toContain('PAYMENT_ALIPAY_PROVIDER=sandbox');
    const allowed = await spawnServer({ ...env, ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
    try {
      await waitUntilAlive(allowed);
      allowed.child.kill('SIGTERM');
      expect(await allowed.exited, allowed.output()).toBe(0);
    } finally {
      allowed.child.kill('SIGKILL');
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });
});
