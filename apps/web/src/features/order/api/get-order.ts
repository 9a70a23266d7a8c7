import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderDetail } from '@portal/contracts/order-list';
import { http } from '../../../lib/http/client';
import { orderKeys } from './order-keys';

/**
 * `GET /api/CustomerOrder/Get?id=`: the whole order with its journey, tracking events (newest first) and
 * ledger rows. Silent: the drawer and the create page show their own error with a retry.
 */
export function getOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return http.get<OrderDetail>(ApiPath.GetOrder, { params: { id }, signal, silent: true });
}

export function useOrderDetail(id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getOrder(id as string, signal),
    enabled: id !== null,
  });
}
