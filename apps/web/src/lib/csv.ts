import { saveBlob } from './save-blob';

/** CSV export in UTF-8 with a byte-order mark, so Excel opens Chinese text correctly (spec section 9). */
export const UTF8_BOM = '\uFEFF';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * Quotes a cell when needed and neutralises formula injection: a text cell starting with = + - @ (or a
 * tab/carriage return) gets a leading apostrophe so a spreadsheet shows it instead of running it.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header row plus rows, CRLF line ends, BOM first. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves the CSV through a temporary link. */
export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): void {
  const blob = new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, fileName.endsWith('.csv') ? fileName : `${fileName}.csv`);
}
