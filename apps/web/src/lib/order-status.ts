import type { OrderStatus } from '@portal/contracts/order';

/**
 * antd Tag colours per status, for every page that shows an order's status (order list, home, end data).
 * Only the status colours the accessible theme checks at 4.5:1 in light and dark mode
 * (lib/theme/accessible-theme.ts): antd's other presets (geekblue, cyan …) fall short on the dark tint.
 * Red is the exception alone, green delivered alone; statuses sharing a colour differ by icon
 * (components/order-status-tag.tsx). The label is `orderStatus.<status>` in the locales.
 */
export const STATUS_COLORS: Readonly<Record<OrderStatus, StatusColor>> = {
  draft: 'default',
  submitted: 'processing',
  received: 'processing',
  in_transit: 'processing',
  delivered: 'success',
  exception: 'error',
  returned: 'warning',
  cancelled: 'default',
};
export const ACCESSIBLE_TAG_COLORS = ['default', 'processing', 'success', 'warning', 'error'] as const;
export type StatusColor = (typeof ACCESSIBLE_TAG_COLORS)[number];

export interface StatusTagModel {
  color: StatusColor;
  status: OrderStatus;
  /** The issue kind of an exception, shown beside the status; null otherwise. */
  issue: string | null;
  /** A cancelled order is struck through: it no longer counts. */
  isStruck: boolean;
}

export function statusTagOf(order: {
  status: OrderStatus;
  issueKindName?: string | null;
  issueKindCode?: string | null;
}): StatusTagModel {
  const issue = order.status === 'exception' ? order.issueKindName || order.issueKindCode || null : null;
  return {
    color: STATUS_COLORS[order.status],
    status: order.status,
    issue,
    isStruck: order.status === 'cancelled',
  };
}
