import { Readable } from 'node:stream';
import {
  ADDRESS_IMPORT_MAX_BYTES,
  ADDRESS_IMPORT_MAX_REPORTED_ERRORS,
  ADDRESS_IMPORT_MAX_ROWS,
  ADDRESS_SHEET_COLUMNS,
  ADDRESS_TYPE_LABELS,
  ADDRESS_TYPES,
  AddressMessage,
  type AddressImportDuplicate,
  type AddressImportError,
  type AddressImportResult,
  type AddressInputParsed,
  type AddressSheetField,
  type AddressType,
} from '@portal/contracts/address';
import { ApiCode } from '@portal/contracts/envelope';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import { fieldMessage } from '@portal/contracts/text';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/excel.ts';
import { isStorageFull } from '../../db/availability.ts';
import { mayBeLostRace, refuseUnsafeXlsx, SHEET_READ_ATTEMPTS, xlsxTooLarge } from '../../lib/xlsx-upload.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { zodLocaleError } from '../../lib/validation-locale.ts';
import { isMessageKey, translate } from '../../lib/messages.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { findCountryCode } from '../reference/countries.ts';
import * as repo from './address.repository.ts';
import { addressSchemas, newAddressRow } from './address.service.ts';
import { REQUIRED_COLUMNS } from './address-template.ts';
import { cellText, restoreNeutralised } from './spreadsheet-text.ts';

const normaliseHeader = (text: string) => text.replace(/[\s*＊]/g, '').toLowerCase();

/** Header text in any interface language (or the field name itself) → field. */
const HEADER_FIELDS = new Map<string, AddressSheetField>(
  ADDRESS_SHEET_COLUMNS.flatMap((column) => [
    [normaliseHeader(column.field), column.field] as const,
    ...LANGUAGES.map((language) => [normaliseHeader(column.header[language]), column.field] as const),
  ]),
);

const ADDRESS_TYPE_WORDS = new Map<string, AddressType>(
  ADDRESS_TYPES.flatMap((type) => [
    [type, type] as const,
    ...LANGUAGES.map((l) => [ADDRESS_TYPE_LABELS[type][l].toLowerCase(), type] as const),
  ]),
);

/** Yes and no as people type them, in the three languages (blank is no). */
const YES_WORDS = new Set([
  'y',
  'yes',
  'true',
  '1',
  '是',
  ...LANGUAGES.map((l) => translate(l, 'address.yes').toLowerCase()),
]);
const NO_WORDS = new Set([
  '',
  'n',
  'no',
  'false',
  '0',
  '否',
  ...LANGUAGES.map((l) => translate(l, 'address.no').toLowerCase()),
]);

export const fileTooLarge = () => xlsxTooLarge(ADDRESS_IMPORT_MAX_BYTES);

/** A yes/no cell as typed (是/否, yes/no, y/n, 1/0, true/false, in any interface language); undefined: neither. */
export function parseYesNo(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (YES_WORDS.has(word)) return true;
  if (NO_WORDS.has(word)) return false;
  return undefined;
}

/** Collects row errors for the answer: all are counted, the first ADDRESS_IMPORT_MAX_REPORTED_ERRORS are listed. */
class ErrorList {
  readonly listed: AddressImportError[] = [];
  count = 0;
  constructor(private readonly language: Language) {}

  add(row: number, field: AddressSheetField, message: string) {
    this.count++;
    if (this.listed.length >= ADDRESS_IMPORT_MAX_REPORTED_ERRORS) return;
    const column = ADDRESS_SHEET_COLUMNS.find((c) => c.field === field)?.header[this.language] ?? field;
    const text = isMessageKey(message) ? translate(this.language, message) : message;
    this.listed.push({ row, column, field, message: text });
  }

  failure() {
    return new AppError(
      ApiCode.BadRequest,
      'address.import.failed',
      { count: this.count },
      { errors: this.listed, errorCount: this.count },
    );
  }
}

