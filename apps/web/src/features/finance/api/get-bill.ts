import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { BillDetail } from '@portal/contracts/bill';
import { http } from '../../../lib/http/client';
import { billKeys } from './finance-keys';

/** `GET /api/CustomerBill/Get?id=`: the bill, its subtotals per type and its write-offs. Silent. */
export function getBill(id: string, signal?: AbortSignal): Promise<BillDetail> {
  return http.get<BillDetail>(ApiPath.GetBill, { params: { id }, signal, silent: true });
}

export function useBill(id: string | null) {
  return useQuery({
    queryKey: billKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getBill(id as string, signal),
    enabled: id !== null,
  });
}
