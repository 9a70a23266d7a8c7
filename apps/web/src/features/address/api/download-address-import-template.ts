import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import { downloadFile } from '../../../lib/file-download';

/** `GET /api/CustomerAddress/ImportTemplate`: the .xlsx template with headers in the interface language. */
export function downloadAddressImportTemplate(): Promise<string> {
  return downloadFile(ApiPath.CustomerAddressImportTemplate, 'address-template.xlsx');
}

export function useDownloadAddressImportTemplate() {
  return useMutation({ mutationFn: downloadAddressImportTemplate });
}
