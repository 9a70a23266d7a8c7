import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { ResponseCheck } from './lib/response-serializer.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every setting the server reads from the environment, validated once at start. */
/** How many worker threads of a pool (pictures, labels): by default one less than the cores, at least one. */
const workerThreads = () =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, availableParallelism() - 1));

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
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Calls one API token may make per minute on the open API (modules/open-api). */
  OPEN_API_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
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
  // The demo customer's orders in every status (issue 10); API tests that do not need them leave them out.
  SEED_DEMO_ORDERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // Start-up: how long to keep trying a PostgreSQL that refuses connections or is still starting; 0 = once.
  DB_START_WAIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DB_IDLE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  STARTUP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  IMPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(4),
  IMPORT_MAX_PER_CUSTOMER: z.coerce.number().int().min(1).max(100).default(1),
  // Rows one batch-create sheet may hold (contracts ORDER_IMPORT_MAX_ROWS is the ceiling).
  ORDER_IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(100_000),
  RESPONSE_CHECK: z.enum(['types', 'full']).default('types'),
  // Serialized list pages kept per instance, keyed by the list's version (lib/answer-cache.ts); 0 = none.
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  // Operations API (issue 10): the key the provider's staff and tools present; unset = the API is closed.
  OPERATOR_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  // Pictures (issue 13, modules/customer-info): upload sizes, and the pixel limits checked before decoding.
  IMAGE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  CERT_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).max(100_000_000).default(24_000_000),
  IMAGE_MAX_SIDE: z.coerce.number().int().min(1).max(65_535).default(8000),
  // Pictures are decoded and encoded again on worker threads (lib/image-pool.ts): how many, each one's
  // heap cap (a backstop above the worst accepted picture's need, see there), how many uploads may wait
  // for a thread, and how many one customer may have in progress at once (more are refused "busy").
  IMAGE_WORKERS: workerThreads(),
  IMAGE_WORKER_HEAP_MB: z.coerce.number().int().min(768).max(16_384).default(1024),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  IMAGE_UPLOADS_PER_CUSTOMER: z.coerce.number().int().min(1).max(100).default(2),
  // Label PDFs are drawn on worker threads (modules/label/label-pool.ts): how many, and how many prints
  // may wait for one (more are refused "busy").
  LABEL_WORKERS: workerThreads(),
  LABEL_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  // File storage (issue 10): a local directory, or an S3-compatible store for several instances.
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  FILE_STORAGE_DIR: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Background tasks (issue 10): the one task runner.
  TASK_RUNNER_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  TASK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  TASK_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  TASK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  TASK_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  EXPORT_FILE_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(72),
  // Settlement (issue 11). The portal's address as payers' browsers and providers reach it: cashier
  // return URLs and notification URLs are built on it. Unset: http://localhost:PORT (the demo).
  PUBLIC_BASE_URL: z.string().url().optional(),
  // The sandboxes (WeChat sign-in, Alipay and WeChat Pay) under a public https PUBLIC_BASE_URL: refused at
  // start unless this says they are meant to run there (a public demo). See sandboxesInProduction.
  ALLOW_SANDBOX_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Who processes each online channel: the in-system sandbox (default), or the real provider.
  PAYMENT_ALIPAY_PROVIDER: z.enum(['sandbox', 'alipay']).default('sandbox'),
  PAYMENT_WECHAT_PROVIDER: z.enum(['sandbox', 'wechat']).default('sandbox'),
  // Alipay open platform (RSA2): app id, the app's private key and Alipay's public key (PEM or bare base64).
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  // WeChat Pay API v3 (Native): app id, merchant id, APIv3 key (32 bytes), the merchant's private key and
  // its certificate serial, and the platform's public key with its id (WeChat Pay's "平台公钥").
  WECHAT_PAY_APP_ID: z.string().optional(),
  WECHAT_PAY_MCH_ID: z.string().optional(),
  WECHAT_PAY_API_V3_KEY: z.string().length(32, 'must be 32 characters').optional(),
  WECHAT_PAY_PRIVATE_KEY: z.string().optional(),
  WECHAT_PAY_CERT_SERIAL: z.string().optional(),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHAT_PAY_PLATFORM_KEY_ID: z.string().optional(),
  WECHAT_PAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  // A pending online recharge is closed after this; reconciliation asks providers about pending ones.
  RECHARGE_EXPIRE_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  RECHARGE_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  // The public /topUp page's customer look-up: at most this many per address per window.
  TOPUP_LOOKUPS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  TOPUP_LOOKUP_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  // …and its recharges and voucher uploads (each keeps a row, a voucher up to 10 MiB): per address too.
  TOPUP_CREATES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  TOPUP_CREATE_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),
  // The signed-in voucher upload (OrderMall/UploadTransferVoucher), per customer: bank transfers sent
  // from the portal still waiting for staff, and uploads per window (each keeps a voucher up to 10 MiB).
  VOUCHER_PENDING_PER_CUSTOMER: z.coerce.number().int().min(1).max(1000).default(5),
  VOUCHER_UPLOADS_PER_CUSTOMER: z.coerce.number().int().min(1).max(10_000).default(10),
  VOUCHER_UPLOAD_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),
  // Bills: the period, the day of the next period they are issued on (day of month, or ISO weekday for
  // weekly bills), days until due, the time zone periods are cut in, and how often the scheduler looks.
  BILL_PERIOD: z.enum(['month', 'week']).default('month'),
  BILL_ISSUE_DAY: z.coerce.number().int().min(1).max(28).default(1),
  BILL_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  BILL_UTC_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(480),
  BILL_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  // Registration (issue 13): registrations per client address per window (each writes a customer).
  REGISTER_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  REGISTER_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),
  // How long a phone verified by its code may be used to register.
  REGISTER_TICKET_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  // Prospect links: how long a new link is valid (days; ops may choose per link), and the public
  // link pages' calls per client address per window.
  PROSPECT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  PROSPECT_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(60),
  PROSPECT_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  SMS_CODE_MAX_TRIES: z.coerce.number().int().min(1).max(20).default(5),
  SMS_DAILY_CAP_PER_PHONE: z.coerce.number().int().min(1).max(1000).default(10),
  SMS_DAILY_CAP_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_LOGIN: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_RESET: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CHANGE_PHONE: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_REGISTER: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_REGION_ID: z.string().default('cn-hangzhou'),
  // WeChat QR login (issue 13): the in-system sandbox (default) or WeChat Open Platform website login.
  WECHAT_LOGIN_PROVIDER: z.enum(['sandbox', 'wechat']).default('sandbox'),
  WECHAT_LOGIN_APP_ID: z.string().optional(),
  WECHAT_LOGIN_APP_SECRET: z.string().optional(),
  WECHAT_LOGIN_OPEN_BASE_URL: z.string().url().default('https://open.weixin.qq.com'),
  WECHAT_LOGIN_API_BASE_URL: z.string().url().default('https://api.weixin.qq.com'),
  WECHAT_SCENE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  // QR codes one address may ask for per window (each is a row until retention deletes it).
  WECHAT_SCENES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(60),
  WECHAT_SCENE_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  // Single sign-on tickets: the key shared with each source (unset: derived from the token secret, which
  // serves the demo and `npm run ops sso-ticket`), their longest life, the clock skew tolerated, and the
  // OMS sign-in address GetCustomerLoginToken sends the user to.
  SSO_WEBSITE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SSO_OMS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SSO_TICKET_MAX_AGE_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  SSO_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SSO_OMS_LOGIN_URL: z.string().url().optional(),
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
  /** Notifications older than this are deleted by the retention task (with their read marks). */
  notificationRetentionDays: number;
  /** Calls one API token may make per minute on the open API. */
  openApiCallsPerMinute: number;
  /** Whether the instance runs scheduled tasks on a timer (tests run them one tick at a time). */
  schedulerEnabled: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string | undefined;
  seedDemo: boolean;
  /** With seedDemo: also the demo customer's orders through their journey (db/seed.ts). */
  seedDemoOrders: boolean;
  trustProxy: boolean;
  /** Spreadsheet imports running at once: server-wide and per customer (lib/import-limiter.ts). */
  imports: { maxConcurrent: number; maxPerCustomer: number; maxOrderRows: number };
  /** Limits that keep a stopped or frozen database from holding requests (see db/database.ts). */
  databaseTimeouts: DatabaseTimeouts;
  /** Longest a graceful shutdown may take before the process exits with code 1. */
  shutdownTimeoutMs: number;
  /** Longest the start (connect, migrate, seed, listen) may take before the process exits with code 1. */
  startupTimeoutMs: number;
  /** How long start-up keeps trying a PostgreSQL that is not up yet (DB_START_WAIT_MS). */
  databaseStartWaitMs: number;
  /** How answers are checked against their response schema (lib/response-serializer.ts); tests use `full`. */
  responseCheck: ResponseCheck;
  /** Bytes of serialized list answers this instance keeps (lib/answer-cache.ts); 0 keeps none. */
  answerCacheBytes: number;
  /** Key of the operations API (`x-operator-key`); undefined = the operations API answers 401 to all. */
  operatorApiKey: string | undefined;
  /** Uploaded pictures (modules/customer-info, lib/images.ts; threads and limits: plugins/images.ts). */
  images: {
    maxBytes: number;
    certPhotoMaxBytes: number;
    maxPixels: number;
    maxSide: number;
    workers: number;
    workerHeapMb: number;
    queue: number;
    uploadsPerCustomer: number;
  };
  /** The label threads (plugins/label-pool.ts). */
  labels: { workers: number; queue: number };
  /** Where uploaded and exported files live (lib/storage). */
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** The task runner (jobs/task-runner.ts). */
  tasks: {
    enabled: boolean;
    pollMs: number;
    leaseSeconds: number;
    maxAttempts: number;
    concurrency: number;
  };
  /** Hours an export's file is kept before it is deleted. */
  exportFileTtlHours: number;
  /** Settlement (issue 11): payment providers, recharge timing, the public top-up look-up. */
  payments: PaymentsConfig;
  bills: BillsConfig;
  registration: RegistrationConfig;
  /** Codes by SMS (issue 13): the provider and the limits of modules/verification-code. */
  sms: SmsConfig;
  /** WeChat QR login and binding (modules/wechat). */
  wechatLogin: WeChatLoginConfig;
  /** Single sign-on tickets (modules/sso). */
  sso: SsoConfig;
}

