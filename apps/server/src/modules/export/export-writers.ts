import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import archiver from 'archiver';
import type { Db } from '../../db/database.ts';
import { loadExcel } from '../../lib/excel.ts';
import { csvLine, neutraliseFormula } from '../address/spreadsheet-text.ts';
import type { ExportCell, ExportColumn, ExportRequest, TableExportSource } from './export-source.ts';

/**
 * The files an export writes, each to a path in the task's temporary directory: xlsx through ExcelJS's
 * streaming writer (rows are committed as they come, so memory stays flat), CSV (UTF-8 with BOM, RFC 4180
 * quoting, formula cells neutralised) and zip archives of such files.
 */

/** Called after each row with rows done so far; throws to stop (the task's abort signal). */
export type RowTick = (done: number) => void;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (the one GetApplicationData announces). */
export function localDateTimeText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** `20261126-1030` in the server's time zone, for file names. */
export function fileStamp(date: Date): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
}

/**
 * A Date whose UTC fields are the server's local time: Excel has no time zones and shows a date cell's
 * UTC fields, so this shows the same wall-clock time the CSV and the portal show.
 */
function excelLocalDate(iso: string): Date | string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
}

const TEXT_FORMAT = '@';
const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

function xlsxCell(column: ExportColumn, value: ExportCell): ExportCell | Date {
  if (value === null) return null;
  if (column.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (column.type === 'datetime') return excelLocalDate(String(value));
  // A text cell is written as a string (t="inlineStr"), never run as a formula.
  return String(value);
}

function csvCell(column: ExportColumn, value: ExportCell): string {
  if (value === null) return '';
  if (column.type === 'number') return String(value);
  if (column.type === 'datetime') return localDateTimeText(String(value));
  // CSV has no cell types: text a spreadsheet would run (= + - @ tab CR) gets OWASP's apostrophe.
  return neutraliseFormula(String(value));
}

export interface TableWrite {
  source: TableExportSource;
  db: Db;
  request: ExportRequest;
  tick: RowTick;
  /** Data rows per sheet before the next sheet starts (tests lower it). */
  rowsPerSheet?: number;
}

/** Excel's sheet holds 1,048,576 rows: the header and this many data rows. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

/**
 * Writes the source's rows as sheets of at most `rowsPerSheet` rows each (a customer with a million
 * orders fills more than one: the second is "订单 (2)", each with the headers); answers the row count.
 */
export async function writeXlsx(
  file: string,
  { source, db, request, tick, rowsPerSheet = XLSX_ROWS_PER_SHEET }: TableWrite,
): Promise<number> {
  const { stream } = await loadExcel();
  const workbook = new stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const language = request.language;
  const title = source.title[language];
  const addSheet = (number: number) => {
    const added = workbook.addWorksheet(
      number === 1 ? sheetName(title) : sheetName(`${title.slice(0, 24)} (${number})`),
    );
    added.columns = source.columns.map((column) => ({
      header: column.header[language],
      key: column.key,
      width: column.width ?? 16,
      style: {
        numFmt:
          column.type === 'datetime' ? DATETIME_FORMAT : column.type === 'number' ? 'General' : TEXT_FORMAT,
      },
    }));
    return added;
  };
  let sheets = 1;
  let sheet = addSheet(sheets);
  let rows = 0;
  for await (const cells of source.rows(db, request)) {
    if (rows > 0 && rows % rowsPerSheet === 0) {
      sheet.commit();
      sheet = addSheet(++sheets);
    }
    sheet.addRow(source.columns.map((column, i) => xlsxCell(column, cells[i] ?? null))).commit();
    tick(++rows);
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}

/** Excel refuses sheet names over 31 characters or with : \ / ? * [ ]. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** Writes `text` to `out`, waiting when the stream asks to (so a slow disk never piles rows up in memory). */
async function writeText(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes the source's rows as CSV (UTF-8 with BOM, CRLF); answers the row count. */
export async function writeCsv(file: string, { source, db, request, tick }: TableWrite): Promise<number> {
  const out = createWriteStream(file);
  const finished = once(out, 'close');
  const language = request.language;
  let rows = 0;
  try {
    // The byte-order mark makes Excel open the UTF-8 file with Chinese text intact.
    let chunk = `\uFEFF${csvLine(source.columns.map((column) => neutraliseFormula(column.header[language])))}`;
    for await (const cells of source.rows(db, request)) {
      chunk += csvLine(source.columns.map((column, i) => csvCell(column, cells[i] ?? null)));
      tick(++rows);
      if (chunk.length >= 64 * 1024) {
        await writeText(out, chunk);
        chunk = '';
      }
    }
    await writeText(out, chunk);
  } catch (error) {
    out.destroy();
    throw error;
  }
  out.end();
  await finished;
  return rows;
}

/** Packs the files (by their base names, or the names given) into one zip archive. */
export async function writeZip(file: string, entries: { path: string; name?: string }[]): Promise<void> {
  const out = createWriteStream(file);
  const archive = archiver('zip', { zlib: { level: 6 } });
  const closed = once(out, 'close');
  const failed = new Promise<never>((_, reject) => archive.on('error', reject));
  archive.pipe(out);
  for (const entry of entries)
    archive.append(createReadStream(entry.path), { name: entry.name ?? path.basename(entry.path) });
  await Promise.race([Promise.all([archive.finalize(), closed]), failed]);
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not hold
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
} as const;

/** The localized file name, e.g. 订单导出-20261126-1030.xlsx. */
export function exportFileName(
  translateTo: (key: string, params: Record<string, string>) => string,
  title: string,
  stamp: string,
  extension: string,
): string {
  const base = translateTo('exportTask.fileName', { title, stamp });
  return `${base}.${extension}`.replace(/[\\/:*?"<>|]/g, '_').replace(CONTROL_CHARACTERS, '_');
}
