import type { Language } from '@portal/contracts/languages';
import {
  ORDER_IMPORT_MAX_BYTES,
  ORDER_SHEET_COLUMNS,
  type OrderSheetField,
  type OrderSheetPart,
} from '@portal/contracts/order-import';
import { CUSTOMS_TERMS } from '@portal/contracts/product';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/database.ts';
import { loadExcel } from '../../lib/excel.ts';
import { translate } from '../../lib/messages.ts';
import { attachmentDisposition } from '../address/spreadsheet-text.ts';
import { listProducts } from '../product/product.service.ts';
import { countryCodes } from '../reference/countries.ts';
import { listEnabledCurrencies } from '../reference/reference.repository.ts';
import './order-import-mapping.messages.ts';

/**
 * The batch-create template in one language: sheet 1 the orders (the contract's columns, required ones
 * marked `*`, each header's hint as a note, drop-downs, example rows including a two-row order), sheet 2
 * the instructions, and a hidden sheet holding the long lists (products, countries, currencies) the
 * drop-downs point at — Excel caps a list typed into the validation itself at 255 characters.
 */

/** Columns kept as text so Excel does not drop leading zeros or turn numbers into dates or exponents. */
const TEXT_COLUMNS: ReadonlySet<OrderSheetField> = new Set([
  'customerOrderNo',
  'productCode',
  'iossNumber',
  'eoriNumber',
  'consigneePhone',
  'consigneePostalCode',
  'consigneeHouseNumber',
  'consigneeTaxId',
  'itemHsCode',
  'itemSku',
]);
const YES_NO_COLUMNS: ReadonlySet<OrderSheetField> = new Set(['hasBattery', 'signature']);

/** The example order numbers; the second spans two rows so the grouping rule is visible. */
export const TEMPLATE_EXAMPLE_ORDER_NOS = ['EXAMPLE-001', 'EXAMPLE-002'] as const;

/** The example rows, per field (blank fields left out): one one-row order, one order of two rows. */
export function templateExampleRows(language: Language): Partial<Record<OrderSheetField, string>>[] {
  const t = (key: string) => translate(language, key);
  const consignee = {
    consigneeCountry: 'US',
    consigneeProvince: 'CA',
    consigneeCity: 'Los Angeles',
    consigneePostalCode: '90001',
  };
  return [
    {
      customerOrderNo: TEMPLATE_EXAMPLE_ORDER_NOS[0],
      hasBattery: t('orderImport.template.no'),
      signature: t('orderImport.template.no'),
      consigneeName: 'Jane Doe',
      consigneePhone: '+1 555 123 4567',
      consigneeEmail: 'jane@example.com',
      ...consignee,
      consigneeAddressLine1: '1 Main Street',
      parcelWeight: '1.2',
      parcelLength: '30',
      parcelWidth: '20',
      parcelHeight: '10',
      itemNameCn: t('orderImport.template.example.itemCn1'),
      itemNameEn: 'T-shirt',
      itemHsCode: '610910',
      itemSku: 'TS-001',
      itemQuantity: '2',
      itemUnitPrice: '15.00',
      itemCurrency: 'USD',
      itemUnitWeight: '0.3',
      itemOriginCountry: 'CN',
    },
    {
      customerOrderNo: TEMPLATE_EXAMPLE_ORDER_NOS[1],
      hasBattery: t('orderImport.template.no'),
      signature: t('orderImport.template.no'),
      remark: t('orderImport.template.example.remark'),
      consigneeName: 'John Smith',
      consigneePhone: '+1 555 987 6543',
      ...consignee,
      consigneeAddressLine1: '200 Ocean Avenue',
      consigneeAddressLine2: 'Apt 5',
      parcelWeight: '0.8',
      parcelLength: '25',
      parcelWidth: '20',
      parcelHeight: '8',
      itemNameCn: t('orderImport.template.example.itemCn2'),
      itemNameEn: 'Cap',
      itemHsCode: '650500',
      itemQuantity: '1',
      itemUnitPrice: '9.90',
      itemCurrency: 'USD',
      itemOriginCountry: 'CN',
    },
    {
      customerOrderNo: TEMPLATE_EXAMPLE_ORDER_NOS[1],
      parcelWeight: '0.5',
      parcelLength: '20',
      parcelWidth: '12',
      parcelHeight: '5',
      itemNameCn: t('orderImport.template.example.itemCn3'),
      itemNameEn: 'Phone case',
      itemHsCode: '392690',
      itemQuantity: '3',
      itemUnitPrice: '4.50',
      itemCurrency: 'USD',
      itemOriginCountry: 'CN',
    },
  ];
}

/** The header a template writes: required columns end in ` *` (the reader ignores the mark). */
export const templateHeader = (field: OrderSheetField, language: Language) => {
  const column = ORDER_SHEET_COLUMNS.find((c) => c.field === field);
  if (!column) throw new Error(`unknown column ${field}`);
  return column.required ? `${column.header[language]} *` : column.header[language];
};

/** Excel column letters of a 1-based index (A…Z, AA…). */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

