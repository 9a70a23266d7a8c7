import type { CellValue } from 'exceljs';

/**
 * Characters that make a spreadsheet treat a typed-in cell as a formula (or split it, for tab and CR):
 * OWASP's CSV-injection list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** Prefixes an apostrophe to text a spreadsheet would run as a formula (CSV/formula injection). */
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Undoes `neutraliseFormula`, so a file this server exported imports back unchanged. */
export const restoreNeutralised = (text: string): string => (NEUTRALISED.test(text) ? text.slice(1) : text);

/**
 * A number as a spreadsheet shows it: whole numbers in full, others to the 15 significant digits Excel keeps,
 * so a stored 0.30000000000000004 (a formula's =0.1*3) reads as the 0.3 the user sees.
 */
function numberText(value: number): string {
  return Number.isInteger(value) ? value.toFixed(0) : String(Number(value.toPrecision(15)));
}

/** The text a user sees in a cell, for every value type ExcelJS reads. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as CellValue | undefined);
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  // Error cells (#N/A, #REF!, …) carry no usable text.
  return '';
}

/**
 * One CSV field: quoted (inner quotes doubled) when it holds a comma, semicolon, tab, quote or line break,
 * so no spreadsheet splits it whatever separator its locale expects.
 */
export function csvField(text: string): string {
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\r\n`;

/**
 * `Content-Disposition` for a download: an ASCII fallback name and the real (possibly Chinese) name
 * in RFC 5987 form, which every current browser prefers.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}
