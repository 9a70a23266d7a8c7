import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');
const LOG_DIR = path.join(REPO_ROOT, '.tmp', 'server-logs');
const READY_PATH = '/api/ApplicationInfo/GetApplicationInfo';
// Only a hang ends the wait: a process that exits fails at once, and a start on a machine at load 10 (the
// first migration and demo seed included) must not fail for being slow.
const START_TIMEOUT_MS = 300_000;

export interface RunningServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  dataDir: string;
  /** Server stdout and stderr; kept after stop() for diagnosing failures. */
  logFile: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines = 60): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built server (`npm run build` first) on a free port with a fresh SQLite data directory and
 * resolves once the API answers. `env` adds or overrides variables, e.g. a short ACCESS_TOKEN_TTL_SECONDS.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${path.relative(REPO_ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `server-${port}-${Date.now()}.log`);
  const logFd = openSync(logFile, 'a');

  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  Object.assign(
    childEnv,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The address the browser uses, for the links the server writes (the sandbox cashier, /payResult).
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
    env,
  );

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  let exitCode: number | string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal ?? undefined;
      resolve();
    }),
  );
  const hasExited = () => exitCode !== undefined;

  // If the test process dies without calling stop(), do not leave the server running.
  const killOnExit = () => {
    if (!hasExited()) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    if (!hasExited()) {
      // SIGTERM lets the server close connections and the database; SIGKILL if it hangs.
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}${READY_PATH}`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (hasExited() || Date.now() > deadline) {
      await stop();
      const reason = hasExited() ? `exited with ${exitCode}` : `did not answer within ${START_TIMEOUT_MS} ms`;
      throw new Error(`The server ${reason}. Log ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(50);
  }
  return { baseUrl, dataDir, logFile, stop };
}
