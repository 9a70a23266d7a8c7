import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportRowsChanged } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { applyRowsChanged } from '../lib/order-import-cache';

export interface ExcludeOrderImportRowsInput {
  id: string;
  /** Any rows of the orders: the whole order is left out (or taken back in). */
  rowNumbers: number[];
  excluded: boolean;
}

/** `POST /api/CustomerOrder/BatchImportExclude`: leaves the rows' orders out of the commit, or takes them back. */
export function excludeOrderImportRows(input: ExcludeOrderImportRowsInput): Promise<OrderImportRowsChanged> {
  return http.post<OrderImportRowsChanged>(ApiPath.BatchImportExclude, input);
}

export function useExcludeOrderImportRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excludeOrderImportRows,
    onSuccess: (changed) => applyRowsChanged(queryClient, changed),
  });
}
