// What a newcomer waits for after `npm ci`: `npm start` (build the web app and the server, migrate, seed,
// listen) on a fresh DATA_DIR until GET /api/ApplicationInfo/GetApplicationInfo first answers. One run,
// since each includes a full production build; bench/cold-start.mjs times the server start alone.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../scripts/lib/process-helpers.mjs';
import { printTable, timeToFirstAnswer } from './lib.mjs';

delete process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
try {
  const ms = await timeToFirstAnswer(
    'npm',
    ['start'],
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    { cwd: REPO_ROOT },
  );
  console.log('`npm start` → first API answer (includes `npm run build`)\n');
  printTable([
    ['command', 'time'],
    ['npm start', `${(ms / 1000).toFixed(1)} s`],
  ]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
