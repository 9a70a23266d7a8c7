import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeStatus } from '@portal/contracts/recharge';

const COLORS: Record<RechargeStatus, string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  closed: 'default',
};

/** A recharge's state; a failed or closed one carries its reason (a rejected voucher's) in a tooltip and below. */
export function RechargeStatusTag({ status, reason }: { status: RechargeStatus; reason?: string | null }) {
  const { t } = useTranslation();
  const tag = (
    <Tag
      color={COLORS[status]}
      style={{ marginInlineEnd: 0 }}
      data-testid="recharge-status"
      data-status={status}
    >
      {t(`recharge.status.${status}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
