// The order list at 1,000,000 orders of one customer (issue 10): latency of POST /api/CustomerOrder/Query
// for the first page, a deep page (page 50,000 of size 20), a middle page (the worst case of the list's
// design), a status tab's deep page, a filtered page (status + country + created range) and the home
// summary, each as a median over kept-alive sequential requests, against a bare Fastify route measured in
// the same run (bench/fixtures/fastify-hello.mjs) and against each other.
//
// The orders are inserted with bulk SQL (INSERT … SELECT over a generated series, cloned from one order the
// API created), not through the API; the per-status counters and sequence numbers are set as the create
// path would leave them. SQLite first, then PostgreSQL on a throwaway cluster (scripts/postgres.mjs), or
// DATABASE_URL's server when set; PostgreSQL is skipped with a message when neither is available.
//
//   node bench/order-list.mjs [orders, default 1000000] [requests per measurement, default 40]
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../scripts/lib/process-helpers.mjs';
import {
  ensureServerBuilt,
  median,
  postgresHandle,
  printTable,
  PROBE_PATH,
  requestJson,
  SAMPLE_ORDER,
  SERVER_ENTRY,
  signInDemo,
  sqliteHandle,
  startServerProcess,
  withPostgresDatabase,
} from './lib.mjs';

const ORDERS = Number(process.argv[2] ?? 1_000_000);
const REQUESTS = Number(process.argv[3] ?? 40);
const PAGE_SIZE = 20;
const BASELINE = path.join(REPO_ROOT, 'bench', 'fixtures', 'fastify-hello.mjs');
const CHUNK = 100_000;

// The marker is the newest index of the order list: a build older than it is rebuilt.
ensureServerBuilt('orders_keyword_idx');

/** Median milliseconds of `REQUESTS` sequential calls (after 5 unmeasured ones); checks each answer. */
async function latency(port, call, check = () => undefined) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  for (let i = 0; i < REQUESTS + 5; i++) {
    const started = performance.now();
    const answer = await call(agent, port);
    const elapsed = performance.now() - started;
    check(answer);
    if (i >= 5) times.push(elapsed);
  }
  agent.destroy();
  return median(times);
}

const STATUSES = [
  // Shares of a living account: mostly delivered, some in each other status.
  ...Array(2).fill('draft'),
  ...Array(3).fill('submitted'),
  ...Array(2).fill('received'),
  ...Array(4).fill('in_transit'),
  ...Array(6).fill('delivered'),
  'exception',
  'returned',
  'cancelled',
];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP', 'AU', 'CA', 'US', 'US', 'GB'];
const caseOf = (expression, values) =>
  `case ${values.map((value, index) => `when ${expression} = ${index} then '${value}'`).join(' ')} end`;
/** Creation times: one order every 30 s, ending now (1,000,000 orders span about a year). */
const SPACING_S = 30;

/**
 * The INSERT … SELECT of orders `from`..`to` (sequence numbers after `seqBase`), cloned from `templateId`
 * with their own numbers, status, country, consignee and times. `series` is the engine's 1..n generator.
 */
