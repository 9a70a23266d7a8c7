// The demo orders' cost at a fresh start: spawn the built server on a fresh DATA_DIR with
// SEED_DEMO_ORDERS=true (39 orders through create/submit/cancel and the operations steps) and with
// SEED_DEMO_ORDERS=false (the baseline: migrate + the rest of the demo seed), interleaved, and time each to
// its first answer. Needs `npm run build` (the server part is enough).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../scripts/lib/process-helpers.mjs';
import { median, printTable, PROBE_PATH, SERVER_ENTRY, timeToFirstAnswer } from './lib.mjs';

const RUNS = 5;
if (!existsSync(SERVER_ENTRY)) {
  console.error(`${path.relative(REPO_ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
delete process.env.DATABASE_URL;

async function coldStart(seedOrders) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  try {
    return await timeToFirstAnswer(
      process.execPath,
      [SERVER_ENTRY],
      { LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO_ORDERS: String(seedOrders) },
      { cwd: REPO_ROOT },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const withOrders = [];
const baseline = [];
// Interleaved, so drift in machine load affects both series alike.
for (let run = 0; run < RUNS; run++) {
  withOrders.push(await coldStart(true));
  baseline.push(await coldStart(false));
}

const base = median(baseline);
const fmt = (ms) => `${Math.round(ms)} ms`;
const row = (name, series) => [
  name,
  fmt(median(series)),
  `${fmt(Math.min(...series))} – ${fmt(Math.max(...series))}`,
  `${(median(series) / base).toFixed(2)}×`,
];
console.log(`Fresh start → first answer from ${PROBE_PATH} (${RUNS} runs each, SQLite)\n`);
printTable([
  ['server', 'median', 'range', 'vs baseline'],
  row('with the demo orders (SEED_DEMO_ORDERS=true, the default)', withOrders),
  row('baseline: without them (SEED_DEMO_ORDERS=false)', baseline),
]);
console.log(`\nThe demo orders add ${fmt(median(withOrders) - base)} (difference of the medians).`);
