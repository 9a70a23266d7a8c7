// Address import: time to import 5,000 rows through the real HTTP endpoint of the built server
// (POST /api/CustomerAddress/Import, SQLite, signed in as the demo user), against the bare ExcelJS
// streaming parse of the same file measured in the same run. The file is the server's own import
// template (GET /api/CustomerAddress/ImportTemplate) filled with 5,000 rows. Three runs, interleaved;
// medians and the ratio are printed. Builds the server first when its bundle is missing or stale.
//
//   node bench/address-import.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { freePort, REPO_ROOT, sleep } from '../scripts/lib/process-helpers.mjs';
import { ensureServerBuilt, median, SERVER_ENTRY, signInDemo } from './lib.mjs';

const ROOT = REPO_ROOT;
const SERVER = SERVER_ENTRY;
const RUNS = 3;
const ROWS = 5000;

async function startServer(dataDir) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    const up = await fetch(`${base}/api/ApplicationInfo/GetApplicationInfo`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (exited) throw new Error('the server exited before it answered');
    if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
    await sleep(50);
  }
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  };
  return { base, stop };
}

async function api(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** The server's template, filled with ROWS addresses: half Chinese, half American. */
async function buildFile(base, token) {
  const response = await fetch(`${base}/api/CustomerAddress/ImportTemplate`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await response.arrayBuffer()));
  const sheet = book.worksheets[0];
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow(
      i % 2 === 0
        ? [
            '发件人',
            `张三${i}`,
            '深圳市演示科技有限公司',
            `138${String(i).padStart(8, '0')}`,
            '',
            'CN',
            '广东省',
            '深圳市',
            '南山区',
            '518000',
            `科技园南区 ${i} 号`,
            '',
            '',
            '',
            '',
            '否',
          ]
        : [
            '收件人',
            `Jane Doe ${i}`,
            'Acme Ltd',
            '+1 555 123 4567',
            `jane${i}@example.com`,
            'US',
            'CA',
            'Los Angeles',
            '',
            '90001',
            `${i} Main Street`,
            'Suite 5',
            '',
            '12B',
            '',
            '否',
          ],
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function timeImport(base, token, file) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'addresses.xlsx');
  const started = performance.now();
  const response = await fetch(`${base}/api/CustomerAddress/Import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.json();
  const ms = performance.now() - started;
  if (answer.code !== 200 || answer.data.imported !== ROWS)
    throw new Error(`import failed: ${answer.code} ${answer.message}`);
  return ms;
}

/** The baseline: ExcelJS's streaming reader over the same bytes, every row's values read, nothing else. */
async function timeBareParse(file) {
  const started = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) if (row.values.length > 0) rows++;
    break;
  }
  const ms = performance.now() - started;
  if (rows !== ROWS + 1) throw new Error(`bare parse read ${rows} rows`);
  return ms;
}

/** Empties the demo address book between runs, so each import starts from the same state (not timed). */
async function clearAddresses(base, token) {
  for (;;) {
    const page = await api(base, token, 'GET', '/api/CustomerAddress/Query?pageSize=500');
    if (page.items.length === 0) return;
    await api(base, token, 'POST', '/api/CustomerAddress/Delete', { ids: page.items.map((a) => a.id) });
  }
}

ensureServerBuilt('/api/CustomerAddress/Import');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-'));
const server = await startServer(dataDir);
try {
  const token = await signInDemo(server.base);
  const file = await buildFile(server.base, token);

  // One untimed round warms up both paths (JIT, SQLite page cache, the server's reference data).
  await timeImport(server.base, token, file);
  await clearAddresses(server.base, token);
  await timeBareParse(file);

  const imports = [];
  const parses = [];
  for (let run = 0; run < RUNS; run++) {
    parses.push(await timeBareParse(file));
    imports.push(await timeImport(server.base, token, file));
    await clearAddresses(server.base, token);
  }

  const fmt = (ms) => `${Math.round(ms)} ms`;
  const range = (series) => `${fmt(Math.min(...series))} – ${fmt(Math.max(...series))}`;
  const importMs = median(imports);
  const parseMs = median(parses);
  console.log(
    `Address import: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KB xlsx, SQLite, ${RUNS} runs (median)\n`,
  );
  console.log(
    `  import through POST /api/CustomerAddress/Import   ${fmt(importMs).padStart(8)}   (${range(imports)}, ${Math.round((ROWS / importMs) * 1000)} rows/s)`,
  );
  console.log(
    `  baseline: bare ExcelJS streaming parse           ${fmt(parseMs).padStart(8)}   (${range(parses)})`,
  );
  console.log(
    `  ratio import / bare parse                        ${(importMs / parseMs).toFixed(2).padStart(7)}×`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
