import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { LedgerFilterInput, LedgerSummary } from '@portal/contracts/consumption-flow';
import { http } from '../../../lib/http/client';
import { ledgerKeys } from './finance-keys';

/**
 * `POST /api/ConsumptionFlow/QuerySummary`: per currency the opening balance, money in and out and the
 * closing balance of the period. Silent: the cards show their own error.
 */
export function queryLedgerSummary(filter: LedgerFilterInput, signal?: AbortSignal): Promise<LedgerSummary> {
  return http.post<LedgerSummary>(ApiPath.QueryLedgerSummary, filter, { signal, silent: true });
}

export function useLedgerSummary(filter: LedgerFilterInput) {
  return useQuery({
    queryKey: ledgerKeys.summary(filter),
    queryFn: ({ signal }) => queryLedgerSummary(filter, signal),
    placeholderData: keepPreviousData,
  });
}
