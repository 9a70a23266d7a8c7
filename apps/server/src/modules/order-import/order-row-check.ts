import { AddressMessage } from '@portal/contracts/address';
import type { Language } from '@portal/contracts/languages';
import {
  MAX_ITEMS_PER_ORDER,
  OrderMessage,
  type OrderCreateInput,
  type OrderCreateParsed,
} from '@portal/contracts/order';
import { ORDER_SHEET_COLUMN, ORDER_SHEET_FIELDS, type OrderSheetField } from '@portal/contracts/order-import';
import { CUSTOMS_TERMS, ExtraServiceCode, MAX_PARCELS_PER_SHIPMENT } from '@portal/contracts/product';
import { cmToMm, kgToGrams, MAX_AMOUNT_MINOR } from '@portal/contracts/quantity';
import { fieldMessage, normalizeText } from '@portal/contracts/text';
import type { z } from 'zod';
import { isMessageKey, translate } from '../../lib/messages.ts';
import { zodLocaleError } from '../../lib/validation-locale.ts';
import { parseYesNo } from '../address/address-import.ts';
import { quoteRequestOf } from '../order/order.service.ts';
import { wordReason, type OrderPricer, type UnwordedReason } from '../product/quote.service.ts';
import { findCountryCode } from '../reference/countries.ts';

/**
 * One order of a sheet (its rows' texts) → the create-order input, checked with the create page's own
 * schema and priced with the batch's one pricer. Every problem lands on the cell that caused it: a zod
 * issue on `items.2.quantity` is the quantity cell of the row that gave the third item, one on
 * `consignee.phone` the lead row's consignee phone. Errors are message keys with params, worded when read.
 */

export type SheetValues = Partial<Record<OrderSheetField, string>>;

export interface SheetRow {
  rowNumber: number;
  values: SheetValues;
}

/** A cell's problem as kept on its row: a message key (or `zod` with the issue) and its params. */
export interface StoredCellError {
  field: OrderSheetField;
  key: string;
  params?: Record<string, unknown>;
}

/** Stands for "zod's own text for this issue" (its params are the issue, worded by zod's locale). */
const ZOD_ISSUE = 'zod';
/** Stands for "a product cannot carry the order" (its params: productCode and the unworded reason). */
const PRODUCT_REASON = 'orderImport.productUnusable';

/** A stored cell error in the reader's language. */
export function wordCellError(error: StoredCellError, language: Language): string {
  const params = error.params ?? {};
  if (error.key === ZOD_ISSUE) {
    const worded = (zodLocaleError(language) as (issue: never) => string | { message: string } | undefined)(
      params as never,
    );
    return (typeof worded === 'string' ? worded : worded?.message) ?? String(params.code ?? '');
  }
  if (error.key === PRODUCT_REASON) {
    const reason = params.reason as UnwordedReason;
    return translate(language, PRODUCT_REASON, {
      productCode: String(params.productCode),
      reason: wordReason(reason, language),
    });
  }
  const text = fieldMessage(error.key, params.params, language);
  if (text) return text;
  const flat = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  );
  return translate(language, error.key, flat);
}

/** The issue as kept: a message key with its params, else zod's issue without the input and path. */
export function storedIssue(field: OrderSheetField, issue: z.core.$ZodIssue): StoredCellError {
  const nested = issue.code === 'invalid_union' ? issue.errors.flat()[0] : undefined;
  if (nested && nested.message !== issue.message) return storedIssue(field, nested);
  const params = 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
  if (fieldMessage(issue.message, params, 'en-US') !== undefined)
    return { field, key: issue.message, params: { params } };
  if (isMessageKey(issue.message)) return { field, key: issue.message, ...(params ? { params } : {}) };
  const {
    input: _input,
    path: _path,
    message: _message,
    inst: _inst,
    ...rest
  } = issue as unknown as Record<string, unknown>;
  return { field, key: ZOD_ISSUE, params: rest };
}

// --- numbers as people type them -------------------------------------------------------------------

/**
 * A number cell's text in plain ASCII, or null when it is no number: full-width digits and points
 * (NFKC), spaces dropped, thousands commas ("1,234.5") removed only where they group by three.
 */
export function numberText(text: string): string | null {
  let plain = text.normalize('NFKC').replace(/[\s\u00a0]/g, '');
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain)) plain = plain.replaceAll(',', '');
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain)) return plain.replace(/^\+/, '');
  return null;
}

