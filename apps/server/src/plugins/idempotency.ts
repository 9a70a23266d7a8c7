import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { ApiCode } from '@portal/contracts/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { AppError, invalidField } from '../lib/errors.ts';
import { isoAfterSeconds, newId, sha256 } from '../lib/ids.ts';
import { defineMessages } from '../lib/messages.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an `Idempotency-Key` header (plugins/idempotency.ts). */
    idempotency?: boolean;
  }
}

defineMessages({
  'idempotency.invalidKey': {
    'zh-CN': 'Idempotency-Key 请求头须为 1 到 128 个可打印 ASCII 字符',
    'en-US': 'The Idempotency-Key header must be 1 to 128 printable ASCII characters',
    'zh-TW': 'Idempotency-Key 標頭須為 1 到 128 個可列印 ASCII 字元',
  },
  'idempotency.keyReused': {
    'zh-CN': '该 Idempotency-Key 已用于另一个不同的请求，新的请求请使用新的键',
    'en-US':
      'This Idempotency-Key was already used with a different request; use a new key for a new request',
    'zh-TW': '該 Idempotency-Key 已用於另一個不同的請求，新的請求請使用新的鍵',
  },
  'idempotency.bodyTooDeep': {
    'zh-CN': '请求内容嵌套过深（最多 {max} 层）',
    'en-US': 'The request body is nested too deeply (at most {max} levels)',
    'zh-TW': '請求內容巢狀過深（最多 {max} 層）',
  },
  'idempotency.inFlight': {
    'zh-CN': '相同的请求正在处理中，请稍候再试',
    'en-US': 'The same request is still being processed; please wait a moment and try again',
    'zh-TW': '相同的請求正在處理中，請稍候再試',
  },
});

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** A key and its stored answer live this long; the retention task deletes them afterwards. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;
/**
 * A claim older than this belongs to a request that can no longer be running (its instance died between
 * the claim and the answer): statements end after DB_STATEMENT_TIMEOUT_MS and idle transactions after
 * DB_IDLE_TRANSACTION_TIMEOUT_MS, far sooner. The key may then be claimed again.
 */
export const IDEMPOTENCY_ABANDONED_SECONDS = 5 * 60;
/** 1–128 printable ASCII characters (space to tilde). */
const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;

interface Claim {
  customerId: string;
  route: string;
  key: string;
  claimId: string;
  finished: boolean;
}

const bodyHashes = new WeakMap<FastifyRequest, string>();
const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * Deepest nesting of arrays and objects a keyed body may have. No route's schema comes near it; a body
 * nested deeper (`[[[[…]]]]` fills a 1 MB body 500,000 levels deep) is refused with a 400 before it is
 * hashed, instead of overflowing the stack into a 500.
 */
export const MAX_BODY_DEPTH = 64;

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_BODY_DEPTH && value !== null && typeof value === 'object')
    throw new AppError(ApiCode.BadRequest, 'idempotency.bodyTooDeep', { max: MAX_BODY_DEPTH });
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null, depth + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonicalJson(item, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The key of the request, undefined when absent; a 400 when malformed. */
function readKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw invalidField('Idempotency-Key', 'idempotency.invalidKey');
  return header;
}

type Outcome = { kind: 'claimed'; claimId: string } | { kind: 'replay'; status: number; body: string };

/**
 * Claims the key for this request by inserting its row (the primary key makes exactly one concurrent
 * insert win, across every instance sharing the database), or finds what the first request left.
 */
async function claimKey(db: Db, id: { customerId: string; route: string; key: string }, hash: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const claimId = newId();
    const fresh = {
      body_hash: hash,
      state: 'processing' as const,
      status_code: null,
      response_body: null,
      created_at: now,
      claim_id: claimId,
      locked_at: now,
      expires_at: isoAfterSeconds(IDEMPOTENCY_KEY_TTL_SECONDS, nowMs),
    };
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ customer_id: id.customerId, route: id.route, idempotency_key: id.key, ...fresh })
      .onConflict((oc) => oc.columns(['customer_id', 'route', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed', claimId } as Outcome;

    const row = await db
      .selectFrom('idempotency_keys')
      .select(['body_hash', 'state', 'status_code', 'response_body', 'claim_id', 'locked_at', 'expires_at'])
      .where('customer_id', '=', id.customerId)
      .where('route', '=', id.route)
      .where('idempotency_key', '=', id.key)
      .executeTakeFirst();
    if (!row) continue; // released in between: try the insert again
    const abandonedBefore = new Date(nowMs - IDEMPOTENCY_ABANDONED_SECONDS * 1000).toISOString();
    const isExpired = row.expires_at <= now;
    const isAbandoned = row.state === 'processing' && row.locked_at <= abandonedBefore;
    if (isExpired || (isAbandoned && row.body_hash === hash)) {
      // Take the key over from the claim we read, and only from it (a concurrent taker-over wins or we do).
      const taken = await db
        .updateTable('idempotency_keys')
        .set(fresh)
        .where('customer_id', '=', id.customerId)
        .where('route', '=', id.route)
        .where('idempotency_key', '=', id.key)
        .where('claim_id', '=', row.claim_id)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', claimId } as Outcome;
      continue;
    }
    if (row.body_hash !== hash) throw new AppError(ApiCode.Conflict, 'idempotency.keyReused');
    if (row.state === 'completed' && row.status_code !== null && row.response_body !== null)
      return { kind: 'replay', status: row.status_code, body: row.response_body } as Outcome;
    throw new AppError(ApiCode.Conflict, 'idempotency.inFlight');
  }
  throw new AppError(ApiCode.Conflict, 'idempotency.inFlight');
}

const brotliDecompressAsync = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

/** The answer's JSON text, decompressed when plugins/compression.ts already compressed it. */
async function answerText(reply: FastifyReply, payload: unknown): Promise<string | undefined> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br' && Buffer.isBuffer(payload)) return (await brotliDecompressAsync(payload)).toString();
  if (encoding === 'gzip' && Buffer.isBuffer(payload)) return (await gunzipAsync(payload)).toString();
  if (encoding !== undefined) return undefined;
  return typeof payload === 'string' ? payload : payload.toString();
}

