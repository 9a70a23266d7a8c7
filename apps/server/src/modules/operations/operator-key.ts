import { createHash, timingSafeEqual } from 'node:crypto';

/** Wrong keys one address may present per window before it is turned away without a comparison. */
export const OPERATOR_KEY_MAX_FAILURES = 20;
export const OPERATOR_KEY_WINDOW_MS = 60_000;
/** Addresses remembered at most; expired windows are dropped when the map grows past it. */
const MAX_TRACKED_ADDRESSES = 10_000;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The operations API's credential check. The presented key and the configured one are compared as
 * SHA-256 digests with `timingSafeEqual`, so the time taken says nothing about how much of a guess was
 * right, nor about the key's length. No configured key refuses every call. An address that presents
 * OPERATOR_KEY_MAX_FAILURES wrong keys within a window is refused outright until the window ends
 * (per instance: a guesser spread over instances still meets 2^-256 odds per guess).
 */
export class OperatorKeyGuard {
  private readonly expected: Buffer | null;
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    key: string | undefined,
    private readonly maxFailures = OPERATOR_KEY_MAX_FAILURES,
    private readonly windowMs = OPERATOR_KEY_WINDOW_MS,
  ) {
    this.expected = key ? digest(key) : null;
  }

  check(given: string | undefined, address: string, now = Date.now()): 'ok' | 'refused' | 'throttled' {
    const record = this.failures.get(address);
    if (record && now - record.since < this.windowMs && record.count >= this.maxFailures) return 'throttled';
    const matches = this.expected !== null && timingSafeEqual(digest(given ?? ''), this.expected);
    if (matches) return 'ok';
    this.countFailure(address, now);
    return 'refused';
  }

  /** Seconds until the address's window ends (for Retry-After). */
  retryAfterSeconds(address: string, now = Date.now()): number {
    const record = this.failures.get(address);
    return record ? Math.max(1, Math.ceil((record.since + this.windowMs - now) / 1000)) : 1;
  }

  private countFailure(address: string, now: number) {
    const record = this.failures.get(address);
    if (record && now - record.since < this.windowMs) {
      record.count++;
      return;
    }
    if (this.failures.size >= MAX_TRACKED_ADDRESSES) {
      for (const [key, value] of this.failures)
        if (now - value.since >= this.windowMs) this.failures.delete(key);
      // Still full (many addresses at once): forget the oldest, so memory stays bounded.
      if (this.failures.size >= MAX_TRACKED_ADDRESSES)
        this.failures.delete(this.failures.keys().next().value as string);
    }
    this.failures.set(address, { count: 1, since: now });
  }
}
