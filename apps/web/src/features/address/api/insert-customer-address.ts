import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { addressKeys } from './address-keys';

/** `POST /api/CustomerAddress/Insert`. Silent: field errors are shown on the form. */
export function insertCustomerAddress(body: AddressInput): Promise<Address> {
  return http.post<Address>(ApiPath.InsertCustomerAddress, body, { silent: true });
}

export function useInsertCustomerAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertCustomerAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
