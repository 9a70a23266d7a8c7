/**
 * The type of a file from its first bytes (magic numbers), not from the name or the browser's claim.
 * A zip that holds `xl/workbook.xml` is an xlsx workbook (the central directory lists names uncompressed).
 */
export function sniffContentType(bytes: Buffer): string {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) {
    if (bytes.includes('xl/workbook.xml'))
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (bytes.includes('word/document.xml'))
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    return 'application/zip';
  }
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'application/x-ole-storage';
  const head = bytes.subarray(0, 4096);
  if (!head.includes(0) && isUtf8(head)) return 'text/plain';
  return 'application/octet-stream';
}

function isUtf8(head: Buffer): boolean {
  try {
    // A multi-byte character cut at the 4 KiB boundary is still text.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
    return true;
  } catch {
    return false;
  }
}
