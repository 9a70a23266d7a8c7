import type { RechargeStatus } from '@portal/contracts/recharge';

/** A recharge in one of these states changes no more (a late "paid" aside, which staff see). */
export function isFinalRechargeStatus(status: RechargeStatus): boolean {
  return status !== 'pending';
}

/** The first poll comes soon (a sandbox approval notifies within a second), then ever more slowly. */
export const FIRST_POLL_DELAY_MS = 1_000;
export const MAX_POLL_DELAY_MS = 15_000;
/** After this many polls without a final state the page stops and offers a manual refresh. */
export const MAX_POLLS = 40;

/**
 * How long to wait before poll number `polls + 1`, given the polls made so far and the last status seen;
 * false when polling should stop: a final state, or the patience used up (the page then shows "still
 * waiting" with a refresh button). Delays grow by half each time: 1 s, 1.5 s, 2.25 s … up to 15 s, so
 * 40 polls span about eight minutes, longer than a provider's usual notification retries.
 */
export function nextPollDelay(polls: number, status: RechargeStatus | undefined): number | false {
  if (status !== undefined && isFinalRechargeStatus(status)) return false;
  if (polls >= MAX_POLLS) return false;
  return Math.min(MAX_POLL_DELAY_MS, Math.round(FIRST_POLL_DELAY_MS * 1.5 ** polls));
}

/** What the result page shows. */
export type PayResultView = 'loading' | 'paid' | 'failed' | 'closed' | 'waiting' | 'stalled';

/** The page's state from the last answer and whether polling has given up. */
export function payResultView(status: RechargeStatus | undefined, polls: number): PayResultView {
  if (status === undefined) return 'loading';
  if (status === 'pending') return nextPollDelay(polls, status) === false ? 'stalled' : 'waiting';
  return status;
}
