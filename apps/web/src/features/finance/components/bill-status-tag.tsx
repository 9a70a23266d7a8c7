import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, HourglassOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { BillStatus } from '@portal/contracts/bill';
import type { StatusColor } from '../../../lib/order-status';

const STATUS: Readonly<Record<BillStatus, { color: StatusColor; icon: React.ReactNode }>> = {
  open: { color: 'warning', icon: <ClockCircleOutlined aria-hidden /> },
  partial: { color: 'processing', icon: <HourglassOutlined aria-hidden /> },
  settled: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
};

/** A bill's status in its colour, each with its own icon. */
export function BillStatusTag({ status }: { status: BillStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={STATUS[status].color}
      icon={STATUS[status].icon}
      data-testid="bill-status"
      data-status={status}
    >
      {t(`bill.status.${status}`)}
    </Tag>
  );
}
