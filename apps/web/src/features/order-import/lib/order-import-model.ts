import {
  ORDER_IMPORT_MAX_BYTES,
  ORDER_SHEET_COLUMNS,
  type OrderImportRow,
  type OrderImportRows,
  type OrderImportSummary,
  type OrderImportView,
  type OrderSheetDefaults,
  type OrderSheetField,
  type OrderSheetMapping,
  type OrderSheetPart,
} from '@portal/contracts/order-import';

/**
 * The batch-create page's rules, pure and unit-tested: the grid's pages and placeholders, the rows an
 * answer changed, the views' counts, whether a commit may start, one Idempotency-Key per commit attempt,
 * the mapping step's helpers and the file check before anything is sent.
 */

/** Rows the grid asks for at once (a page of `BatchImportRows`). */
export const GRID_PAGE_SIZE = 200;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A grid line whose page has not arrived yet (it asks for its page when it is drawn). */
export interface PlaceholderRow {
  kind: 'placeholder';
  index: number;
}
export type GridRow = (OrderImportRow & { kind: 'row'; index: number }) | PlaceholderRow;

export const pageOfIndex = (index: number, pageSize = GRID_PAGE_SIZE) => Math.floor(index / pageSize);

/**
 * The view's `total` lines: each from its page when that page is cached, else a placeholder. `pages` maps a
 * page number to its answer.
 */
export function gridRowsOf(
  total: number,
  pages: ReadonlyMap<number, OrderImportRows>,
  pageSize = GRID_PAGE_SIZE,
): GridRow[] {
  const rows: GridRow[] = new Array<GridRow>(total);
  for (let index = 0; index < total; index += 1) {
    const row = pages.get(pageOfIndex(index, pageSize))?.rows[index % pageSize];
    rows[index] = row ? { ...row, kind: 'row', index } : { kind: 'placeholder', index };
  }
  return rows;
}

/** The rows an answer changed put in place of theirs; the same page object when none of them is on it. */
export function replaceRowsInPage(
  page: OrderImportRows,
  changed: ReadonlyMap<number, OrderImportRow>,
): OrderImportRows {
  if (!page.rows.some((row) => changed.has(row.rowNumber))) return page;
  return { ...page, rows: page.rows.map((row) => changed.get(row.rowNumber) ?? row) };
}

/** The count a view's tab shows: lines for "all", orders for the others (what the summary counts). */
export function viewCountOf(summary: OrderImportSummary, view: OrderImportView): number {
  switch (view) {
    case 'invalid':
      return summary.invalidOrderCount;
    case 'valid':
      return summary.validOrderCount;
    case 'excluded':
      return summary.excludedOrderCount;
    default:
      return summary.rowCount;
  }
}

/** Per field, the messages of its errors on this row. */
export function cellErrorsOf(row: Pick<OrderImportRow, 'errors'>): Map<OrderSheetField, string[]> {
  const byField = new Map<OrderSheetField, string[]>();
  for (const error of row.errors)
    byField.set(error.field, [...(byField.get(error.field) ?? []), error.message]);
  return byField;
}

/**
 * The cells an edit sends, or null when nothing changed (the text as typed, so a deliberate space stays;
 * an untouched blank cell is `''` both ways).
 */
export function cellEditOf(
  row: Pick<OrderImportRow, 'values'>,
  field: OrderSheetField,
  text: string,
): Partial<Record<OrderSheetField, string>> | null {
  return (row.values[field] ?? '') === text ? null : { [field]: text };
}

/** The next drawn line with an error after `after` (wrapping to the start), or null when none is loaded. */
export function nextErrorIndex(rows: readonly GridRow[], after: number): number | null {
  const count = rows.length;
  for (let step = 1; step <= count; step += 1) {
    const row = rows[(after + step + count) % count];
    if (row?.kind === 'row' && row.errors.length > 0) return row.index;
  }
  return null;
}

export type CommitBlock = 'notReady' | 'noValidOrders' | 'insufficient';

/**
 * Whether the commit may start, and why not: only a `ready` import with valid orders; submitting needs
 * the money for every currency (drafts hold nothing, so they may go).
 */
export function commitBlockOf(summary: OrderImportSummary, submit: boolean): CommitBlock | null {
  if (summary.status !== 'ready') return 'notReady';
  if (summary.validOrderCount === 0) return 'noValidOrders';
  if (submit && summary.totals.some((total) => total.insufficient)) return 'insufficient';
  return null;
}

/** The currencies whose total charge is more than the wallet has. */
export const insufficientCurrencies = (summary: OrderImportSummary) =>
  summary.totals.filter((total) => total.insufficient).map((total) => total.currencyCode);

/**
 * One Idempotency-Key per commit attempt. The key is kept while the same attempt (same import, same
 * drafts-or-submit choice) is sent again after it got no answer, so a retry or a double click never
 * commits twice; once the server has answered — accepted or refused — the next attempt takes a new key.
 */
