import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { EndDataResult, OrderQueryInput } from '@portal/contracts/order-list';
import { http } from '../../../lib/http/client';

/** `POST /api/CustomerOrder/QueryEndData`: orders with a last-mile number under the list filters. */
export function queryEndData(query: OrderQueryInput): Promise<EndDataResult> {
  return http.post<EndDataResult>(ApiPath.QueryEndData, query);
}

/** Keeps the previous page on screen while the next one (or a new search) loads. */
export function useEndData(query: OrderQueryInput) {
  return useQuery({
    queryKey: ['customerOrder', 'endData', query],
    queryFn: () => queryEndData(query),
    placeholderData: keepPreviousData,
  });
}
