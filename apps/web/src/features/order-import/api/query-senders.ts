import { useQuery } from '@tanstack/react-query';
import { AddressType, type Address } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Page } from '@portal/contracts/pagination';
import { http } from '../../../lib/http/client';

/** Senders the select offers; typing narrows them on the server. */
const SENDER_PAGE_SIZE = 50;

/**
 * `GET /api/CustomerAddress/Query?addressType=sender`: the address book's senders, the default first.
 * Silent: the select shows its own error with a retry.
 */
export function querySenders(keyword: string, signal?: AbortSignal): Promise<Page<Address>> {
  return http.get<Page<Address>>(ApiPath.QueryCustomerAddress, {
    params: {
      pageIndex: 1,
      pageSize: SENDER_PAGE_SIZE,
      addressType: AddressType.Sender,
      ...(keyword ? { keyword } : {}),
    },
    signal,
    silent: true,
  });
}

/** Shares the address book's query root, so a sender added there shows here. */
export function useSenders(keyword: string) {
  return useQuery({
    queryKey: ['customerAddress', 'orderImportSenders', keyword],
    queryFn: ({ signal }) => querySenders(keyword, signal),
  });
}
