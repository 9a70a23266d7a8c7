import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@portal/contracts/order';
import { statusTagOf } from '../lib/order-status';

interface OrderStatusTagProps {
  order: { status: OrderStatus; issueKindName?: string | null; issueKindCode?: string | null };
}

/** The status in its colour; an exception names its issue kind beside it. */
export function OrderStatusTag({ order }: OrderStatusTagProps) {
  const { t } = useTranslation();
  const model = statusTagOf(order);
  const label = t(`orderList.status.${model.status}`);
  const tag = (
    <Tag
      color={model.color}
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
