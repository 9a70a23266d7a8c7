import { randomBytes } from 'node:crypto';
import { ApiCode } from '@portal/contracts/envelope';
import type { z } from 'zod';
import type { SandboxCashierSchema } from '@portal/contracts/recharge';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { enqueue } from '../../jobs/task-runner.ts';
import {
  SANDBOX_NOTIFY_TASK,
  sandboxTaskId,
  type SandboxNotification,
  type SandboxProvider,
} from '../payment/sandbox-provider.ts';
import { maskCompanyName } from './recharge-tokens.ts';
import { payResultUrl, rechargeByPayToken, refuseExpired, type RechargeDeps } from './recharge.service.ts';

/** A provider retries a notification for hours; the sandbox this many times with the runner's backoff. */
export const SANDBOX_NOTIFY_ATTEMPTS = 10;

/** The sandbox and the recharge its cashier page shows; 404 when no channel uses the sandbox. */
async function cashierRecharge(deps: RechargeDeps, input: { rechargeNo: string; payToken: string }) {
  const sandbox = deps.payments.sandboxInUse ? deps.payments.sandbox : null;
  if (!sandbox) throw new AppError(ApiCode.NotFound, 'sandbox.notInUse');
  const row = await rechargeByPayToken(deps, input.rechargeNo, input.payToken);
  if (row.channel === 'bank_transfer' || row.provider !== 'sandbox')
    throw new AppError(ApiCode.NotFound, 'sandbox.notInUse');
  return { sandbox, row, channel: row.channel };
}

/** `PaySandbox/GetCashier`: what the sandbox cashier page shows. */
export async function getCashier(
  deps: RechargeDeps,
  input: { rechargeNo: string; payToken: string },
): Promise<z.infer<typeof SandboxCashierSchema>> {
  const { row, channel } = await cashierRecharge(deps, input);
  const customer = await deps.db
    .selectFrom('customers')
    .select('company_name')
    .where('id', '=', row.customer_id)
    .executeTakeFirstOrThrow();
  return {
    rechargeNo: row.recharge_no,
    channel,
    amount: row.amount,
    currencyCode: row.currency_code,
    maskedCompanyName: maskCompanyName(customer.company_name),
    status: row.status,
    returnUrl: payResultUrl(deps.config, row.recharge_no, input.payToken),
  };
}

const hasDecision = async (deps: RechargeDeps, rechargeNo: string) =>
  (await deps.db
    .selectFrom('tasks')
    .select('id')
    .where('id', '=', sandboxTaskId(rechargeNo))
    .executeTakeFirst()) !== undefined;

/**
 * `PaySandbox/Decide`. Approve: the sandbox records the payment as its notify task (id `sandbox-pay:<no>`,
 * so approving twice changes nothing), which posts the signed notification to `/pay/notify/sandbox` and is
 * retried with the runner's backoff until acknowledged. Decline: the recharge fails at once. Answers
 * whether the payment was approved and the sandbox instance (the caller nudges the runner).
 */
export async function decide(
  deps: RechargeDeps,
  input: { rechargeNo: string; payToken: string; approve: boolean },
): Promise<{ approved: boolean; sandbox: SandboxProvider }> {
  const { sandbox, row } = await cashierRecharge(deps, input);
  if (await hasDecision(deps, row.recharge_no)) {
    if (input.approve) return { approved: true, sandbox };
    throw new AppError(ApiCode.Conflict, 'recharge.notPending');
  }
  if (row.status !== 'pending') throw new AppError(ApiCode.Conflict, 'recharge.notPending');
  // A real provider's cashier refuses a payment after the order's expiry; so does the sandbox's.
  if (input.approve) refuseExpired(row);
  if (!input.approve) {
    const now = nowIso();
    const result = await deps.db
      .updateTable('recharges')
      .set({
        status: 'failed',
        status_reason_key: 'recharge.reason.declined',
        updated_at: now,
        closed_at: now,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError(ApiCode.Conflict, 'recharge.notPending');
    return { approved: false, sandbox };
  }
  const notification: SandboxNotification = {
    rechargeNo: row.recharge_no,
    tradeNo: `SBX${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`,
    amount: row.amount,
    currencyCode: row.currency_code,
    state: 'paid',
    paidAt: new Date().toISOString(),
  };
  try {
    await enqueue(deps.db, SANDBOX_NOTIFY_TASK, notification, {
      id: sandboxTaskId(row.recharge_no),
      maxAttempts: SANDBOX_NOTIFY_ATTEMPTS,
    });
  } catch (error) {
    // Two approvals at once: the other one's task stands.
    if (!(await hasDecision(deps, row.recharge_no))) throw error;
  }
  return { approved: true, sandbox };
}
