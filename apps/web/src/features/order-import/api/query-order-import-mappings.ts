import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportSavedMapping } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { orderImportKeys } from './order-import-keys';

/** `GET /api/CustomerOrder/BatchImportMappings`: the customer's saved mappings, most recently used first. */
export function queryOrderImportMappings(signal?: AbortSignal): Promise<OrderImportSavedMapping[]> {
  return http.get<OrderImportSavedMapping[]>(ApiPath.BatchImportMappings, { signal, silent: true });
}

export function useOrderImportMappings(enabled = true) {
  return useQuery({
    queryKey: orderImportKeys.mappings,
    queryFn: ({ signal }) => queryOrderImportMappings(signal),
    enabled,
  });
}