/** A quantity, weight or length as a number (the schema then checks its range and decimals). */
export function parseNumber(text: string): number | null {
  const plain = numberText(text);
  return plain === null ? null : Number(plain);
}

/**
 * An amount in MAJOR units of a currency → integer minor units, by its digits (never through a float):
 * "12.5" USD (2 digits) → 1250, "1,234" JPY (0 digits) → 1234. Too many decimals is an error of its own.
 */
export function parseMoney(
  text: string,
  digits: number,
): { ok: true; minor: number } | { ok: false; reason: 'number' | 'decimals' } {
  const plain = numberText(text);
  if (plain === null) return { ok: false, reason: 'number' };
  const negative = plain.startsWith('-');
  const [whole = '', fraction = ''] = plain.replace(/^-/, '').split('.');
  if (fraction.replace(/0+$/, '').length > digits) return { ok: false, reason: 'decimals' };
  const digitsText = `${whole}${fraction.padEnd(digits, '0').slice(0, digits)}`.replace(/^0+(?=\d)/, '');
  // Far beyond the largest amount: keep it a number the schema refuses, without losing the sign.
  const minor = digitsText.length > 15 ? MAX_AMOUNT_MINOR + 1 : Number(digitsText || '0');
  return { ok: true, minor: negative ? -minor : minor };
}

// --- where a create-input path came from ------------------------------------------------------------

const CONSIGNEE_FIELDS = {
  name: 'consigneeName',
  company: 'consigneeCompany',
  phone: 'consigneePhone',
  email: 'consigneeEmail',
  countryCode: 'consigneeCountry',
  province: 'consigneeProvince',
  city: 'consigneeCity',
  district: 'consigneeDistrict',
  postalCode: 'consigneePostalCode',
  addressLine1: 'consigneeAddressLine1',
  addressLine2: 'consigneeAddressLine2',
  addressLine3: 'consigneeAddressLine3',
  houseNumber: 'consigneeHouseNumber',
  taxId: 'consigneeTaxId',
} as const satisfies Record<string, OrderSheetField>;

const PARCEL_FIELDS = {
  weight: 'parcelWeight',
  length: 'parcelLength',
  width: 'parcelWidth',
  height: 'parcelHeight',
} as const satisfies Record<string, OrderSheetField>;

const ITEM_FIELDS = {
  nameCn: 'itemNameCn',
  nameEn: 'itemNameEn',
  hsCode: 'itemHsCode',
  sku: 'itemSku',
  quantity: 'itemQuantity',
  unitPrice: 'itemUnitPrice',
  currencyCode: 'itemCurrency',
  unitWeight: 'itemUnitWeight',
  originCountryCode: 'itemOriginCountry',
  material: 'itemMaterial',
  purpose: 'itemPurpose',
} as const satisfies Record<string, OrderSheetField>;

const ORDER_FIELDS = {
  customerOrderNo: 'customerOrderNo',
  productCode: 'productCode',
  customsTerms: 'customsTerms',
  iossNumber: 'iossNumber',
  eoriNumber: 'eoriNumber',
  hasBattery: 'hasBattery',
  insuranceValue: 'insuranceValue',
  extraServiceCodes: 'signature',
  remark: 'remark',
  // The sender is the page's choice: its problem is shown where the page's other choice (the product) is.
  shipper: 'productCode',
  shipperAddressId: 'productCode',
} as const satisfies Record<string, OrderSheetField>;

/** The cell a product's refusal is about, when its reason names one; otherwise the product code. */
const REASON_FIELDS: Record<string, OrderSheetField> = {
  'product.reason.parcelCount': 'parcelWeight',
  'product.reason.parcelWeight': 'parcelWeight',
  'product.reason.shipmentWeight': 'parcelWeight',
  'product.reason.noRate': 'parcelWeight',
  'product.reason.longestSide': 'parcelLength',
  'product.reason.girth': 'parcelLength',
  'product.reason.declaredValue': 'itemUnitPrice',
  'product.reason.battery': 'hasBattery',
  'product.reason.countryNotServed': 'consigneeCountry',
  'quantity.countryCode': 'consigneeCountry',
  'product.reason.customsTerms': 'customsTerms',
  'product.reason.iossRequired': 'iossNumber',
  'product.reason.insuranceNotOffered': 'insuranceValue',
  'product.reason.signatureNotOffered': 'signature',
  'product.reason.currencyUnknown': 'itemCurrency',
  'quantity.currencyCode': 'itemCurrency',
};

