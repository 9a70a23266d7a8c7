import { createInflateRaw } from 'node:zlib';
import { XmlScanner, type XmlProblem } from './xml-scanner.ts';

/**
 * Checks an uploaded .xlsx before any parser touches it. An xlsx is a zip archive; this reads the
 * archive's central directory itself and refuses files that are not real workbooks, are too large, or
 * would unpack to far more than their size (a zip bomb) — including archives whose directory lies
 * about the unpacked sizes, which `verifyUnpackedSizes` catches by inflating with a byte budget.
 */

export type XlsxRejection = 'notXlsx' | 'tooLarge' | 'zipBomb' | XmlProblem;

export interface XlsxGuardLimits {
  maxBytes: number;
  /** Refuse when the declared unpacked total exceeds this many bytes… */
  maxUnpackedBytes: number;
  /** …or this multiple of the file size. */
  maxUnpackRatio: number;
  /** A workbook has a few dozen entries; thousands only serve to exhaust the reader. */
  maxEntries: number;
  /**
   * The parser keeps every shared string in memory, so this part alone gets a tighter bound than the
   * whole archive (10,000 rows of unique texts need a few megabytes).
   */
  maxSharedStringsBytes: number;
}

export const DEFAULT_XLSX_LIMITS: Omit<XlsxGuardLimits, 'maxBytes'> = {
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxUnpackRatio: 100,
  maxEntries: 1000,
  maxSharedStringsBytes: 32 * 1024 * 1024,
};

const SHARED_STRINGS = 'xl/sharedStrings.xml';
/** The parts an XML parser reads: each is scanned while it is inflated (see `XmlScanner`). */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  unpackedSize: number;
  localHeaderOffset: number;
}

export type XlsxInspection = { ok: true; entries: ZipEntry[] } | { ok: false; reason: XlsxRejection };

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_END = 0x06064b50;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const REQUIRED_ENTRIES = ['[Content_Types].xml', 'xl/workbook.xml'];

const readU64 = (buffer: Buffer, offset: number) => Number(buffer.readBigUInt64LE(offset));

function findEndOfCentralDirectory(buffer: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end of the archive.
  const lowest = Math.max(0, buffer.length - 22 - U16_MAX);
  for (let offset = buffer.length - 22; offset >= lowest; offset--) {
    if (buffer.readUInt32LE(offset) === SIG_END) return offset;
  }
  return -1;
}

interface Directory {
  entryCount: number;
  size: number;
  offset: number;
}

function readDirectory(buffer: Buffer, end: number): Directory | undefined {
  const directory = {
    entryCount: buffer.readUInt16LE(end + 10),
    size: buffer.readUInt32LE(end + 12),
    offset: buffer.readUInt32LE(end + 16),
  };
  if (buffer.readUInt16LE(end + 4) !== 0 || buffer.readUInt16LE(end + 6) !== 0) return undefined; // split archives
  if (directory.entryCount !== U16_MAX && directory.size !== U32_MAX && directory.offset !== U32_MAX)
    return directory;
  // ZIP64: the real values live in the ZIP64 end record, found through the locator just before.
  const locator = end - 20;
  if (locator < 0 || buffer.readUInt32LE(locator) !== SIG_ZIP64_LOCATOR) return undefined;
  const zip64End = readU64(buffer, locator + 8);
  if (zip64End + 56 > locator || buffer.readUInt32LE(zip64End) !== SIG_ZIP64_END) return undefined;
  return {
    entryCount: readU64(buffer, zip64End + 32),
    size: readU64(buffer, zip64End + 40),
    offset: readU64(buffer, zip64End + 48),
  };
}

