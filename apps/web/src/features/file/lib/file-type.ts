/** Short names for the upload types section 5 accepts; anything else shows its subtype. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'application/x-zip-compressed': 'ZIP',
  'application/vnd.rar': 'RAR',
  'application/x-rar-compressed': 'RAR',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (xlsx)',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (docx)',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
  'application/octet-stream': 'BIN',
};

/** `application/pdf` → `PDF`; an unknown type → its subtype in capitals (`image/webp` → `WEBP`). */
export function fileTypeLabel(contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = TYPE_LABELS[type];
  if (known) return known;
  const subtype = type.split('/')[1];
  return subtype ? subtype.toUpperCase() : contentType;
}
