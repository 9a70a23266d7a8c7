import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Address, AddressQuery } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Page } from '@portal/contracts/pagination';
import { http } from '../../../lib/http/client';
import { addressKeys } from './address-keys';

/** `GET /api/CustomerAddress/Query`: one page, defaults first, then the most recently changed. */
export function queryCustomerAddress(query: AddressQuery): Promise<Page<Address>> {
  return http.get<Page<Address>>(ApiPath.QueryCustomerAddress, { params: query });
}

/** Keeps the previous page on screen while the next one (or a new search) loads. */
export function useCustomerAddresses(query: AddressQuery) {
  return useQuery({
    queryKey: addressKeys.list(query),
    queryFn: () => queryCustomerAddress(query),
    placeholderData: keepPreviousData,
  });
}
