import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { LedgerDetail } from '@portal/contracts/consumption-flow';
import { http } from '../../../lib/http/client';
import { ledgerKeys } from './finance-keys';

/** `GET /api/ConsumptionFlow/Get?id=`: one row with the order, recharge or bill it relates to. Silent. */
export function getLedgerEntry(id: string, signal?: AbortSignal): Promise<LedgerDetail> {
  return http.get<LedgerDetail>(ApiPath.GetLedgerEntry, { params: { id }, signal, silent: true });
}

export function useLedgerEntry(id: string | null) {
  return useQuery({
    queryKey: ledgerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getLedgerEntry(id as string, signal),
    enabled: id !== null,
  });
}
