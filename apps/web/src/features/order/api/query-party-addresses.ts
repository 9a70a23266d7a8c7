import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Address, AddressType } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Page } from '@portal/contracts/pagination';
import { http } from '../../../lib/http/client';
import { orderPageKeys } from './order-keys';

/** How many addresses a picker offers at once; typing narrows them on the server. */
export const PICKER_PAGE_SIZE = 30;

/**
 * `GET /api/CustomerAddress/Query` for a picker: one type, the default first, filtered by the typed
 * keyword (name, phone, company or city). Silent: the picker shows its own error.
 */
export function queryPartyAddresses(
  addressType: AddressType,
  keyword: string,
  signal?: AbortSignal,
): Promise<Page<Address>> {
  return http.get<Page<Address>>(ApiPath.QueryCustomerAddress, {
    params: { pageIndex: 1, pageSize: PICKER_PAGE_SIZE, addressType, ...(keyword ? { keyword } : {}) },
    signal,
    silent: true,
  });
}

export function usePartyAddresses(addressType: AddressType, keyword: string, enabled = true) {
  return useQuery({
    queryKey: orderPageKeys.addresses(addressType, keyword),
    queryFn: ({ signal }) => queryPartyAddresses(addressType, keyword, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
