// Shared by the benches: start a Node server as a child process (timed until the probe path answers, or
// kept running), call it, open its database directly, and run a measurement on a throwaway PostgreSQL.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { findPostgresBinDir, startPostgres } from '../scripts/postgres.mjs';
import { freePort, REPO_ROOT, sleep, waitUntil } from '../scripts/lib/process-helpers.mjs';

export const PROBE_PATH = '/api/ApplicationInfo/GetApplicationInfo';
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');
/** The demo main user that `SEED_DEMO` creates. */
export const DEMO = { userName: 'demo', password: 'Demo@123456' };

/** Builds the server unless its bundle exists and already holds `marker` (a string the bench relies on). */
export function ensureServerBuilt(marker) {
  if (existsSync(SERVER_ENTRY) && readFileSync(SERVER_ENTRY, 'utf8').includes(marker)) return;
  console.log('Building the server (npm run build -w apps/server)…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** Signs the demo user in on a running portal and answers its access token. */
export async function signInDemo(base) {
  const login = await fetch(`${base}/api/Login/CustomerLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }).then((r) => r.json());
  if (login.code !== 200) throw new Error(`sign-in failed: ${login.message}`);
  return login.data.jwtToken;
}

/**
 * Spawns `command args` with PORT set, polls PROBE_PATH every 10 ms, and resolves to the milliseconds from
 * spawn to the first 2xx answer. The process is stopped before resolving.
 */
export async function timeToFirstAnswer(command, args, env, { timeoutMs = 120_000, cwd } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    // Own process group, so `npm start` and the server it runs stop together.
    detached: true,
  });
  let exitCode;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    }),
  );
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}${PROBE_PATH}`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      if (exitCode !== undefined) throw new Error(`${command} ${args.join(' ')} exited with ${exitCode}`);
      if (performance.now() - started > timeoutMs) throw new Error(`no answer within ${timeoutMs} ms`);
      await sleep(10);
    }
  } finally {
    if (exitCode === undefined) {
      process.kill(-child.pid, 'SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) {
        process.kill(-child.pid, 'SIGKILL');
        await exited;
      }
    }
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Prints rows as an aligned table; the first row is the header. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) => String(cell).padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
    if (index === 0) console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  }
}

/** A valid order of the demo customer (US-DDP-EXP, one parcel, one item), submitted on create. */
export const SAMPLE_ORDER = {
  productCode: 'US-DDP-EXP',
  shipper: {
    name: '张三',
    phone: '13800138000',
    countryCode: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    addressLine1: '科技园南区 1 栋 101',
  },
  consignee: {
    name: 'Jane Doe',
    phone: '+1 555 123 4567',
    countryCode: 'US',
    province: 'NY',
    city: 'New York',
    postalCode: '10001',
    addressLine1: '350 Fifth Avenue',
  },
  parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
  items: [
    {
      nameCn: 'T恤',
      nameEn: 'T-shirt',
      hsCode: '61091000',
      quantity: 2,
      unitPrice: 1500,
      currencyCode: 'USD',
    },
  ],
  hasBattery: false,
  customsTerms: 'DDP',
  submit: true,
};

/** A live quote of one parcel to New York: what the create-order page asks while the user types. */
export const SAMPLE_QUOTE = {
  countryCode: 'US',
  postalCode: '10001',
  parcels: [{ weight: 1.2, length: 20, width: 15, height: 10 }],
  declaredValue: 5000,
  currencyCode: 'USD',
  hasBattery: false,
};

/**
 * Starts `script` (a Node server) on a free port with `env` and waits until PROBE_PATH answers. An empty
 * DATABASE_URL is dropped so the server falls back to SQLite. `stop()` ends it (SIGTERM). With
 * BENCH_CPU_PROF=<dir> each server writes a V8 CPU profile there when it stops (Node refuses --cpu-prof
 * in NODE_OPTIONS): open it in Chrome's DevTools, Performance panel.
 */
export async function startServerProcess(script, env, { timeoutMs = 120_000 } = {}) {
  const port = await freePort();
  const childEnv = { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, script], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let dead = false;
  child.once('exit', () => (dead = true));
  await waitUntil(() => fetch(`http://127.0.0.1:${port}${PROBE_PATH}`).then((r) => r.ok), {
    timeoutMs,
    what: path.basename(script),
    isDead: () => dead,
  });
  return {
    port,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (dead) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Gives the demo customer's CNY wallet room for every order of a run (a credit limit is not a ledger row). */
export async function openDemoCredit(db) {
  const [customer] = await db.run(`select id from customers where code = 'C100023'`);
  const [wallet] = await db.run(
    `select customer_id from wallets where customer_id = ? and currency_code = 'CNY'`,
    [customer.id],
  );
  if (!wallet)
    await db.run(
      `insert into wallets (customer_id, currency_code, balance, held, credit_limit, entry_count, updated_at)
       values (?, 'CNY', 0, 0, 0, 0, ?)`,
      [customer.id, new Date().toISOString()],
    );
  await db.run(
    `update wallets set credit_limit = 100000000000 where customer_id = ? and currency_code = 'CNY'`,
    [customer.id],
  );
}

/** One JSON call over `agent` (kept-alive connections); the body, when given, sent as JSON. */
export function requestJson(agent, port, method, urlPath, token, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method,
        path: urlPath,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The same database the server uses, opened in this process: `run(sql, params)` with `?` placeholders on
 * both engines, `begin`/`commit`, `close`.
 */
export function sqliteHandle(file, { foreignKeys = true } = {}) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  if (foreignKeys) db.pragma('foreign_keys = ON');
  return {
    kind: 'sqlite',
    run: async (text, params = []) => {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    },
    begin: async () => db.exec('begin immediate'),
    commit: async () => db.exec('commit'),
    close: async () => db.close(),
  };
}

export async function postgresHandle(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let counter = 0;
  const numbered = (text) => text.replace(/\?/g, () => `$${++counter}`);
  return {
    kind: 'postgres',
    run: async (text, params = []) => {
      counter = 0;
      return (await client.query(numbered(text), params)).rows;
    },
    begin: async () => client.query('begin'),
    commit: async () => client.query('commit'),
    close: async () => client.end(),
  };
}

/**
 * Runs `measure(url, dataDir)` on a fresh database named `<prefix>_<pid>`: on DATABASE_URL's server when
 * set, else a throwaway cluster (scripts/postgres.mjs). Answers its result, or undefined (with a message)
 * when there is no PostgreSQL. The database, the data directory and the cluster are removed after.
 */
export async function withPostgresDatabase(prefix, measure, { durable = false } = {}) {
  let cluster;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl && findPostgresBinDir()) {
    cluster = await startPostgres({ durable });
    adminUrl = cluster.url;
  }
  if (!adminUrl) {
    console.log(
      'PostgreSQL skipped: no DATABASE_URL and no PostgreSQL binaries (apt-get install -y postgresql).',
    );
    return undefined;
  }
  const dbName = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-pg-`));
  try {
    await admin.query(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return await measure(url.toString(), dataDir);
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    await cluster?.stop();
  }
}
