import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { DEMO_MAIN_USER } from '../../src/db/seed.ts';

/** Which database this run of the API suite uses: scripts/test.mjs runs it once per engine. */
export const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A fresh application on a fresh database for one test file: a temporary SQLite file, or a new
 * PostgreSQL database created from the admin URL in DATABASE_URL and dropped afterwards.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  buildOptions: BuildOptions = { logger: false },
): Promise<TestApp> {
  const { apps, close } = await createTestApps(1, env, buildOptions);
  const [app] = apps as [TestApp['app']];
  return { app, config: loadTestConfig(app), close };
}

const configs = new WeakMap<FastifyInstance, AppConfig>();
const loadTestConfig = (app: FastifyInstance) => configs.get(app)!;

/**
 * Several application instances started at the same time on one fresh database, as a deployment behind
 * a load balancer would run them (on SQLite they share the data directory).
 */
export async function createTestApps(
  count: number,
  env: Record<string, string> = {},
  buildOptions: BuildOptions = { logger: false },
): Promise<{ apps: FastifyInstance[]; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-api-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (adminUrl) {
    dbName = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Scheduled tasks run only when a test calls app.scheduler.runDue().
    SCHEDULER_ENABLED: 'false',
    // Background tasks run only when a test calls app.taskRunner.runOnce().
    TASK_RUNNER_ENABLED: 'false',
    // Every answer is checked by zod and by the fast path, which must agree byte for byte.
    RESPONSE_CHECK: 'full',
    // The demo orders cost a few hundred milliseconds per app; the tests that look at them ask for them.
    SEED_DEMO_ORDERS: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const apps = await Promise.all(
    Array.from({ length: count }, async () => {
      const app = await buildApp(config, buildOptions);
      await app.ready();
      configs.set(app, config);
      return app;
    }),
  );
  return {
    apps,
    async close() {
      for (const app of apps) await app.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export interface ApiAnswer<T = unknown> {
  httpStatus: number;
  code: number;
  success: boolean;
  message: string;
  data: T;
  headers: Record<string, unknown>;
}

/** Calls the API through `app.inject` and parses the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: {
    method?: InjectOptions['method'];
    url: string;
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<ApiAnswer<T>> {
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    query: options.query,
    payload: options.body as InjectOptions['payload'],
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
  const body = response.json() as { code: number; success: boolean; message: string; data: T };
  return { httpStatus: response.statusCode, ...body, headers: response.headers };
}

export async function signIn(
  app: FastifyInstance,
  user: { loginName: string; password: string } = DEMO_MAIN_USER,
  headers: Record<string, string> = {},
) {
  const answer = await call<{
    jwtToken: string;
    refereToken: string;
    expiresInSecond: number;
    isInitPassword: boolean;
  }>(app, {
    method: 'POST',
    url: '/api/Login/CustomerLogin',
    body: { userName: user.loginName, password: user.password },
    headers,
  });
  if (answer.code !== 200) throw new Error(`sign-in failed: ${answer.code} ${answer.message}`);
  return answer.data;
}
