import { z } from 'zod';
import type { LocalizedText } from './languages.ts';

/**
 * The shape of an id a caller may send: letters, digits, `-` and `_`, 1–64 of them. The server mints every
 * row id as a UUID (`newId`, `crypto.randomUUID`) and every token-like id (a WeChat scene) as base64url, so
 * each fits; so does any id an import or an operator could have written by hand. Anything else — a space,
 * punctuation, a control character (PostgreSQL refuses a NUL in a text parameter outright), a non-ASCII
 * letter — cannot name a row, and is refused before any database sees it.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const IdMessage = { Invalid: 'id.invalid' } as const;

export const ID_MESSAGES: Readonly<Record<(typeof IdMessage)[keyof typeof IdMessage], LocalizedText>> = {
  'id.invalid': {
    'zh-CN': '编号格式不正确',
    'en-US': 'is not a valid id',
    'zh-TW': '編號格式不正確',
  },
};

/** Whether a value has the shape of an id (after trimming, as `idField` reads it). */
export const isIdShaped = (value: string): boolean => ID_PATTERN.test(value.trim());

/**
 * The one schema of every id parameter (query, path, body, arrays of ids). A malformed id is a validation
 * error (body code 400, `data.errors` naming the field); a well-formed id that names nothing the caller
 * may see is the service's "not found" (404).
 */
export const idField = () => z.string().trim().regex(ID_PATTERN, IdMessage.Invalid);