export interface RegistrationConfig {
  /** Registrations per client address per window. */
  register: { limit: number; windowSeconds: number };
  ticketTtlSeconds: number;
  /** Default validity of a new prospect link. */
  prospectLinkDays: number;
  /** The public prospect link calls per client address per window. */
  prospect: { limit: number; windowSeconds: number };
  /** Where links point (PUBLIC_BASE_URL), without a trailing slash. */
  publicBaseUrl: string;
}

export interface SmsConfig {
  provider:
    | { kind: 'sandbox' }
    | {
        kind: 'aliyun';
        accessKeyId: string;
        accessKeySecret: string;
        signName: string;
        templates: { login: string; reset: string; changePhone: string; register: string };
        endpoint: string;
        regionId: string;
      };
  /** Wrong tries before a code is spent. */
  maxTries: number;
  /** Codes sent per phone, and per client address (IPv6 by /64), per UTC day. */
  dailyCapPerPhone: number;
  dailyCapPerAddress: number;
}

export interface WeChatLoginConfig {
  provider:
    | { kind: 'sandbox' }
    | { kind: 'wechat'; appId: string; appSecret: string; openBaseUrl: string; apiBaseUrl: string };
  sceneTtlSeconds: number;
  scenesPerAddress: { limit: number; windowSeconds: number };
}

