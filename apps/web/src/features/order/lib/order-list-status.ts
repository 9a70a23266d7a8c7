import type { OrderStatus } from '@portal/contracts/order';
import type { OrderStatusCounts } from '@portal/contracts/order-list';
import { ORDER_STATUSES } from '@portal/contracts/order';

/** The status tabs, in the lifecycle's order: all first. */
export const STATUS_TABS = ['all', ...ORDER_STATUSES] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

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
