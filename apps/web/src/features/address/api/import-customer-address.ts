import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddressImportDuplicate,
  AddressImportError,
  AddressImportResult,
} from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import { http } from '../../../lib/http/client';
import { isApiError } from '../../../lib/http/api-error';
import { addressKeys } from './address-keys';

export interface ImportAddressesInput {
  file: File;
  /** 0–100 while the file is sent. */
  onProgress?: (percent: number) => void;
  /** Check the file and report its duplicate rows without importing anything. */
  preview?: boolean;
  /** Import rows identical to an existing address or to another row too (default: skipped). */
  keepDuplicates?: boolean;
}

/** What an import came to: every row imported, or nothing imported and the row problems. */
export type ImportOutcome =
  | { kind: 'imported'; imported: number; skipped: number }
  | {
      kind: 'preview';
      rows: number;
      duplicates: AddressImportDuplicate[];
      duplicateCount: number;
    }
  | { kind: 'rowErrors'; errors: AddressImportError[]; errorCount: number }
  | { kind: 'refused'; message: string };

function rowErrorsOf(data: unknown): { errors: AddressImportError[]; errorCount: number } | null {
  if (typeof data !== 'object' || data === null || !('errors' in data)) return null;
  const { errors, errorCount } = data as { errors: unknown; errorCount?: unknown };
  if (!Array.isArray(errors)) return null;
  const rows = errors.filter(
    (e): e is AddressImportError => typeof e === 'object' && e !== null && 'row' in e,
  );
  return { errors: rows, errorCount: typeof errorCount === 'number' ? errorCount : rows.length };
}

/**
 * `POST /api/CustomerAddress/Import` (multipart, field `file`; `?preview=true` only checks and lists the
 * duplicate rows; `?keepDuplicates=true` imports them too). All or nothing: a sheet with any bad row
 * imports none and answers code 400 with the rows' problems, which the dialog lists; a refused file
 * (not an xlsx, too big) answers 400 with only a message.
 */
export async function importCustomerAddress({
  file,
  onProgress,
  preview = false,
  keepDuplicates = false,
}: ImportAddressesInput): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const result = await http.post<AddressImportResult>(ApiPath.ImportCustomerAddress, form, {
      silent: true,
      params: { preview, keepDuplicates },
      // The client's JSON default would serialise the form; this lets the browser write the boundary.
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
      },
    });
    if (result.preview) {
      return {
        kind: 'preview',
        rows: result.rows,
        duplicates: result.duplicates,
        duplicateCount: result.duplicateCount,
      };
    }
    return { kind: 'imported', imported: result.imported, skipped: result.skipped };
  } catch (error) {
    // 429: another import of this customer, or too many on the server, is running.
    if (isApiError(error) && error.code === ApiCode.TooManyRequests) {
      return { kind: 'refused', message: error.message };
    }
    if (isApiError(error) && error.code === ApiCode.BadRequest) {
      const rows = rowErrorsOf(error.data);
      if (rows && rows.errors.length > 0) return { kind: 'rowErrors', ...rows };
      return { kind: 'refused', message: error.message };
    }
    throw error;
  }
}

export function useImportCustomerAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCustomerAddress,
    onSuccess: (outcome) => {
      if (outcome.kind === 'imported') void queryClient.invalidateQueries({ queryKey: addressKeys.all });
    },
  });
}
