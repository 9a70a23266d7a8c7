import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { replaceSummary } from '../lib/order-import-cache';

export interface ExcludeOrderImportRowsInput {
  id: string;
  /** Any rows of the orders: the whole order is left out (or taken back in). */
  rowNumbers: number[];
  excluded: boolean;
}

/**
 * `POST /api/CustomerOrder/BatchImportExclude`: leaves the rows' orders out of the commit, or takes them
 * back. It answers the batch's summary only (an order's rows may be on pages not loaded), so the row
 * pages are asked again.
 */
export function excludeOrderImportRows(input: ExcludeOrderImportRowsInput): Promise<OrderImportSummary> {
  return http.post<OrderImportSummary>(ApiPath.BatchImportExclude, input);
}

export function useExcludeOrderImportRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excludeOrderImportRows,
    onSuccess: (summary) => replaceSummary(queryClient, summary, { rowsChanged: true }),
  });
}
