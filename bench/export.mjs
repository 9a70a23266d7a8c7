// Export: 100,000 orders as xlsx through the real export task (POST /api/ExportTask/Create, then the task
// runner: the orders source reading keyset pages from SQLite, ExcelJS's streaming writer, progress saves,
// the file stored in the local file storage) against a bare ExcelJS streaming write of the same rows
// (the source's rows dumped once beforehand to NDJSON and read back line by line), measured in the same
// run. Each measurement runs in its own child process, so its peak memory is its own: max RSS from the
// kernel, peak V8 heap sampled every 20 ms. Three runs of each, interleaved; medians printed.
//
// The orders are cloned with bulk SQL from one order the API created (as bench/order-list.mjs does).
//
//   node bench/export.mjs [orders, default 100000] [runs, default 3]
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { tsImport } from 'tsx/esm/api';
import { median, SAMPLE_ORDER } from './lib.mjs';

const ORDERS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 3);
const DEMO = { loginName: 'demo', password: 'Demo@123456' };

const server = (file) => tsImport(`../apps/server/src/${file}`, import.meta.url);

async function openApp(dataDir) {
  const { buildApp } = await server('app.ts');
  const { loadConfig } = await server('config.ts');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    TASK_RUNNER_ENABLED: 'false',
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/Login/CustomerLogin',
    payload: { userName: DEMO.loginName, password: DEMO.password },
  });
  return { app, token: signIn.json().data.jwtToken };
}

/** A fresh data directory with the demo customer and ORDERS submitted orders of it. */
async function prepare(dataDir) {
  const { app, token } = await openApp(dataDir);
  const created = await app.inject({
    method: 'POST',
    url: '/api/CustomerOrder/Create',
    headers: { authorization: `Bearer ${token}` },
    payload: SAMPLE_ORDER,
  });
  const templateId = created.json().data?.id;
  if (!templateId) throw new Error(`order create failed: ${created.body}`);
  await app.close();

  const db = new SqliteDatabase(path.join(dataDir, 'portal.sqlite'));
  const columns = Object.keys(db.prepare('select * from orders where id = ?').get(templateId));
  const template = db.prepare('select customer_id, customer_seq from orders where id = ?').get(templateId);
  const seqBase = Number(
    db.prepare('select max(customer_seq) as m from orders where customer_id = ?').get(template.customer_id).m,
  );
  const startEpoch = Math.floor(Date.now() / 1000) - ORDERS * 30;
  const created_ = `strftime('%Y-%m-%dT%H:%M:%fZ', ${startEpoch} + g.i * 30, 'unixepoch')`;
  const overrides = {
    id: `'bench-' || g.i`,
    customer_order_no: `'BENCH' || g.i`,
    waybill_no: `'BW' || g.i`,
    consignee_name: `'Consignee ' || g.i`,
    created_at: created_,
    updated_at: created_,
    submitted_at: created_,
    customer_seq: `${seqBase} + g.i`,
  };
  const select = columns.map((column) => overrides[column] ?? `t.${column}`);
  db.transaction(() => {
    db.prepare(
      `insert into orders (${columns.join(', ')}) select ${select.join(', ')} from orders t,
       (with recursive s(i) as (select 1 union all select i + 1 from s where i < ${ORDERS}) select i from s) as g
       where t.id = ?`,
    ).run(templateId);
    db.prepare(
      `insert into order_parcels (order_id, seq, weight_g, length_mm, width_mm, height_mm)
       select id, 1, 1200, 300, 200, 100 from orders where id like 'bench-%'`,
    ).run();
  })();
  db.close();

  // The rows the export writes, once, for the bare writer.
  const { app: again } = await openApp(dataDir);
  const { EXPORT_SOURCES } = await server('modules/export/export-sources.ts');
  const customer = await again.db
    .selectFrom('customers')
    .select('id')
    .where('code', '=', 'C100023')
    .executeTakeFirstOrThrow();
  const user = await again.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', DEMO.loginName)
    .executeTakeFirstOrThrow();
  const out = createWriteStream(path.join(dataDir, 'rows.ndjson'));
  let rows = 0;
  const request = {
    customerId: customer.id,
    userId: user.id,
    language: 'zh-CN',
    ids: null,
    filter: null,
    labelSize: null,
  };
  for await (const row of EXPORT_SOURCES.orders.rows(again.db, request)) {
    if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
    rows++;
  }
  out.end();
  await once(out, 'close');
  await again.close();
  return rows;
}

