import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import type { ExportRequest, TableExportSource } from '../../src/modules/export/export-source.ts';
import { writeXlsx } from '../../src/modules/export/export-writers.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'export-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source: TableExportSource = {
  kind: 'orders',
  shape: 'table',
  title: { 'zh-CN': '订单', 'en-US': 'Orders', 'zh-TW': '訂單' },
  columns: [
    { key: 'no', header: { 'zh-CN': '单号', 'en-US': 'Number', 'zh-TW': '單號' } },
    { key: 'n', header: { 'zh-CN': '序号', 'en-US': 'Index', 'zh-TW': '序號' }, type: 'number' },
  ],
  count: async () => 7,
  rows: async function* () {
    for (let i = 1; i <= 7; i++) yield [`ORD-${i}`, i];
  },
};
const request: ExportRequest = {
  customerId: 'c',
  userId: 'u',
  language: 'zh-CN',
  ids: null,
  filter: null,
  labelSize: null,
  dataScope: null,
};

describe('xlsx export writer', () => {
  it('goes on in a new sheet, headers repeated, when a sheet is full (Excel holds 1,048,576 rows)', async () => {
    const file = path.join(dir, 'rollover.xlsx');
    const ticks: number[] = [];
    const rows = await writeXlsx(file, {
      source,
      db: {} as Db,
      request,
      tick: (n) => ticks.push(n),
      rowsPerSheet: 3,
    });
    expect(rows).toBe(7);
    expect(ticks.at(-1)).toBe(7);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['订单', '订单 (2)', '订单 (3)']);
    const values = workbook.worksheets.map((sheet) => {
      const lines: unknown[][] = [];
      sheet.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
      return lines;
    });
    expect(values[0]).toEqual([
      ['单号', '序号'],
      ['ORD-1', 1],
      ['ORD-2', 2],
      ['ORD-3', 3],
    ]);
    expect(values[1]).toEqual([
      ['单号', '序号'],
      ['ORD-4', 4],
      ['ORD-5', 5],
      ['ORD-6', 6],
    ]);
    expect(values[2]).toEqual([
      ['单号', '序号'],
      ['ORD-7', 7],
    ]);
  });
});
