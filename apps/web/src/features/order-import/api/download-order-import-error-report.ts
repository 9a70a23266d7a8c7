import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { downloadFile } from '../../../lib/file-download';

/**
 * `GET /api/CustomerOrder/BatchImportErrorReport?id=`: the rows not imported, as the user's own sheet
 * with an error column, so nothing typed is lost.
 */
export function downloadOrderImportErrorReport(id: string): Promise<string> {
  return downloadFile(ApiPath.BatchImportErrorReport, 'order-import-errors.xlsx', { params: { id } });
}

export function useDownloadOrderImportErrorReport() {
  return useMutation({ mutationFn: downloadOrderImportErrorReport });
}
