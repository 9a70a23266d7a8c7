import SqliteDatabase from 'better-sqlite3';
import { type Dialect, type Driver, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { AppConfig, DatabaseTimeouts } from '../config.ts';
import { checkSqliteIntegrity, checkSqliteWritable } from './availability.ts';
import { retiringPool } from './pg-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Whether `db` (or a transaction of it) speaks to PostgreSQL: row locks (`FOR UPDATE`) and sequences are PostgreSQL-only. */
export const isPostgres = (db: { getExecutor(): { adapter: unknown } }): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

// PostgreSQL bigint and numeric columns arrive as strings by default; counts and amounts here fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The defaults of config.ts, for callers (migrate.ts) that do not pass their own. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 15_000,
  idleTransactionMs: 30_000,
};

/**
 * Opens the configured database: SQLite (WAL, foreign keys, busy timeout) or a PostgreSQL pool.
 * The pool's limits keep a stopped or frozen PostgreSQL from holding requests: opening a connection or
 * waiting for a free one ends after `connectMs`, a statement after `statementMs` (on the server; the
 * client gives up a second later when the server is frozen and cannot answer), and a transaction left
 * idle is ended by the server after `idleTransactionMs`. A connection whose statement failed that way is
 * closed, not reused (`retiringPool`), so a request after a freeze never waits behind a stuck statement.
 */
export function createDatabase(
  database: AppConfig['database'],
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 1000,
      idle_in_transaction_session_timeout: timeouts.idleTransactionMs,
      keepAlive: true,
    });
    // An idle connection the server drops (restart, failover, admin termination) is discarded by the pool;
    // without a listener its 'error' event would crash the process.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    // A connection lost while checked out (mid-query) errors its query, which answers 503; pg also emits
    // 'error' on the client, and the pool listens only to idle clients, so without this the process dies.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    });
    const dialect = new PostgresDialect({ pool: retiringPool(pool) });
    // A ROLLBACK that fails (the connection is gone) leaves that connection retired, so pg-pool closes it
    // and the server ends the transaction; the error that caused the rollback is the one to report.
    return new Kysely<Database>({
      dialect: withRollback(dialect, (rollback) => rollback().catch(() => undefined)),
    });
  }
  // A read-only data directory or a damaged file stops the start with one line naming DATA_DIR.
  checkSqliteWritable(database.file);
  const sqlite = checkSqliteIntegrity(database.file, () => {
    const handle = new SqliteDatabase(database.file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('foreign_keys = ON');
    // Waiting for another writer's lock counts as one statement (5 s unless the statement limit is lower).
    handle.pragma(`busy_timeout = ${Math.min(5000, timeouts.statementMs)}`);
    handle.pragma('synchronous = NORMAL');
    return handle;
  });
  const dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  // SQLite ends the transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR, …): its ROLLBACK would
  // then fail with "no transaction is active" and hide the first error.
  return new Kysely<Database>({
    dialect: withRollback(dialect, async (rollback) => {
      if (sqlite.inTransaction) await rollback();
    }),
  });
}

/**
 * Kysely answers a failed transaction with its ROLLBACK's error when that fails too, which hides the cause
 * (a full disk, a lost connection). `rollback` decides how each dialect rolls back instead.
 */
function withRollback(dialect: Dialect, rollback: (original: () => Promise<void>) => Promise<void>): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const original = driver.rollbackTransaction.bind(driver);
      driver.rollbackTransaction = (connection) => rollback(() => original(connection));
      return driver;
    },
  };
}

/** Statements kept prepared per SQLite connection; past this many distinct texts the cache starts over. */
const STATEMENT_CACHE_SIZE = 500;

/** What Kysely's SQLite driver uses of a better-sqlite3 statement. */
interface DriverStatement {
  readonly reader: boolean;
  readonly busy: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SqliteDatabase.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * A function that turns one raw row (an array, in column order) into the object better-sqlite3 would
 * have made: the same keys in the same order, a later column of the same name winning. Undefined when
 * a column name would make an object literal do something else (`__proto__` sets the prototype).
 */
export function rowBuilder(columns: readonly string[]): ((values: unknown[]) => object) | undefined {
  if (columns.includes('__proto__')) return undefined;
  const properties = columns.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  // The keys are JSON string literals of the statement's own column names, never data.
  return new Function('values', `return { ${properties.join(', ')} };`) as (values: unknown[]) => object;
}

/**
 * A reader statement that fetches rows as arrays and builds the objects in JavaScript. better-sqlite3
 * builds each row object through the native API one property at a time, which for a page of 20 rows ×
 * 24 columns costs about as much as the query itself; an object literal of fixed shape is nearly free.
 */
function rawRowStatement(statement: SqliteDatabase.Statement): DriverStatement {
  const build = rowBuilder(statement.columns().map((column) => column.name));
  if (!build) return statement as unknown as DriverStatement;
  statement.raw(true);
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(build),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield build(values);
    },
  };
}

/**
 * Kysely prepares every statement anew on each call, which costs as much as running a small query.
 * The handle given to Kysely reuses the prepared statement of an identical SQL text (parameters are bound
 * per call). A statement that is still being iterated (a streamed query) is never handed out twice.
 * Reader statements return their rows through `rawRowStatement`.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, DriverStatement>();
  const prepare = (text: string): DriverStatement => {
    const statement = sqlite.prepare(text);
    return statement.reader ? rawRowStatement(statement) : (statement as unknown as DriverStatement);
  };
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const statement = prepare(text);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        cache.set(text, statement);
      }
      return statement;
    },
  };
}
