// Batch create orders from Excel (issue 12): the preview and the commit of template sheets of 10,000 and
// 100,000 rows through the real HTTP endpoints of the built server, against a bare ExcelJS streaming read
// of the same file measured in the same run.
//
// The sheets are written with ExcelJS's streaming writer in the template's zh-CN columns (shared strings,
// numbers as numbers, as Excel saves them): US orders to many consignees, every 25th order with a second
// parcel row and every 40th with a second item row (rows sharing a reference number are one order).
//
//   baseline   ExcelJS's streaming reader over the file, every row iterated and every cell's value touched
//   preview    POST /api/CustomerOrder/BatchImportPreview (multipart upload, xlsx guard, streaming read into
//              stored rows, validation with the create-order schema, pricing with the loaded pricer); timed
//              until its answer, which is the checked summary
//   commit     POST /api/CustomerOrder/BatchImportCommit { submit: true } (submitted orders, each with its
//              hold) and BatchImportGet polled every 100 ms until `committed`; the task runner polls every
//              100 ms (TASK_POLL_MS), so up to ~0.2 s of the figure is polling
//
// Memory: each size runs on its own server process (fresh data directory), started with --trace-gc so every
// GC line gives the V8 heap in use; the peak heap is the highest of them, the peak RSS is the process's
// VmHWM, and RSS is also sampled every 50 ms. Both are printed beside the idle server's (measured before the
// upload). The baseline's own peak heap and RSS are sampled in this process. The demo wallets' credit limit
// is raised (directly in the database, set-up only) so the holds of 100,000 orders fit.
//
// SQLite always; PostgreSQL when DATABASE_URL is set or the PostgreSQL binaries are installed (a throwaway
// cluster, scripts/postgres.mjs).
//
//   node bench/order-import.mjs [sizes, default 10000,100000] [--no-postgres] [--no-sqlite]
//
// KEEP_SHEETS=<dir> writes the sheets there and keeps them; PROFILE_DIR=<dir> has the server write a CPU
// profile there (one per size and engine); BENCH_SERVER=<file> runs another server bundle than
// apps/server/dist/server.js (which is built first when it lacks the batch import).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { freePort, REPO_ROOT, sleep } from '../scripts/lib/process-helpers.mjs';
import {
  ensureServerBuilt,
  postgresHandle,
  printTable,
  SERVER_ENTRY,
  signInDemo,
  sqliteHandle,
  withPostgresDatabase,
} from './lib.mjs';
import { writeSheet } from './order-sheet.mjs';

const args = process.argv.slice(2);
const SIZES = (args.find((arg) => /^[\d,]+$/.test(arg)) ?? '10000,100000').split(',').map(Number);
const WITH_POSTGRES = !args.includes('--no-postgres');
const WITH_SQLITE = !args.includes('--no-sqlite');
const PRODUCT = 'US-DDP-EXP';
const POLL_MS = 100;
const GC_LINE =
  /(?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Sweep)[^\d]*?([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;

/** Samples this process's heap and RSS every 20 ms while `work` runs; answers its result and the peaks. */
async function sampled(work) {
  let heap = 0;
  let rss = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    heap = Math.max(heap, usage.heapUsed);
    rss = Math.max(rss, usage.rss);
  };
  sample();
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, heapMb: heap / 2 ** 20, rssMb: rss / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** The baseline: ExcelJS's streaming reader over the file, every row iterated and every cell touched. */
async function bareRead(file, rowCount) {
  global.gc?.();
  const started = performance.now();
  const {
    result: rows,
    heapMb,
    rssMb,
  } = await sampled(async () => {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
    });
    let count = 0;
    let cells = 0;
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        count++;
        row.eachCell({ includeEmpty: false }, (cell) => {
          if (cell.value !== undefined) cells++;
        });
      }
      break;
    }
    if (cells === 0) throw new Error('the bare read saw no cells');
    return count;
  });
  const ms = performance.now() - started;
  if (rows !== rowCount + 1) throw new Error(`the bare read saw ${rows} rows, expected ${rowCount + 1}`);
  return { ms, heapMb, rssMb };
}

