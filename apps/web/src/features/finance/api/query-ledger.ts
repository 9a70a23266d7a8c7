import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { LedgerQueryInput, LedgerRow } from '@portal/contracts/consumption-flow';
import { http } from '../../../lib/http/client';
import { ledgerKeys } from './finance-keys';

export interface LedgerPage {
  list: LedgerRow[];
  total: number;
}

/** `POST /api/ConsumptionFlow/Query`: one page, newest first. Silent: the page shows its own error. */
export function queryLedger(query: LedgerQueryInput, signal?: AbortSignal): Promise<LedgerPage> {
  return http.post<LedgerPage>(ApiPath.QueryLedger, query, { signal, silent: true });
}

/** Keeps the previous page on screen while the next one (or a new search) loads. */
export function useLedger(query: LedgerQueryInput) {
  return useQuery({
    queryKey: ledgerKeys.list(query),
    queryFn: ({ signal }) => queryLedger(query, signal),
    placeholderData: keepPreviousData,
  });
}
