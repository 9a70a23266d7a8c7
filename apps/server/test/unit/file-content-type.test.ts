import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sniffContentType } from '../../src/modules/file/content-type.ts';
import { cleanUploadName, downloadDisposition } from '../../src/modules/file/file-names.ts';
import { zipArchive } from '../support/zip-archive.ts';

describe('content type from the bytes', () => {
  it('names PDF, images, workbooks, other zips, text and anything else by content, not by name', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Sheet1').addRow(['a']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const cases: [Buffer, string][] = [
      [Buffer.from('%PDF-1.7\n...'), 'application/pdf'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
      [Buffer.from('GIF89a....'), 'image/gif'],
      [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp'],
      [xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [zipArchive([{ name: 'readme.txt', data: Buffer.from('hi') }]), 'application/zip'],
      [Buffer.from('name,phone\r\n张三,13800138000\r\n'), 'text/plain'],
      [Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff]), 'application/octet-stream'],
      [Buffer.alloc(0), 'text/plain'],
    ];
    for (const [bytes, type] of cases) expect(sniffContentType(bytes), type).toBe(type);
  });
});

describe('file names', () => {
  it('keeps an upload’s plain name: no path, no control characters, at most 200 characters', () => {
    expect(cleanUploadName('C:\\Users\\me\\地址\u0007簿.xlsx', 'x')).toBe('地址簿.xlsx');
    expect(cleanUploadName('/etc/../passwd', 'x')).toBe('passwd');
    expect(cleanUploadName('  \u0000 ', 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(cleanUploadName(undefined, 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(cleanUploadName(`${'a'.repeat(300)}.xlsx`, 'x')).toHaveLength(200);
    // A right-to-left override would show "invoice\u202Efdp.exe" as "invoiceexe.pdf" in the file list;
    // C1 controls and zero-width characters are as invisible as C0 ones.
    expect(cleanUploadName('invoice\u202Efdp.exe', 'x')).toBe('invoicefdp.exe');
    expect(cleanUploadName('a\u2066b\u2069\u0085c\u200Bd\uFEFF.xlsx', 'x')).toBe('abcd.xlsx');
  });

  it('gives a download the real name and an ASCII fallback', () => {
    expect(downloadDisposition('订单导出-20261126-1030.xlsx')).toBe(
      `attachment; filename="20261126-1030.xlsx"; filename*=UTF-8''${encodeURIComponent('订单导出-20261126-1030.xlsx')}`,
    );
    expect(downloadDisposition('地址簿.xlsx')).toContain('filename="file.xlsx"');
    expect(downloadDisposition('Orders-export-20261126-1030.csv')).toContain(
      'filename="Orders-export-20261126-1030.csv"',
    );
  });
});
