import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiPath } from '@portal/contracts/api-paths';
import { sha256 } from '../../lib/ids.ts';

/**
 * OWASP's "device cookie": after a successful sign-in the browser gets a cookie naming the account, signed
 * with the token secret. A correct password that arrives with a valid device cookie for its account passes
 * the account-wide slowdown an attacker can cause from many addresses (the account + address lock still
 * applies). The cookie carries no session: on its own it opens nothing.
 */
export const DEVICE_COOKIE = 'portal_device';

/**
 * One cookie per account, so a browser shared by several accounts (an office PC, one person's two
 * accounts) stays trusted for each: a second account's sign-in does not overwrite the first one's cookie.
 * The name carries a hash of the user id, not the id.
 */
export const deviceCookieName = (userId: string) => `${DEVICE_COOKIE}_${sha256(userId).slice(0, 16)}`;
/** Only the sign-in calls need it (`/api/Login/…`). */
export const DEVICE_COOKIE_PATH = ApiPath.CustomerLogin.slice(0, ApiPath.CustomerLogin.lastIndexOf('/'));

const sign = (payload: string, secret: string) =>
  createHmac('sha256', `device-cookie:${secret}`).update(payload).digest('base64url');

/** The cookie value for an account: `<user id>.<issued at, ms>.<HMAC>`. */
export function deviceCookieValue(userId: string, secret: string, issuedAt = Date.now()): string {
  const payload = `${userId}.${issuedAt}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** True when the value was signed by us, names this account and is younger than `maxAgeDays`. */
export function isValidDeviceCookie(
  value: string | undefined,
  userId: string,
  secret: string,
  maxAgeDays: number,
  now = Date.now(),
): boolean {
  if (!value) return false;
  const parts = value.split('.');
  if (parts.length !== 3) return false;
  const [id, issued, mac] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${id}.${issued}`, secret));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const issuedAt = Number(issued);
  return id === userId && Number.isFinite(issuedAt) && now - issuedAt <= maxAgeDays * 86_400_000;
}

/** Reads one cookie from a Cookie header (no cookie plugin needed for one value). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie header value: HttpOnly, SameSite=Strict, scoped to the sign-in path, Secure over HTTPS. */
export function deviceCookieHeader(value: string, maxAgeDays: number, secure: boolean): string {
  const userId = value.slice(0, value.indexOf('.'));
  return [
    `${deviceCookieName(userId)}=${value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${maxAgeDays * 86_400}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
