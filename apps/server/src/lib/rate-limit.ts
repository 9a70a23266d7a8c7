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

/** Deletes the counters of windows that are over (retention task). */
export async function deleteExpiredRateLimitHits(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
