// The consumption flow at 1,000,000 ledger rows of one customer (issue 11): latency of
// POST /api/ConsumptionFlow/Query for the first page, a deep page (page 40,000 of size 20), the last page, a
// type filter (first and a deep page), a number filter, and POST /api/ConsumptionFlow/QuerySummary over a
// month and over everything, each as a median over kept-alive sequential requests, against a bare Fastify
// route measured in the same run (bench/fixtures/fastify-hello.mjs) and against the first page.
//
// The rows are inserted with bulk SQL (INSERT … SELECT over a generated series, running totals and balances
// computed by window sums from the previous chunk's totals), not through the ledger writer, but as it would
// leave them: two wallets (CNY 90 %, USD 10 %), entry_no 1…n per wallet without gaps, created_at monotonic
// per wallet (one row every 30 s, each USD row at the very instant of the CNY row before it), running
// totals and balances consistent, the wallets' counters set. SQLite first, then PostgreSQL on a throwaway
// cluster (scripts/postgres.mjs), or DATABASE_URL's server when set.
//
//   node bench/consumption-flow.mjs [rows, default 1000000] [requests per measurement, default 40]
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
  SERVER_ENTRY,
  signInDemo,
  sqliteHandle,
  startServerProcess,
  withPostgresDatabase,
} from './lib.mjs';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const REQUESTS = Number(process.argv[3] ?? 40);
const PAGE_SIZE = 20;
const BASELINE = path.join(REPO_ROOT, 'bench', 'fixtures', 'fastify-hello.mjs');
const CHUNK = 100_000;
const SPACING_S = 30;
const TYPES = [
  'recharge',
  'order_charge',
  'charge_release',
  'weight_adjustment',
  'surcharge',
  'refund',
  'compensation',
  'manual_adjustment',
];
const POSITIVE = new Set(['recharge', 'charge_release', 'refund', 'compensation']);
/** Every this many rows carries a reference number `BREF<i>` (the number filter's target). */
const REFERENCE_EVERY = 1000;

// The marker is the consumption flow's index: a build older than it is rebuilt.
ensureServerBuilt('ledger_entries_flow_order_idx');

/** Row i (1…ROWS): its currency, type and amount. Everything else follows from i. */
const currencyOf = (i) => (i % 10 === 0 ? 'USD' : 'CNY');
const typeOf = (i) => TYPES[i % TYPES.length];
const amountOf = (i) => (POSITIVE.has(typeOf(i)) ? 1 : -1) * (100 + ((i * 37) % 900));
/** entry_no of row i within its wallet: CNY rows are the i not divisible by 10, USD those that are. */
const entryNoOf = (i) => (i % 10 === 0 ? i / 10 : i - Math.floor(i / 10));

/**
 * The INSERT … SELECT of one currency's rows of `from`..`to`, with balances and running totals as window
 * sums on top of `base` (the wallet's totals after the previous chunk).
 */
