import { ORDER_SHEET_COLUMNS, type OrderSheetField } from '@portal/contracts/order-import';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The batch-create e2e files' sheets: rows by field, the template as the page downloads it, filled. */

export type SheetRow = Partial<Record<OrderSheetField, string>>;

export const usOrder = (customerOrderNo: string, patch: SheetRow = {}): SheetRow => ({
  customerOrderNo,
  consigneeName: 'Jane Doe',
  consigneePhone: '2025550123',
  consigneeCountry: 'US',
  consigneeProvince: 'CA',
  consigneeCity: 'Los Angeles',
  consigneePostalCode: '90001',
  consigneeAddressLine1: '1 Main Street',
  parcelWeight: '1.2',
  parcelLength: '30',
  parcelWidth: '20',
  parcelHeight: '10',
  itemNameCn: 'T恤',
  itemNameEn: 'T-shirt',
  itemQuantity: '2',
  itemUnitPrice: '12.50',
  itemCurrency: 'USD',
  ...patch,
});

/** The template's first sheet with its example rows replaced by `rows` (header row kept as downloaded). */
export async function filledTemplate(template: Buffer, rows: SheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const fieldAt = new Map<number, OrderSheetField>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = String(cell.value ?? '').replace(/[\s*]/g, '');
    const match = ORDER_SHEET_COLUMNS.find((c) =>
      Object.values(c.header).some((text) => text.replace(/\s/g, '') === header),
    );
    if (match) fieldAt.set(column, match.field);
  });
  expect(fieldAt.size).toBe(ORDER_SHEET_COLUMNS.length);
  // The template's drop-downs reach far down the sheet; ExcelJS would write each of their cells out again.
  (sheet as unknown as { dataValidations: { model: object } }).dataValidations.model = {};
  // The example rows are overwritten (every column, blanks too) and any left over cleared.
  for (let rowNumber = rows.length + 2; rowNumber <= sheet.actualRowCount + 1; rowNumber += 1)
    for (const column of fieldAt.keys()) sheet.getRow(rowNumber).getCell(column).value = null;
  rows.forEach((values, at) => {
    const row = sheet.getRow(at + 2);
    for (const [column, field] of fieldAt) row.getCell(column).value = values[field] ?? null;
    row.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The template the batch page's button downloads (in the page's interface language). */
export async function downloadedTemplate(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-testid=order-import-template]').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
