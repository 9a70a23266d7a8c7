import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipArchive, type ZipEntry as Entry } from '../support/zip-archive.ts';
import {
  DEFAULT_XLSX_LIMITS,
  inspectXlsx,
  verifyUnpackedSizes,
} from '../../src/modules/address/xlsx-guard.ts';
import {
  XLSX_MAX_TEXT_BYTES,
  XLSX_MAX_XML_DEPTH,
  XmlScanner,
} from '../../src/modules/address/xml-scanner.ts';

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

describe('xlsx XML scan', () => {
  const verify = async (file: Buffer) => {
    const result = inspectXlsx(file, limits);
    if (!result.ok) return result.reason;
    const verified = await verifyUnpackedSizes(file, result.entries);
    return verified.ok ? 'ok' : verified.reason;
  };
  const text = (bytes: number) => 'x'.repeat(bytes);
  const pad = { name: 'xl/media/pad.bin', data: randomBytes(64 * 1024), stored: true };

  it('accepts a shared string up to the limit and refuses one beyond it, stored or deflated', async () => {
    const sst = (bytes: number) => Buffer.from(`<sst><si><t>${text(bytes)}</t></si></sst>`);
    const at = { name: 'xl/sharedStrings.xml', data: sst(XLSX_MAX_TEXT_BYTES) };
    expect(await verify(zipArchive(parts([at, pad])))).toBe('ok');
    const over = { name: 'xl/sharedStrings.xml', data: sst(XLSX_MAX_TEXT_BYTES + 1) };
    expect(await verify(zipArchive(parts([over, pad])))).toBe('textTooLong');
    expect(await verify(zipArchive(parts([{ ...over, stored: true }])))).toBe('textTooLong');
  });

  it('refuses a shared strings part larger than the parser may cache', () => {
    const big = Buffer.alloc(DEFAULT_XLSX_LIMITS.maxSharedStringsBytes + 1, 'x');
    const file = zipArchive(parts([{ name: 'xl/sharedStrings.xml', data: big, level: 1 }]));
    expect(reason(file, { ...limits, maxUnpackRatio: 1e9 })).toBe('zipBomb');
  });

  it('refuses DTDs and entity declarations in any XML part, and absurd nesting', async () => {
    const doctype = { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<!DOCTYPE r><Relationships/>') };
    expect(await verify(zipArchive(parts([doctype])))).toBe('unsafeXml');
    const deep = `${'<a>'.repeat(XLSX_MAX_XML_DEPTH + 1)}${'</a>'.repeat(XLSX_MAX_XML_DEPTH + 1)}`;
    expect(
      await verify(zipArchive(parts([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(deep) }]))),
    ).toBe('unsafeXml');
    // Binary parts (images) are not XML and are not scanned.
    expect(
      await verify(zipArchive(parts([{ name: 'xl/media/a.png', data: Buffer.from('<!DOCTYPE') }]))),
    ).toBe('ok');
  });

  it('refuses a local entry the directory does not list', () => {
    const hidden = zipArchive([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') }]);
    const local = hidden.subarray(0, hidden.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    expect(reason(Buffer.concat([local, zipArchive(parts())]))).toBe('notXlsx');
  });
});

describe('XML scanner', () => {
  const scan = (chunks: string[], maxText = 10, maxDepth = 4) => {
    const scanner = new XmlScanner(maxText, maxDepth);
    for (const chunk of chunks) scanner.write(Buffer.from(chunk));
    return scanner.end();
  };

  it('follows tags, comments, CDATA and instructions across chunk boundaries', () => {
    const xml = '<?xml version="1.0"?><sst a=">>"><!-- <!DOCTYPE > --><si><t><![CDATA[a<b]]></t></si></sst>';
    expect(scan([xml], 40)).toBe('ok');
    expect(scan(xml.split(''), 40)).toBe('ok');
    expect(scan(xml.split(''), 10)).toBe('textTooLong'); // the 19-byte declaration counts as one tag
  });

  it('counts all text of one shared string or cell together, and resets at the next one', () => {
    expect(scan(['<sst><si><r><t>123456</t></r><r><t>123456</t></r></si></sst>'])).toBe('textTooLong');
    expect(scan(['<sst><si><t>123456</t></si><si><t>123456</t></si></sst>'])).toBe('ok');
    expect(scan(['<row><c><v>12345678901</v></c></row>'])).toBe('textTooLong');
    expect(scan(['<sst><si><t><![CDATA[12345678901]]></t></si></sst>'])).toBe('textTooLong');
  });

  it('refuses declarations and depth beyond the limit, but not self-closing siblings', () => {
    expect(scan(['<!ENTITY a "b"><x/>'])).toBe('unsafeXml');
    expect(scan(['<!DOC', 'TYPE x><x/>'])).toBe('unsafeXml');
    expect(scan(['<a><b><c><d><e>'])).toBe('unsafeXml');
    expect(scan(['<a><b><c><d><e/><e/><e/></d></c></b></a>'])).toBe('ok');
  });
});