export interface SsoConfig {
  /** Configured keys per source; a source without one uses a key derived from the token secret. */
  keys: { website: string | undefined; oms: string | undefined };
  ticketMaxAgeSeconds: number;
  clockSkewSeconds: number;
  omsLoginUrl: string | undefined;
}

export interface PaymentsConfig {
  /** Without a trailing slash. */
  publicBaseUrl: string;
  alipay:
    | { provider: 'sandbox' }
    | { provider: 'alipay'; appId: string; privateKey: string; alipayPublicKey: string; gateway: string };
  wechat:
    | { provider: 'sandbox' }
    | {
        provider: 'wechat';
        appId: string;
        mchId: string;
        apiV3Key: string;
        privateKey: string;
        certSerial: string;
        platformPublicKey: string;
        platformKeyId: string;
        baseUrl: string;
      };
  rechargeExpireMinutes: number;
  reconcileIntervalSeconds: number;
  topUpLookup: { limit: number; windowSeconds: number };
  /** Recharges the public page may create (online orders and vouchers together) per address per window. */
  topUpCreate: { limit: number; windowSeconds: number };
  /**
   * The signed-in voucher upload, per customer: at most `maxPending` bank transfers sent from the portal
   * waiting for staff, and `limit` uploads per window.
   */
  portalVouchers: { maxPending: number; limit: number; windowSeconds: number };
}

