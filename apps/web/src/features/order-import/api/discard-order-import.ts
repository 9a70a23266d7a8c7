import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { orderImportKeys } from './order-import-keys';

/** `POST /api/CustomerOrder/BatchImportDiscard`: deletes an import not committed, with its rows. */
export function discardOrderImport(id: string): Promise<unknown> {
  return http.post<unknown>(ApiPath.BatchImportDiscard, { id });
}

export function useDiscardOrderImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardOrderImport,
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: orderImportKeys.import(id) }),
  });
}
