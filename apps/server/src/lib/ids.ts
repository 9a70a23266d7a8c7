import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ID_PATTERN } from '@portal/contracts/ids';

export const newId = (): string => randomUUID();
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** Times are stored as ISO-8601 UTC strings, which sort and compare correctly as text on both databases. */
export const nowIso = (): string => new Date().toISOString();
export const isoAfterSeconds = (seconds: number, from = Date.now()): string =>
  new Date(from + seconds * 1000).toISOString();
/**
 * Whether an id has the shape every id has (contracts `ID_PATTERN`: letters, digits, `-`, `_`). The routes'
 * schemas (`idField`) refuse any other id with a 400 before a service runs; services that take ids from
 * elsewhere (a stored filter, a callback) still treat a malformed one as not found.
 */
export const isPlainId = (value: string): boolean => ID_PATTERN.test(value);
