import type { AddressType } from '@portal/contracts/address';
import type { QuoteRequest } from '@portal/contracts/product';

/** Query keys the create-order page uses. The address keys share the address book's root, so a change there refreshes the pickers. */
export const orderPageKeys = {
  addresses: (addressType: AddressType, keyword: string) =>
    ['customerAddress', 'picker', addressType, keyword] as const,
  quote: (request: QuoteRequest | null) => ['productQuote', request] as const,
};
