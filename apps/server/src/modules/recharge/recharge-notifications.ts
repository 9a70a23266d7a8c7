import { formatMinorAmount } from '@portal/contracts/money';
import { Permission } from '@portal/contracts/permissions';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TOP_UP_LINK } from '../notification/notification-links.ts';
import { notify } from '../notification/notification.service.ts';
import { currencyDisplay } from '../wallet/ledger.ts';

type Trx = Transaction<Database>;

interface RechargeFacts {
  id: string;
  customer_id: string;
  recharge_no: string;
  amount: number;
  currency_code: string;
}

/**
 * A recharge's result for the customer's finance users (finance:view), written in the transaction that
 * decided it: credited (with the balance after), closed unpaid, or a transfer voucher rejected (with the
 * staff's reason). Each decision is a conditional status change, so each writes its notification once.
 */
export async function notifyRechargeResult(
  trx: Trx,
  recharge: RechargeFacts,
  result:
    | { outcome: 'credited'; balanceAfter: number }
    | { outcome: 'closed' }
    | { outcome: 'rejected'; reason: string },
) {
  const display = await currencyDisplay(trx, recharge.currency_code);
  const amount = formatMinorAmount(Number(recharge.amount), display);
  const common = {
    customerId: recharge.customer_id,
    permission: Permission.FinanceView,
    kind: 'recharge_result' as const,
    link: TOP_UP_LINK,
  };
  if (result.outcome === 'credited')
    return notify(trx, {
      ...common,
      titleKey: 'notification.rechargeCredited.title',
      bodyKey: 'notification.rechargeCredited.body',
      params: {
        rechargeNo: recharge.recharge_no,
        amount,
        balance: formatMinorAmount(result.balanceAfter, display),
      },
      sourceKey: `recharge:${recharge.id}:credited`,
    });
  if (result.outcome === 'closed')
    return notify(trx, {
      ...common,
      titleKey: 'notification.rechargeClosed.title',
      bodyKey: 'notification.rechargeClosed.body',
      params: { rechargeNo: recharge.recharge_no, amount },
    });
  return notify(trx, {
    ...common,
    titleKey: 'notification.rechargeRejected.title',
    bodyKey: 'notification.rechargeRejected.body',
    params: { rechargeNo: recharge.recharge_no, amount, reason: result.reason },
  });
}
