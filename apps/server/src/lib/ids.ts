import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** Times are stored as ISO-8601 UTC strings, which sort and compare correctly as text on both databases. */
export const nowIso = (): string => new Date().toISOString();
export const isoAfterSeconds = (seconds: number, from = Date.now()): string =>
  new Date(from + seconds * 1000).toISOString();
/**
 * Whether a caller's id could be one of ours (printable ASCII, no spaces). Anything else cannot match a
 * row, and PostgreSQL refuses a NUL in a text parameter outright, so such ids are treated as not found.
 */
export const isPlainId = (value: string): boolean => /^[\x21-\x7e]{1,64}$/.test(value);
