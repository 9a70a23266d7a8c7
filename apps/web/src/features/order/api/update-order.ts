import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderCreated, OrderUpdateInput } from '@portal/contracts/order';
import { http } from '../../../lib/http/client';
import { orderKeys } from './order-keys';

/**
 * `POST /api/CustomerOrder/Update`: a draft saved again, checked exactly like Create (`submit: true`
 * submits it in the same call). Silent: field errors and the insufficient-balance answer show on the page.
 */
export function updateOrder(body: OrderUpdateInput): Promise<OrderCreated> {
  return http.post<OrderCreated>(ApiPath.UpdateOrder, body, { silent: true });
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customerWallet'] });
    },
  });
}