function bulkSql(engine, { from, to, currency, customerId, startEpoch, base }) {
  const i = 'g.i';
  const text = (expression) => (engine === 'sqlite' ? expression : `(${expression})::text`);
  const series =
    engine === 'sqlite'
      ? `(with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${to}) select i from s) as g`
      : `generate_series(${from}, ${to}) as g(i)`;
  const type = `case ${TYPES.map((t, n) => `when ${i} % ${TYPES.length} = ${n} then '${t}'`).join(' ')} end`;
  const sign = `case when ${i} % ${TYPES.length} in (${TYPES.map((t, n) => (POSITIVE.has(t) ? n : null))
    .filter((n) => n !== null)
    .join(', ')}) then 1 else -1 end`;
  const amount = `(${sign}) * (100 + (${i} * 37) % 900)`;
  // A USD row shares the instant of the CNY row before it.
  const second = `(${startEpoch} + (${i} - case when ${i} % 10 = 0 then 1 else 0 end) * ${SPACING_S})`;
  const created =
    engine === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${second}, 'unixepoch')`
      : `to_char(to_timestamp(${second}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const entryNo =
    currency === 'USD' ? `(${i} / 10)` : `(${i} - ${engine === 'sqlite' ? `${i} / 10` : `div(${i}, 10)`})`;
  const where = currency === 'USD' ? `${i} % 10 = 0` : `${i} % 10 <> 0`;
  const window = 'over (order by i rows between unbounded preceding and current row)';
  return `insert into ledger_entries (id, customer_id, currency_code, entry_no, entry_type, amount, held_change,
      balance_after, held_after, order_id, recharge_id, bill_id, reference_no, remark, created_by, created_at,
      total_in_after, total_out_after)
    select 'bench-' || ${text('i')}, '${customerId}', '${currency}', entry_no, entry_type, amount, 0,
      ${base.balance} + sum(amount) ${window}, 0, null, null, null,
      case when i % ${REFERENCE_EVERY} = 0 then 'BREF' || ${text('i')} else null end, null, null, created_at,
      ${base.totalIn} + sum(case when amount > 0 then amount else 0 end) ${window},
      ${base.totalOut} + sum(case when amount < 0 then amount else 0 end) ${window}
    from (select ${i} as i, ${entryNo} as entry_no, ${type} as entry_type, ${amount} as amount,
            ${created} as created_at
          from ${series} where ${where}) as r`;
}

/** Replaces the demo customer's ledger with ROWS bulk rows and sets its wallets as the writer would. */
async function seedLedger(db, engine, customerId) {
  await db.run('delete from ledger_entries where customer_id = ?', [customerId]);
  await db.run('delete from wallets where customer_id = ?', [customerId]);
  const now = new Date().toISOString();
  for (const currency of ['CNY', 'USD'])
    await db.run(
      `insert into wallets (customer_id, currency_code, balance, held, credit_limit, entry_count, updated_at,
         last_entry_at, total_in, total_out) values (?, ?, 0, 0, 0, 0, ?, null, 0, 0)`,
      [customerId, currency, now],
    );
  const startEpoch = Math.floor(Date.now() / 1000) - ROWS * SPACING_S;
  const totals = {
    CNY: { balance: 0, totalIn: 0, totalOut: 0 },
    USD: { balance: 0, totalIn: 0, totalOut: 0 },
  };
  const started = performance.now();
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await db.run('begin');
    for (const currency of ['CNY', 'USD'])
      await db.run(bulkSql(engine, { from, to, currency, customerId, startEpoch, base: totals[currency] }));
    await db.run('commit');
    for (let i = from; i <= to; i++) {
      const wallet = totals[currencyOf(i)];
      const amount = amountOf(i);
      wallet.balance += amount;
      if (amount > 0) wallet.totalIn += amount;
      else wallet.totalOut += amount;
    }
    process.stdout.write(`\r  ${engine}: ${to.toLocaleString('en-US')} ledger rows inserted`);
  }
  for (const currency of ['CNY', 'USD']) {
    const [last] = await db.run(
      `select entry_no, created_at from ledger_entries where customer_id = ? and currency_code = ?
       order by entry_no desc limit 1`,
      [customerId, currency],
    );
    const expectedCount = currency === 'USD' ? Math.floor(ROWS / 10) : ROWS - Math.floor(ROWS / 10);
    if (Number(last.entry_no) !== expectedCount || entryNoOf(ROWS) <= 0)
      throw new Error(`${currency}: last entry_no ${last.entry_no}, expected ${expectedCount}`);
    const t = totals[currency];
    await db.run(
      `update wallets set balance = ?, entry_count = ?, last_entry_at = ?, total_in = ?, total_out = ?
       where customer_id = ? and currency_code = ?`,
      [t.balance, expectedCount, last.created_at, t.totalIn, t.totalOut, customerId, currency],
    );
  }
  if (engine === 'postgres') await db.run('vacuum analyze ledger_entries');
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\r  ${engine}: ${ROWS.toLocaleString('en-US')} ledger rows in ${seconds.toFixed(0)} s\n`,
  );
  return { seconds, totals };
}

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

async function measure(engine, env, openDb) {
  // First start: migrations and the demo customer.
  let server = await startServerProcess(SERVER_ENTRY, env, { timeoutMs: 300_000 });
  await server.stop();
  const db = await openDb();
  const [demo] = await db.run(`select customer_id from users where login_name = ?`, ['demo']);
  if (!demo) throw new Error('no demo user');
  const seeded = await seedLedger(db, engine === 'SQLite' ? 'sqlite' : 'postgres', demo.customer_id);
  await db.close();

  server = await startServerProcess(SERVER_ENTRY, env, { timeoutMs: 300_000 });
  const baseline = await startServerProcess(BASELINE, {}, { timeoutMs: 300_000 });
  try {
    const token = await signInDemo(`http://127.0.0.1:${server.port}`);
    const post = (url, body, check) =>
      latency(
        server.port,
        (agent, port) => requestJson(agent, port, 'POST', url, token, body),
        (answer) => {
          if (answer.code !== 200) throw new Error(`${url} failed: ${answer.code} ${answer.message}`);
          check?.(answer.data);
        },
      );
    const page = (body, rows = PAGE_SIZE) =>
      post('/api/ConsumptionFlow/Query', { pageSize: PAGE_SIZE, ...body }, (data) => {
        if (data.list.length !== rows)
          throw new Error(`expected ${rows} rows, got ${data.list.length} of ${data.total}`);
      });
    const lastPage = Math.ceil(ROWS / PAGE_SIZE);
    const refundRows = Math.floor(ROWS / TYPES.length);
    const now = Date.now();
    // A month ending a month ago (at fewer rows, a quarter of the span ending a quarter span ago).
    const windowMs = Math.min(30 * 86_400_000, (ROWS * SPACING_S * 1000) / 4);
    const month = {
      createdFrom: new Date(now - 2 * windowMs).toISOString(),
      createdTo: new Date(now - windowMs).toISOString(),
    };
    const monthMiddlePage = Math.floor(windowMs / 1000 / SPACING_S / PAGE_SIZE / 2);
    const cnyRows = ROWS - Math.floor(ROWS / 10);
    const identity = (data) => {
      for (const line of data)
        if (line.closing !== line.opening + line.moneyIn + line.moneyOut) throw new Error('summary identity');
    };
    const figures = {
      bare: await latency(baseline.port, (agent, port) => requestJson(agent, port, 'GET', PROBE_PATH)),
      first: await page({ pageIndex: 1 }),
      deep: await page({ pageIndex: Math.min(40_000, lastPage - 1) }),
      last: await page({ pageIndex: lastPage }, ROWS - (lastPage - 1) * PAGE_SIZE),
      oneCurrencyDeep: await page({
        currencyCode: 'CNY',
        pageIndex: Math.min(40_000, Math.floor(cnyRows / PAGE_SIZE) - 1),
      }),
      monthDeep: await page({ ...month, pageIndex: monthMiddlePage }),
      type: await page({ entryTypes: ['refund'], pageIndex: 1 }),
      typeDeep: await page({ entryTypes: ['refund'], pageIndex: Math.floor(refundRows / PAGE_SIZE / 2) }),
      typeMonth: await page({
        ...month,
        entryTypes: ['refund', 'recharge'],
        currencyCode: 'CNY',
        pageIndex: 1,
      }),
      number: await page({ number: `BREF${Math.floor(ROWS / 2000) * 1000}` }, 1),
      summaryMonth: await post('/api/ConsumptionFlow/QuerySummary', month, identity),
      summaryAll: await post('/api/ConsumptionFlow/QuerySummary', {}, identity),
    };
    return { engine, seeded, figures };
  } finally {
    await server.stop();
    await baseline.stop();
  }
}