/** Reads the sizes a ZIP64 extra field carries for values the fixed header marks as 0xFFFFFFFF. */
function applyZip64Extra(buffer: Buffer, extraStart: number, extraEnd: number, entry: ZipEntry): boolean {
  for (let offset = extraStart; offset + 4 <= extraEnd;) {
    const id = buffer.readUInt16LE(offset);
    const length = buffer.readUInt16LE(offset + 2);
    if (id === 0x0001) {
      let cursor = offset + 4;
      const take = () => {
        if (cursor + 8 > offset + 4 + length) return undefined;
        const value = readU64(buffer, cursor);
        cursor += 8;
        return value;
      };
      if (entry.unpackedSize === U32_MAX) entry.unpackedSize = take() ?? -1;
      if (entry.compressedSize === U32_MAX) entry.compressedSize = take() ?? -1;
      if (entry.localHeaderOffset === U32_MAX) entry.localHeaderOffset = take() ?? -1;
      return entry.unpackedSize >= 0 && entry.compressedSize >= 0 && entry.localHeaderOffset >= 0;
    }
    offset += 4 + length;
  }
  return false;
}

/** Inspects the archive structure only (no decompression): cheap, and run first. */
export function inspectXlsx(buffer: Buffer, limits: XlsxGuardLimits): XlsxInspection {
  if (buffer.length > limits.maxBytes) return { ok: false, reason: 'tooLarge' };
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== SIG_LOCAL) return { ok: false, reason: 'notXlsx' };
  const end = findEndOfCentralDirectory(buffer);
  if (end < 0) return { ok: false, reason: 'notXlsx' };
  const directory = readDirectory(buffer, end);
  if (!directory || directory.offset + directory.size > end) return { ok: false, reason: 'notXlsx' };
  if (directory.entryCount > limits.maxEntries) return { ok: false, reason: 'zipBomb' };

  const entries: ZipEntry[] = [];
  let unpackedTotal = 0;
  let offset = directory.offset;
  for (let i = 0; i < directory.entryCount; i++) {
    if (offset + 46 > end || buffer.readUInt32LE(offset) !== SIG_CENTRAL)
      return { ok: false, reason: 'notXlsx' };
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const next = offset + 46 + nameLength + extraLength + commentLength;
    if (next > end) return { ok: false, reason: 'notXlsx' };
    const entry: ZipEntry = {
      name: buffer.toString('utf8', offset + 46, offset + 46 + nameLength),
      flags: buffer.readUInt16LE(offset + 8),
      method: buffer.readUInt16LE(offset + 10),
      compressedSize: buffer.readUInt32LE(offset + 20),
      unpackedSize: buffer.readUInt32LE(offset + 24),
      localHeaderOffset: buffer.readUInt32LE(offset + 42),
    };
    const needsZip64 =
      entry.unpackedSize === U32_MAX ||
      entry.compressedSize === U32_MAX ||
      entry.localHeaderOffset === U32_MAX;
    if (
      needsZip64 &&
      !applyZip64Extra(buffer, offset + 46 + nameLength, offset + 46 + nameLength + extraLength, entry)
    ) {
      return { ok: false, reason: 'notXlsx' };
    }
    // Encrypted entries cannot be a workbook we read; only stored and deflated data appear in xlsx files.
    if (entry.flags & 0x1 || (entry.method !== STORED && entry.method !== DEFLATED))
      return { ok: false, reason: 'notXlsx' };
    if (entry.localHeaderOffset + 30 + entry.compressedSize > directory.offset)
      return { ok: false, reason: 'notXlsx' };
    unpackedTotal += entry.unpackedSize;
    entries.push(entry);
    offset = next;
  }
  if (unpackedTotal > limits.maxUnpackedBytes || unpackedTotal > buffer.length * limits.maxUnpackRatio) {
    return { ok: false, reason: 'zipBomb' };
  }
  const sharedStrings = entries.find((e) => e.name === SHARED_STRINGS);
  if (sharedStrings && sharedStrings.unpackedSize > limits.maxSharedStringsBytes)
    return { ok: false, reason: 'zipBomb' };
  if (!entriesAreContiguous(buffer, entries, directory.offset)) return { ok: false, reason: 'notXlsx' };
  const names = new Set(entries.map((e) => e.name));
  if (!REQUIRED_ENTRIES.every((name) => names.has(name))) return { ok: false, reason: 'notXlsx' };
  return { ok: true, entries };
}

