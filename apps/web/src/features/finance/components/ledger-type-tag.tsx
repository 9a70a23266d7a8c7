import { Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LedgerEntryType } from '@portal/contracts/wallet';
import type { StatusColor } from '../../../lib/order-status';

/** Money back to the customer green, charges blue, corrections orange, staff adjustments grey (the accessible tag colours). */
const TYPE_COLORS: Readonly<Record<LedgerEntryType, StatusColor>> = {
  recharge: 'success',
  order_charge: 'processing',
  charge_release: 'default',
  weight_adjustment: 'warning',
  surcharge: 'warning',
  refund: 'success',
  compensation: 'success',
  manual_adjustment: 'default',
};

/** A ledger row's type; the labels are the order detail's, the one set of entry type names. */
export function LedgerTypeTag({ type }: { type: LedgerEntryType }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLORS[type]} style={{ marginInlineEnd: 0 }} data-testid="ledger-type" data-type={type}>
      {t(`orderList.ledgerType.${type}`)}
    </Tag>
  );
}