export class CommitAttempts {
  private attempt: { importId: string; submit: boolean; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(importId: string, submit: boolean): string {
    const attempt = this.attempt;
    if (attempt && attempt.importId === importId && attempt.submit === submit) return attempt.key;
    this.attempt = { importId, submit, key: this.newKey() };
    return this.attempt.key;
  }

  /** The server answered this attempt: the next one is a new attempt. */
  settle(): void {
    this.attempt = null;
  }
}

/** An import the user can still act on (not committed): leaving asks first, coming back offers it. */
export const isUnfinished = (summary: Pick<OrderImportSummary, 'status'>) => summary.status !== 'committed';

/**
 * The fields a mapping must give a column (or a default value) and has not: the template's required ones,
 * except the reference number (a blank one is generated), as `BatchImportApplyMapping` checks them.
 */
export function missingRequiredFields(
  mapping: OrderSheetMapping,
  defaults: OrderSheetDefaults = {},
): OrderSheetField[] {
  return ORDER_SHEET_COLUMNS.filter(
    (column) =>
      column.required &&
      column.field !== 'customerOrderNo' &&
      mapping[column.field] === undefined &&
      !defaults[column.field]?.trim(),
  ).map((column) => column.field);
}

/** Fields that take no default value (the server's rule): the reference number groups rows, the product is the page's. */
export const NO_DEFAULT_FIELDS: ReadonlySet<OrderSheetField> = new Set(['customerOrderNo', 'productCode']);

/** The defaults sent: trimmed, non-blank, only for fields without a column. */
export function defaultsToSend(defaults: OrderSheetDefaults, mapping: OrderSheetMapping): OrderSheetDefaults {
  const sent: OrderSheetDefaults = {};
  for (const [field, value] of Object.entries(defaults) as [OrderSheetField, string][]) {
    const text = value.trim();
    if (text !== '' && mapping[field] === undefined && !NO_DEFAULT_FIELDS.has(field)) sent[field] = text;
  }
  return sent;
}

/** A saved mapping (header texts per field) on this sheet's headers; a header the sheet lacks is skipped. */
export function mappingOfSaved(
  columns: Partial<Record<OrderSheetField, string>>,
  headers: readonly string[],
): OrderSheetMapping {
  const mapping: OrderSheetMapping = {};
  const used = new Set<number>();
  for (const [field, header] of Object.entries(columns) as [OrderSheetField, string][]) {
    const index = headers.findIndex((text, at) => !used.has(at) && text.trim() === header.trim());
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  return mapping;
}

/** One column for one field: choosing a column another field had takes it from that field. */
export function withColumn(
  mapping: OrderSheetMapping,
  field: OrderSheetField,
  column: number | undefined,
): OrderSheetMapping {
  const next: OrderSheetMapping = {};
  for (const [key, index] of Object.entries(mapping) as [OrderSheetField, number][])
    if (key !== field && index !== column) next[key] = index;
  if (column !== undefined) next[field] = column;
  return next;
}

/** The first rows' texts in one column, blanks left out, as shown beside the mapping's select. */
export function sampleValuesOf(
  sampleRows: readonly (readonly string[])[],
  column: number | undefined,
): string[] {
  if (column === undefined) return [];
  return sampleRows.map((row) => (row[column] ?? '').trim()).filter((text) => text !== '');
}

export type FileRefusal = 'notXlsx' | 'tooLarge';

/** Checked before the file leaves the browser: an .xlsx within the contract's size. */
export function fileRefusalOf(file: Pick<File, 'name' | 'size' | 'type'>): FileRefusal | null {
  const isXlsx = file.name.toLowerCase().endsWith('.xlsx') && (!file.type || file.type === XLSX_MIME);
  if (!isXlsx) return 'notXlsx';
  if (file.size > ORDER_IMPORT_MAX_BYTES) return 'tooLarge';
  return null;
}

export const SHEET_PARTS: readonly OrderSheetPart[] = ['order', 'consignee', 'parcel', 'item'];

/**
 * Whether a failed commit call was refused for good (the server answered 4xx: a new attempt takes a new
 * key) rather than lost or failed on the way (no answer, 5xx: the same attempt is retried with its key).
 */
export const isDefinitiveRefusal = (code: number) => code >= 400 && code < 500;

/** Pixels per character of a template column's width, and the grid's width of a sheet column. */
const CHAR_PX = 8;
export const sheetColumnWidth = (field: OrderSheetField) =>
  Math.max((ORDER_SHEET_COLUMNS.find((column) => column.field === field)?.width ?? 10) * CHAR_PX + 24, 96);

/** The row's first field in error, in the sheet's column order. */
export function firstErrorField(row: Pick<OrderImportRow, 'errors'>): OrderSheetField | null {
  const fields = new Set(row.errors.map((error) => error.field));
  return ORDER_SHEET_COLUMNS.find((column) => fields.has(column.field))?.field ?? null;
}
