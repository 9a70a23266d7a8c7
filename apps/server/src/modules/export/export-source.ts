import type { ExportKind } from '@portal/contracts/export-task';
import type { Language, LocalizedText } from '@portal/contracts/languages';
import type { BillQueryInput } from '@portal/contracts/bill';
import type { LedgerFilter } from '@portal/contracts/consumption-flow';
import type { LabelSize, OrderFilter } from '@portal/contracts/order-list';
import type { RechargeQueryInput } from '@portal/contracts/recharge';
import type { DictionaryTypeCode } from '@portal/contracts/reference';
import type { Writable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import { DICTIONARIES } from '../reference/dictionaries.ts';
import type { DataScopeFilter } from '../organization/data-scope.ts';

/**
 * What an export task exports (issue 10). The task runner's export handler (modules/export) knows formats,
 * files and progress; a source knows its data. Table sources give columns and rows, which the handler
 * writes as xlsx (ExcelJS streaming writer) or CSV; document sources write their own file (label PDFs).
 * Sources are listed in `export-sources.ts`, one per kind.
 */

/**
 * Who asked and what: the task's saved request. `ids` (selected rows) wins over the kind's filter
 * (`filter` for order kinds, `ledgerFilter`, `rechargeFilter`, `billFilter` for the settlement kinds),
 * each as the create call's schema parsed it.
 */
export interface ExportRequest {
  customerId: string;
  userId: string;
  /** The unit data scope of the user who asked, as it is when the task runs. */
  dataScope: DataScopeFilter | null;
  /** The language of headers, names and the file name: the one the user had when creating the task. */
  language: Language;
  ids: readonly string[] | null;
  filter: OrderFilter | null;
  ledgerFilter?: LedgerFilter | null;
  rechargeFilter?: RechargeQueryInput | null;
  billFilter?: BillQueryInput | null;
  labelSize: LabelSize | null;
  /** The billing time zone (config.bills), in which `billFilter`'s months are cut. */
  billUtcOffsetMinutes?: number;
}

export type ExportCell = string | number | null;

export interface ExportColumn {
  key: string;
  header: LocalizedText;
  /** How the xlsx writer formats the cell; CSV writes text either way. Default text. */
  type?: 'text' | 'number' | 'datetime';
  /** Column width in characters (xlsx). */
  width?: number;
}

/** Reports progress: `done` of `total` (rows, labels). The handler turns it into 0–100 and saves it now and then. */
export type ExportProgress = (done: number, total: number) => void;

export interface TableExportSource {
  kind: ExportKind;
  shape: 'table';
  /** The file's base name and the sheet's name, e.g. 订单 / Orders. */
  title: LocalizedText;
  columns: readonly ExportColumn[];
  /** Rows that `rows` will give (for progress), counted with the same request. */
  count(db: Db, request: ExportRequest): Promise<number>;
  /** The rows, cells in column order, read from the database in pages so memory stays flat. */
  rows(db: Db, request: ExportRequest): AsyncIterable<ExportCell[]>;
  /** The same kind written as a document when the format is pdf (bill statements beside their lines). */
  pdf?: DocumentExportSource;
}

export interface DocumentExportSource {
  kind: ExportKind;
  shape: 'document';
  title: LocalizedText;
  /** File name extension and content type of what `write` produces. */
  extension: 'pdf';
  contentType: string;
  /** Writes the whole document to `out` (without ending it); answers how many items (labels) it holds. */
  write(db: Db, request: ExportRequest, out: Writable, progress: ExportProgress): Promise<number>;
}

export type ExportSource = TableExportSource | DocumentExportSource;

/** A header or title in the three languages. */
export const text = (zhCN: string, enUS: string, zhTW: string): LocalizedText => ({
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
});

/** A dictionary's value → its label in `language` (the value itself when unknown), as the web shows it. */
export function dictionaryWords(type: DictionaryTypeCode, language: Language) {
  const labels = new Map(DICTIONARIES[type].map((entry) => [entry.value, entry.labels[language]]));
  return (value: string) => labels.get(value) ?? value;
}

/**
 * Minor units as a decimal amount of the currency (2 digits unless the currency says otherwise): amounts
 * a spreadsheet can add up, next to a currency column.
 */
export async function currencyDigits(db: Db) {
  const rows = await db.selectFrom('currencies').select(['code', 'minor_units']).execute();
  const digits = new Map(rows.map((row) => [row.code, Number(row.minor_units)]));
  return (amount: number, currencyCode: string) => {
    const places = digits.get(currencyCode) ?? 2;
    return Number((amount / 10 ** places).toFixed(places));
  };
}
