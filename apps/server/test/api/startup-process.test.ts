import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  createPostgresDatabase,
  freePort,
  spawnServer,
  tempDataDir,
  waitForOutput,
  waitUntilAlive,
  type ServerProcess,
} from '../support/built-server.ts';
import { ENGINE } from '../support/test-app.ts';

// The built server's start: the port checked before any migration, a slow database waited for within
// STARTUP_TIMEOUT_MS (never Fastify's plugin timeout), one line per step and one line per failure.

beforeAll(() => buildServer(), 120_000);

let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await createPostgresDatabase(process.env.DATABASE_URL);
});
afterAll(async () => {
  await database?.drop();
});
const databaseEnv = (): Record<string, string> => (database ? { DATABASE_URL: database.url } : {});

/** Lines the server printed that are not its JSON log lines (a failed start prints exactly one). */
const plainLines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('{'));

describe(`start-up (${ENGINE})`, () => {
  it('with the port taken ends with one line naming PORT, before any migration', async () => {
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    const dataDir = tempDataDir();
    try {
      const server = await spawnServer({ DATA_DIR: dataDir, PORT: String(port), ...databaseEnv() });
      expect(await server.exited).toBe(1);
      expect(plainLines(server), server.output()).toEqual([
        `PORT: 127.0.0.1:${port} is already in use (another portal or program listens there); stop it or set PORT to a free port`,
      ]);
      // Nothing was migrated: no SQLite file, no table in the PostgreSQL database.
      if (database) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const { rows } = await client.query<{ n: string }>(
          "select count(*) as n from information_schema.tables where table_schema = 'public'",
        );
        await client.end();
        expect(Number(rows[0]!.n)).toBe(0);
      } else {
        expect(existsSync(path.join(dataDir, 'portal.sqlite'))).toBe(false);
      }
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Kysely's migrator takes a PostgreSQL advisory lock: held here, migrations wait as on a slow database.
  it.skipIf(ENGINE !== 'postgres')(
    'waits for a slow migration, says what it waits for, and gives up with one line at STARTUP_TIMEOUT_MS',
    async () => {
      const holder = new pg.Client({ connectionString: database!.url });
      await holder.connect();
      await holder.query('select pg_advisory_lock(3853314791062309107)');
      const dataDirs = [tempDataDir(), tempDataDir()];
      try {
        // Bounded: the lock is held until the server gives up.
        const impatient = await spawnServer({
          DATA_DIR: dataDirs[0]!,
          LOG_LEVEL: 'info',
          STARTUP_TIMEOUT_MS: '2000',
          ...databaseEnv(),
        });
        expect(await impatient.exited).toBe(1);
        expect(plainLines(impatient), impatient.output()).toEqual([
          'STARTUP_TIMEOUT_MS: the start did not finish within 2000 ms (still migrating); a database that slow needs a larger STARTUP_TIMEOUT_MS',
        ]);
        expect(impatient.output()).toContain('start-up: connecting to the PostgreSQL database');
        expect(impatient.output()).toContain('start-up: applying database migrations');

        // Patient (the default bound): it waits while migrations wait, then starts once they can run.
        const patient = await spawnServer({ DATA_DIR: dataDirs[1]!, LOG_LEVEL: 'info', ...databaseEnv() });
        try {
          await waitForOutput(patient, 'start-up: applying database migrations');
          await holder.query('select pg_advisory_unlock(3853314791062309107)');
          await waitUntilAlive(patient);
          for (const step of ['seeding the demo data', 'portal ready at'])
            expect(patient.output()).toContain(step);
          expect(patient.output()).not.toContain('AVV_ERR');
          patient.child.kill('SIGTERM');
          expect(await patient.exited, patient.output()).toBe(0);
        } finally {
          patient.child.kill('SIGKILL');
        }
      } finally {
        await holder.end();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    },
  );
  // Another process holding SQLite's write lock past the busy timeout: migrations wait as on a slow disk.
  it.skipIf(ENGINE !== 'sqlite')(
    'waits for a SQLite database another process keeps busy, then starts; gives up with one line at STARTUP_TIMEOUT_MS',
    async () => {
      const dataDirs = [tempDataDir(), tempDataDir()];
      const holders = dataDirs.map((dir) => {
        const holder = new SqliteDatabase(path.join(dir, 'portal.sqlite'));
        holder.pragma('journal_mode = WAL');
        holder.prepare('begin immediate').run();
        return holder;
      });
      // A busy timeout of 500 ms: the 5 s the lock is held below outlast ten tries of the migrator.
      const busy = { DB_STATEMENT_TIMEOUT_MS: '500', LOG_LEVEL: 'info' };
      try {
        const impatient = await spawnServer({ DATA_DIR: dataDirs[0]!, STARTUP_TIMEOUT_MS: '2000', ...busy });
        expect(await impatient.exited).toBe(1);
        expect(plainLines(impatient), impatient.output()).toEqual([
          'STARTUP_TIMEOUT_MS: the start did not finish within 2000 ms (still migrating); a database that slow needs a larger STARTUP_TIMEOUT_MS',
        ]);

        const patient = await spawnServer({ DATA_DIR: dataDirs[1]!, ...busy });
        try {
          await waitForOutput(patient, 'start-up: applying database migrations');
          await new Promise((resolve) => setTimeout(resolve, 5000));
          holders[1]!.prepare('rollback').run();
          await waitUntilAlive(patient);
          expect(patient.output()).toContain('portal ready at');
          expect(plainLines(patient), patient.output()).toEqual([]);
          patient.child.kill('SIGTERM');
          expect(await patient.exited, patient.output()).toBe(0);
        } finally {
          patient.child.kill('SIGKILL');
        }
      } finally {
        for (const holder of holders) holder.close();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
