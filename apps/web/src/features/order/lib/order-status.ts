import type { OrderStatus } from '@portal/contracts/order';
import type { OrderStatusCounts } from '@portal/contracts/order-list';
import { ORDER_STATUSES } from '@portal/contracts/order';

/** The status tabs, in the lifecycle's order: all first. */
export const STATUS_TABS = ['all', ...ORDER_STATUSES] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

/**
 * antd Tag colours per status. Only the status colours the accessible theme checks at 4.5:1 in light and
 * dark mode (lib/theme/accessible-theme.ts): antd's other presets (geekblue, cyan …) fall short on the
 * dark tint. Red is the exception alone, green delivered alone; statuses sharing a colour differ by icon.
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

/** The count a tab shows: the answer's per-status count, nothing while none has come. */
export function tabCount(counts: OrderStatusCounts | undefined, tab: StatusTab): number | null {
  return counts ? counts[tab] : null;
}

/** What the customer may do with an order in each status (PRODUCT.md "Order"). */
export function orderActionsOf({ status, waybillNo }: { status: OrderStatus; waybillNo: string | null }) {
  return {
    canEdit: status === 'draft',
    canCancel: status === 'draft' || status === 'submitted',
    /** Only orders with a waybill number (submitted or later) have labels; a cancelled one ships nothing. */
    canPrintLabel: waybillNo !== null && status !== 'cancelled',
    /** A draft has no journey yet. */
    canTrack: status !== 'draft' && status !== 'cancelled',
  };
}
