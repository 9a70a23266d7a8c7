import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type {
  OrderImportSummary,
  OrderSheetDefaults,
  OrderSheetMapping,
} from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { replaceSummary } from '../lib/order-import-cache';
import { orderImportKeys } from './order-import-keys';

export interface ApplyOrderImportMappingInput {
  id: string;
  mapping: OrderSheetMapping;
  /** Fixed values for fields without a column. */
  defaults?: OrderSheetDefaults;
  /** Keep the mapping under this name for the next sheet with these headers. */
  saveAs?: string;
}

/** `POST /api/CustomerOrder/BatchImportApplyMapping`: the columns to use; the rows are checked with them. */
export function applyOrderImportMapping(input: ApplyOrderImportMappingInput): Promise<OrderImportSummary> {
  return http.post<OrderImportSummary>(ApiPath.BatchImportApplyMapping, input, { silent: true });
}

export function useApplyOrderImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyOrderImportMapping,
    onSuccess: (summary, input) => {
      replaceSummary(queryClient, summary, { rowsChanged: true });
      if (input.saveAs) void queryClient.invalidateQueries({ queryKey: orderImportKeys.mappings });
    },
  });
}