/**
 * The parser reads the archive front to back through the local headers, not through the directory
 * checked above; so every byte before the directory must belong to a listed entry, under the same name,
 * or a hidden entry could reach the parser unchecked.
 */
function entriesAreContiguous(buffer: Buffer, entries: readonly ZipEntry[], directoryOffset: number) {
  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let expected = 0;
  for (const entry of ordered) {
    const local = entry.localHeaderOffset;
    if (local !== expected || local + 30 > directoryOffset) return false;
    if (buffer.readUInt32LE(local) !== SIG_LOCAL) return false;
    const nameLength = buffer.readUInt16LE(local + 26);
    const name = buffer.toString('utf8', local + 30, local + 30 + nameLength);
    if (name !== entry.name) return false;
    expected = local + 30 + nameLength + buffer.readUInt16LE(local + 28) + entry.compressedSize;
    // Entries written with a trailing data descriptor (flag bit 3): 12 to 24 bytes, optionally signed.
    if (entry.flags & 0x8) {
      const signed = expected + 4 <= directoryOffset && buffer.readUInt32LE(expected) === 0x08074b50;
      const rest = directoryOffset - expected;
      const sizes = signed ? [16, 24] : [12, 20];
      const next = ordered.find((e) => e.localHeaderOffset > local)?.localHeaderOffset ?? directoryOffset;
      const gap = next - expected;
      if (!sizes.includes(gap) || gap > rest) return false;
      expected = next;
    }
  }
  return expected === directoryOffset;
}

type InflateResult = 'ok' | 'over' | 'corrupt' | XmlProblem;

/**
 * Inflates one entry, counting bytes; fails as soon as it exceeds what the directory declared. XML parts
 * also go through an `XmlScanner` chunk by chunk, so nothing is ever held whole.
 */
function inflateWithin(data: Buffer, budget: number, scanner?: XmlScanner): Promise<InflateResult> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    let produced = 0;
    let settled = false;
    const settle = (result: InflateResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > budget) {
        settle('over');
        inflater.destroy();
        return;
      }
      const problem = scanner?.write(chunk);
      if (problem) {
        settle(problem);
        inflater.destroy();
      }
    });
    inflater.on('error', () => settle('corrupt'));
    inflater.on('end', () => settle(produced === budget ? (scanner?.end() ?? 'ok') : 'corrupt'));
    inflater.end(data);
  });
}

/**
 * Unpacks every entry without keeping the output and checks it against the declared size, so the
 * parser never meets more data than `inspectXlsx` accepted; the XML parts are scanned on the way for
 * oversized texts, DTD and entity declarations and absurd nesting (`XmlScanner`).
 */
export async function verifyUnpackedSizes(
  buffer: Buffer,
  entries: readonly ZipEntry[],
): Promise<{ ok: true } | { ok: false; reason: XlsxRejection }> {
  for (const entry of entries) {
    const local = entry.localHeaderOffset;
    if (buffer.readUInt32LE(local) !== SIG_LOCAL) return { ok: false, reason: 'notXlsx' };
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) return { ok: false, reason: 'notXlsx' };
    const scanner = isXmlPart(entry.name) ? new XmlScanner() : undefined;
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.unpackedSize) return { ok: false, reason: 'notXlsx' };
      const problem = scanner ? (scanner.write(data) ?? scanner.end()) : 'ok';
      if (problem !== 'ok') return { ok: false, reason: problem };
      continue;
    }
    const result = await inflateWithin(data, entry.unpackedSize, scanner);
    if (result === 'over') return { ok: false, reason: 'zipBomb' };
    if (result === 'corrupt') return { ok: false, reason: 'notXlsx' };
    if (result !== 'ok') return { ok: false, reason: result };
  }
  return { ok: true };
}
