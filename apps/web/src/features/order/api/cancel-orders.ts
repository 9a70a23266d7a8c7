import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderCancelResult } from '@portal/contracts/order';
import { http } from '../../../lib/http/client';
import { orderKeys } from './order-keys';

/**
 * `POST /api/CustomerOrder/Cancel` with `{ ids }`: all or nothing; a submitted order's hold is released.
 * Refusals (an order already past submitted) are shown by the request layer.
 */
export function cancelOrders(ids: string[]): Promise<OrderCancelResult> {
  return http.post<OrderCancelResult>(ApiPath.CancelOrder, { ids });
}

export function useCancelOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrders,
    onSettled: () => {
      // The list, its counts and the details change; a released hold changes the balance.
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customerWallet'] });
    },
  });
}
