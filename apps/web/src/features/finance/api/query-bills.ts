import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Bill, BillQueryInput } from '@portal/contracts/bill';
import { http } from '../../../lib/http/client';
import { billKeys } from './finance-keys';

export interface BillPage {
  list: Bill[];
  total: number;
}

/** `POST /api/CustomerBill/Query`: one page, newest period first. Silent: the page shows its own error. */
export function queryBills(query: BillQueryInput, signal?: AbortSignal): Promise<BillPage> {
  return http.post<BillPage>(ApiPath.QueryBills, query, { signal, silent: true });
}

export function useBills(query: BillQueryInput) {
  return useQuery({
    queryKey: billKeys.list(query),
    queryFn: ({ signal }) => queryBills(query, signal),
    placeholderData: keepPreviousData,
  });
}
