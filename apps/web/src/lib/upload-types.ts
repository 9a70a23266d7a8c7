import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@portal/contracts/constants';

export { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES };

/** File extensions for the upload dialog's `accept`, matching the MIME list of spec section 5. */
export const UPLOAD_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.xls',
  '.xlsx',
  '.doc',
  '.docx',
  '.pdf',
  '.zip',
  '.rar',
  '.txt',
] as const;

/** Value for `<input accept>` / antd `Upload accept`. */
export const UPLOAD_ACCEPT = [...UPLOAD_MIME_TYPES, ...UPLOAD_EXTENSIONS].join(',');

/** True when the file's type is on the list (or, when the browser gives no type, its extension is). */
export function isAllowedUpload(file: { name: string; type: string; size: number }): boolean {
  if (file.size > UPLOAD_MAX_BYTES) return false;
  if (file.type) return (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type);
  const name = file.name.toLowerCase();
  return UPLOAD_EXTENSIONS.some((ext) => name.endsWith(ext));
}