/** The built server with GC tracing and RSS sampling, on `env`'s database. */
async function startServer(env) {
  const port = await freePort();
  const childEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TASK_POLL_MS: String(POLL_MS),
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // PROFILE_DIR=<dir>: the server also writes a CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const child = spawn(
    process.execPath,
    ['--trace-gc', ...profile, process.env.BENCH_SERVER ?? SERVER_ENTRY],
    {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let peakHeapMb = 0;
  let peakSampledRssMb = 0;
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = GC_LINE.exec(line);
      if (match) peakHeapMb = Math.max(peakHeapMb, Number(match[1]), Number(match[3]));
      else if (line.includes('"level":50') || line.includes('"level":60')) console.error(line);
    }
  });
  let exited;
  child.once('exit', (code, signal) => (exited = code ?? signal));
  const status = (key) => {
    const text = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
  };
  const rssTimer = setInterval(() => {
    if (exited === undefined) peakSampledRssMb = Math.max(peakSampledRssMb, status('VmRSS'));
  }, 50);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ;) {
    const up = await fetch(`${base}/api/ApplicationInfo/GetApplicationInfo`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (exited !== undefined) throw new Error(`the server exited (${exited}) before it answered`);
    if (Date.now() > deadline) throw new Error('the server did not answer within 120 s');
    await sleep(50);
  }
  return {
    base,
    /** Peak heap (GC lines) and peak RSS (VmHWM, and the 50 ms samples) since start. */
    memory: () => ({ heapMb: peakHeapMb, rssMb: Math.max(status('VmHWM'), peakSampledRssMb) }),
    stop: async () => {
      clearInterval(rssTimer);
      if (exited !== undefined) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

async function api(base, token, method, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/**
 * The upload as a browser sends it, over node:http: fetch gives up on an answer after 5 minutes, and a
 * slow preview should be measured, not cut off.
 */
async function preview(base, token, file) {
  const boundary = `----bench${randomUUID()}`;
  const part = (headers) => Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`);
  const body = Buffer.concat([
    part('Content-Disposition: form-data; name="productCode"'),
    Buffer.from(`${PRODUCT}\r\n`),
    part(
      `Content-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
    readFileSync(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const answer = await new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/CustomerOrder/BatchImportPreview`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  const ms = performance.now() - started;
  if (answer.code !== 200) throw new Error(`preview: ${answer.code} ${answer.message}`);
  return { ms, summary: answer.data };
}

async function commit(base, token, id) {
  const started = performance.now();
  let summary = await api(
    base,
    token,
    'POST',
    '/api/CustomerOrder/BatchImportCommit',
    { id, submit: true },
    { 'idempotency-key': randomUUID() },
  );
  while (summary.status === 'committing') {
    await sleep(POLL_MS);
    summary = await api(base, token, 'GET', `/api/CustomerOrder/BatchImportGet?id=${encodeURIComponent(id)}`);
  }
  const ms = performance.now() - started;
  if (summary.status !== 'committed')
    throw new Error(`commit ended ${summary.status}: ${summary.commitError}`);
  return { ms, summary };
}

/** One size on a fresh server: the idle memory, the preview and the commit, each with the peaks so far. */
async function measureSize({ engine, env, openDb }, file, rowCount, orderCount) {
  const server = await startServer(env);
  try {
    const token = await signInDemo(server.base);
    // Set-up, not measured: room for the holds of every order (the provider's credit limit).
    const db = await openDb();
    await db.run('update wallets set credit_limit = ?', [1e13]);
    await db.close();
    // The sender every row uses: the default sender address of the demo book.
    await api(server.base, token, 'POST', '/api/CustomerAddress/Insert', {
      addressType: 'sender',
      name: '杭州发货仓',
      phone: '13800138000',
      countryCode: 'CN',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      postalCode: '310000',
      addressLine1: '文三路 100 号',
      isDefault: true,
    });
    await sleep(1500);
    const idle = server.memory();

    const shown = await preview(server.base, token, file);
    const afterPreview = server.memory();
    const s = shown.summary;
    if (s.status !== 'ready' || s.rowCount !== rowCount || s.validOrderCount !== orderCount) {
      const invalid = await api(
        server.base,
        token,
        'GET',
        `/api/CustomerOrder/BatchImportRows?id=${encodeURIComponent(s.id)}&view=invalid&limit=3`,
      ).catch(() => ({ rows: [] }));
      for (const row of invalid.rows) console.error(`row ${row.rowNumber}: ${JSON.stringify(row.errors)}`);
      throw new Error(
        `preview answered ${s.status}, ${s.rowCount} rows, ${s.validOrderCount}/${s.orderCount} valid orders ` +
          `(${s.errorCount} cell errors), expected ${rowCount} rows and ${orderCount} valid orders`,
      );
    }

    const made = await commit(server.base, token, s.id);
    const afterCommit = server.memory();
    if (made.summary.createdOrderCount !== orderCount)
      throw new Error(`commit created ${made.summary.createdOrderCount} of ${orderCount} orders`);
    return {
      engine,
      rowCount,
      orderCount,
      idle,
      preview: shown.ms,
      afterPreview,
      commit: made.ms,
      afterCommit,
    };
  } finally {
    await server.stop();
  }
}

const mb = (value) => `${Math.round(value)} MB`;
const rate = (rows, ms) => `${Math.round((rows / ms) * 1000).toLocaleString('en-US')}/s`;
const time = (ms) => (ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

if (!process.env.BENCH_SERVER) ensureServerBuilt('orderImport.commitStarted');
const workDir = process.env.KEEP_SHEETS ?? mkdtempSync(path.join(os.tmpdir(), 'portal-bench-order-import-'));
try {
  const sheets = [];
  for (const rowCount of SIZES) {
    const file = path.join(workDir, `orders-${rowCount}.xlsx`);
    const orderCount = await writeSheet(file, rowCount);
    sheets.push({ rowCount, orderCount, file, bytes: statSync(file).size });
    console.log(
      `Wrote ${rowCount} rows (${orderCount} orders), ${(statSync(file).size / 2 ** 20).toFixed(1)} MB`,
    );
  }

  const engines = [];
  if (WITH_SQLITE)
    engines.push({
      engine: 'SQLite',
      run: async (measure) => {
        const results = [];
        for (const sheet of sheets) {
          const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-order-import-sqlite-'));
          try {
            const target = {
              engine: 'SQLite',
              env: { DATA_DIR: dataDir },
              openDb: async () => sqliteHandle(path.join(dataDir, 'portal.sqlite')),
            };
            results.push(await measure(target, sheet));
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        }
        return results;
      },
    });
  if (WITH_POSTGRES)
    engines.push({
      engine: 'PostgreSQL',
      run: async (measure) => {
        const results = [];
        for (const sheet of sheets) {
          const one = await withPostgresDatabase(`bench_order_import_${sheet.rowCount}`, (url, dataDir) =>
            measure(
              {
                engine: 'PostgreSQL',
                env: { DATA_DIR: dataDir, DATABASE_URL: url },
                openDb: () => postgresHandle(url),
              },
              sheet,
            ),
          );
          if (one) results.push(one);
        }
        return results;
      },
    });

  const rows = [];
  for (const { run } of engines) {
    const results = await run(async (target, sheet) => {
      // The baseline right before each measurement, on the same file (so both see the same machine load).
      const bare = await bareRead(sheet.file, sheet.rowCount);
      console.log(`${target.engine} ${sheet.rowCount} rows: bare read ${time(bare.ms)}`);
      const result = await measureSize(target, sheet.file, sheet.rowCount, sheet.orderCount);
      console.log(
        `${target.engine} ${sheet.rowCount} rows: preview ${time(result.preview)}, commit ${time(result.commit)}; ` +
          `peak heap / RSS: idle ${mb(result.idle.heapMb)} / ${mb(result.idle.rssMb)}, through preview ` +
          `${mb(result.afterPreview.heapMb)} / ${mb(result.afterPreview.rssMb)}, through commit ` +
          `${mb(result.afterCommit.heapMb)} / ${mb(result.afterCommit.rssMb)}`,
      );
      return { ...result, bare, sheet };
    });
    rows.push(...results);
  }

  console.log('\nSheets:');
  printTable([
    ['rows', 'orders', 'xlsx'],
    ...sheets.map((s) => [
      s.rowCount.toLocaleString('en-US'),
      s.orderCount.toLocaleString('en-US'),
      `${(s.bytes / 2 ** 20).toFixed(1)} MB`,
    ]),
  ]);
  console.log('\nSpeed (rows/s; ratio = time / bare ExcelJS streaming read of the same file, same run):');
  printTable([
    ['engine', 'rows', 'bare read', 'preview', 'preview ×', 'commit', 'commit ×', 'orders/s committed'],
    ...rows.map((r) => [
      r.engine,
      r.rowCount.toLocaleString('en-US'),
      `${time(r.bare.ms)} (${rate(r.rowCount, r.bare.ms)})`,
      `${time(r.preview)} (${rate(r.rowCount, r.preview)})`,
      `${(r.preview / r.bare.ms).toFixed(1)}×`,
      `${time(r.commit)} (${rate(r.rowCount, r.commit)})`,
      `${(r.commit / r.bare.ms).toFixed(1)}×`,
      rate(r.orderCount, r.commit),
    ]),
  ]);
  console.log(
    '\nPeak memory (server: heap from --trace-gc, RSS from VmHWM and 50 ms samples; bare read: this process):',
  );
  printTable([
    ['engine', 'rows', 'bare read heap / RSS', 'server idle', 'through preview', 'through commit'],
    ...rows.map((r) => [
      r.engine,
      r.rowCount.toLocaleString('en-US'),
      `${mb(r.bare.heapMb)} / ${mb(r.bare.rssMb)}`,
      `${mb(r.idle.heapMb)} / ${mb(r.idle.rssMb)}`,
      `${mb(r.afterPreview.heapMb)} / ${mb(r.afterPreview.rssMb)}`,
      `${mb(r.afterCommit.heapMb)} / ${mb(r.afterCommit.rssMb)}`,
    ]),
  ]);
} finally {
  if (!process.env.KEEP_SHEETS) rmSync(workDir, { recursive: true, force: true });
}