function bulkOrdersSql(engine, columns, { from, to, seqBase, startEpoch }) {
  const i = 'g.i';
  const status = caseOf(`(${i} % ${STATUSES.length})`, STATUSES);
  const created =
    engine === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${startEpoch} + ${i} * ${SPACING_S}, 'unixepoch')`
      : `to_char(to_timestamp(${startEpoch} + ${i} * ${SPACING_S}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const series =
    engine === 'sqlite'
      ? `(with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${to}) select i from s) as g`
      : `generate_series(${from}, ${to}) as g(i)`;
  const text = (expression) => (engine === 'sqlite' ? expression : `(${expression})::text`);
  const overrides = {
    id: `'bench-' || ${text(i)}`,
    customer_order_no: `'BENCH' || ${text(i)}`,
    status,
    waybill_no: `case when ${status} = 'draft' then null else 'BW' || ${text(i)} end`,
    consignee_country_code: caseOf(`(${i} % ${COUNTRIES.length})`, COUNTRIES),
    consignee_name: `'Consignee ' || ${text(i)}`,
    consignee_search: `'consignee ' || ${text(i)} || ' new york'`,
    last_mile_carrier: `case when ${status} in ('in_transit', 'delivered') then 'USPS' else null end`,
    last_mile_no: `case when ${status} in ('in_transit', 'delivered') then 'LM' || ${text(i)} else null end`,
    created_at: created,
    updated_at: created,
    submitted_at: `case when ${status} = 'draft' then null else ${created} end`,
    customer_seq: `${seqBase} + ${i}`,
  };
  const select = columns.map((column) => overrides[column] ?? `t.${column}`);
  return `insert into orders (${columns.join(', ')}) select ${select.join(', ')} from orders t, ${series} where t.id = ?`;
}

/** Bulk-inserts ORDERS orders of the demo customer and sets its counters as the create path would. */
async function seedOrders(db, engine, templateId) {
  const [template] = await db.run(`select customer_id, customer_seq from orders where id = ?`, [templateId]);
  const columns = (await db.run(`select * from orders where id = ?`, [templateId])).flatMap((row) =>
    Object.keys(row),
  );
  const [{ last_seq: lastSeq }] = await db.run(
    `select last_seq from customer_order_counts where customer_id = ?`,
    [template.customer_id],
  );
  const startEpoch = Math.floor(Date.now() / 1000) - ORDERS * SPACING_S;
  const started = performance.now();
  for (let from = 1; from <= ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK - 1);
    await db.run('begin');
    await db.run(bulkOrdersSql(engine, columns, { from, to, seqBase: Number(lastSeq), startEpoch }), [
      templateId,
    ]);
    await db.run(
      `insert into order_parcels (order_id, seq, weight_g, length_mm, width_mm, height_mm)
       select id, 1, 1200, 300, 200, 100 from orders where customer_id = ? and customer_seq > ? and customer_seq <= ?`,
      [template.customer_id, Number(lastSeq) + from - 1, Number(lastSeq) + to],
    );
    await db.run('commit');
    process.stdout.write(`\r  ${engine}: ${to.toLocaleString('en-US')} orders inserted`);
  }
  const counts = await db.run(
    `select status, count(*) as n from orders where customer_id = ? group by status`,
    [template.customer_id],
  );
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.n)]));
  const total = counts.reduce((sum, row) => sum + Number(row.n), 0);
  await db.run(`update customer_order_seqs set last_seq = ? where customer_id = ?`, [
    total,
    template.customer_id,
  ]);
  await db.run(
    `update customer_order_counts set last_seq = ?, ${STATUSES.filter((s, i, all) => all.indexOf(s) === i)
      .map((s) => `${s} = ?`)
      .join(', ')} where customer_id = ?`,
    [
      total,
      ...STATUSES.filter((s, i, all) => all.indexOf(s) === i).map((s) => byStatus[s] ?? 0),
      template.customer_id,
    ],
  );
  // PostgreSQL: what autovacuum does after a large insert (statistics, visibility map for index-only
  // scans), done now rather than whenever it comes round. SQLite gets nothing: the portal never runs ANALYZE.
  if (engine === 'postgres') await db.run('vacuum analyze orders');
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\r  ${engine}: ${ORDERS.toLocaleString('en-US')} orders in ${seconds.toFixed(0)} s\n`,
  );
  return { total, seconds, byStatus };
}

async function measure(engine, env, openDb) {
  // First start: migrations, the demo customer, and one order through the API to clone.
  let server = await startServerProcess(SERVER_ENTRY, env, { timeoutMs: 300_000 });
  let templateId;
  try {
    const token = await signInDemo(`http://127.0.0.1:${server.port}`);
    const agent = new http.Agent({ keepAlive: true });
    const created = await requestJson(
      agent,
      server.port,
      'POST',
      '/api/CustomerOrder/Create',
      token,
      SAMPLE_ORDER,
    );
    agent.destroy();
    if (created.code !== 200) throw new Error(`create failed: ${created.code} ${created.message}`);
    templateId = created.data.id;
  } finally {
    await server.stop();
  }
  const db = await openDb();
  const seeded = await seedOrders(db, engine === 'SQLite' ? 'sqlite' : 'postgres', templateId);
  await db.close();

  server = await startServerProcess(SERVER_ENTRY, env, { timeoutMs: 300_000 });
  const baseline = await startServerProcess(BASELINE, {}, { timeoutMs: 300_000 });
  try {
    const token = await signInDemo(`http://127.0.0.1:${server.port}`);
    const query = (body, check) =>
      latency(
        server.port,
        (agent, port) => requestJson(agent, port, 'POST', '/api/CustomerOrder/Query', token, body),
        (answer) => {
          if (answer.code !== 200) throw new Error(`query failed: ${answer.code} ${answer.message}`);
          check?.(answer.data);
        },
      );
    const fullPage = (data) => {
      if (data.list.length !== PAGE_SIZE)
        throw new Error(
          `expected a full page, got ${data.list.length} rows of ${data.total} ${JSON.stringify(data.statusCounts)}`,
        );
    };
    const bare = await latency(baseline.port, (agent, port) => requestJson(agent, port, 'GET', PROBE_PATH));
    const lastPage = Math.ceil(seeded.total / PAGE_SIZE);
    const now = Date.now();
    const threeMonthsAgo = new Date(now - 90 * 86_400_000).toISOString();
    const filteredBody = {
      status: 'in_transit',
      countryCode: 'GB',
      createdFrom: threeMonthsAgo,
      createdTo: new Date(now).toISOString(),
      pageSize: PAGE_SIZE,
    };
    const filteredTotal = (
      await requestJson(undefined, server.port, 'POST', '/api/CustomerOrder/Query', token, filteredBody)
    ).data.total;
    const filteredDeepPage = Math.max(1, Math.min(100, Math.floor(filteredTotal / PAGE_SIZE / 2)));
    const figures = {
      bare,
      first: await query({ pageIndex: 1, pageSize: PAGE_SIZE }, fullPage),
      deep: await query({ pageIndex: Math.min(50_000, lastPage - 1), pageSize: PAGE_SIZE }, fullPage),
      middle: await query({ pageIndex: Math.floor(lastPage / 2), pageSize: PAGE_SIZE }, fullPage),
      // Page 10,000 of the delivered tab at a million orders (two thirds into it).
      statusDeep: await query(
        {
          status: 'delivered',
          pageIndex: Math.max(1, Math.floor((seeded.byStatus.delivered * 2) / 3 / PAGE_SIZE)),
          pageSize: PAGE_SIZE,
        },
        fullPage,
      ),
      filtered: await query(
        {
          status: 'in_transit',
          countryCode: 'GB',
          createdFrom: threeMonthsAgo,
          createdTo: new Date(now).toISOString(),
          pageIndex: 1,
          pageSize: PAGE_SIZE,
        },
        fullPage,
      ),
      filteredDeep: await query(
        {
          status: 'in_transit',
          countryCode: 'GB',
          createdFrom: threeMonthsAgo,
          createdTo: new Date(now).toISOString(),
          pageIndex: filteredDeepPage,
          pageSize: PAGE_SIZE,
        },
        fullPage,
      ),
      keyword: await query({ keyword: 'consignee 99999', pageIndex: 1, pageSize: PAGE_SIZE }),
      home: await latency(
        server.port,
        (agent, port) => requestJson(agent, port, 'GET', '/api/CustomerOrder/QueryHomeSummary', token),
        (answer) => {
          if (answer.code !== 200) throw new Error(`home failed: ${answer.code} ${answer.message}`);
        },
      ),
    };
    return { engine, seeded, figures };
  } finally {
    await server.stop();
    await baseline.stop();
  }
}

