// A throwaway PostgreSQL cluster for the API suite: initdb into a temp dir, start on a free port bound to
// 127.0.0.1, hand out an admin URL, and stop and delete everything on stop(), Ctrl-C or process exit.
//
//   node scripts/postgres.mjs                 prints the URL and keeps the cluster up until Ctrl-C
//   node scripts/postgres.mjs -- <command>    runs <command> with DATABASE_URL set, then removes the cluster
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort, readTail, sleep, waitUntil } from './lib/process-helpers.mjs';

const execFileAsync = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';
const DIR_PREFIX = 'portal-pg-';

/** The newest installed Debian PostgreSQL bin directory (the one holding initdb), or undefined. */
export function findPostgresBinDir() {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

// initdb and postgres refuse to run as root; as root they run as the `postgres` user that the Debian
// package creates, otherwise as whoever runs the tests.
function asClusterOwner(command, args) {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function postgresUserIds() {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

// Durability is pointless for a cluster deleted after the run; skipping it makes CREATE DATABASE fast.
// A load bench asks for it back (`durable`): commits then cost what they cost in production.
const NOT_DURABLE = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
const settings = [
  // Each API test file opens its own database and pool; leave room for both vitest workers.
  'max_connections=200',
  'shared_buffers=64MB',
  'log_min_messages=warning',
];

/**
 * Starts a throwaway cluster. Resolves to { url, port, dir, logFile, stop }; `url` is the admin URL
 * postgres://postgres@127.0.0.1:<port>/postgres (trust auth, loopback only).
 */
export async function startPostgres({ durable = false } = {}) {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      `PostgreSQL binaries not found under ${POSTGRES_ROOT}/*/bin. Install them: apt-get install -y postgresql`,
    );
  }
  removeOrphanedClusters(binDir);
  const dir = mkdtempSync(path.join(os.tmpdir(), DIR_PREFIX));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
  if (isRoot()) {
    const { uid, gid } = postgresUserIds();
    chownSync(dir, uid, gid);
  }

  let child;
  let exited = false;
  let stopped = false;

  const removeDir = () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  // Safety net for crashes: exit handlers run synchronously, so ask for an immediate shutdown and delete.
  const onExit = () => {
    if (stopped) return;
    if (child && !exited) {
      try {
        process.kill(-child.pid, 'SIGQUIT');
      } catch {
        // Already gone.
      }
    }
    try {
      removeDir();
    } catch {
      // Best effort while the process is exiting.
    }
  };
  process.once('exit', onExit);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    if (child && !exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      // SIGINT is PostgreSQL's "fast" shutdown; the whole group gets it (runuser, postmaster, backends).
      signalGroup(child.pid, 'SIGINT');
      const timedOut = await Promise.race([gone.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) {
        signalGroup(child.pid, 'SIGKILL');
        await gone;
      }
    }
    removeDir();
  };

  try {
    const logFd = openSync(logFile, 'a');
    const [initCommand, initArgs] = asClusterOwner(path.join(binDir, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      // C collation compares bytes, as SQLite does, so both dialects sort alike.
      '--locale=C',
      '--no-sync',
    ]);
    try {
      await execFileAsync(initCommand, initArgs, { cwd: dir });
    } catch (error) {
      const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim();
      throw new Error(`initdb failed:\n${output}`, { cause: error });
    }

    const port = await freePort();
    const [command, args] = asClusterOwner(path.join(binDir, 'postgres'), [
      '-D',
      dataDir,
      '-k',
      dir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      ...[...(durable ? [] : NOT_DURABLE), ...settings].flatMap((setting) => ['-c', setting]),
    ]);
    // Own process group: a Ctrl-C in the terminal reaches us, and we shut the cluster down in order.
    child = spawn(command, args, { cwd: dir, detached: true, stdio: ['ignore', logFd, logFd] });
    closeSync(logFd);
    child.once('exit', () => {
      exited = true;
    });

    const isReady = path.join(binDir, 'pg_isready');
    await waitUntil(
      async () => {
        await execFileAsync(isReady, ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres']);
        return true;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'PostgreSQL', isDead: () => exited },
    );
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, logFile, stop };
  } catch (error) {
    const log = readTail(logFile);
    await stop();
    if (log) error.message += `\n--- postgres log ---\n${log}`;
    throw error;
  }
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

// A runner killed with SIGKILL cannot clean up; the next run stops its cluster and deletes the directory.
// Clusters whose owner is still alive (another test run on this machine) are left alone.
function removeOrphanedClusters(binDir) {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner;
    try {
      owner = Number(readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
    } catch {
      continue;
    }
    if (!owner || isAlive(owner)) continue;
    const dataDir = path.join(dir, 'data');
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      const [command, args] = asClusterOwner(path.join(binDir, 'pg_ctl'), [
        'stop',
        '-D',
        dataDir,
        '-m',
        'immediate',
      ]);
      try {
        execFileSync(command, args, { cwd: dir, stdio: 'ignore' });
      } catch {
        // Not running any more; the directory still goes.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has already exited.
  }
}

async function main() {
  const separator = process.argv.indexOf('--');
  const command = separator === -1 ? [] : process.argv.slice(separator + 1);
  const cluster = await startPostgres();
  let child;
  const shutdown = async (code) => {
    await cluster.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      child?.kill(signal);
      void shutdown(130);
    });
  }
  if (command.length === 0) {
    console.log(`PostgreSQL is up: ${cluster.url}\nPress Ctrl-C to stop it and delete ${cluster.dir}.`);
    return;
  }
  const [program = '', ...args] = command;
  child = spawn(program, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } });
  child.once('exit', (code, signal) => void shutdown(code ?? (signal ? 1 : 0)));
  child.once('error', (error) => {
    console.error(error.message);
    void shutdown(1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
