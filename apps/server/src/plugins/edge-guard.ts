import { ApiCode } from '@portal/contracts/envelope';
import { ID_MESSAGES } from '@portal/contracts/ids';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { defineMessages } from '../lib/messages.ts';

defineMessages({
  ...ID_MESSAGES,
  'edge.unsafeText': {
    'zh-CN': '请求参数有误：{field} 含有无法处理的字符（空字符或残缺字符），请删除后重试',
    'en-US':
      'Some fields are not valid: {field} contains a character that cannot be processed (a NUL or a broken character); please remove it',
    'zh-TW': '請求參數有誤：{field} 含有無法處理的字元（空字元或殘缺字元），請刪除後重試',
  },
  'edge.unsafeTextField': {
    'zh-CN': '含有无法处理的字符（空字符或残缺字符）',
    'en-US': 'contains a character that cannot be processed (a NUL or a broken character)',
    'zh-TW': '含有無法處理的字元（空字元或殘缺字元）',
  },
});

/**
 * A NUL, or a surrogate without its partner (half of a character, which has no UTF-8 form). One pass of a
 * character class over the string; the pairing is looked at only when a surrogate is there at all.
 */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what is looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return SUSPECT.test(value) && (value.includes('\u0000') || LONE_SURROGATE.test(value));
}

/** Deepest nesting walked: a body nested deeper than this is refused as it is. */
const MAX_DEPTH = 64;

/** Whether any string or key in `value` holds a NUL or a lone surrogate (or a Buffer a NUL byte). */
function holdsUnsafeText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  if (Buffer.isBuffer(value)) return value.includes(0);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsUnsafeText(value[i], depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (isUnsafeText(key) || holdsUnsafeText((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** The path of the first offending string or key (only walked once something was found). */
function pathOfUnsafeText(value: unknown, path: string, depth: number): string | undefined {
  if (!holdsUnsafeText(value, depth)) return undefined;
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH || Buffer.isBuffer(value))
    return path || 'body';
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isUnsafeText(key)) return at;
    const found = pathOfUnsafeText((value as Record<string, unknown>)[key], at, depth + 1);
    if (found !== undefined) return found;
  }
  return path || 'body';
}

/**
 * The path of the first string (or object key) in `value` that holds a NUL or a lone surrogate, e.g.
 * `items.0.nameEn`; undefined when there is none. A Buffer is looked at for a NUL byte.
 */
export function findUnsafeText(value: unknown): string | undefined {
  return pathOfUnsafeText(value, '', 0);
}

/**
 * JSON text can carry a NUL or a lone surrogate only as a `\u0000` or `\uD800`–`\uDFFF` escape: a raw
 * control character is not valid JSON, and text decoded from UTF-8 holds no lone surrogate (a malformed
 * sequence becomes U+FFFD). So a body whose text has no such escape needs no walk after parsing; one that
 * has (an escaped emoji is a pair of them) is walked. One regular expression over the text costs a small
 * fraction of parsing it (docs/ARCHITECTURE.md, "Edge guard").
 */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;
const vouched = new WeakSet<object>();

/** Called by the JSON body parser with the text and what it parsed to: a clean text spares the walk. */
export function vouchForJson(text: string, parsed: unknown): void {
  if (parsed !== null && typeof parsed === 'object' && !SUSPECT_ESCAPE.test(text)) vouched.add(parsed);
}

/** Whether the JSON parser vouched for this body (see vouchForJson). */
export const bodyIsVouched = (body: unknown): boolean =>
  body !== null && typeof body === 'object' && vouched.has(body);

/** The localized 400 for a request holding such a character at `field` (also the multipart readers'). */
export function unsafeTextError(field: string): AppError {
  return new AppError(
    ApiCode.BadRequest,
    'edge.unsafeText',
    { field },
    {
      errors: [{ field, message: 'edge.unsafeTextField' }],
    },
  );
}

/** Throws the 400 when any of the values holds a NUL or a lone surrogate (multipart text fields). */
export function assertSafeText(values: Record<string, unknown>): void {
  const field = findUnsafeText(values);
  if (field !== undefined) throw unsafeTextError(field);
}

/** Where the request as it arrived held such a character (set only when it did). */
const unsafeAt = new WeakMap<FastifyRequest, string>();

/**
 * The edge guard: a request whose path parameters, query string or parsed JSON body holds a NUL or a lone
 * surrogate anywhere (any string or key, at any depth) is refused with the localized 400 envelope — on
 * `/api`, the open API (HTTP 400 there), the operations API and every other route. Neither character is
 * ever part of a legitimate request, PostgreSQL refuses a NUL in a text parameter outright, and a lone
 * surrogate has no UTF-8 form; refusing them here means no route can forget to.
 *
 * The request is looked at as it arrived (`preValidation`), and refused just before its handler
 * (`preHandler`): a field the route's schema refuses anyway gets the schema's own message first (a text
 * field names its label, `idField` says the id is malformed), and whatever the schema let through — a
 * search keyword, a token, a key the schema drops — is refused here. A raw body (a payment provider's
 * notification, kept as the bytes that arrived) is its route's to judge and answer in the provider's terms.
 */
export const edgeGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const field =
        findUnsafeText(request.params) ??
        findUnsafeText(request.query) ??
        (Buffer.isBuffer(request.body) || bodyIsVouched(request.body)
          ? undefined
          : findUnsafeText(request.body));
      if (field !== undefined) unsafeAt.set(request, field);
      done();
    });
    app.addHook('preHandler', (request, _reply, done) => {
      const field = unsafeAt.get(request);
      done(field === undefined ? undefined : unsafeTextError(field));
    });
  },
  { name: 'edge-guard', dependencies: ['error-handler'] },
);
