import { PassThrough, type Readable } from 'node:stream';
import type { Language } from '@portal/contracts/languages';
import {
  ORDER_SHEET_COLUMN,
  ORDER_SHEET_FIELDS,
  type OrderImportRowState,
  type OrderSheetField,
  type OrderSheetMapping,
} from '@portal/contracts/order-import';
import type { Db } from '../../db/database.ts';
import { loadExcel } from '../../lib/excel.ts';
import { translate } from '../../lib/messages.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { attachmentDisposition } from '../address/spreadsheet-text.ts';
import { findOwnImport } from './order-import-check.ts';
import { rowsAfter } from './order-import.repository.ts';
import { wordCellError, type StoredCellError } from './order-row-check.ts';
import './order-import-mapping.messages.ts';

/**
 * The error report: the rows that have not become orders, as the user's own sheet (their header row and
 * columns as uploaded, grid edits written into the mapped columns), after an error column ("Column:
 * message; …") and a state column; the cells with an error are highlighted. Streamed row by row.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TEXT_FORMAT = '@';
const ERROR_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } as const;
const REPORT_PAGE_ROWS = 1000;
/** The two columns the report puts before the user's. */
const LEADING_COLUMNS = 2;
/** The most characters a cell may hold (Excel's limit): a longer text makes the file one Excel must repair. */
const CELL_MAX_CHARS = 32_767;

/** A text cut to what a cell holds, never between the halves of a surrogate pair. */
export function fitCell(text: string): string {
  if (text.length <= CELL_MAX_CHARS) return text;
  const end = /[\uD800-\uDBFF]/.test(text[CELL_MAX_CHARS - 1]!) ? CELL_MAX_CHARS - 1 : CELL_MAX_CHARS;
  return text.slice(0, end);
}

/** The user's cells with the grid's edits: a mapped field's current text replaces its column's cell. */
export function currentCells(
  cells: readonly string[],
  fieldValues: Partial<Record<OrderSheetField, string>> | null,
  mapping: OrderSheetMapping,
): string[] {
  const current = [...cells];
  if (!fieldValues) return current;
  for (const field of ORDER_SHEET_FIELDS) {
    const index = mapping[field];
    if (index === undefined) continue;
    while (current.length <= index) current.push('');
    current[index] = fieldValues[field] ?? '';
  }
  return current;
}

/** The rows whose order was not created, in sheet order, a page at a time (never all in memory). */
async function* uncreatedRows(db: Db, importId: string) {
  for (let after = 0; ;) {
    const rows = await rowsAfter(db, importId, after, REPORT_PAGE_ROWS);
    yield* rows.filter((row) => row.state !== 'created');
    const last = rows.at(-1);
    if (!last || rows.length < REPORT_PAGE_ROWS) return;
    after = last.row_number;
  }
}

export interface ReportFile {
  stream: Readable;
  contentType: string;
  contentDisposition: string;
}

/** The caller's import's error report (404 for an import that is not the caller's). */
export async function orderImportErrorReport(
  db: Db,
  auth: AuthContext,
  importId: string,
  language: Language,
): Promise<ReportFile> {
  const found = await findOwnImport(db, auth, importId);
  const headers = JSON.parse(found.headers) as string[];
  const mapping = JSON.parse(found.mapping) as OrderSheetMapping;
  const t = (key: string) => translate(language, key);
  // An error names its column as the user's sheet does; a field without a column by the template's name.
  const columnName = (field: OrderSheetField) => {
    const index = mapping[field];
    const header = index === undefined ? undefined : headers[index]?.replace(/[\s*＊]+$/, '').trim();
    return header || ORDER_SHEET_COLUMN[field].header[language];
  };

  const output = new PassThrough();
  const write = async () => {
    const { stream } = await loadExcel();
    const workbook = new stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(t('orderImport.report.errors'), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = [
      { header: t('orderImport.report.errors'), width: 60, style: { numFmt: TEXT_FORMAT } },
      { header: t('orderImport.report.state'), width: 12, style: { numFmt: TEXT_FORMAT } },
      ...headers.map((header) => ({
        header: fitCell(header),
        width: Math.min(40, Math.max(12, header.length + 4)),
        style: { numFmt: TEXT_FORMAT },
      })),
    ];
    sheet.getRow(1).font = { bold: true };
    // Every value is written as a string (inline), never a formula: "=1+1" and "+86 138…" stay as typed.
    for await (const row of uncreatedRows(db, importId)) {
      const errors = row.errors ? (JSON.parse(row.errors) as StoredCellError[]) : [];
      const fieldValues = row.field_values
        ? (JSON.parse(row.field_values) as Partial<Record<OrderSheetField, string>>)
        : null;
      const cells = currentCells(JSON.parse(row.cells) as string[], fieldValues, mapping);
      const errorText = errors
        .map((error) => `${columnName(error.field)}: ${wordCellError(error, language)}`)
        .join('; ');
      const state = t(`orderImport.report.state.${row.state satisfies OrderImportRowState}`);
      const added = sheet.addRow([fitCell(errorText), state, ...cells.map(fitCell)]);
      if (errors.length > 0) added.getCell(1).fill = ERROR_FILL;
      for (const error of errors) {
        const index = mapping[error.field];
        if (index !== undefined) added.getCell(LEADING_COLUMNS + index + 1).fill = ERROR_FILL;
      }
      added.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );

  const base = found.file_name.replace(/\.xlsx$/i, '');
  const fileName = `${translate(language, 'orderImport.report.fileName')}-${base}.xlsx`;
  return {
    stream: output,
    contentType: XLSX_TYPE,
    contentDisposition: attachmentDisposition(fileName, 'batch-order-errors.xlsx'),
  };
}
