import {
  ADDRESS_IMPORT_MAX_ROWS,
  ADDRESS_SHEET_COLUMNS,
  ADDRESS_TYPE_LABELS,
  ADDRESS_TYPES,
  type AddressSheetField,
} from '@portal/contracts/address';
import type { Language } from '@portal/contracts/languages';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/excel.ts';
import { translate } from '../../lib/messages.ts';

/** Columns a sheet must have (the import refuses a sheet without them); the others may be left out. */
export const REQUIRED_COLUMNS: readonly AddressSheetField[] = [
  'addressType',
  'name',
  'phone',
  'countryCode',
  'city',
  'addressLine1',
];
const REQUIRED: ReadonlySet<AddressSheetField> = new Set(REQUIRED_COLUMNS);
const CONDITIONAL: ReadonlySet<AddressSheetField> = new Set(['province', 'district', 'postalCode']);
const NOTES: Partial<Record<AddressSheetField, string>> = {
  addressType: 'address.template.note.addressType',
  phone: 'address.template.note.phone',
  countryCode: 'address.template.note.countryCode',
  province: 'address.template.note.province',
  district: 'address.template.note.district',
  postalCode: 'address.template.note.postalCode',
  isDefault: 'address.template.note.isDefault',
};
/** Columns kept as text so Excel does not turn phone numbers, postal codes or tax ids into numbers. */
const TEXT_COLUMNS: ReadonlySet<AddressSheetField> = new Set(['phone', 'postalCode', 'taxId', 'houseNumber']);

/** Excel column letter of a 1-based index (16 columns: A…P). */
const columnLetter = (index: number) => String.fromCharCode(64 + index);

interface DataValidationTarget {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

const templates = new Map<Language, Buffer>();

/**
 * The import template in one language: the address sheet (headers only, drop-downs for type and
 * default) and an instructions sheet. Built once per language.
 */
export async function importTemplate(language: Language): Promise<Buffer> {
  const cached = templates.get(language);
  if (cached) return cached;
  const t = (key: string) => translate(language, key);
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.created = new Date(0);

  const sheet = workbook.addWorksheet(t('address.sheet.addresses'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = ADDRESS_SHEET_COLUMNS.map((column) => ({
    header: column.header[language],
    key: column.field,
    width: column.width,
    ...(TEXT_COLUMNS.has(column.field) ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const lastRow = ADDRESS_IMPORT_MAX_ROWS + 1;
  const list = (values: string[]): ExcelJS.DataValidation => ({
    type: 'list',
    allowBlank: true,
    formulae: [`"${values.join(',')}"`],
  });
  const validations = (sheet as unknown as DataValidationTarget).dataValidations;
  const typeColumn = columnLetter(ADDRESS_SHEET_COLUMNS.findIndex((c) => c.field === 'addressType') + 1);
  const defaultColumn = columnLetter(ADDRESS_SHEET_COLUMNS.findIndex((c) => c.field === 'isDefault') + 1);
  validations.add(
    `${typeColumn}2:${typeColumn}${lastRow}`,
    list(ADDRESS_TYPES.map((type) => ADDRESS_TYPE_LABELS[type][language])),
  );
  validations.add(`${defaultColumn}2:${defaultColumn}${lastRow}`, list([t('address.yes'), t('address.no')]));

  const notes = workbook.addWorksheet(t('address.sheet.instructions'));
  notes.columns = [
    { header: t('address.template.column'), width: 18 },
    { header: t('address.template.required'), width: 10 },
    { header: t('address.template.note'), width: 80 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of ADDRESS_SHEET_COLUMNS) {
    const required = REQUIRED.has(column.field)
      ? t('address.yes')
      : CONDITIONAL.has(column.field)
        ? t('address.template.conditional')
        : '';
    const note = NOTES[column.field];
    notes.addRow([column.header[language], required, note ? t(note) : '']);
  }
  notes.addRow([]);
  notes.addRow([t('address.template.note.example')]);

  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  templates.set(language, buffer);
  return buffer;
}

export const templateFileName = (language: Language) =>
  `${translate(language, 'address.file.template')}.xlsx`;
