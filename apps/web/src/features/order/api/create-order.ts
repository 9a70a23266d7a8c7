import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderCreated, OrderCreateInput } from '@portal/contracts/order';
import { http } from '../../../lib/http/client';
import { orderKeys } from './order-keys';

export interface CreateOrderCall {
  body: OrderCreateInput;
  /** One key per form: a second click (or a retry) of the same form gets the first answer again. */
  idempotencyKey: string;
}

/**
 * `POST /api/CustomerOrder/Create` with an `Idempotency-Key` header. Silent: field errors, the
 * insufficient-balance answer and the idempotency refusals are shown on the page.
 */
export function createOrder({ body, idempotencyKey }: CreateOrderCall): Promise<OrderCreated> {
  return http.post<OrderCreated>(ApiPath.CreateOrder, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (_created, { body }) => {
      // A submit holds money (the home page's balance), a saved consignee joins the address book.
      void queryClient.invalidateQueries({ queryKey: ['customerWallet'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (body.saveConsignee) void queryClient.invalidateQueries({ queryKey: ['customerAddress'] });
    },
  });
}
