import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { orderImportKeys } from './order-import-keys';

/** How often a running commit is asked for its progress. */
export const COMMIT_POLL_MS = 1000;

/** `GET /api/CustomerOrder/BatchImportGet?id=`: the import's summary. Silent: the page shows its own error. */
export function getOrderImport(id: string, signal?: AbortSignal): Promise<OrderImportSummary> {
  return http.get<OrderImportSummary>(ApiPath.BatchImportGet, { params: { id }, signal, silent: true });
}

/** The import's summary; asked every second while it is committing, until the commit ends. */
export function useOrderImport(id: string | null) {
  return useQuery({
    queryKey: orderImportKeys.summary(id ?? ''),
    queryFn: ({ signal }) => getOrderImport(id ?? '', signal),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'committing' ? COMMIT_POLL_MS : false),
  });
}