/** Order and consignee columns: the lead row carries them; a later row may only leave them blank or repeat them. */
export const LEAD_FIELDS: readonly OrderSheetField[] = ORDER_SHEET_FIELDS.filter(
  (field) => ORDER_SHEET_COLUMN[field].part === 'order' || ORDER_SHEET_COLUMN[field].part === 'consignee',
);

/** The row gives a parcel (a parcel weight) or a declared item (an item name): the contract's rule. */
export const givesParcel = (values: SheetValues) => Boolean(values.parcelWeight?.trim());
export const givesItem = (values: SheetValues) =>
  Boolean(values.itemNameCn?.trim() || values.itemNameEn?.trim());

export interface GroupContext {
  /** The import's product, for rows that name none. */
  productCode: string;
  shipperAddressId: string | null;
  /** Minor-unit digits of every currency the portal knows. */
  currencyDigits: ReadonlyMap<string, number>;
  schema: z.ZodType<OrderCreateParsed, OrderCreateInput>;
  pricer: OrderPricer;
}

export interface GroupResult {
  /** Errors per row number (rows without errors are absent). */
  errors: Map<number, StoredCellError[]>;
  /** The checked create input (no sender: the import's sender is added at commit), when the order is valid. */
  input: OrderCreateParsed | null;
  charge: { amount: number; currencyCode: string; chargeableWeightGrams: number } | null;
}

/** Collects a group's cell errors, one per cell (the first problem found wins). */
class CellErrors {
  readonly byRow = new Map<number, StoredCellError[]>();
  private readonly taken = new Set<string>();

  add(row: number, error: StoredCellError) {
    const key = `${row}:${error.field}`;
    if (this.taken.has(key)) return;
    this.taken.add(key);
    const list = this.byRow.get(row) ?? [];
    list.push(error);
    this.byRow.set(row, list);
  }

  has(row: number, field: OrderSheetField) {
    return this.taken.has(`${row}:${field}`);
  }

  get count() {
    return this.taken.size;
  }
}

/**
 * Checks one order: `rows` in sheet order, the lead row first. Answers every cell error, and for a valid
 * order its create input and estimated charge.
 */
