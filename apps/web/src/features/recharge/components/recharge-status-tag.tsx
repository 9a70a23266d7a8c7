import { Tag, Tooltip } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { RechargeChannel, RechargeStatus } from '@portal/contracts/recharge';

const COLORS: Record<RechargeStatus, string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  closed: 'default',
};

/**
 * A recharge's state; a failed or closed one carries its reason (a rejected voucher's) in a tooltip. A
 * pending bank transfer reads "awaiting confirmation": the money is sent, staff have yet to confirm it.
 */
export function RechargeStatusTag({
  status,
  channel,
  reason,
}: {
  status: RechargeStatus;
  channel?: RechargeChannel;
  reason?: string | null;
}) {
  const { t } = useTranslation();
  const label =
    status === 'pending' && channel === 'bank_transfer'
      ? t('recharge.status.transferPending')
      : t(`recharge.status.${status}`);
  const tag = (
    <Tag
      color={COLORS[status]}
      style={{ marginInlineEnd: 0 }}
      data-testid="recharge-status"
      data-status={status}
    >
      {label}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