/** Samples the V8 heap every 20 ms; answers a function giving the peak in MiB. */
function heapPeak() {
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().heapUsed) / 1024 / 1024;
  };
}

async function runTask(dataDir) {
  const { app, token } = await openApp(dataDir);
  // Warm the lazily loaded ExcelJS module outside the clock, as a running server would have it.
  await server('lib/excel.ts').then((m) => m.loadExcel());
  const readyRssMb = process.memoryUsage().rss / 1024 / 1024;
  const peak = heapPeak();
  const started = performance.now();
  const created = await app.inject({
    method: 'POST',
    url: '/api/ExportTask/Create',
    headers: { authorization: `Bearer ${token}` },
    payload: { kind: 'orders', format: 'xlsx' },
  });
  const id = created.json().data?.exportTaskID;
  if (!id) throw new Error(`export create failed: ${created.body}`);
  await app.taskRunner.runOnce();
  const ms = performance.now() - started;
  const heapMb = peak();
  const row = await app.db
    .selectFrom('export_tasks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.status !== 'succeeded') throw new Error(`export ${row.status}`);
  await app.close();
  return { ms, rows: row.row_count, bytes: row.file_size, heapMb, readyRssMb };
}

async function runBare(dataDir) {
  const { loadExcel } = await server('lib/excel.ts');
  const { EXPORT_SOURCES } = await server('modules/export/export-sources.ts');
  const ExcelJS = await loadExcel();
  const columns = EXPORT_SOURCES.orders.columns;
  const file = path.join(dataDir, `bare-${process.pid}.xlsx`);
  const readyRssMb = process.memoryUsage().rss / 1024 / 1024;
  const peak = heapPeak();
  const started = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('订单');
  sheet.columns = columns.map((c) => ({ header: c.header['zh-CN'], key: c.key, width: c.width ?? 16 }));
  let rows = 0;
  const lines = readline.createInterface({ input: createReadStream(path.join(dataDir, 'rows.ndjson')) });
  for await (const line of lines) {
    sheet.addRow(JSON.parse(line)).commit();
    rows++;
  }
  sheet.commit();
  await workbook.commit();
  const ms = performance.now() - started;
  const heapMb = peak();
  const bytes = statSync(file).size;
  rmSync(file);
  return { ms, rows, bytes, heapMb, readyRssMb };
}

const [variant, dir] = process.argv.slice(2);
if (variant === 'task' || variant === 'bare') {
  const result = await (variant === 'task' ? runTask(dir) : runBare(dir));
  console.log(JSON.stringify({ ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
} else {
  const self = fileURLToPath(import.meta.url);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-export-'));
  try {
    const seedStarted = performance.now();
    const rows = await prepare(dataDir);
    console.log(
      `${rows} orders seeded and dumped in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const results = { task: [], bare: [] };
    for (let run = 0; run < RUNS; run++)
      for (const name of ['bare', 'task'])
        results[name].push(
          JSON.parse(
            execFileSync(process.execPath, [self, name, dataDir], { encoding: 'utf8' })
              .trim()
              .split('\n')
              .pop(),
          ),
        );
    const summary = Object.fromEntries(
      Object.entries(results).map(([name, list]) => [
        name,
        {
          ms: median(list.map((r) => r.ms)),
          maxRssMb: median(list.map((r) => r.maxRssMb)),
          heapMb: median(list.map((r) => r.heapMb)),
          readyRssMb: median(list.map((r) => r.readyRssMb)),
          bytes: list[0].bytes,
          rows: list[0].rows,
        },
      ]),
    );
    const { task, bare } = summary;
    if (task.rows !== bare.rows) throw new Error(`row counts differ: task ${task.rows}, bare ${bare.rows}`);
    const line = (name, r) =>
      `  ${name}${r.ms.toFixed(0).padStart(7)} ms (${((r.rows / r.ms) * 1000).toFixed(0)} rows/s), ` +
      `peak RSS ${r.maxRssMb.toFixed(0)} MiB (${r.readyRssMb.toFixed(0)} MiB before the rows), peak heap ${r.heapMb.toFixed(0)} MiB, file ${(r.bytes / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`${task.rows} orders as xlsx on SQLite, median of ${RUNS}, each run in its own process:`);
    console.log(line('real export task:  ', task));
    console.log(line('bare ExcelJS write:', bare));
    console.log(
      `  ratio task / bare: time ${(task.ms / bare.ms).toFixed(2)}×, peak RSS ${(task.maxRssMb / bare.maxRssMb).toFixed(2)}×, ` +
        `peak heap ${(task.heapMb / bare.heapMb).toFixed(2)}×`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
