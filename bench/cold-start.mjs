// Cold start of the built server: spawn `node apps/server/dist/server.js` on a fresh DATA_DIR (so it
// migrates, seeds the demo data and generates its secrets) and time it to the first successful
// GET /api/ApplicationInfo/GetApplicationInfo. Also a warm restart on the now-populated directory, and
// the same measurement for a bare Fastify hello-world as the baseline. Needs `npm run build` first.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../scripts/lib/process-helpers.mjs';
import { median, printTable, PROBE_PATH, timeToFirstAnswer } from './lib.mjs';

const RUNS = 5;
const SERVER = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');
const BASELINE = path.join(REPO_ROOT, 'bench', 'fixtures', 'fastify-hello.mjs');

if (!existsSync(SERVER)) {
  console.error(`${path.relative(REPO_ROOT, SERVER)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const env = { LOG_LEVEL: 'warn' };
delete process.env.DATABASE_URL;
const cold = [];
const warm = [];
const baseline = [];
// Interleaved, so drift in machine load affects all three series alike.
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  try {
    cold.push(
      await timeToFirstAnswer(process.execPath, [SERVER], { ...env, DATA_DIR: dataDir }, { cwd: REPO_ROOT }),
    );
    warm.push(
      await timeToFirstAnswer(process.execPath, [SERVER], { ...env, DATA_DIR: dataDir }, { cwd: REPO_ROOT }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  baseline.push(await timeToFirstAnswer(process.execPath, [BASELINE], {}, { cwd: REPO_ROOT }));
}

const base = median(baseline);
const fmt = (ms) => `${Math.round(ms)} ms`;
const row = (name, series) => [
  name,
  fmt(median(series)),
  `${fmt(Math.min(...series))} – ${fmt(Math.max(...series))}`,
  `${(median(series) / base).toFixed(1)}×`,
];
console.log(`Cold start: spawn → first answer from ${PROBE_PATH} (${RUNS} runs, SQLite)\n`);
printTable([
  ['process', 'median', 'range', 'vs baseline'],
  row('portal server, fresh DATA_DIR (migrate + seed)', cold),
  row('portal server, restart on same DATA_DIR', warm),
  row('baseline: bare Fastify hello-world', baseline),
]);