export interface BillsConfig {
  period: 'month' | 'week';
  /** Day of month (month) or ISO weekday 1–7 (week) of the next period on which a period's bills are issued. */
  issueDay: number;
  dueDays: number;
  utcOffsetMinutes: number;
  intervalSeconds: number;
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
  refuseSandboxesInProduction(e);
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
    notificationRetentionDays: e.NOTIFICATION_RETENTION_DAYS,
    openApiCallsPerMinute: e.OPEN_API_CALLS_PER_MINUTE,
    schedulerEnabled: e.SCHEDULER_ENABLED,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    seedDemo: e.SEED_DEMO,
    seedDemoOrders: e.SEED_DEMO_ORDERS,
    trustProxy: e.TRUST_PROXY,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleTransactionMs: e.DB_IDLE_TRANSACTION_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    startupTimeoutMs: e.STARTUP_TIMEOUT_MS,
    databaseStartWaitMs: e.DB_START_WAIT_MS,
    imports: {
      maxConcurrent: e.IMPORT_MAX_CONCURRENT,
      maxPerCustomer: e.IMPORT_MAX_PER_CUSTOMER,
      maxOrderRows: e.ORDER_IMPORT_MAX_ROWS,
    },
    responseCheck: e.RESPONSE_CHECK,
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    operatorApiKey: e.OPERATOR_API_KEY,
    storage: storageConfig(e, dataDir),
    labels: { workers: e.LABEL_WORKERS, queue: e.LABEL_QUEUE },
    images: {
      maxBytes: e.IMAGE_UPLOAD_MAX_BYTES,
      certPhotoMaxBytes: e.CERT_PHOTO_MAX_BYTES,
      maxPixels: e.IMAGE_MAX_PIXELS,
      maxSide: e.IMAGE_MAX_SIDE,
      workers: e.IMAGE_WORKERS,
      workerHeapMb: e.IMAGE_WORKER_HEAP_MB,
      queue: e.IMAGE_QUEUE,
      uploadsPerCustomer: e.IMAGE_UPLOADS_PER_CUSTOMER,
    },
    tasks: {
      enabled: e.TASK_RUNNER_ENABLED,
      pollMs: e.TASK_POLL_MS,
      leaseSeconds: e.TASK_LEASE_SECONDS,
      maxAttempts: e.TASK_MAX_ATTEMPTS,
      concurrency: e.TASK_CONCURRENCY,
    },
    exportFileTtlHours: e.EXPORT_FILE_TTL_HOURS,
    payments: paymentsConfig(e),
    bills: {
      period: e.BILL_PERIOD,
      issueDay: e.BILL_ISSUE_DAY,
      dueDays: e.BILL_DUE_DAYS,
      utcOffsetMinutes: e.BILL_UTC_OFFSET_MINUTES,
      intervalSeconds: e.BILL_INTERVAL_SECONDS,
    },
    registration: {
      register: { limit: e.REGISTER_PER_ADDRESS, windowSeconds: e.REGISTER_WINDOW_SECONDS },
      ticketTtlSeconds: e.REGISTER_TICKET_TTL_SECONDS,
      prospectLinkDays: e.PROSPECT_LINK_DAYS,
      prospect: { limit: e.PROSPECT_REQUESTS_PER_ADDRESS, windowSeconds: e.PROSPECT_WINDOW_SECONDS },
      publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
    sms: smsConfig(e),
    wechatLogin: wechatLoginConfig(e),
    sso: {
      keys: { website: e.SSO_WEBSITE_KEY, oms: e.SSO_OMS_KEY },
      ticketMaxAgeSeconds: e.SSO_TICKET_MAX_AGE_SECONDS,
      clockSkewSeconds: e.SSO_CLOCK_SKEW_SECONDS,
      omsLoginUrl: e.SSO_OMS_LOGIN_URL,
    },
  };
}

