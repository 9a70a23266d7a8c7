import { attachmentDisposition } from '../address/spreadsheet-text.ts';

/** Content-Disposition of a download: the real name, and its ASCII part as the fallback. */
export function downloadDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]+/g, '').replace(/^[-_ .]+/, '');
  const extension = /\.[A-Za-z0-9]+$/.exec(fileName)?.[0] ?? '';
  return attachmentDisposition(fileName, ascii === extension.slice(1) || !ascii ? `file${extension}` : ascii);
}

/**
 * An uploaded file's name as kept: no path, no control characters (C0, C1), no direction overrides or
 * isolates (which make "invoice\u202Efdp.exe" show as "invoiceexe.pdf"), no zero-width characters, at most
 * 200 characters.
 */
export function cleanUploadName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a name must not hold
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return (clean || fallback).slice(-200);
}