/** Only a successful answer is kept: a refusal or a failure changed nothing, so the key is freed. */
function isSuccess(status: number, text: string): boolean {
  if (status >= 400) return false;
  try {
    return (JSON.parse(text) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}

function claimRow(db: Db, claim: Claim) {
  return db
    .updateTable('idempotency_keys')
    .where('customer_id', '=', claim.customerId)
    .where('route', '=', claim.route)
    .where('idempotency_key', '=', claim.key)
    .where('claim_id', '=', claim.claimId);
}

function release(db: Db, claim: Claim) {
  return db
    .deleteFrom('idempotency_keys')
    .where('customer_id', '=', claim.customerId)
    .where('route', '=', claim.route)
    .where('idempotency_key', '=', claim.key)
    .where('claim_id', '=', claim.claimId)
    .execute();
}

/**
 * `Idempotency-Key` for routes whose config says `idempotency: true` (IETF draft
 * "The Idempotency-Key HTTP Header Field"): a client retrying a request whose answer it lost gets the
 * first answer instead of a second side effect.
 *
 * - No header: the request runs as usual. A header that is not 1–128 printable ASCII: 400.
 * - The key is scoped to the customer, the user and the route and remembers a SHA-256 of the method, query and
 *   canonical JSON body (read before validation, so equal JSON in another key order is the same request).
 * - First use: the key is claimed by inserting its row (primary key: customer, route, key), so of
 *   concurrent requests — on one instance or several on one PostgreSQL — exactly one runs.
 * - Same key, same body, answer stored: the stored answer again, byte for byte, with
 *   `Idempotent-Replayed: true`. Same key, other body: 409 `idempotency.keyReused`. Still running: 409
 *   `idempotency.inFlight`.
 * - Only a successful answer (HTTP < 400 and envelope `success: true`) is stored. Any other answer (a
 *   validation or business refusal such as insufficient balance, or a server error) releases the key:
 *   services write in one transaction, so such a request changed nothing, and the caller may fix the
 *   cause (top up, correct a field) and send again with the same key.
 * - Keys expire after 24 h (the retention task deletes them); a claim left by a crashed instance is
 *   taken over after IDEMPOTENCY_ABANDONED_SECONDS.
 * The claim and the stored answer are written outside the route's transaction, so they are visible to
 * other requests at once; the answer is stored before it is sent, so a retry after the answer arrives is
 * always a replay.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    // The body as the client sent it, before the route's schema transforms it.
    const rememberBody = async (request: FastifyRequest) => {
      if (readKey(request) === undefined) return;
      const query = request.query && typeof request.query === 'object' ? request.query : {};
      bodyHashes.set(request, sha256(canonicalJson([request.method, query, request.body ?? null])));
    };

    // After validation: a request refused by its schema never claims a key.
    const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = readKey(request);
      const hash = bodyHashes.get(request);
      if (key === undefined || hash === undefined) return;
      const id = {
        customerId: request.auth?.customerId ?? '',
        route: request.routeOptions.url ?? request.url,
        // Each user's keys are its own: another user of the customer (another unit) neither replays
        // nor learns of them. Stored as `<user id>:<key>` (an id holds no colon).
        key: `${request.auth?.userId ?? ''}:${key}`,
      };
      const outcome = await claimKey(app.db, id, hash);
      if (outcome.kind === 'replay') {
        reply
          .code(outcome.status)
          .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .type('application/json; charset=utf-8');
        return reply.send(outcome.body);
      }
      claims.set(request, { ...id, claimId: outcome.claimId, finished: false });
    };

    // Before the answer leaves: store it (success) or free the key (anything else).
    const storeOrRelease = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = claims.get(request);
      if (!claim || claim.finished) return payload;
      claim.finished = true;
      try {
        const text = await answerText(reply, payload);
        if (text !== undefined && isSuccess(reply.statusCode, text)) {
          await claimRow(app.db, claim)
            .set({ state: 'completed', status_code: reply.statusCode, response_body: text })
            .execute();
        } else {
          await release(app.db, claim);
        }
      } catch (error) {
        // The answer still goes out; the key stays claimed until it is abandoned or expires.
        request.log.error({ err: error }, 'idempotency: could not store the answer');
      }
      return payload;
    };

    // A request that ended without sending through onSend (aborted, failed in a hook) frees its key.
    const releaseUnfinished = async (request: FastifyRequest) => {
      const claim = claims.get(request);
      if (!claim || claim.finished) return;
      claim.finished = true;
      await release(app.db, claim).catch((error: unknown) =>
        request.log.error({ err: error }, 'idempotency: could not release the key'),
      );
    };

    // Only routes that opt in get the hooks: every other request pays nothing. Route-level hooks run after
    // the global ones (sign-in first; compression's onSend before ours, hence answerText's decompression).
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotency) return;
      const hooks = route as unknown as Record<string, unknown>;
      const append = (name: string, hook: unknown) => {
        const existing = hooks[name];
        hooks[name] =
          existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
      };
      append('preValidation', rememberBody);
      append('preHandler', claimOrReplay);
      append('onSend', storeOrRelease);
      append('onResponse', releaseUnfinished);
    });
  },
  { name: 'idempotency', dependencies: ['database', 'authenticate'] },
);