/** Loopback and `localhost` names: a base address there is a demo or a developer's machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/**
 * The sandboxes configured, each with what it lets anyone do. The WeChat sign-in sandbox lets anyone sign
 * in as any user bound to WeChat (list the identities, confirm a scan as one); the payment sandbox lets a
 * payer approve their own top-up. The SMS sandbox is not here: it sends nothing and shows codes only to
 * the operator (`/ops/v1/sms/outbox` behind OPERATOR_API_KEY), so it opens nothing to the public.
 */
function configuredSandboxes(e: z.infer<typeof EnvSchema>): string[] {
  const sandboxes: string[] = [];
  if (e.WECHAT_LOGIN_PROVIDER === 'sandbox')
    sandboxes.push('WECHAT_LOGIN_PROVIDER=sandbox (anyone can sign in as any user bound to WeChat)');
  if (e.PAYMENT_ALIPAY_PROVIDER === 'sandbox')
    sandboxes.push('PAYMENT_ALIPAY_PROVIDER=sandbox (any payer can approve their own top-up)');
  if (e.PAYMENT_WECHAT_PROVIDER === 'sandbox')
    sandboxes.push('PAYMENT_WECHAT_PROVIDER=sandbox (any payer can approve their own top-up)');
  return sandboxes;
}

/**
 * Sandboxes cannot reach production by accident: with a public https PUBLIC_BASE_URL (not loopback or
 * localhost) and a sandbox configured, the server refuses to start — one line naming the setting that
 * allows it — unless ALLOW_SANDBOX_IN_PRODUCTION=true says so on purpose. The demo (`npm start`, no
 * PUBLIC_BASE_URL: http://localhost) and an http address (a test rig) start as before.
 */
function refuseSandboxesInProduction(e: z.infer<typeof EnvSchema>): void {
  if (!e.PUBLIC_BASE_URL || e.ALLOW_SANDBOX_IN_PRODUCTION) return;
  const url = new URL(e.PUBLIC_BASE_URL);
  if (url.protocol !== 'https:' || isLoopbackHost(url.hostname)) return;
  const sandboxes = configuredSandboxes(e);
  if (sandboxes.length === 0) return;
  throw new ConfigError(
    `ALLOW_SANDBOX_IN_PRODUCTION: PUBLIC_BASE_URL ${url.origin} is a public https address, but ` +
      `${sandboxes.join(', ')}; configure the real provider, or set ALLOW_SANDBOX_IN_PRODUCTION=true ` +
      'to run the sandbox there on purpose',
  );
}

function smsConfig(e: z.infer<typeof EnvSchema>): SmsConfig {
  const limits = {
    maxTries: e.SMS_CODE_MAX_TRIES,
    dailyCapPerPhone: e.SMS_DAILY_CAP_PER_PHONE,
    dailyCapPerAddress: e.SMS_DAILY_CAP_PER_ADDRESS,
  };
  if (e.SMS_PROVIDER === 'sandbox') return { provider: { kind: 'sandbox' }, ...limits };
  const keys = [
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_LOGIN',
    'ALIYUN_SMS_TEMPLATE_RESET',
    'ALIYUN_SMS_TEMPLATE_CHANGE_PHONE',
    'ALIYUN_SMS_TEMPLATE_REGISTER',
  ] as const;
  const missing = keys.filter((key) => !e[key]);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when SMS_PROVIDER=aliyun`).join('\n')}`,
    );
  return {
    provider: {
      kind: 'aliyun',
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: e.ALIYUN_SMS_SIGN_NAME!,
      templates: {
        login: e.ALIYUN_SMS_TEMPLATE_LOGIN!,
        reset: e.ALIYUN_SMS_TEMPLATE_RESET!,
        changePhone: e.ALIYUN_SMS_TEMPLATE_CHANGE_PHONE!,
        register: e.ALIYUN_SMS_TEMPLATE_REGISTER!,
      },
      endpoint: e.ALIYUN_SMS_ENDPOINT.replace(/\/+$/, ''),
      regionId: e.ALIYUN_SMS_REGION_ID,
    },
    ...limits,
  };
}

