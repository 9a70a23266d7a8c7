import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { orderImportKeys } from './order-import-keys';

/** `POST /api/CustomerOrder/BatchImportDeleteMapping`: forgets one saved mapping. */
export function deleteOrderImportMapping(id: string): Promise<unknown> {
  return http.post<unknown>(ApiPath.BatchImportDeleteMapping, { id });
}

export function useDeleteOrderImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrderImportMapping,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderImportKeys.mappings }),
  });
}
