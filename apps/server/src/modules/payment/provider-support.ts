import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ConfigError } from '../../config.ts';

/**
 * What the real providers (Alipay, WeChat Pay) share: key loading, the error a provider call fails with,
 * header look-up and the China-time formats both protocols use.
 */

/**
 * A provider call that did not give a trustworthy answer: the network failed, the provider refused the
 * request, or its answer was not signed as it must be. `providerCode` is the provider's own error code
 * when it gave one (`ACQ.TRADE_STATUS_ERROR`, `ORDERPAID`), else ours (`http_error`, `bad_signature`,
 * `malformed`, `trade_paid`). Nothing changes on our side when this is thrown; the caller retries later
 * (the recharge module answers the payer a localized "try again" and logs this).
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: 'alipay' | 'wechat',
    readonly providerCode: string,
    readonly detail: string,
  ) {
    super(`${provider}: ${providerCode}: ${detail}`);
    this.name = 'PaymentProviderError';
  }
}

/** Environment values often carry PEM newlines as the two characters `\n`. */
const unescapeNewlines = (text: string) => text.replace(/\\n/g, '\n').trim();
const isPem = (text: string) => text.includes('-----BEGIN ');
const bareBase64 = (text: string) => {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : null;
};

/**
 * A private key given as PEM (PKCS#8 or PKCS#1) or as the bare base64 of its DER, the form Alipay's and
 * WeChat Pay's key tools hand out. A key that cannot be read is a configuration error at start-up.
 */
export function loadPrivateKey(text: string, variable: string): KeyObject {
  const value = unescapeNewlines(text);
  try {
    if (isPem(value)) return checkRsa(createPrivateKey(value), variable);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: not a readable private key`);
  }
  const der = bareBase64(value);
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      if (der) return checkRsa(createPrivateKey({ key: der, format: 'der', type }), variable);
    } catch {
      // the other encoding is tried next
    }
  }
  throw new ConfigError(`Invalid configuration:\n  ${variable}: not a readable private key`);
}

/** A public key given as PEM (SPKI, PKCS#1 or an X.509 certificate) or as the bare base64 of its DER. */
export function loadPublicKey(text: string, variable: string): KeyObject {
  const value = unescapeNewlines(text);
  try {
    if (isPem(value)) return checkRsa(createPublicKey(value), variable);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: not a readable public key`);
  }
  const der = bareBase64(value);
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      if (der) return checkRsa(createPublicKey({ key: der, format: 'der', type }), variable);
    } catch {
      // the other encoding is tried next
    }
  }
  throw new ConfigError(`Invalid configuration:\n  ${variable}: not a readable public key`);
}

function checkRsa(key: KeyObject, variable: string): KeyObject {
  if (key.asymmetricKeyType !== 'rsa')
    throw new ConfigError(`Invalid configuration:\n  ${variable}: must be an RSA key`);
  return key;
}

/**
 * A notification's order number when it can be one of ours (letters, digits, `_` and `-`, at most 40, as
 * both providers allow): anything else is not logged as a recharge number.
 */
export function plausibleRechargeNo(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : null;
}

/** A header's value whatever the case of its name; the first when repeated. */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Both providers speak China Standard Time (UTC+8, no daylight saving). */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (Alipay's timestamps). */
export function formatChinaDateTime(instant: Date): string {
  const shifted = new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`;
}

/** Reads `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai; null when it is not exactly that. */
export function parseChinaDateTime(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const instant = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** RFC 3339 with the +08:00 offset, to the second (WeChat Pay's `time_expire`). */
export function formatChinaRfc3339(instant: Date): string {
  const shifted = new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 19)}+08:00`;
}

/** Reads an RFC 3339 date-time with an explicit offset; null otherwise. */
export function parseRfc3339(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
