import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts/order-status';
import type { OrderStatusCounts } from '@portal/contracts/order-list';
import { ORDER_LIST_PATH } from '../../../lib/app-paths';

/** One tile of "orders by status": what it counts and the filtered order list it opens. */
export interface StatusTile {
  key: 'all' | OrderStatus;
  count: number;
  path: string;
}

/** All orders first, then each status in its lifecycle order. */
export function statusTiles(counts: OrderStatusCounts): StatusTile[] {
  return [
    { key: 'all', count: counts.all, path: ORDER_LIST_PATH },
    ...ORDER_STATUSES.map((status) => ({
      key: status,
      count: counts[status],
      path: `${ORDER_LIST_PATH}?status=${status}`,
    })),
  ];
}

/** The order list narrowed to one order (an exception on the home page links here). */
export function orderLinkPath(customerOrderNo: string): string {
  return `${ORDER_LIST_PATH}?status=exception&numbers=${encodeURIComponent(customerOrderNo)}`;
}
