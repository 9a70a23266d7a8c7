import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ResponseCheck } from './lib/response-serializer.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every setting the server reads from the environment, validated once at start. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'must start with postgres:// (leave it unset for the embedded SQLite database)',
    )
    .optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 86_400),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_ACCOUNT_SLOWDOWN_AFTER: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_DELAY_SECONDS: z.coerce.number().int().min(1).default(2),
  LOGIN_DEVICE_COOKIE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).default(20),
  LOGIN_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
  RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(60).default(3600),
  SCHEDULER_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DB_IDLE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  IMPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(4),
  IMPORT_MAX_PER_CUSTOMER: z.coerce.number().int().min(1).max(100).default(1),
  RESPONSE_CHECK: z.enum(['types', 'full']).default('types'),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Undefined when not configured: the database plugin then provides a generated, persisted one. */
  tokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  loginThrottle: {
    /** Failures of one address against one account (a pair) before that pair pauses. */
    maxFailuresPerAccount: number;
    /** Failures of one address over all accounts before the address pauses (sized for a shared NAT). */
    maxFailuresPerAddress: number;
    windowSeconds: number;
    /** Failures against one account from all addresses before its attempts are slowed down. */
    accountSlowdownAfter: number;
    /** First delay of the slowdown; it doubles with each further failure, up to the window. */
    accountDelaySeconds: number;
    deviceCookieDays: number;
  };
  maxSessionsPerUser: number;
  loginLogRetentionDays: number;
  retentionIntervalSeconds: number;
  /** Whether the instance runs scheduled tasks on a timer (tests run them one tick at a time). */
  schedulerEnabled: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string | undefined;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Spreadsheet imports running at once: server-wide and per customer (lib/import-limiter.ts). */
  imports: { maxConcurrent: number; maxPerCustomer: number };
  /** Limits that keep a stopped or frozen database from holding requests (see db/database.ts). */
  databaseTimeouts: DatabaseTimeouts;
  /** Longest a graceful shutdown may take before the process exits with code 1. */
  shutdownTimeoutMs: number;
  /** How answers are checked against their response schema (lib/response-serializer.ts); tests use `full`. */
  responseCheck: ResponseCheck;
}

export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool; also the start-up reachability check. */
  connectMs: number;
  /** One SQL statement (PostgreSQL statement_timeout; a frozen server is caught on the client side). */
  statementMs: number;
  /** A transaction left idle this long is ended by PostgreSQL. */
  idleTransactionMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
    tokenSecret: e.TOKEN_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    loginThrottle: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW_SECONDS,
      accountSlowdownAfter: e.LOGIN_ACCOUNT_SLOWDOWN_AFTER,
      accountDelaySeconds: e.LOGIN_ACCOUNT_DELAY_SECONDS,
      deviceCookieDays: e.LOGIN_DEVICE_COOKIE_DAYS,
    },
    maxSessionsPerUser: e.MAX_SESSIONS_PER_USER,
    loginLogRetentionDays: e.LOGIN_LOG_RETENTION_DAYS,
    retentionIntervalSeconds: e.RETENTION_INTERVAL_SECONDS,
    schedulerEnabled: e.SCHEDULER_ENABLED,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleTransactionMs: e.DB_IDLE_TRANSACTION_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    imports: { maxConcurrent: e.IMPORT_MAX_CONCURRENT, maxPerCustomer: e.IMPORT_MAX_PER_CUSTOMER },
    responseCheck: e.RESPONSE_CHECK,
  };
}

/**
 * The token secret kept in the data directory, generated on first run. Used with SQLite, where the data
 * directory belongs to one instance; with PostgreSQL the secret lives in the database so every instance
 * sharing it signs and verifies with the same key (see db/secrets.ts).
 */
export function readOrCreateFileSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { tokenSecret?: string };
    if (stored.tokenSecret) return stored.tokenSecret;
  }
  const tokenSecret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails when the file exists: a process that loses the race reads the winner's secret.
    writeFileSync(file, JSON.stringify({ tokenSecret }, null, 2), { mode: 0o600, flag: 'wx' });
    return tokenSecret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readOrCreateFileSecret(dataDir);
  }
}
