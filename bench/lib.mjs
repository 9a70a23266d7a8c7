// Shared by the benches: start a Node server as a child process and time it until the probe path answers.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, REPO_ROOT, sleep } from '../scripts/lib/process-helpers.mjs';

export const PROBE_PATH = '/api/ApplicationInfo/GetApplicationInfo';
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');
/** The demo main user that `SEED_DEMO` creates. */
export const DEMO = { userName: 'demo', password: 'Demo@123456' };

/** Builds the server unless its bundle exists and already holds `marker` (a string the bench relies on). */
export function ensureServerBuilt(marker) {
  if (existsSync(SERVER_ENTRY) && readFileSync(SERVER_ENTRY, 'utf8').includes(marker)) return;
  console.log('Building the server (npm run build -w apps/server)…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** Signs the demo user in on a running portal and answers its access token. */
export async function signInDemo(base) {
  const login = await fetch(`${base}/api/Login/CustomerLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }).then((r) => r.json());
  if (login.code !== 200) throw new Error(`sign-in failed: ${login.message}`);
  return login.data.jwtToken;
}

/**
 * Spawns `command args` with PORT set, polls PROBE_PATH every 10 ms, and resolves to the milliseconds from
 * spawn to the first 2xx answer. The process is stopped before resolving.
 */
export async function timeToFirstAnswer(command, args, env, { timeoutMs = 120_000, cwd } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    // Own process group, so `npm start` and the server it runs stop together.
    detached: true,
  });
  let exitCode;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    }),
  );
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}${PROBE_PATH}`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      if (exitCode !== undefined) throw new Error(`${command} ${args.join(' ')} exited with ${exitCode}`);
      if (performance.now() - started > timeoutMs) throw new Error(`no answer within ${timeoutMs} ms`);
      await sleep(10);
    }
  } finally {
    if (exitCode === undefined) {
      process.kill(-child.pid, 'SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) {
        process.kill(-child.pid, 'SIGKILL');
        await exited;
      }
    }
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Prints rows as an aligned table; the first row is the header. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) => String(cell).padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
    if (index === 0) console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  }
}
