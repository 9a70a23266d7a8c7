import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportRowsChanged, OrderSheetField } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { applyRowsChanged } from '../lib/order-import-cache';

export interface UpdateOrderImportRowInput {
  id: string;
  rowNumber: number;
  values: Partial<Record<OrderSheetField, string>>;
}

/**
 * `POST /api/CustomerOrder/BatchImportUpdateRow`: new cell texts for one row; the server checks its order
 * again and answers every row that changed with the summary. Silent: the grid shows a refusal at the cell.
 */
export function updateOrderImportRow(input: UpdateOrderImportRowInput): Promise<OrderImportRowsChanged> {
  return http.post<OrderImportRowsChanged>(ApiPath.BatchImportUpdateRow, input, { silent: true });
}

/** The changed rows replace theirs in every cached page of the import; the summary is replaced. */
export function useUpdateOrderImportRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderImportRow,
    onSuccess: (changed) => applyRowsChanged(queryClient, changed),
  });
}
