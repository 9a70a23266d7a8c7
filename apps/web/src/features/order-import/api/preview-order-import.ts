import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportPreviewFields, OrderImportSummary } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';
import { orderImportKeys } from './order-import-keys';

export interface PreviewOrderImportInput extends OrderImportPreviewFields {
  file: File;
  /** 0–100 while the file is sent; then the server reads and checks the rows. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST /api/CustomerOrder/BatchImportPreview` (multipart: `file` and the fields). The path is in
 * `NO_REFRESH_RETRY_PATHS`, so the request client never sends this long call a second time after a
 * token refresh; a refusal (not an xlsx, a zip bomb, too many rows, busy) rejects with its localized
 * message, which the page shows beside the kept file. No time limit: 100,000 rows take a while.
 */
export function previewOrderImport({
  file,
  onProgress,
  productCode,
  shipperAddressId,
  mappingId,
}: PreviewOrderImportInput): Promise<OrderImportSummary> {
  const form = new FormData();
  form.append('productCode', productCode);
  if (shipperAddressId) form.append('shipperAddressId', shipperAddressId);
  if (mappingId) form.append('mappingId', mappingId);
  // The file last: the server reads the fields before it streams the file.
  form.append('file', file, file.name);
  return http.post<OrderImportSummary>(ApiPath.BatchImportPreview, form, {
    silent: true,
    timeout: 0,
    // The client's JSON default would serialise the form; this lets the browser write the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
}

export function usePreviewOrderImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: previewOrderImport,
    onSuccess: (summary) => queryClient.setQueryData(orderImportKeys.summary(summary.id), summary),
  });
}
