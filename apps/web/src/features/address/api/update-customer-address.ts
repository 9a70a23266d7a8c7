import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressUpdateInput } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { addressKeys } from './address-keys';

/** `POST /api/CustomerAddress/Update`: every field again, plus the id. Silent: field errors go on the form. */
export function updateCustomerAddress(body: AddressUpdateInput): Promise<Address> {
  return http.post<Address>(ApiPath.UpdateCustomerAddress, body, { silent: true });
}

export function useUpdateCustomerAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
