import type { AddressQuery } from '@portal/contracts/address';

/** Query keys of the address book; every change invalidates `all`. */
export const addressKeys = {
  all: ['customerAddress'] as const,
  list: (query: AddressQuery) => ['customerAddress', 'list', query] as const,
};
