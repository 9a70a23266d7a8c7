import { PassThrough, Readable } from 'node:stream';
import {
  ADDRESS_SHEET_COLUMNS,
  ADDRESS_TYPE_LABELS,
  type AddressExportFormat,
  type AddressFilter,
} from '@portal/contracts/address';
import type { Language } from '@portal/contracts/languages';
import { loadExcel } from '../../lib/excel.ts';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/messages.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as repo from './address.repository.ts';
import { attachmentDisposition, csvLine, neutraliseFormula } from './spreadsheet-text.ts';

export interface ExportFile {
  stream: Readable;
  contentType: string;
  contentDisposition: string;
}

const CONTENT_TYPES: Record<AddressExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** One address as sheet texts, in ADDRESS_SHEET_COLUMNS order: the same layout the import reads. */
function rowTexts(row: repo.AddressRow, language: Language): string[] {
  const values: Record<(typeof ADDRESS_SHEET_COLUMNS)[number]['field'], string | null> = {
    addressType: ADDRESS_TYPE_LABELS[row.address_type][language],
    name: row.name,
    company: row.company,
    phone: row.phone,
    email: row.email,
    countryCode: row.country_code,
    province: row.province,
    city: row.city,
    district: row.district,
    postalCode: row.postal_code,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    addressLine3: row.address_line3,
    houseNumber: row.house_number,
    taxId: row.tax_id,
    isDefault: translate(language, row.is_default === 1 ? 'address.yes' : 'address.no'),
  };
  return ADDRESS_SHEET_COLUMNS.map((column) => values[column.field] ?? '');
}

/**
 * CSV has no cell types: a spreadsheet opening it runs a field that starts with = + - @ (or tab, CR) as
 * a formula, so such fields get OWASP's leading apostrophe. The import takes it off again.
 */
const csvCells = (row: repo.AddressRow, language: Language) => rowTexts(row, language).map(neutraliseFormula);

/** The text number format: a cell a user edits in Excel stays text instead of becoming a formula or number. */
const TEXT_FORMAT = '@';

function xlsxStream(rows: AsyncIterable<repo.AddressRow>, language: Language): Readable {
  const output = new PassThrough();
  const write = async () => {
    const { stream } = await loadExcel();
    const workbook = new stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(translate(language, 'address.sheet.addresses'));
    sheet.columns = ADDRESS_SHEET_COLUMNS.map((column) => ({
      header: column.header[language],
      key: column.field,
      width: column.width,
      style: { numFmt: TEXT_FORMAT },
    }));
    // Every cell is written as a string (t="inlineStr"), never as a formula: `+8613800138000` and
    // `=1+1` show as typed, without the apostrophe CSV needs.
    for await (const row of rows) sheet.addRow(rowTexts(row, language)).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}

function csvStream(rows: AsyncIterable<repo.AddressRow>, language: Language): Readable {
  async function* lines() {
    // The byte-order mark makes Excel open the UTF-8 file with Chinese text intact.
    yield `\uFEFF${csvLine(ADDRESS_SHEET_COLUMNS.map((column) => neutraliseFormula(column.header[language])))}`;
    for await (const row of rows) yield csvLine(csvCells(row, language));
  }
  return Readable.from(lines());
}

/** Streams the caller's addresses matching the filters, in list order, as xlsx or CSV. */
export function exportAddresses(
  db: Db,
  auth: AuthContext,
  filter: AddressFilter,
  format: AddressExportFormat,
  language: Language,
): ExportFile {
  const rows = repo.iterateAddresses(db, auth.customerId, filter);
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const fileName = `${translate(language, 'address.file.export')}-${date}.${format}`;
  return {
    stream: format === 'xlsx' ? xlsxStream(rows, language) : csvStream(rows, language),
    contentType: CONTENT_TYPES[format],
    contentDisposition: attachmentDisposition(fileName, `address-book-${date}.${format}`),
  };
}
