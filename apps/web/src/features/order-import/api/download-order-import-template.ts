import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { downloadFile } from '../../../lib/file-download';

/** `GET /api/CustomerOrder/BatchImportTemplate`: the .xlsx template in the interface language. */
export function downloadOrderImportTemplate(): Promise<string> {
  return downloadFile(ApiPath.BatchImportTemplate, 'order-import-template.xlsx');
}

export function useDownloadOrderImportTemplate() {
  return useMutation({ mutationFn: downloadOrderImportTemplate });
}
