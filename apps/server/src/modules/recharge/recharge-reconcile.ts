import { ONLINE_RECHARGE_CHANNELS } from '@portal/contracts/recharge';
import type { FastifyBaseLogger } from 'fastify';
import type { ScheduledTask } from '../../jobs/scheduler.ts';
import { applyPaymentState, closeRecharge, type RechargeDeps } from './recharge.service.ts';

/** Younger pending recharges are left to their notification. */
export const RECONCILE_MIN_AGE_MS = 60_000;
/** Recharges looked at per run at most (the oldest first; the rest wait for the next interval). */
const RECONCILE_BATCH = 500;

/**
 * Reconciliation, for when a notification never comes: every pending online recharge older than a minute
 * is asked about at its provider. Paid → credited through the same creditRecharge as a notification
 * (exactly once whichever comes first); closed at the provider → closed; still unpaid past its expiry
 * (or, never started, past RECHARGE_EXPIRE_MINUTES after creation) → closed at the provider, then here.
 * A provider that fails to answer is logged and asked again next time.
 */
export async function reconcileRecharges(deps: RechargeDeps, log: FastifyBaseLogger, now = new Date()) {
  const pending = await deps.db
    .selectFrom('recharges')
    .select(['id', 'recharge_no', 'channel', 'provider', 'created_at', 'expires_at'])
    .where('status', '=', 'pending')
    .where('channel', 'in', [...ONLINE_RECHARGE_CHANNELS])
    .where('created_at', '<=', new Date(now.getTime() - RECONCILE_MIN_AGE_MS).toISOString())
    .orderBy('created_at')
    .limit(RECONCILE_BATCH)
    .execute();
  const counts = { asked: 0, credited: 0, closed: 0, expired: 0, failed: 0 };
  for (const row of pending) {
    if (row.channel === 'bank_transfer') continue;
    const deadline = row.expires_at
      ? Date.parse(row.expires_at)
      : Date.parse(row.created_at) + deps.config.rechargeExpireMinutes * 60_000;
    const provider = deps.payments.byName(row.provider);
    try {
      if (provider) {
        counts.asked++;
        const state = await provider.queryPayment(row.channel, row.recharge_no);
        if (state.state === 'paid' || state.state === 'closed') {
          const { outcome, detail } = await applyPaymentState(deps.db, provider.name, state);
          if (outcome === 'credited') counts.credited++;
          else if (outcome === 'closed') counts.closed++;
          else log.warn({ rechargeNo: row.recharge_no, outcome, detail }, 'reconciliation: not applied');
          continue;
        }
      }
      if (deadline <= now.getTime()) {
        await provider?.closePayment(row.channel, row.recharge_no);
        if (await closeRecharge(deps.db, row.id, 'recharge.reason.expired')) counts.expired++;
      }
    } catch (error) {
      counts.failed++;
      log.warn({ err: error, rechargeNo: row.recharge_no }, 'reconciliation: provider did not answer');
    }
  }
  return counts;
}

/** The scheduled task (once per RECHARGE_RECONCILE_INTERVAL_SECONDS across instances). */
export const rechargeReconcileTask = (
  deps: () => RechargeDeps,
  log: FastifyBaseLogger,
  intervalSeconds: number,
) =>
  ({
    name: 'rechargeReconcile',
    intervalSeconds,
    run: (now) => reconcileRecharges(deps(), log, now),
  }) satisfies ScheduledTask;
