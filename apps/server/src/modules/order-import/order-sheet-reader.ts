import { Readable } from 'node:stream';
import { ApiCode } from '@portal/contracts/envelope';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.ts';
import { loadExcel } from '../../lib/excel.ts';
import { mayBeLostRace, SHEET_READ_ATTEMPTS } from '../../lib/xlsx-upload.ts';
import { cellText } from '../address/spreadsheet-text.ts';

/**
 * Streams the first worksheet of an upload with ExcelJS's WorkbookReader: row 1 is the header row, every
 * later row that is not blank is handed on in chunks (its cells as text, as typed), and the stream waits
 * while a chunk is written, so memory holds one chunk whatever the file's size.
 */

export interface SheetRowCells {
  rowNumber: number;
  /** The row's cells as text, 0-based in the sheet's column order (trailing blanks dropped). */
  cells: string[];
}

export interface SheetRead {
  headers: string[];
  rowCount: number;
}

export const SHEET_CHUNK_ROWS = 500;

/** The cells of an ExcelJS row (1-based, sparse) as 0-based texts without trailing blanks. */
function rowTexts(values: ExcelJS.CellValue[]): string[] {
  const texts: string[] = [];
  for (let index = 1; index < values.length; index++) texts.push(cellText(values[index]));
  while (texts.length > 0 && texts[texts.length - 1]!.trim() === '') texts.pop();
  return texts;
}

/** A failure of the caller's writing, not of the reading: never retried, rethrown as it was. */
class WriteFailure {
  constructor(readonly cause: unknown) {}
}

export interface SheetReceiver {
  /** The header row, before any data row. */
  onHeaders(headers: string[]): Promise<void>;
  /** The next chunk of data rows, in sheet order. */
  onRows(rows: SheetRowCells[]): Promise<void>;
  /** Undo what a read that lost ExcelJS's race handed on. */
  restart(): Promise<void>;
}

async function readOnce(file: Buffer, maxRows: number, receiver: SheetReceiver): Promise<SheetRead> {
  const { stream } = await loadExcel();
  const reader = new stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let headers: string[] | undefined;
  let rowCount = 0;
  let chunk: SheetRowCells[] = [];
  let hasWorksheet = false;
  const handOn = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      throw new WriteFailure(error);
    }
  };
  let lastRowNumber = 0;
  for await (const worksheet of reader) {
    hasWorksheet = true;
    for await (const row of worksheet) {
      // Excel writes rows once each, in order; a hand-made file may not, and a row number is the row's key.
      if (row.number <= lastRowNumber)
        throw new AppError(ApiCode.BadRequest, 'orderImport.rowOutOfOrder', { row: row.number });
      lastRowNumber = row.number;
      const cells = rowTexts(row.values as ExcelJS.CellValue[]);
      if (row.number === 1) {
        const found = cells.map((text) => text.trim());
        headers = found;
        await handOn(() => receiver.onHeaders(found));
        continue;
      }
      if (!headers) {
        // A sheet whose row 1 is blank: its header row is empty.
        const none: string[] = [];
        headers = none;
        await handOn(() => receiver.onHeaders(none));
      }
      if (cells.length === 0) continue;
      if (++rowCount > maxRows)
        throw new AppError(ApiCode.BadRequest, 'orderImport.tooManyRows', { max: maxRows });
      chunk.push({ rowNumber: row.number, cells });
      if (chunk.length >= SHEET_CHUNK_ROWS) {
        const full = chunk;
        chunk = [];
        await handOn(() => receiver.onRows(full));
      }
    }
    // Only the first worksheet holds orders; the template's other sheets are instructions and lists.
    break;
  }
  if (!hasWorksheet) throw new AppError(ApiCode.BadRequest, 'address.import.unreadable');
  const rest = chunk;
  if (rest.length > 0) await handOn(() => receiver.onRows(rest));
  if (!headers || headers.every((header) => header === '') || rowCount === 0)
    throw new AppError(ApiCode.BadRequest, 'orderImport.noRows');
  return { headers, rowCount };
}

/**
 * Reads the sheet, again when ExcelJS loses its known race (`SHEET_READ_ATTEMPTS`): `restart` undoes
 * what the lost read handed on. Anything else that fails to parse is the file's fault: a localized 400.
 */
export async function readOrderSheet(
  file: Buffer,
  maxRows: number,
  receiver: SheetReceiver,
): Promise<SheetRead> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readOnce(file, maxRows, receiver);
    } catch (error) {
      if (error instanceof WriteFailure) throw error.cause;
      if (!mayBeLostRace(error)) throw error;
      if (attempt === SHEET_READ_ATTEMPTS)
        throw new AppError(ApiCode.BadRequest, 'address.import.unreadable');
      await receiver.restart();
    }
  }
}
