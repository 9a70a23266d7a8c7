import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipArchive, type ZipEntry as Entry } from '../support/zip-archive.ts';
import {
  DEFAULT_XLSX_LIMITS,
  inspectXlsx,
  verifyUnpackedSizes,
} from '../../src/modules/address/xlsx-guard.ts';

const limits = { maxBytes: 10 * 1024 * 1024, ...DEFAULT_XLSX_LIMITS };

const parts = (extra: Entry[] = []): Entry[] => [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
  ...extra,
];

const reason = (buffer: Buffer, custom = limits) => {
  const result = inspectXlsx(buffer, custom);
  return result.ok ? 'ok' : result.reason;
};

describe('xlsx inspection', () => {
  it('accepts a real workbook and lists its entries', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('S').addRow(['a', 1]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const result = inspectXlsx(file, limits);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
    );
    expect(await verifyUnpackedSizes(file, result.entries)).toEqual({ ok: true });
  });

  it('accepts an archive with a trailing comment and stored entries', async () => {
    const file = zipArchive(
      parts([{ name: 'xl/styles.xml', data: Buffer.from('<styleSheet/>'), stored: true }]),
      'made by hand',
    );
    const result = inspectXlsx(file, limits);
    expect(result.ok).toBe(true);
    if (result.ok) expect(await verifyUnpackedSizes(file, result.entries)).toEqual({ ok: true });
  });

  it('refuses what is not an xlsx archive', () => {
    expect(reason(Buffer.from('name,phone\n'))).toBe('notXlsx');
    expect(reason(Buffer.alloc(0))).toBe('notXlsx');
    expect(reason(zipArchive([{ name: 'readme.txt', data: Buffer.from('hi') }]))).toBe('notXlsx');
    expect(reason(zipArchive(parts()).subarray(0, 60))).toBe('notXlsx');
    expect(reason(zipArchive(parts([{ name: 'xl/secret.xml', data: Buffer.from('x'), flags: 1 }])))).toBe(
      'notXlsx',
    );
    const badOffset = zipArchive(parts());
    badOffset.writeUInt32LE(badOffset.length, badOffset.length - 6);
    expect(reason(badOffset)).toBe('notXlsx');
  });

  it('refuses files over the size limit before reading them', () => {
    expect(reason(zipArchive(parts()), { ...limits, maxBytes: 100 })).toBe('tooLarge');
  });

  it('refuses archives that declare far more unpacked data than their size', () => {
    const zeros = Buffer.alloc(2 * 1024 * 1024);
    expect(reason(zipArchive(parts([{ name: 'xl/worksheets/sheet1.xml', data: zeros }])))).toBe('zipBomb');
    const honest = zipArchive(parts([{ name: 'xl/worksheets/sheet1.xml', data: zeros }]));
    expect(reason(honest, { ...limits, maxUnpackRatio: 100_000 })).toBe('ok');
    expect(reason(honest, { ...limits, maxUnpackRatio: 100_000, maxUnpackedBytes: 1024 * 1024 })).toBe(
      'zipBomb',
    );
    const many = parts(
      Array.from({ length: 20 }, (_, i) => ({ name: `xl/x${i}.xml`, data: Buffer.from('x') })),
    );
    expect(reason(zipArchive(many), { ...limits, maxEntries: 10 })).toBe('zipBomb');
  });

  it('catches entries that unpack to more than the directory says', async () => {
    const file = zipArchive(
      parts([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1024 * 1024), declaredSize: 100 }]),
    );
    const result = inspectXlsx(file, limits);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(await verifyUnpackedSizes(file, result.entries)).toEqual({ ok: false, reason: 'zipBomb' });
  });

  it('treats corrupt compressed data as not a workbook', async () => {
    const file = zipArchive(parts([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') }]));
    const result = inspectXlsx(file, limits);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const sheet = result.entries.find((e) => e.name === 'xl/worksheets/sheet1.xml');
    const dataStart = (sheet?.localHeaderOffset ?? 0) + 30 + 'xl/worksheets/sheet1.xml'.length;
    file.fill(0xff, dataStart, dataStart + (sheet?.compressedSize ?? 0));
    expect(await verifyUnpackedSizes(file, result.entries)).toEqual({ ok: false, reason: 'notXlsx' });
  });
});
