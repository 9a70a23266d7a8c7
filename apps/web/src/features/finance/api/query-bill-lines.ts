import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { LedgerRow } from '@portal/contracts/consumption-flow';
import { http } from '../../../lib/http/client';
import { billKeys } from './finance-keys';

export interface BillLinePage {
  list: LedgerRow[];
  total: number;
}

/** `POST /api/CustomerBill/QueryLines`: a bill's lines (its ledger rows), oldest first. Silent. */
export function queryBillLines(
  billId: string,
  pageIndex: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<BillLinePage> {
  return http.post<BillLinePage>(
    ApiPath.QueryBillLines,
    { billId, pageIndex, pageSize },
    { signal, silent: true },
  );
}

export function useBillLines(billId: string | null, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: billKeys.lines(billId ?? '', pageIndex, pageSize),
    queryFn: ({ signal }) => queryBillLines(billId as string, pageIndex, pageSize, signal),
    enabled: billId !== null,
    placeholderData: keepPreviousData,
  });
}
