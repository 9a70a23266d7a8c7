import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  promises as fsp,
  mkdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { AppConfig, DatabaseTimeouts } from '../config.ts';
import { ConfigError } from '../config.ts';
import type { Db } from './database.ts';

/** Node socket errors that mean the database cannot be reached. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: connection exceptions (class 08), shutting down or
 * starting (57P01–57P03), a statement cancelled by statement_timeout (57014), an idle transaction ended
 * (25P03), too many connections (53300), out of disk or memory (53100, 53200).
 */
const PG_UNAVAILABLE_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '25P03',
  '53300',
  '53100',
  '53200',
]);

/** Messages of pg, pg-pool and better-sqlite3 when the connection is gone, timed out or closed. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^The database connection is not open/,
  /^driver has already been destroyed/,
];

/**
 * True when an error says the database is unreachable, frozen, overloaded or broken rather than that the
 * request was wrong: the caller gets "service briefly unavailable" (503) instead of a server error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_ERROR_CODES.has(code)) return true;
      if (code.startsWith('08') && code.length === 5) return true;
      if (PG_UNAVAILABLE_STATES.has(code)) return true;
      // better-sqlite3: SQLITE_BUSY (locked past busy_timeout), SQLITE_IOERR_* (disk), SQLITE_FULL, …
      if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|CORRUPT|NOTADB|PROTOCOL)/.test(code))
        return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    current = cause;
  }
  return false;
}

/**
 * Codes that say the server's storage is full: a file write (ENOSPC, or EDQUOT, a quota spent), SQLite
 * (SQLITE_FULL) and PostgreSQL (53100 disk_full). Such a failure is answered with its own 503 words.
 */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** SQLite I/O errors of a write; with the data directory full they mean what SQLITE_FULL means. */
const SQLITE_WRITE_IOERR = /^SQLITE_IOERR(_(WRITE|FSYNC|DIR_FSYNC|TRUNCATE|SHMSIZE|SHMMAP))?$/;

/** The code of `error` or of one of its causes that `matches`, if any. */
function findCode(error: unknown, matches: (code: string) => boolean): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && matches(code)) return code;
    current = cause;
  }
  return undefined;
}

/** True when an error says the server's storage (data directory, temp directory, database disk) is full. */
export const isStorageFull = (error: unknown): boolean =>
  findCode(error, (code) => STORAGE_FULL_CODES.has(code)) !== undefined;

/** True for an SQLite I/O error of a write, which is a full disk when the data directory has no room. */
export const isSqliteWriteError = (error: unknown): boolean =>
  findCode(error, (code) => SQLITE_WRITE_IOERR.test(code)) !== undefined;

/**
 * A cheap check that a directory can be written: one 4 KiB file written and removed (an empty file needs
 * no free blocks), at most once per `everyMs`; callers in between share the last result. Resolves, or
 * rejects with the write's error (ENOSPC, EROFS, EACCES, …).
 */
export function writeProbe(dir: string, everyMs = 5000): () => Promise<void> {
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  const block = Buffer.alloc(4096);
  let last: { at: number; result: Promise<void> } | undefined;
  return () => {
    const now = performance.now();
    if (!last || now - last.at >= everyMs) {
      const result = fsp
        .writeFile(probe, block)
        .finally(() => fsp.rm(probe, { force: true }).catch(() => undefined));
      // A failed probe is a result to share, not an unhandled rejection.
      result.catch(() => undefined);
      last = { at: now, result };
    }
    return last.result;
  };
}

/** Resolves with `promise`, or rejects with `onTimeout()` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `select 1`; rejects when the database does not answer within `ms`. */
export async function pingDatabase(db: Db, ms: number): Promise<void> {
  await withTimeout(sql`select 1`.execute(db), ms, () =>
    Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' }),
  );
}

const errorText = (error: unknown) =>
  error instanceof Error
    ? error.message || (error as NodeJS.ErrnoException).code || error.name
    : String(error);

/** The PostgreSQL address without its password, for messages. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/**
 * Before opening SQLite: the data directory (and the database file in it, when present) must be
 * writable, or the server would start and then fail every write. Throws a one-line ConfigError.
 */
export function checkSqliteWritable(file: string): void {
  const dir = path.dirname(file);
  const fix = `give the server's user write access to it or set DATA_DIR to a writable folder`;
  try {
    mkdirSync(dir, { recursive: true });
    // A real write: access() says yes to root even on a read-only mount.
    const probe = path.join(dir, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    if (existsSync(file)) accessSync(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(`DATA_DIR: ${dir} is not writable (${code}): ${fix}.`);
  }
}

/**
 * After opening SQLite: a quick integrity check, so a damaged file stops the start instead of failing
 * requests later. Throws a one-line ConfigError naming the file and the fix.
 */
export function checkSqliteIntegrity(
  file: string,
  open: () => SqliteDatabase.Database,
): SqliteDatabase.Database {
  let handle: SqliteDatabase.Database | undefined;
  try {
    handle = open();
    const result = handle.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new Error(String(result).split('\n')[0]);
    return handle;
  } catch (error) {
    handle?.close();
    throw new ConfigError(
      `DATA_DIR: the SQLite database ${file} is damaged (${errorText(error)}): restore it from a backup, or move it away to start with an empty database.`,
    );
  }
}

/**
 * Start-up check of PostgreSQL: reachable and answering within the connect timeout, else one line. A
 * server that refuses connections or is still starting is asked again every half second for `wait.ms`
 * (`onWaiting` is told once), so the portal and its database can be started together.
 */
export async function checkPostgresReachable(
  db: Db,
  database: Extract<AppConfig['database'], { kind: 'postgres' }>,
  timeouts: DatabaseTimeouts,
  wait: { ms: number; onWaiting?: (reason: string) => void } = { ms: 0 },
): Promise<void> {
  const startedAt = performance.now();
  let waiting = false;
  for (;;) {
    try {
      await pingDatabase(db, timeouts.connectMs);
      return;
    } catch (error) {
      // A server that is down or still starting may come up (a machine booting, a container started
      // with the portal): try again until the wait is spent. A wrong password or database never will.
      const mayComeUp = isNotUpYet(error) && performance.now() - startedAt + RETRY_EVERY_MS < wait.ms;
      if (!mayComeUp) throw unusable(database, error);
      if (!waiting) wait.onWaiting?.(`${describeUrl(database.url)} (${errorText(error)})`);
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
  }
}

/** How often start-up asks a PostgreSQL that is not up yet. */
const RETRY_EVERY_MS = 500;

/** Refused, unreachable, or "the database system is starting up" (57P03). */
const isNotUpYet = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === '57P03';
};

function unusable(database: Extract<AppConfig['database'], { kind: 'postgres' }>, error: unknown) {
  const where = describeUrl(database.url);
  const code = (error as { code?: string }).code;
  const fix =
    code === '28P01' || code === '28000'
      ? 'check the user name and password in DATABASE_URL'
      : code === '3D000'
        ? 'create the database or correct its name in DATABASE_URL'
        : 'start PostgreSQL, correct DATABASE_URL, or raise DB_CONNECT_TIMEOUT_MS or DB_START_WAIT_MS';
  return new ConfigError(
    `DATABASE_URL: PostgreSQL at ${where} cannot be used (${errorText(error)}): ${fix}.`,
  );
}
