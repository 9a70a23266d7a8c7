import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window counters shared by every instance through the `rate_limit_hits` table (issue 11: the public
 * top-up look-up and the payment-result query; SMS codes next). One hit is ONE upsert that adds 1 to the
 * (bucket, window) row and answers the new count, so instances behind a load balancer count together and
 * two hits at the same moment never read the same count: on PostgreSQL the conflicting insert waits for the
 * row lock and then increments the committed value; SQLite writes one statement at a time.
 *
 * Fixed windows: a window starts at a multiple of `windowSeconds` since the epoch; at most `limit` hits are
 * allowed in it (the hit that exceeds is counted too, so hammering does not reset anything). Rows expire
 * with their window and are deleted by the retention task (`deleteExpiredRateLimitHits`).
 */
export interface RateLimitRule {
  /** What is counted: `topUpLookup:<address>`, `payQuery:<recharge number>` … */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  hits: number;
  /** Until the window ends (at least 1). */
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const end = start + windowMs;
  const row = await db
    .insertInto('rate_limit_hits')
    .values({
      // Buckets name addresses and numbers a caller chose: bounded so a row stays small.
      bucket: rule.bucket.slice(0, 200),
      window_start: new Date(start).toISOString(),
      hits: 1,
      expires_at: new Date(end).toISOString(),
    })
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'window_start'])
        .doUpdateSet((eb) => ({ hits: eb(eb.ref('rate_limit_hits.hits'), '+', 1) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

/**
 * What a per-address limit counts for a client address: an IPv4 address as it is (also when it arrives
 * as `::ffff:a.b.c.d` through an IPv6 socket), an IPv6 address by its /64 network — one subscriber is
 * handed a whole /64, so counting single IPv6 addresses would give a script 2^64 fresh counters.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.toLowerCase().split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (a.b.c.d) lies beyond the /64, so it is never among the first four groups.
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Deletes the counters of windows that are over (retention task). */
export async function deleteExpiredRateLimitHits(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A cooldown: at most one claim per `seconds` for a bucket, measured from the claim that passed (not a
 * fixed window, so "one SMS per phone per 60 s" holds exactly). Kept in the same table: the bucket's one
 * row (window `cooldown`) holds when the cooldown ends. ONE conditional upsert decides, so of parallel
 * claims exactly one passes; a refused claim changes nothing and says how long to wait.
 */
export async function claimCooldown(
  db: Kysely<Database>,
  rule: { bucket: string; seconds: number },
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const bucket = rule.bucket.slice(0, 200);
  const until = new Date(now.getTime() + rule.seconds * 1000).toISOString();
  const claimed = await db
    .insertInto('rate_limit_hits')
    .values({ bucket, window_start: COOLDOWN_WINDOW, hits: 1, expires_at: until })
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'window_start'])
        .doUpdateSet({ hits: 1, expires_at: until })
        .where('rate_limit_hits.expires_at', '<=', now.toISOString()),
    )
    .returning('expires_at')
    .executeTakeFirst();
  if (claimed) return { allowed: true, retryAfterSeconds: rule.seconds };
  const row = await db
    .selectFrom('rate_limit_hits')
    .select('expires_at')
    .where('bucket', '=', bucket)
    .where('window_start', '=', COOLDOWN_WINDOW)
    .executeTakeFirst();
  const endsAt = row ? Date.parse(row.expires_at) : now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

const COOLDOWN_WINDOW = 'cooldown';