function wechatLoginConfig(e: z.infer<typeof EnvSchema>): WeChatLoginConfig {
  const common = {
    sceneTtlSeconds: e.WECHAT_SCENE_TTL_SECONDS,
    scenesPerAddress: { limit: e.WECHAT_SCENES_PER_ADDRESS, windowSeconds: e.WECHAT_SCENE_WINDOW_SECONDS },
  };
  if (e.WECHAT_LOGIN_PROVIDER === 'sandbox') return { provider: { kind: 'sandbox' }, ...common };
  const missing = (['WECHAT_LOGIN_APP_ID', 'WECHAT_LOGIN_APP_SECRET'] as const).filter((k) => !e[k]);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when WECHAT_LOGIN_PROVIDER=wechat`).join('\n')}`,
    );
  return {
    provider: {
      kind: 'wechat',
      appId: e.WECHAT_LOGIN_APP_ID!,
      appSecret: e.WECHAT_LOGIN_APP_SECRET!,
      openBaseUrl: e.WECHAT_LOGIN_OPEN_BASE_URL.replace(/\/+$/, ''),
      apiBaseUrl: e.WECHAT_LOGIN_API_BASE_URL.replace(/\/+$/, ''),
    },
    ...common,
  };
}

function paymentsConfig(e: z.infer<typeof EnvSchema>): PaymentsConfig {
  const missing: string[] = [];
  const need = <K extends keyof typeof e>(key: K, when: string) => {
    if (!e[key]) missing.push(`  ${String(key)}: required when ${when}`);
    return e[key] as string;
  };
  const alipay: PaymentsConfig['alipay'] =
    e.PAYMENT_ALIPAY_PROVIDER === 'alipay'
      ? {
          provider: 'alipay',
          appId: need('ALIPAY_APP_ID', 'PAYMENT_ALIPAY_PROVIDER=alipay'),
          privateKey: need('ALIPAY_PRIVATE_KEY', 'PAYMENT_ALIPAY_PROVIDER=alipay'),
          alipayPublicKey: need('ALIPAY_PUBLIC_KEY', 'PAYMENT_ALIPAY_PROVIDER=alipay'),
          gateway: e.ALIPAY_GATEWAY,
        }
      : { provider: 'sandbox' };
  const when = 'PAYMENT_WECHAT_PROVIDER=wechat';
  const wechat: PaymentsConfig['wechat'] =
    e.PAYMENT_WECHAT_PROVIDER === 'wechat'
      ? {
          provider: 'wechat',
          appId: need('WECHAT_PAY_APP_ID', when),
          mchId: need('WECHAT_PAY_MCH_ID', when),
          apiV3Key: need('WECHAT_PAY_API_V3_KEY', when),
          privateKey: need('WECHAT_PAY_PRIVATE_KEY', when),
          certSerial: need('WECHAT_PAY_CERT_SERIAL', when),
          platformPublicKey: need('WECHAT_PAY_PLATFORM_PUBLIC_KEY', when),
          platformKeyId: need('WECHAT_PAY_PLATFORM_KEY_ID', when),
          baseUrl: e.WECHAT_PAY_BASE_URL,
        }
      : { provider: 'sandbox' };
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  return {
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    alipay,
    wechat,
    rechargeExpireMinutes: e.RECHARGE_EXPIRE_MINUTES,
    reconcileIntervalSeconds: e.RECHARGE_RECONCILE_INTERVAL_SECONDS,
    topUpLookup: { limit: e.TOPUP_LOOKUPS_PER_ADDRESS, windowSeconds: e.TOPUP_LOOKUP_WINDOW_SECONDS },
    topUpCreate: { limit: e.TOPUP_CREATES_PER_ADDRESS, windowSeconds: e.TOPUP_CREATE_WINDOW_SECONDS },
    portalVouchers: {
      maxPending: e.VOUCHER_PENDING_PER_CUSTOMER,
      limit: e.VOUCHER_UPLOADS_PER_CUSTOMER,
      windowSeconds: e.VOUCHER_UPLOAD_WINDOW_SECONDS,
    },
  };
}

function storageConfig(e: z.infer<typeof EnvSchema>, dataDir: string): AppConfig['storage'] {
  if (e.FILE_STORAGE === 'local')
    return { kind: 'local', dir: path.resolve(e.FILE_STORAGE_DIR ?? path.join(dataDir, 'files')) };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when FILE_STORAGE=s3`).join('\n')}`,
    );
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
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
