import { PassThrough } from 'node:stream';
import type { Language } from '@portal/contracts/languages';
import {
  ORDER_SHEET_COLUMNS,
  type OrderImportRow,
  type OrderImportSummary,
  type OrderSheetField,
} from '@portal/contracts/order-import';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call } from './test-app.ts';

/**
 * Batch-import sheets for API tests, built in memory with ExcelJS's streaming writer (fast at 10,000 rows):
 * template sheets in each language, valid one-row orders, multi-row orders, chosen errors, and sheets with
 * a marketplace export's own headers. Plus the upload and the import calls of one signed-in user.
 */

export type SheetOrderRow = Partial<Record<OrderSheetField, string>>;

/** The template's header row in one language. */
export const templateHeaders = (language: Language) => ORDER_SHEET_COLUMNS.map((c) => c.header[language]);

/** A valid one-row order for the seeded US product (1.2 kg parcel, two T-shirts at $15.00, DDP). */
export const validRow = (i: number, overrides: SheetOrderRow = {}): SheetOrderRow => ({
  customerOrderNo: `REF-${i}`,
  customsTerms: 'DDP',
  hasBattery: '否',
  consigneeName: `Jane Doe ${i}`,
  consigneePhone: '+1 (555) 123-4567',
  consigneeEmail: 'jane@example.com',
  consigneeCountry: 'US',
  consigneeProvince: 'CA',
  consigneeCity: 'Los Angeles',
  consigneePostalCode: '90001',
  consigneeAddressLine1: `${i} Main Street`,
  parcelWeight: '1.2',
  parcelLength: '30',
  parcelWidth: '20',
  parcelHeight: '10',
  itemNameCn: 'T恤',
  itemNameEn: 'T-shirt',
  itemHsCode: '6109.10.00',
  itemQuantity: '2',
  itemUnitPrice: '15.00',
  itemCurrency: 'USD',
  itemOriginCountry: 'CN',
  ...overrides,
});

/** A later row of a multi-row order: only its parcel and/or item columns (the lead carries the rest). */
export const extraRow = (customerOrderNo: string, overrides: SheetOrderRow = {}): SheetOrderRow => ({
  customerOrderNo,
  ...overrides,
});

/** Writes rows of texts (the first is the header row) as an .xlsx, with shared strings like Excel. */
export async function rawSheet(rows: readonly (readonly string[])[], sheetName = 'Sheet1'): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: true,
    useStyles: false,
  });
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** A template sheet in `language` holding these orders' rows. */
export function orderSheet(rows: readonly SheetOrderRow[], language: Language = 'zh-CN'): Promise<Buffer> {
  return rawSheet([
    templateHeaders(language),
    ...rows.map((row) => ORDER_SHEET_COLUMNS.map((column) => row[column.field] ?? '')),
  ]);
}

/** A marketplace export's headers (no template column names) and which field each column holds. */
export const MARKETPLACE_COLUMNS: readonly [string, OrderSheetField][] = [
  ['Order ID', 'customerOrderNo'],
  ['Buyer Name', 'consigneeName'],
  ['Buyer Phone', 'consigneePhone'],
  ['Ship Country', 'consigneeCountry'],
  ['Ship State', 'consigneeProvince'],
  ['Ship City', 'consigneeCity'],
  ['Ship Zip', 'consigneePostalCode'],
  ['Ship Address 1', 'consigneeAddressLine1'],
  ['Package Weight', 'parcelWeight'],
  ['L', 'parcelLength'],
  ['W', 'parcelWidth'],
  ['H', 'parcelHeight'],
  ['Product Title CN', 'itemNameCn'],
  ['Product Title', 'itemNameEn'],
  ['Qty', 'itemQuantity'],
  ['Item Price', 'itemUnitPrice'],
  ['Currency', 'itemCurrency'],
  ['Trade Terms', 'customsTerms'],
];

/** A marketplace-like sheet of these orders (its own headers, its own column order). */
export function marketplaceSheet(rows: readonly SheetOrderRow[]): Promise<Buffer> {
  return rawSheet([
    MARKETPLACE_COLUMNS.map(([header]) => header),
    ...rows.map((row) => MARKETPLACE_COLUMNS.map(([, field]) => row[field] ?? '')),
  ]);
}

/** A multipart body with the file and text fields, as a browser's FormData sends it. */
export function multipartBody(file: Buffer, fields: Record<string, string> = {}, fileName = 'orders.xlsx') {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Envelope<T> {
  code: number;
  success: boolean;
  message: string;
  data: T;
}

/** The batch-import calls of one signed-in user, in one language. */
export function importApi(app: FastifyInstance, token: string, language: Language = 'zh-CN') {
  const headers = { 'accept-language': language };
  return {
    async preview(file: Buffer, fields: Record<string, string> = { productCode: 'US-DDP-EXP' }) {
      const body = multipartBody(file, fields);
      const response = await app.inject({
        method: 'POST',
        url: '/api/CustomerOrder/BatchImportPreview',
        payload: body.payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, ...headers },
      });
      return response.json() as Envelope<OrderImportSummary>;
    },
    get: (id: string) =>
      call<OrderImportSummary>(app, {
        url: '/api/CustomerOrder/BatchImportGet',
        token,
        query: { id },
        headers,
      }),
    rows: (id: string, query: Record<string, string> = {}) =>
      call<{ total: number; rows: OrderImportRow[] }>(app, {
        url: '/api/CustomerOrder/BatchImportRows',
        token,
        query: { id, limit: '500', ...query },
        headers,
      }),
    updateRow: (body: unknown) =>
      call<{ rows: OrderImportRow[]; summary: OrderImportSummary }>(app, {
        method: 'POST',
        url: '/api/CustomerOrder/BatchImportUpdateRow',
        token,
        body,
        headers,
      }),
    exclude: (body: unknown) =>
      call<OrderImportSummary>(app, {
        method: 'POST',
        url: '/api/CustomerOrder/BatchImportExclude',
        token,
        body,
        headers,
      }),
    settings: (body: unknown) =>
      call<OrderImportSummary>(app, {
        method: 'POST',
        url: '/api/CustomerOrder/BatchImportSettings',
        token,
        body,
        headers,
      }),
    discard: (id: string) =>
      call<null>(app, {
        method: 'POST',
        url: '/api/CustomerOrder/BatchImportDiscard',
        token,
        body: { id },
        headers,
      }),
  };
}

/** Every row of an import (page by page), keyed by row number. */
export async function allRows(api: ReturnType<typeof importApi>, id: string, view = 'all') {
  const rows = new Map<number, OrderImportRow>();
  for (let offset = 0; ; offset += 500) {
    const page = await api.rows(id, { view, offset: String(offset) });
    for (const row of page.data.rows) rows.set(row.rowNumber, row);
    if (page.data.rows.length < 500) return rows;
  }
}
