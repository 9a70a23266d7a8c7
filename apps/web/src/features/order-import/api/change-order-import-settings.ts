import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { replaceSummary } from '../lib/order-import-cache';

export interface OrderImportSettingsInput {
  id: string;
  productCode: string;
  shipperAddressId: string;
}

/**
 * `POST /api/CustomerOrder/BatchImportSettings`: another product (for rows that name none) or sender;
 * every order is checked and priced again, so every cached row page is dropped.
 */
export function changeOrderImportSettings(input: OrderImportSettingsInput): Promise<OrderImportSummary> {
  return http.post<OrderImportSummary>(ApiPath.BatchImportSettings, input);
}

export function useChangeOrderImportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderImportSettings,
    onSuccess: (summary) => replaceSummary(queryClient, summary, { rowsChanged: true }),
  });
}
