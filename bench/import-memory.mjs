// Import memory: the server's peak V8 heap while ten uploads of the largest file the xlsx guard accepts
// (just under the 10 MB upload limit, 10,000 rows of 16 distinct random texts, so the shared-strings part
// the parser caches is as large as the limits allow) arrive at the same moment, against the idle
// server's peak heap measured in the same run. The built server runs with --trace-gc (every GC line
// gives the heap used before and after it) and --max-old-space-size=512, so a heap beyond 512 MB would
// end the process; the import limits are raised (IMPORT_MAX_CONCURRENT=10, IMPORT_MAX_PER_CUSTOMER=10)
// so all ten parse at once: the worst case. The peak resident set size (VmHWM) is printed beside it.
//
//   node bench/import-memory.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { freePort, REPO_ROOT, sleep } from '../scripts/lib/process-helpers.mjs';
import { ensureServerBuilt, printTable, SERVER_ENTRY, signInDemo } from './lib.mjs';

const ROOT = REPO_ROOT;
const SERVER = SERVER_ENTRY;
const UPLOADS = 10;
const MAX_BYTES = 10 * 1024 * 1024;
const HEAP_LIMIT_MB = 512;
const GC_LINE =
  /(?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Sweep)[^\d]*?([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;

/** Starts the built server with GC tracing; `peak()` answers the highest heap in use seen since `reset()`. */
async function startServer(dataDir) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    IMPORT_MAX_CONCURRENT: String(UPLOADS),
    IMPORT_MAX_PER_CUSTOMER: String(UPLOADS),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--trace-gc', `--max-old-space-size=${HEAP_LIMIT_MB}`, SERVER], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let peakMb = 0;
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = GC_LINE.exec(line);
      if (match) peakMb = Math.max(peakMb, Number(match[1]), Number(match[3]));
    }
  });
  let exited;
  child.once('exit', (code, signal) => {
    exited = code ?? signal;
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    const up = await fetch(`${base}/api/ApplicationInfo/GetApplicationInfo`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (exited !== undefined) throw new Error('the server exited before it answered');
    if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
    await sleep(50);
  }
  const peakRssMb = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  };
  const stop = async () => {
    if (exited !== undefined) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  };
  return {
    base,
    stop,
    peak: () => peakMb,
    reset: () => {
      peakMb = 0;
    },
    peakRssMb,
    exited: () => exited,
  };
}

/** 10,000 rows (the row limit) of random texts, as long as still fits under the upload limit. */
async function largestAcceptedFile() {
  const build = async (length) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow([
      '地址类型',
      '姓名',
      '公司',
      '电话',
      '邮箱',
      '国家/地区',
      '省/州',
      '城市',
      '区县',
      '邮编',
      '地址1',
      '地址2',
      '地址3',
      '门牌号',
      '税号',
      '是否默认',
    ]);
    for (let row = 0; row < 10_000; row++)
      sheet.addRow(Array.from({ length: 16 }, () => randomBytes(length).toString('base64').slice(0, length)));
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  let low = 8;
  let high = 200;
  let best = await build(low);
  while (high - low > 2) {
    const middle = Math.floor((low + high) / 2);
    const file = await build(middle);
    if (file.length <= MAX_BYTES - 64 * 1024) {
      low = middle;
      best = file;
    } else high = middle;
  }
  return { file: best, textLength: low };
}

async function upload(base, token, file) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'addresses.xlsx');
  const response = await fetch(`${base}/api/CustomerAddress/Import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return response.json();
}

ensureServerBuilt('IMPORT_MAX_PER_CUSTOMER');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-memory-'));
const server = await startServer(dataDir);
try {
  const token = await signInDemo(server.base);
  const { file, textLength } = await largestAcceptedFile();

  // The baseline: the server's peak from start-up through sign-in and one small import (ExcelJS loaded).
  const small = new ExcelJS.Workbook();
  small.addWorksheet('S').addRow(['姓名']);
  await upload(server.base, token, Buffer.from(await small.xlsx.writeBuffer()));
  await sleep(1000);
  const idlePeak = server.peak();
  const idleRss = server.peakRssMb();

  server.reset();
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: UPLOADS }, () => upload(server.base, token, file)));
  const seconds = (performance.now() - started) / 1000;
  if (server.exited() !== undefined)
    throw new Error(`the server died during the uploads (${server.exited()})`);
  const loadPeak = server.peak();
  const loadRss = server.peakRssMb();
  const outcomes = answers.map((a) => `${a.code} ${a.message}`);
  const refusedByGuard = answers.filter((a) => a.code === 400 && !a.data?.errors);
  if (refusedByGuard.length > 0) throw new Error(`the guard refused the file: ${outcomes[0]}`);

  console.log(
    `Ten concurrent imports of a ${(file.length / 1024 / 1024).toFixed(2)} MB xlsx (10,000 rows × 16 random ${textLength}-character texts), built server on SQLite, --max-old-space-size=${HEAP_LIMIT_MB}\n`,
  );
  printTable([
    ['what', 'peak V8 heap', 'peak RSS (VmHWM)'],
    [
      'server after start-up and one small import (baseline)',
      `${idlePeak.toFixed(1)} MB`,
      `${idleRss.toFixed(0)} MB`,
    ],
    [`${UPLOADS} concurrent uploads`, `${loadPeak.toFixed(1)} MB`, `${loadRss.toFixed(0)} MB`],
    ['ratio', `${(loadPeak / idlePeak).toFixed(2)}×`, `${(loadRss / idleRss).toFixed(2)}×`],
  ]);
  console.log(`\nAll ${UPLOADS} answered in ${seconds.toFixed(1)} s: ${[...new Set(outcomes)].join(' | ')}`);
  console.log(`Heap limit ${HEAP_LIMIT_MB} MB: ${loadPeak < HEAP_LIMIT_MB ? 'kept' : 'EXCEEDED'}`);
  if (loadPeak >= HEAP_LIMIT_MB) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
