import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { TopUpCustomer } from '@portal/contracts/recharge';
import { http } from '../../../lib/http/client';

/**
 * `POST /api/TopUp/QueryCustomer` (public, rate-limited per address): the masked company name of a
 * customer code. Silent: the page shows "not found" and "too many look-ups" under the field.
 */
export function lookUpCustomer(customerCode: string): Promise<TopUpCustomer> {
  return http.post<TopUpCustomer>(ApiPath.TopUpQueryCustomer, { customerCode }, { silent: true });
}

export function useLookUpCustomer() {
  return useMutation({ mutationFn: lookUpCustomer });
}
