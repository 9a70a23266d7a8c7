import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { addressKeys } from './address-keys';

/** `POST /api/CustomerAddress/SetDefault` with `{ id }`: the previous default of that type stops being one. */
export function setDefaultCustomerAddress(id: string): Promise<unknown> {
  return http.post(ApiPath.SetDefaultCustomerAddress, { id });
}

export function useSetDefaultCustomerAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCustomerAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