const results = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-flow-'));
const common = { SEED_DEMO: 'true', SEED_DEMO_ORDERS: 'false', SCHEDULER_ENABLED: 'false' };
try {
  results.push(
    await measure('SQLite', { ...common, DATA_DIR: dataDir }, async () =>
      sqliteHandle(path.join(dataDir, 'portal.sqlite'), { foreignKeys: false }),
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_SKIP_POSTGRES !== 'true') {
  const postgres = await withPostgresDatabase('portal_bench_flow', (url, pgDataDir) =>
    measure('PostgreSQL', { ...common, DATA_DIR: pgDataDir, DATABASE_URL: url }, () => postgresHandle(url)),
  );
  if (postgres) results.push(postgres);
}

const ms = (value) => `${value.toFixed(2)} ms`;
const LABELS = {
  bare: 'baseline: bare Fastify route',
  first: 'first page (20)',
  deep: 'deep page (page 40,000 of 20)',
  last: 'last page',
  oneCurrencyDeep: 'CNY only, page 40,000',
  monthDeep: 'a month, its middle page',
  type: 'type filter (refund), first page',
  typeDeep: 'type filter (refund), middle page',
  typeMonth: 'two types + CNY + a month, first page',
  number: 'number filter (a reference number)',
  summaryMonth: 'summary over a month',
  summaryAll: 'summary over everything',
};
for (const { engine, seeded, figures } of results) {
  console.log(
    `\n${engine}: ${ROWS.toLocaleString('en-US')} ledger rows of one customer, CNY 90 % / USD 10 % (bulk insert ${seeded.seconds.toFixed(0)} s); ` +
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
