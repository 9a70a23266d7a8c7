import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
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
  IMPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(4),
  IMPORT_MAX_PER_CUSTOMER: z.coerce.number().int().min(1).max(100).default(1),
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
  loginThrottle: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowSeconds: number };
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string | undefined;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Spreadsheet imports running at once: server-wide and per customer (lib/import-limiter.ts). */
  imports: { maxConcurrent: number; maxPerCustomer: number };
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
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    imports: { maxConcurrent: e.IMPORT_MAX_CONCURRENT, maxPerCustomer: e.IMPORT_MAX_PER_CUSTOMER },
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