interface DataValidationTarget {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

export interface TemplateLists {
  productCodes: string[];
  countryCodes: string[];
  currencyCodes: string[];
}

/** What the drop-downs offer the caller: its products, the countries they serve, the enabled currencies. */
export async function templateLists(db: Db, customerId: string, language: Language): Promise<TemplateLists> {
  const [products, currencies] = await Promise.all([
    listProducts(db, customerId, language),
    listEnabledCurrencies(db),
  ]);
  const served = new Set(products.flatMap((product) => product.countryCodes));
  return {
    productCodes: products.map((product) => product.productCode),
    countryCodes: [...(served.size > 0 ? served : countryCodes())].sort(),
    currencyCodes: currencies.map((currency) => currency.code),
  };
}

const PARTS: readonly OrderSheetPart[] = ['order', 'consignee', 'parcel', 'item'];

/** Builds the template workbook (small: built in memory). */
export async function buildOrderTemplate(
  language: Language,
  lists: TemplateLists,
  maxRows: number,
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.created = new Date(0);

  const sheet = workbook.addWorksheet(t('orderImport.template.ordersSheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = ORDER_SHEET_COLUMNS.map((column) => ({
    header: templateHeader(column.field, language),
    key: column.field,
    width: column.width,
    ...(TEXT_COLUMNS.has(column.field) ? { style: { numFmt: '@' } } : {}),
  }));
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  ORDER_SHEET_COLUMNS.forEach((column, index) => {
    const cell = headerRow.getCell(index + 1);
    cell.note = column.hint[language];
    if (column.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
  });
  for (const example of templateExampleRows(language)) {
    sheet.addRow(ORDER_SHEET_COLUMNS.map((column) => example[column.field] ?? ''));
  }

  const notes = workbook.addWorksheet(t('orderImport.template.instructionsSheet'));
  notes.columns = [
    { header: t('orderImport.template.column'), width: 26 },
    { header: t('orderImport.template.required'), width: 10 },
    { header: t('orderImport.template.part'), width: 18 },
    { header: t('orderImport.template.hint'), width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const part of PARTS) {
    for (const column of ORDER_SHEET_COLUMNS.filter((c) => c.part === part)) {
      notes.addRow([
        column.header[language],
        column.required ? t('orderImport.template.yes') : '',
        t(`orderImport.template.part.${part}`),
        column.hint[language],
      ]);
    }
  }
  notes.addRow([]);
  notes.addRow([t('orderImport.template.rules')]).font = { bold: true };
  const rules = [
    t('orderImport.template.requiredMark'),
    t('orderImport.template.rule.oneOrder'),
    t('orderImport.template.rule.leadRow'),
    t('orderImport.template.rule.parcelsItems', { example: TEMPLATE_EXAMPLE_ORDER_NOS[1] }),
    t('orderImport.template.rule.money'),
    t('orderImport.template.rule.product'),
    t('orderImport.template.rule.dropDown'),
    t('orderImport.template.rule.limits', {
      rows: maxRows.toLocaleString('en-US'),
      megabytes: Math.floor(ORDER_IMPORT_MAX_BYTES / 1024 / 1024),
    }),
  ];
  rules.forEach((rule, index) => notes.addRow([`${index + 1}. ${rule}`]));

  // The long lists live on a hidden sheet; a drop-down points at its range.
  const listsName = t('orderImport.template.listsSheet');
  const listSheet = workbook.addWorksheet(listsName, { state: 'hidden' });
  const listColumns: string[][] = [lists.productCodes, lists.countryCodes, lists.currencyCodes];
  listColumns.forEach((values, index) => {
    values.forEach((value, row) => {
      listSheet.getCell(row + 1, index + 1).value = value;
    });
  });
  const listRange = (index: number) => {
    const letter = columnLetter(index + 1);
    return `'${listsName}'!$${letter}$1:$${letter}$${listColumns[index]?.length ?? 1}`;
  };

  const validations = (sheet as unknown as DataValidationTarget).dataValidations;
  const lastRow = maxRows + 1;
  const columnRange = (field: OrderSheetField) => {
    const letter = columnLetter(ORDER_SHEET_COLUMNS.findIndex((c) => c.field === field) + 1);
    return `${letter}2:${letter}${lastRow}`;
  };
  // A value outside the list is a warning, not a refusal: a country may also be typed as its name.
  const list = (formula: string): ExcelJS.DataValidation => ({
    type: 'list',
    allowBlank: true,
    formulae: [formula],
    showErrorMessage: true,
    errorStyle: 'warning',
    error: t('orderImport.template.notInList'),
  });
  if (lists.productCodes.length > 0) validations.add(columnRange('productCode'), list(listRange(0)));
  if (lists.countryCodes.length > 0) {
    validations.add(columnRange('consigneeCountry'), list(listRange(1)));
    validations.add(columnRange('itemOriginCountry'), list(listRange(1)));
  }
  if (lists.currencyCodes.length > 0) validations.add(columnRange('itemCurrency'), list(listRange(2)));
  validations.add(columnRange('customsTerms'), list(`"${CUSTOMS_TERMS.join(',')}"`));
  const yesNo = `"${t('orderImport.template.yes')},${t('orderImport.template.no')}"`;
  for (const field of YES_NO_COLUMNS) validations.add(columnRange(field), list(yesNo));

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The caller's template: its products and the countries they serve in the drop-downs. */
export async function orderImportTemplate(
  db: Db,
  customerId: string,
  language: Language,
  maxRows: number,
): Promise<{ file: Buffer; contentDisposition: string }> {
  const file = await buildOrderTemplate(language, await templateLists(db, customerId, language), maxRows);
  const fileName = `${translate(language, 'orderImport.template.fileName')}.xlsx`;
  return { file, contentDisposition: attachmentDisposition(fileName, 'batch-order-template.xlsx') };
}
