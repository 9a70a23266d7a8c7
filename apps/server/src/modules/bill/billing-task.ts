import type { BillsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ScheduledTask } from '../../jobs/scheduler.ts';
import { issueBills } from './bill-issue.ts';
import { issueMomentOf, periodContaining, previousPeriod } from './bill-period.ts';

/**
 * Scheduled task `billing`: every BILL_INTERVAL_SECONDS it looks whether the previous period's bills are
 * due (on or after the issue day of the current period) and issues what is missing. The scheduler only
 * decides when to look; that a period is billed once per customer, across instances and repeated looks,
 * is the bills' unique (customer, period_start) index (bill-issue.ts). Rows of earlier periods that were
 * never billed (the server was down) are dated before the period's end, so they join this bill.
 */
export function billingTask(db: Db, settings: BillsConfig): ScheduledTask {
  return {
    name: 'billing',
    intervalSeconds: settings.intervalSeconds,
    async run(now) {
      const period = previousPeriod(settings, periodContaining(settings, now));
      if (now < issueMomentOf(settings, period)) return { period: period.label, due: false };
      const result = await issueBills(db, period, now, settings);
      return { period: period.label, issued: result.billNos.length };
    },
  };
}
