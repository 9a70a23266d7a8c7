import { ApiCode } from '@portal/contracts/envelope';
import {
  DEFAULT_XLSX_LIMITS,
  inspectXlsx,
  verifyUnpackedSizes,
  type XlsxRejection,
} from '../modules/address/xlsx-guard.ts';
import { XLSX_MAX_TEXT_BYTES } from '../modules/address/xml-scanner.ts';
import { isStorageFull } from '../db/availability.ts';
import { AppError } from './errors.ts';

/**
 * The refusal of an uploaded workbook before any parser touches it, shared by every spreadsheet import
 * (addresses, batch orders): not a real xlsx, too large, a zip bomb, lying sizes, hostile XML — each a
 * localized 400. The texts speak of "the file", so every import uses the same keys.
 */

export const xlsxTooLarge = (maxBytes: number) =>
  new AppError(ApiCode.BadRequest, 'address.import.tooLarge', { maxMb: maxBytes / (1024 * 1024) });

const REJECTIONS: Record<XlsxRejection, (maxBytes: number) => AppError> = {
  notXlsx: () => new AppError(ApiCode.BadRequest, 'address.import.notXlsx'),
  tooLarge: (maxBytes) => xlsxTooLarge(maxBytes),
  zipBomb: () => new AppError(ApiCode.BadRequest, 'address.import.zipBomb'),
  textTooLong: () =>
    new AppError(ApiCode.BadRequest, 'address.import.textTooLong', { maxKb: XLSX_MAX_TEXT_BYTES / 1024 }),
  unsafeXml: () => new AppError(ApiCode.BadRequest, 'address.import.unsafeXml'),
};

/** Throws the localized refusal when the upload is not a workbook the streaming reader may open. */
export async function refuseUnsafeXlsx(file: Buffer, maxBytes: number): Promise<void> {
  const inspection = inspectXlsx(file, { maxBytes, ...DEFAULT_XLSX_LIMITS });
  if (!inspection.ok) throw REJECTIONS[inspection.reason](maxBytes);
  const verified = await verifyUnpackedSizes(file, inspection.entries);
  if (!verified.ok) throw REJECTIONS[verified.reason](maxBytes);
}

/**
 * ExcelJS's streaming reader now and then loses the race between an entry of the zip and the code that
 * reads it (a TypeError inside ExcelJS, or no worksheet at all) although the same bytes parse 99 times
 * out of 100; a broken file fails every time. Three reads make a lost race as rare as one in a million.
 */
export const SHEET_READ_ATTEMPTS = 3;

/**
 * Whether a failed read may be that lost race, worth reading again: any failure but our own refusals —
 * except a full disk (ExcelJS may spill a worksheet to a temp file), which is the server's fault, not the
 * file's, and is answered as such (the error handler's "storage full" 503).
 */
export const mayBeLostRace = (error: unknown): boolean =>
  !isStorageFull(error) && (!(error instanceof AppError) || error.messageKey === 'address.import.unreadable');
