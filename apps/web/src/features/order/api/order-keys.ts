import type { OrderQueryInput } from '@portal/contracts/order-list';
import type { QuoteRequest } from '@portal/contracts/product';

/**
 * Query keys of the order pages (the address pickers' keys are in components/address-picker.tsx); every order change invalidates `orderKeys.all` (the list, its counts, details).
 */
export const orderPageKeys = {
  quote: (request: QuoteRequest | null) => ['productQuote', request] as const,
};

export const orderKeys = {
  all: ['customerOrder'] as const,
  list: (query: OrderQueryInput) => ['customerOrder', 'list', query] as const,
  detail: (id: string) => ['customerOrder', 'detail', id] as const,
  tracking: (numbers: readonly string[]) => ['customerOrder', 'tracking', numbers] as const,
};
