import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CustomerPersonInfo } from '@portal/contracts/customer-info';
import { http } from '../../../lib/http/client';

export const customerPersonInfoKey = ['customerInfo', 'personInfo'] as const;

/** `GET /api/CustomerInfo/getCustomerPersonInfo`: the company's editable profile. */
export function getCustomerPersonInfo(signal?: AbortSignal): Promise<CustomerPersonInfo> {
  return http.get<CustomerPersonInfo>(ApiPath.GetCustomerPersonInfo, { signal, silent: true });
}

export function useCustomerPersonInfo() {
  return useQuery({
    queryKey: customerPersonInfoKey,
    queryFn: ({ signal }) => getCustomerPersonInfo(signal),
  });
}
