import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { addressKeys } from './address-keys';

interface DeleteResult {
  deleted: number;
}

/** `POST /api/CustomerAddress/Delete` with `{ ids }`: all or nothing. */
export function deleteCustomerAddress(ids: string[]): Promise<DeleteResult> {
  return http.post<DeleteResult>(ApiPath.DeleteCustomerAddress, { ids });
}

export function useDeleteCustomerAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
