import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CustomerLevel } from '@portal/contracts/product';
import { http } from '../../../lib/http/client';

/** `GET /api/CustomerLevel/Query`: every level with its discount, the customer's own marked. */
export function queryCustomerLevels(signal?: AbortSignal): Promise<CustomerLevel[]> {
  return http.get<CustomerLevel[]>(ApiPath.QueryCustomerLevel, { signal, silent: true });
}

export function useCustomerLevels() {
  return useQuery({
    queryKey: ['customerInfo', 'levels'],
    queryFn: ({ signal }) => queryCustomerLevels(signal),
  });
}
