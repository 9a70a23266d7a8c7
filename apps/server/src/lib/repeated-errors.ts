import type { FastifyBaseLogger } from 'fastify';

/** An identical error is logged again, with how many times it was left out, at most this often. */
export const REPEAT_LOG_INTERVAL_MS = 60_000;

/** Distinct errors remembered at most (beyond it, those not logged within the interval are forgotten). */
const MAX_KINDS = 100;

/** What makes two failures of a background loop "the same": the line and the error's name, code and text. */
function keyOf(message: string, error: unknown): string {
  if (!(error instanceof Error)) return `${message}\n${String(error)}`;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return `${message}\n${error.name}\n${code}\n${error.message}`;
}

/**
 * Error lines of a background loop (task runner poll, scheduler tick) while something it needs is down:
 * the first failure is logged in full, an identical one after it only once per interval with `repeated`
 * (how many were left out since the last line), so an outage of the database gives one line a minute per
 * loop rather than a stack trace every poll. A different error is logged at once; `recovered()` says how
 * many were left out when the loop works again.
 */
export class RepeatedErrorLog {
  private readonly seen = new Map<string, { loggedAt: number; repeated: number }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: { intervalMs?: number; now?: () => number } = {},
  ) {}

  error(error: unknown, message: string, fields: Record<string, unknown> = {}): void {
    const now = (this.options.now ?? Date.now)();
    const intervalMs = this.options.intervalMs ?? REPEAT_LOG_INTERVAL_MS;
    const key = keyOf(message, error);
    const entry = this.seen.get(key);
    if (entry && now - entry.loggedAt < intervalMs) {
      entry.repeated++;
      return;
    }
    this.log.error({ ...fields, err: error, ...(entry ? { repeated: entry.repeated } : {}) }, message);
    this.seen.set(key, { loggedAt: now, repeated: 0 });
    // Errors whose text varies (a changing id in it) must not grow the map for the whole outage.
    if (this.seen.size > MAX_KINDS) {
      for (const [k, e] of this.seen) if (now - e.loggedAt >= intervalMs) this.seen.delete(k);
    }
  }

  /** The loop works again: one line (with how many failures were left out) if a failure was logged. */
  recovered(message: string): void {
    if (this.seen.size === 0) return;
    const repeated = [...this.seen.values()].reduce((sum, entry) => sum + entry.repeated, 0);
    this.log.info({ repeated }, message);
    this.seen.clear();
  }
}
