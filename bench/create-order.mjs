// Orders per second through the API (the built server, the demo user signed in, POST /api/CustomerOrder/Create
// with submit: true: validation, pricing, the order, its parcels and items, a waybill number and the held
// charge in one transaction) against the same inserts done directly in this one process (the rows the API
// wrote, cloned with new ids and numbers: waybill serial, order, parcels, items, the conditional wallet
// UPDATE … RETURNING and the ledger row, one transaction per order). SQLite first, then PostgreSQL on a
// throwaway cluster (scripts/postgres.mjs), or DATABASE_URL's server when set; PostgreSQL is skipped with a
// message when neither is available.
//
//   node bench/create-order.mjs [orders per measurement, default 300]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { findPostgresBinDir, startPostgres } from '../scripts/postgres.mjs';
import { freePort, waitUntil } from '../scripts/lib/process-helpers.mjs';
import { ensureServerBuilt, printTable, PROBE_PATH, SERVER_ENTRY, signInDemo } from './lib.mjs';

const ORDERS = Number(process.argv[2] ?? 300);
const IN_FLIGHT = 8;
const WARM_UP = 20;

ensureServerBuilt('/api/CustomerOrder/Create');

const ORDER = {
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

async function startServer(env) {
  const port = await freePort();
  const childEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let dead = false;
  child.once('exit', () => (dead = true));
  await waitUntil(() => fetch(`http://127.0.0.1:${port}${PROBE_PATH}`).then((r) => r.ok), {
    timeoutMs: 120_000,
    what: 'the portal',
    isDead: () => dead,
  });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        if (dead) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function post(agent, port, urlPath, token, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: urlPath,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
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

/** `count` orders through the API with IN_FLIGHT requests at a time; answers orders per second. */
async function throughApi(port, token, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const answer = await post(agent, port, '/api/CustomerOrder/Create', token, ORDER);
      if (answer.code !== 200) throw new Error(`create failed: ${answer.code} ${answer.message}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return count / seconds;
}

/**
 * A database handle with the few calls the direct loop needs, for either engine. `run` executes one
 * statement with `?` placeholders and answers its rows.
 */
function sqliteHandle(file) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
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

async function postgresHandle(url) {
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

const insertSql = (table, row) => {
  const columns = Object.keys(row);
  return [
    `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    columns.map((column) => row[column]),
  ];
};

/** Gives the demo customer's CNY wallet room for every order of the run (a credit limit is not a ledger row). */
async function openCredit(db) {
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

/** The same writes as one submitted create, cloned from a row the API wrote, `count` times; orders per second. */
async function directly(db, count) {
  const [order] = await db.run(`select * from orders where status = 'submitted' order by created_at limit 1`);
  const parcels = await db.run(`select * from order_parcels where order_id = ?`, [order.id]);
  const items = await db.run(`select * from order_items where order_id = ?`, [order.id]);
  const [ledger] = await db.run(
    `select * from ledger_entries where order_id = ? and entry_type = 'order_charge'`,
    [order.id],
  );
  const total = Number(order.estimated_total);
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const id = randomUUID();
    const now = new Date().toISOString();
    await db.begin();
    const [serial] =
      db.kind === 'postgres'
        ? await db.run(`select nextval('waybill_no_seq') as value`)
        : await db.run(
            `update waybill_counters set last_value = last_value + 1 where name = 'waybill' returning last_value as value`,
          );
    await db.run(
      ...insertSql('orders', {
        ...order,
        id,
        customer_order_no: `DIRECT-${id}`,
        waybill_no: `BENCH${serial.value}`,
        created_at: now,
        updated_at: now,
        submitted_at: now,
      }),
    );
    for (const parcel of parcels) await db.run(...insertSql('order_parcels', { ...parcel, order_id: id }));
    for (const item of items) await db.run(...insertSql('order_items', { ...item, order_id: id }));
    const [wallet] = await db.run(
      `update wallets set balance = balance + ?, held = held + ?, entry_count = entry_count + 1, updated_at = ?
       where customer_id = ? and currency_code = ? and balance + ? + credit_limit >= 0
       returning balance, held, entry_count`,
      [-total, total, now, order.customer_id, ledger.currency_code, -total],
    );
    await db.run(
      ...insertSql('ledger_entries', {
        ...ledger,
        id: randomUUID(),
        order_id: id,
        entry_no: wallet.entry_count,
        balance_after: wallet.balance,
        held_after: wallet.held,
        created_at: now,
      }),
    );
    await db.commit();
  }
  return count / ((performance.now() - started) / 1000);
}

async function measure(engine, serverEnv, openDb) {
  const server = await startServer(serverEnv);
  try {
    const setup = await openDb();
    await openCredit(setup);
    await setup.close();
    const token = await signInDemo(`http://127.0.0.1:${server.port}`);
    await throughApi(server.port, token, WARM_UP);
    const api = await throughApi(server.port, token, ORDERS);
    await server.stop();
    const db = await openDb();
    await directly(db, WARM_UP);
    const direct = await directly(db, ORDERS);
    await db.close();
    return [engine, api.toFixed(0), direct.toFixed(0), `${((api / direct) * 100).toFixed(1)} %`];
  } finally {
    await server.stop();
  }
}

const rows = [['engine', 'API orders/s', 'direct inserts orders/s', 'API / direct']];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-orders-'));
try {
  rows.push(
    await measure('SQLite', { DATA_DIR: dataDir, SEED_DEMO: 'true', SCHEDULER_ENABLED: 'false' }, async () =>
      sqliteHandle(path.join(dataDir, 'portal.sqlite')),
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

let cluster;
let adminUrl = process.env.DATABASE_URL;
if (!adminUrl && findPostgresBinDir()) {
  cluster = await startPostgres();
  adminUrl = cluster.url;
}
if (!adminUrl) {
  console.log(
    'PostgreSQL skipped: no DATABASE_URL and no PostgreSQL binaries (apt-get install -y postgresql).',
  );
} else {
  const dbName = `portal_bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-orders-pg-'));
  try {
    rows.push(
      await measure(
        'PostgreSQL',
        { DATA_DIR: pgDataDir, DATABASE_URL: url.toString(), SEED_DEMO: 'true', SCHEDULER_ENABLED: 'false' },
        () => postgresHandle(url.toString()),
      ),
    );
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
    await cluster?.stop();
  }
}

console.log(
  `\n${ORDERS} orders each; API: ${IN_FLIGHT} requests in flight over kept-alive connections, ` +
    `create with submit: true; direct: one transaction per order in this process, one statement at a time.\n`,
);
printTable(rows);
