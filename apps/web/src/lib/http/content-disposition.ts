/**
 * The file name a `Content-Disposition` header carries: the RFC 5987/8187 `filename*` parameter first
 * (UTF-8 or ISO-8859-1, percent-encoded, so it can name a file in Chinese), else the plain `filename`
 * (quoted or not). Null when neither is usable.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([\w!#$%&+^`{}~-]+)'[\w-]*'([^;\s]+)/i.exec(header);
  if (extended) {
    const name = decodeExtendedValue(extended[1]!, extended[2]!);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name?.trim() || null;
}

function decodeExtendedValue(charset: string, value: string): string | null {
  try {
    if (/^utf-8$/i.test(charset)) return decodeURIComponent(value) || null;
    if (/^iso-8859-1$/i.test(charset))
      return (
        value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) || null
      );
  } catch {
    // A malformed escape: the plain parameter is used instead.
  }
  return null;
}
