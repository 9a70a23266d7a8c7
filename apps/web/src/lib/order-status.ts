import type { OrderStatus } from '@portal/contracts/order';

/** The tag colour of each order status, one place for every page that shows one. */
export const ORDER_STATUS_COLOR: Readonly<Record<OrderStatus, string>> = {
  draft: 'default',
  submitted: 'blue',
  received: 'cyan',
  in_transit: 'processing',
  delivered: 'success',
  exception: 'error',
  returned: 'warning',
  cancelled: 'default',
};
