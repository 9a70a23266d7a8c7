// Orders per second through the API (the built server, the demo user signed in, POST /api/CustomerOrder/Create
// with submit: true: validation, pricing, the order, its parcels and items, a waybill number and the held
// charge in one transaction) against the same inserts done directly in this one process (the rows the API
// wrote, cloned with new ids and numbers: the customer's order number, then in one transaction the
// waybill serial, order, parcels, items, the conditional wallet UPDATE … RETURNING, the ledger row and the
// customer's order counter).
// SQLite first, then PostgreSQL on a
// throwaway cluster (scripts/postgres.mjs), or DATABASE_URL's server when set; PostgreSQL is skipped with a
// message when neither is available.
//
//   node bench/create-order.mjs [orders per measurement, default 300]
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import {
  ensureServerBuilt,
  openDemoCredit,
  postgresHandle,
  printTable,
  requestJson,
  SAMPLE_ORDER,
  SERVER_ENTRY,
  signInDemo,
  sqliteHandle,
  startServerProcess,
  withPostgresDatabase,
} from './lib.mjs';

const ORDERS = Number(process.argv[2] ?? 300);
const IN_FLIGHT = 8;
const WARM_UP = 20;

ensureServerBuilt('/api/CustomerOrder/Create');

/** `count` orders through the API with IN_FLIGHT requests at a time; answers orders per second. */
async function throughApi(port, token, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const answer = await requestJson(agent, port, 'POST', '/api/CustomerOrder/Create', token, SAMPLE_ORDER);
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

const insertSql = (table, row) => {
  const columns = Object.keys(row);
  return [
    `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    columns.map((column) => row[column]),
  ];
};

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
    // Numbered as the create path does: the customer's next number, in its own statement.
    const [drawn] = await db.run(
      `update customer_order_seqs set last_seq = last_seq + 1 where customer_id = ? returning last_seq`,
      [order.customer_id],
    );
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
        customer_seq: drawn.last_seq,
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
    // Counted last, as the create path's transaction does (the list's tabs).
    await db.run(
      `update customer_order_counts set last_seq = ?, submitted = submitted + 1 where customer_id = ?`,
      [drawn.last_seq, order.customer_id],
    );
    await db.commit();
  }
  return count / ((performance.now() - started) / 1000);
}

async function measure(engine, serverEnv, openDb) {
  const server = await startServerProcess(SERVER_ENTRY, serverEnv);
  try {
    const setup = await openDb();
    await openDemoCredit(setup);
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

const postgres = await withPostgresDatabase('portal_bench_orders', (url, pgDataDir) =>
  measure(
    'PostgreSQL',
    { DATA_DIR: pgDataDir, DATABASE_URL: url, SEED_DEMO: 'true', SCHEDULER_ENABLED: 'false' },
    () => postgresHandle(url),
  ),
);
if (postgres) rows.push(postgres);

console.log(
  `\n${ORDERS} orders each; API: ${IN_FLIGHT} requests in flight over kept-alive connections, ` +
    `create with submit: true; direct: one transaction per order in this process, one statement at a time.\n`,
);
printTable(rows);
