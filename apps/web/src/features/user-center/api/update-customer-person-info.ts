import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CustomerPersonInfo, UpdateCustomerPersonInfo } from '@portal/contracts/customer-info';
import { http } from '../../../lib/http/client';
import { currUserInfoKey } from '../../../lib/session/curr-user-info';
import { customerPersonInfoKey } from './get-customer-person-info';

/** `POST /api/CustomerInfo/UpdateCustomerPersonInfo` (org:manage). Silent: field problems land on fields. */
export function updateCustomerPersonInfo(input: UpdateCustomerPersonInfo): Promise<CustomerPersonInfo> {
  return http.post<CustomerPersonInfo>(ApiPath.UpdateCustomerPersonInfo, input, { silent: true });
}

export function useUpdateCustomerPersonInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerPersonInfo,
    onSuccess: (info) => {
      queryClient.setQueryData(customerPersonInfoKey, info);
      void queryClient.invalidateQueries({ queryKey: currUserInfoKey });
    },
  });
}
