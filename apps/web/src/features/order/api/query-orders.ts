import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderQueryInput, OrderQueryResult } from '@portal/contracts/order-list';
import { http } from '../../../lib/http/client';
import { orderKeys } from './order-keys';

/**
 * `POST /api/CustomerOrder/Query`: one page, the per-status counts under the other filters and the pasted
 * numbers no order matched. Silent: the list shows its own error with a retry.
 */
export function queryOrders(query: OrderQueryInput, signal?: AbortSignal): Promise<OrderQueryResult> {
  return http.post<OrderQueryResult>(ApiPath.QueryOrders, query, { signal, silent: true });
}

/** Keeps the previous page on screen while the next one (or a new search) loads. */
export function useOrders(query: OrderQueryInput) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => queryOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}
