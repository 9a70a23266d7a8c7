import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import {
  CarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  InboxOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from '../lib/i18n/use-translation';
import type { OrderStatus } from '@portal/contracts/order';
import { statusTagOf } from '../lib/order-status';

/** Each status its own icon, so statuses that share a colour still look different. */
const STATUS_ICONS: Readonly<Record<OrderStatus, ReactNode>> = {
  draft: <EditOutlined aria-hidden />,
  submitted: <ClockCircleOutlined aria-hidden />,
  received: <InboxOutlined aria-hidden />,
  in_transit: <CarOutlined aria-hidden />,
  delivered: <CheckCircleOutlined aria-hidden />,
  exception: <ExclamationCircleOutlined aria-hidden />,
  returned: <RollbackOutlined aria-hidden />,
  cancelled: <StopOutlined aria-hidden />,
};

interface OrderStatusTagProps {
  order: { status: OrderStatus; issueKindName?: string | null; issueKindCode?: string | null };
}

/** The status in its colour; an exception names its issue kind beside it. */
export function OrderStatusTag({ order }: OrderStatusTagProps) {
  const { t } = useTranslation();
  const model = statusTagOf(order);
  const label = t(`orderStatus.${model.status}`);
  const tag = (
    <Tag
      color={model.color}
      icon={STATUS_ICONS[model.status]}
      variant="filled"
      style={{
        marginInlineEnd: 0,
        whiteSpace: 'nowrap',
        textDecoration: model.isStruck ? 'line-through' : undefined,
      }}
      data-testid="order-status-tag"
      data-status={model.status}
    >
      {model.issue ? `${label} · ${model.issue}` : label}
    </Tag>
  );
  return model.issue ? <Tooltip title={model.issue}>{tag}</Tooltip> : tag;
}
