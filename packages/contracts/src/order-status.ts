/**
 * PRODUCT.md "Order": draft → submitted → received → in_transit → delivered; side states after them. A module
 * without zod, so a page that only lists or counts statuses (the home page) does not load the schemas.
 */
export const ORDER_STATUSES = [
  'draft',
  'submitted',
  'received',
  'in_transit',
  'delivered',
  'exception',
  'returned',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