/** Reads one data row into schema input, reporting cells that cannot be understood at all. */
function rowInput(rowNumber: number, text: (field: AddressSheetField) => string, errors: ErrorList) {
  const input: Record<string, unknown> = {};
  for (const column of ADDRESS_SHEET_COLUMNS) input[column.field] = text(column.field);
  const preErrors = new Set<AddressSheetField>();

  const typeText = text('addressType');
  const type = ADDRESS_TYPE_WORDS.get(typeText.toLowerCase());
  if (!type) {
    errors.add(rowNumber, 'addressType', typeText ? 'address.import.typeInvalid' : AddressMessage.Required);
    preErrors.add('addressType');
  }
  // A placeholder keeps the other fields' checks running, so one upload reports every problem of the row.
  input.addressType = type ?? 'sender';

  const countryText = text('countryCode');
  if (countryText) {
    const code = findCountryCode(countryText);
    if (code) input.countryCode = code;
    else {
      errors.add(rowNumber, 'countryCode', AddressMessage.CountryUnknown);
      preErrors.add('countryCode');
    }
  }

  const isDefault = parseYesNo(text('isDefault'));
  input.isDefault = isDefault ?? false;
  if (isDefault === undefined) {
    errors.add(rowNumber, 'isDefault', 'address.import.booleanInvalid');
    preErrors.add('isDefault');
  }
  return { input, preErrors };
}

export interface SheetResult {
  rows: { rowNumber: number; input: AddressInputParsed }[];
  errors: ErrorList;
}

/** Reads the sheet again when ExcelJS loses its known race (see `SHEET_READ_ATTEMPTS`). */
export async function readSheetSteadily(file: Buffer, language: Language): Promise<SheetResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readSheet(file, language);
    } catch (error) {
      if (!mayBeLostRace(error) || attempt === SHEET_READ_ATTEMPTS) throw error;
    }
  }
}

/** Streams the first worksheet: row 1 is the header, every later non-empty row an address. */
async function readSheet(file: Buffer, language: Language): Promise<SheetResult> {
  const errors = new ErrorList(language);
  const rows: SheetResult['rows'] = [];
  const defaults = new Set<AddressType>();
  let columns: Map<AddressSheetField, number> | undefined;
  let dataRows = 0;
  const parseOptions = { error: zodLocaleError(language) };

  const { stream } = await loadExcel();
  const reader = new stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let hasWorksheet = false;
  for await (const worksheet of reader) {
    hasWorksheet = true;
    for await (const row of worksheet) {
      const values = row.values as ExcelJS.CellValue[];
      if (row.number === 1) {
        columns = new Map();
        values.forEach((value, index) => {
          const field = HEADER_FIELDS.get(normaliseHeader(cellText(value)));
          if (field && !columns?.has(field)) columns?.set(field, index);
        });
        for (const field of REQUIRED_COLUMNS)
          if (!columns.has(field)) errors.add(1, field, 'address.import.missingColumn');
        if (errors.count > 0) throw errors.failure();
        continue;
      }
      if (!columns) break;
      const found = columns;
      const text = (field: AddressSheetField) => {
        const index = found.get(field);
        return index === undefined ? '' : restoreNeutralised(cellText(values[index]).trim()).trim();
      };
      if (ADDRESS_SHEET_COLUMNS.every((c) => text(c.field) === '')) continue;
      if (++dataRows > ADDRESS_IMPORT_MAX_ROWS) {
        throw new AppError(ApiCode.BadRequest, 'address.import.tooManyRows', {
          max: ADDRESS_IMPORT_MAX_ROWS,
        });
      }
      const { input, preErrors } = rowInput(row.number, text, errors);
      const parsed = addressSchemas.input.safeParse(input, parseOptions);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as AddressSheetField | undefined;
          const message = fieldMessage(issue.message, 'params' in issue ? issue.params : undefined, language);
          if (field && !preErrors.has(field)) errors.add(row.number, field, message ?? issue.message);
        }
        continue;
      }
      if (preErrors.size > 0) continue;
      if (parsed.data.isDefault) {
        if (defaults.has(parsed.data.addressType)) {
          errors.add(row.number, 'isDefault', 'address.import.duplicateDefault');
          continue;
        }
        defaults.add(parsed.data.addressType);
      }
      rows.push({ rowNumber: row.number, input: parsed.data });
    }
    // Only the first worksheet holds addresses; the template's second sheet is instructions.
    break;
  }
  if (!hasWorksheet) throw new AppError(ApiCode.BadRequest, 'address.import.unreadable');
  if (!columns) {
    for (const field of REQUIRED_COLUMNS) errors.add(1, field, 'address.import.missingColumn');
    throw errors.failure();
  }
  return { rows, errors };
}

const IDENTITY_FIELDS = repo.ADDRESS_IDENTITY_COLUMNS;

type IdentityColumns = { [K in (typeof IDENTITY_FIELDS)[number]]?: string | null };