const results = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-list-'));
const common = { SEED_DEMO: 'true', SCHEDULER_ENABLED: 'false' };
try {
  results.push(
    await measure('SQLite', { ...common, DATA_DIR: dataDir }, async () =>
      sqliteHandle(path.join(dataDir, 'portal.sqlite'), { foreignKeys: false }),
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const postgres = await withPostgresDatabase('portal_bench_list', (url, pgDataDir) =>
  measure('PostgreSQL', { ...common, DATA_DIR: pgDataDir, DATABASE_URL: url }, () => postgresHandle(url)),
);
if (postgres) results.push(postgres);

const ms = (value) => `${value.toFixed(2)} ms`;
const LABELS = {
  bare: 'baseline: bare Fastify route',
  first: 'first page (20)',
  deep: 'deep page (page 50,000 of 20)',
  middle: 'middle page',
  statusDeep: 'status tab, page 10,000',
  filtered: 'filtered (status + country + 90 days)',
  filteredDeep: 'filtered, page 100 (or half way)',
  keyword: 'keyword (substring scan)',
  home: 'home summary',
};
for (const { engine, seeded, figures } of results) {
  console.log(
    `\n${engine}: ${seeded.total.toLocaleString('en-US')} orders of one customer (bulk insert ${seeded.seconds.toFixed(0)} s); ` +
      `median of ${REQUESTS} sequential requests over a kept-alive connection.`,
  );
  printTable([
    ['what', 'latency', '÷ first page', '÷ bare Fastify'],
    ...Object.entries(figures).map(([key, value]) => [
      LABELS[key],
      ms(value),
      `${(value / figures.first).toFixed(2)}×`,
      `${(value / figures.bare).toFixed(1)}×`,
    ]),
  ]);
}