export function checkOrderGroup(rows: readonly SheetRow[], context: GroupContext): GroupResult {
  const lead = rows[0]!;
  const errors = new CellErrors();
  const text = (row: SheetRow, field: OrderSheetField) => (row.values[field] ?? '').trim();
  const leadText = (field: OrderSheetField) => text(lead, field);

  // A later row repeats the lead's order and consignee columns or leaves them blank.
  for (const row of rows.slice(1)) {
    for (const field of LEAD_FIELDS) {
      const value = text(row, field);
      // Reference numbers the order stores alike ("#1001", "1001" with a zero-width space) are the same.
      const differs =
        field === 'customerOrderNo'
          ? orderNoKey(value) !== orderNoKey(leadText(field))
          : value !== leadText(field);
      if (value !== '' && differs)
        errors.add(row.rowNumber, {
          field,
          key: 'orderImport.leadConflict',
          params: { row: lead.rowNumber },
        });
    }
  }

  const yesNo = (field: 'hasBattery' | 'signature') => {
    const answer = parseYesNo(leadText(field));
    if (answer === undefined) errors.add(lead.rowNumber, { field, key: 'orderImport.yesNoInvalid' });
    return answer ?? false;
  };
  const number = (row: SheetRow, field: OrderSheetField, blank: number | null) => {
    const value = text(row, field);
    if (value === '') return blank;
    const parsed = parseNumber(value);
    if (parsed === null) errors.add(row.rowNumber, { field, key: 'orderImport.numberInvalid' });
    // A placeholder keeps the other checks running, so one pass reports every problem of the order.
    return parsed ?? 1;
  };
  const country = (row: SheetRow, field: OrderSheetField) => {
    const value = text(row, field);
    if (value === '') return '';
    const code = findCountryCode(value);
    if (!code) errors.add(row.rowNumber, { field, key: AddressMessage.CountryUnknown });
    // The text itself, not a stand-in country: no other cell is then checked against the wrong country.
    return code ?? value;
  };

  const parcelRows = rows.filter((row) => givesParcel(row.values));
  const itemRows = rows.filter((row) => givesItem(row.values));
  if (parcelRows.length === 0)
    errors.add(lead.rowNumber, { field: 'parcelWeight', key: 'orderImport.noParcel' });
  if (parcelRows.length > MAX_PARCELS_PER_SHIPMENT)
    errors.add(parcelRows[MAX_PARCELS_PER_SHIPMENT]!.rowNumber, {
      field: 'parcelWeight',
      key: 'orderImport.tooManyParcels',
      params: { max: MAX_PARCELS_PER_SHIPMENT },
    });
  if (itemRows.length === 0) errors.add(lead.rowNumber, { field: 'itemNameCn', key: 'orderImport.noItem' });
  if (itemRows.length > MAX_ITEMS_PER_ORDER)
    errors.add(itemRows[MAX_ITEMS_PER_ORDER]!.rowNumber, {
      field: 'itemNameCn',
      key: 'orderImport.tooManyItems',
      params: { max: MAX_ITEMS_PER_ORDER },
    });

  // One currency per order: the first item's; a known one gives the digits its amounts are read by.
  const currencyOf = (row: SheetRow) => text(row, 'itemCurrency').toUpperCase();
  const currency = itemRows.length > 0 ? currencyOf(itemRows[0]!) : '';
  const digits = context.currencyDigits.get(currency);
  if (currency !== '' && digits === undefined)
    errors.add(itemRows[0]!.rowNumber, { field: 'itemCurrency', key: 'quantity.currencyCode' });
  for (const row of itemRows.slice(1)) {
    if (currencyOf(row) !== currency)
      errors.add(row.rowNumber, {
        field: 'itemCurrency',
        key: 'orderImport.currencyMixed',
        params: { row: itemRows[0]!.rowNumber, currency },
      });
  }
  const money = (row: SheetRow, field: OrderSheetField, blank: number | null) => {
    const value = text(row, field);
    if (value === '') return blank;
    if (digits === undefined) return 0; // the currency's own error says why
    const parsed = parseMoney(value, digits);
    if (parsed.ok) return parsed.minor;
    errors.add(
      row.rowNumber,
      parsed.reason === 'number'
        ? { field, key: 'orderImport.numberInvalid' }
        : { field, key: 'orderImport.moneyDecimals', params: { currency, digits } },
    );
    return 0;
  };

  const termsText = leadText('customsTerms').toUpperCase();
  const customsTerms = CUSTOMS_TERMS.find((terms) => terms === termsText);
  if (termsText !== '' && !customsTerms)
    errors.add(lead.rowNumber, { field: 'customsTerms', key: 'orderImport.customsTermsInvalid' });
  const signature = yesNo('signature');
  const insuranceValue = money(lead, 'insuranceValue', null);

  const input = {
    productCode: leadText('productCode') || context.productCode,
    customerOrderNo: withoutOrderNoMark(normalizeText(leadText('customerOrderNo'))),
    shipperAddressId: context.shipperAddressId,
    consignee: Object.fromEntries(
      Object.entries(CONSIGNEE_FIELDS).map(([key, field]) => [
        key,
        field === 'consigneeCountry' ? country(lead, field) : leadText(field),
      ]),
    ),
    parcels: parcelRows.map((row) => ({
      weight: number(row, 'parcelWeight', 0),
      length: number(row, 'parcelLength', 0),
      width: number(row, 'parcelWidth', 0),
      height: number(row, 'parcelHeight', 0),
    })),
    items: itemRows.map((row) => ({
      nameCn: text(row, 'itemNameCn'),
      nameEn: text(row, 'itemNameEn'),
      hsCode: text(row, 'itemHsCode'),
      sku: text(row, 'itemSku'),
      quantity: number(row, 'itemQuantity', 0),
      unitPrice: money(row, 'itemUnitPrice', 0),
      currencyCode: currency,
      unitWeight: number(row, 'itemUnitWeight', null),
      originCountryCode: text(row, 'itemOriginCountry') === '' ? null : country(row, 'itemOriginCountry'),
      material: text(row, 'itemMaterial'),
      purpose: text(row, 'itemPurpose'),
    })),
    ...(customsTerms ? { customsTerms } : {}),
    iossNumber: leadText('iossNumber'),
    eoriNumber: leadText('eoriNumber'),
    hasBattery: yesNo('hasBattery'),
    insuranceValue,
    ...(signature ? { extraServiceCodes: [ExtraServiceCode.Signature] } : {}),
    remark: leadText('remark'),
  };

  const located = (issue: z.core.$ZodIssue): { row: number; field: OrderSheetField } => {
    const path = issue.path;
    const [head, index, key] = path;
    if (head === 'consignee')
      return {
        row: lead.rowNumber,
        field: CONSIGNEE_FIELDS[index as keyof typeof CONSIGNEE_FIELDS] ?? 'consigneeName',
      };
    if (head === 'parcels') {
      const row = typeof index === 'number' ? parcelRows[index] : undefined;
      if (row)
        return {
          row: row.rowNumber,
          field: PARCEL_FIELDS[key as keyof typeof PARCEL_FIELDS] ?? 'parcelWeight',
        };
      return { row: lead.rowNumber, field: 'parcelWeight' };
    }
    if (head === 'items') {
      const row = typeof index === 'number' ? itemRows[index] : undefined;
      if (row)
        return { row: row.rowNumber, field: ITEM_FIELDS[key as keyof typeof ITEM_FIELDS] ?? 'itemNameCn' };
      // The whole list: its currencies differ, or it is empty or too long (said above already).
      const field = issue.message === OrderMessage.ItemCurrencies ? 'itemCurrency' : 'itemNameCn';
      return { row: (itemRows[0] ?? lead).rowNumber, field };
    }
    return {
      row: lead.rowNumber,
      field: ORDER_FIELDS[head as keyof typeof ORDER_FIELDS] ?? 'customerOrderNo',
    };
  };

  const parsed = context.schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { row, field } = located(issue);
      // A cell already refused above (a number that is no number) keeps its own, clearer error.
      if (!errors.has(row, field)) errors.add(row, storedIssue(field, issue));
    }
  }
  if (!context.shipperAddressId)
    errors.add(lead.rowNumber, { field: 'productCode', key: 'orderImport.noSender' });
  if (!parsed.success || errors.count > 0) return { errors: errors.byRow, input: null, charge: null };

  const order = parsed.data;
  const declaredValue = order.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  if (declaredValue > MAX_AMOUNT_MINOR) {
    errors.add(itemRows[0]!.rowNumber, { field: 'itemUnitPrice', key: 'order.declaredValueTooLarge' });
    return { errors: errors.byRow, input: null, charge: null };
  }
  // Priced exactly as create prices it (order.service's prepareOrder → quoteRequestOf).
  const priced = context.pricer(
    order.productCode,
    quoteRequestOf({
      consignee_country_code: order.consignee.countryCode,
      consignee_postal_code: order.consignee.postalCode ?? null,
      parcels: order.parcels.map((parcel) => ({
        weight_g: kgToGrams(parcel.weight),
        length_mm: cmToMm(parcel.length),
        width_mm: cmToMm(parcel.width),
        height_mm: cmToMm(parcel.height),
      })),
      declared_value: declaredValue,
      declared_currency_code: order.items[0]!.currencyCode,
      has_battery: order.hasBattery ? 1 : 0,
      extra_service_codes: JSON.stringify([...new Set(order.extraServiceCodes ?? [])]),
      insurance_value: order.insuranceValue ?? null,
      customs_terms: order.customsTerms ?? null,
      ioss_number: order.iossNumber?.toUpperCase() ?? null,
    }),
  );
  if (!priced.ok) {
    const firstParcelRow = (parcelRows[0] ?? lead).rowNumber;
    for (const reason of priced.unworded) {
      const field = REASON_FIELDS[reason.key] ?? 'productCode';
      const part = ORDER_SHEET_COLUMN[field].part;
      const row =
        part === 'parcel' ? firstParcelRow : part === 'item' ? itemRows[0]!.rowNumber : lead.rowNumber;
      errors.add(row, { field, key: PRODUCT_REASON, params: { productCode: order.productCode, reason } });
    }
    return { errors: errors.byRow, input: null, charge: null };
  }
  const { shipperAddressId: _sender, shipper: _shipper, submit: _submit, ...kept } = order;
  return {
    errors: errors.byRow,
    input: kept as OrderCreateParsed,
    charge: {
      amount: priced.usable.totalAmount,
      currencyCode: priced.usable.currencyCode,
      chargeableWeightGrams: priced.chargeableWeightGrams,
    },
  };
}

/**
 * A reference number without the `#` marketplaces put before their order numbers (Shopify's "#1001"): the
 * number is what follows it, and a reference number may not hold a `#`.
 */
export const withoutOrderNoMark = (text: string) => text.replace(/^#\s*/, '');

/**
 * The reference number as the order stores it (the create schema's clean-up: zero-width characters dropped,
 * trimmed, NFC; without a marketplace's `#`): two spellings with one key are one order. PostgreSQL text
 * cannot hold NUL, so it is dropped here; the cell's own error (control characters) is kept all the same.
 */
export const orderNoKey = (text: string) =>
  normalizeText(withoutOrderNoMark(normalizeText(text.replaceAll('\u0000', ''))));
