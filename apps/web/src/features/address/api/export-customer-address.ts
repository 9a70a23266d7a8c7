import { useMutation } from '@tanstack/react-query';
import type { AddressExportFormat, AddressFilter } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import { downloadFile } from '../../../lib/file-download';

export interface ExportAddressesInput {
  filter: AddressFilter;
  format: AddressExportFormat;
}

/**
 * `GET /api/CustomerAddress/Export?format=xlsx|csv&…filters`: the server builds the file (headers in the
 * interface language, CSV as UTF-8 with BOM, formula-like cells neutralised); saved under its file name.
 */
export function exportCustomerAddress({ filter, format }: ExportAddressesInput): Promise<string> {
  return downloadFile(ApiPath.ExportCustomerAddress, `addresses.${format}`, {
    params: { ...filter, format },
  });
}

export function useExportCustomerAddress() {
  return useMutation({ mutationFn: exportCustomerAddress });
}
