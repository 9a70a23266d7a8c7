import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderCreated } from '@portal/contracts/order';
import { http } from '../../../lib/http/client';
import { orderKeys } from './order-keys';

/**
 * `POST /api/CustomerOrder/Submit` (`{ id }` of a draft): holds the estimated charge and issues the
 * waybill number. Silent: the insufficient-balance answer is shown on the page.
 */
export function submitOrder(id: string): Promise<OrderCreated> {
  return http.post<OrderCreated>(ApiPath.SubmitOrder, { id }, { silent: true });
}

export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['customerWallet'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