/**
 * What makes two addresses "identical": every stored address field (type, name, company, phone, email,
 * country, province, city, district, postal code, address lines 1–3, house number, tax id) is equal
 * after normalization — the schema's trimming, blank as absent, the upper-case country code, the
 * normalized postal code, the official names a Chinese province/city/district resolves to — then
 * Unicode NFC and runs of white space folded to one space. The default flag and the times do not count.
 */
export function addressIdentity(columns: IdentityColumns): string {
  return JSON.stringify(
    IDENTITY_FIELDS.map((field) => (columns[field] ?? '').normalize('NFC').replace(/\s+/g, ' ').trim()),
  );
}

export interface ImportOptions {
  /** Check and report only; nothing is written. */
  preview?: boolean;
  /** Import duplicate rows too instead of skipping them. */
  keepDuplicates?: boolean;
}

/** Checks an upload and parses its first sheet; throws the localized refusal or the row errors. */
async function readUpload(file: Buffer, language: Language): Promise<SheetResult['rows']> {
  await refuseUnsafeXlsx(file, ADDRESS_IMPORT_MAX_BYTES);

  let sheet: SheetResult;
  try {
    sheet = await readSheetSteadily(file, language);
  } catch (error) {
    if (error instanceof AppError || isStorageFull(error)) throw error;
    throw new AppError(ApiCode.BadRequest, 'address.import.unreadable');
  }
  if (sheet.errors.count > 0) throw sheet.errors.failure();
  if (sheet.rows.length === 0) throw new AppError(ApiCode.BadRequest, 'address.import.noRows');
  return sheet.rows;
}

/**
 * Imports an uploaded workbook all or nothing: the file is checked before parsing (real xlsx, size,
 * unpacked size, hostile XML), every row is validated with the same schema as the form, and only a file
 * without a single error is written, in one transaction with batched inserts. Rows identical to an
 * address already in the book, or to an earlier row of the file, are reported and skipped unless
 * `keepDuplicates` — which is also what makes re-sending a file whose answer was lost harmless.
 */
export async function importAddresses(
  db: Db,
  auth: AuthContext,
  file: Buffer,
  language: Language,
  options: ImportOptions = {},
): Promise<AddressImportResult> {
  const rows = await readUpload(file, language);
  const now = nowIso();
  const candidates = rows.map((row) => ({
    rowNumber: row.rowNumber,
    row: newAddressRow(auth.customerId, row.input, now),
  }));

  const classify = async (reader: Db) => {
    const existing = new Set((await repo.identityColumns(reader, auth.customerId)).map(addressIdentity));
    const seen = new Map<string, number>();
    const duplicates: AddressImportDuplicate[] = [];
    const unique: typeof candidates = [];
    for (const candidate of candidates) {
      const key = addressIdentity(candidate.row);
      const earlier = seen.get(key);
      if (existing.has(key) || earlier !== undefined) {
        duplicates.push({
          row: candidate.rowNumber,
          sameAsRow: existing.has(key) ? null : (earlier ?? null),
          name: candidate.row.name,
          phone: candidate.row.phone,
          addressLine1: candidate.row.address_line1,
        });
      } else {
        seen.set(key, candidate.rowNumber);
        unique.push(candidate);
      }
    }
    return { duplicates, unique };
  };
  const result = (imported: number, duplicates: AddressImportDuplicate[], preview: boolean) => ({
    imported,
    rows: candidates.length,
    skipped: preview || options.keepDuplicates ? 0 : duplicates.length,
    duplicateCount: duplicates.length,
    duplicates: duplicates.slice(0, ADDRESS_IMPORT_MAX_REPORTED_ERRORS),
    preview,
  });

  if (options.preview) return result(0, (await classify(db)).duplicates, true);

  return db.transaction().execute(async (trx) => {
    // Serialises this customer's imports and default changes across instances (PostgreSQL), so two
    // copies of one file sent at once cannot both find the book without the other's rows.
    await repo.lockCustomerAddresses(trx, auth.customerId);
    const { duplicates, unique } = await classify(trx);
    const toInsert = (options.keepDuplicates ? candidates : unique).map((c) => c.row);
    const defaultTypes = new Set(toInsert.filter((r) => r.is_default === 1).map((r) => r.address_type));
    for (const type of defaultTypes) await repo.clearDefault(trx, auth.customerId, type);
    await repo.insertAddresses(trx, toInsert);
    return result(toInsert.length, duplicates, false);
  });
}
