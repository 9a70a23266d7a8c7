import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The public payment journey's credentials and the recharge number (docs/ARCHITECTURE.md "Recharge and
 * payments"). Both tokens are HMAC-SHA256 under the token secret with a purpose prefix of their own, so
 * neither can stand in for the other or for an access token.
 */

const hmac = (secret: string, purpose: string, data: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${data}`).digest('base64url');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** `payToken`: authorises paying one recharge and reading its result without a session. */
export const payTokenFor = (secret: string, rechargeId: string) => hmac(secret, 'payToken', rechargeId);

export const isPayTokenOf = (secret: string, rechargeId: string, given: string) =>
  sameText(payTokenFor(secret, rechargeId), given);

/** How long the /topUp page may create recharges after looking a customer up. */
export const LOOKUP_TOKEN_TTL_SECONDS = 30 * 60;

/** `lookupToken`: `<customer id>.<expiry seconds>.<signature>`, naming the customer the page confirmed. */
export function signLookupToken(secret: string, customerId: string, now = Date.now()): string {
  const payload = `${Buffer.from(customerId).toString('base64url')}.${Math.floor(now / 1000) + LOOKUP_TOKEN_TTL_SECONDS}`;
  return `${payload}.${hmac(secret, 'topUpLookup', payload)}`;
}

/** The customer id a lookup token names, or why it cannot be used. */
export function verifyLookupToken(
  secret: string,
  token: string,
  now = Date.now(),
): { ok: true; customerId: string } | { ok: false; reason: 'invalid' | 'expired' } {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [id, expiry, signature] = parts as [string, string, string];
  if (!sameText(hmac(secret, 'topUpLookup', `${id}.${expiry}`), signature))
    return { ok: false, reason: 'invalid' };
  if (Number(expiry) * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, customerId: Buffer.from(id, 'base64url').toString('utf8') };
}

/** Letters and digits without I, L, O and U: nothing to misread when a number is read out or typed. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `R` + the UTC date (yyyymmdd) + 8 random characters of NUMBER_ALPHABET, e.g. `R20261127K3F9Q2ZP`:
 * 32^8 ≈ 10^12 numbers a day, not guessable from a neighbour's; the unique index decides a collision
 * (the creator draws again).
 */
export function newRechargeNo(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  let random = '';
  for (let i = 0; i < 8; i++) random += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `R${date}${random}`;
}

/**
 * A company name as the public page shows it: enough to recognise one's own, not to learn another's.
 * Names of 12 characters or more keep the first 3 and the last 4; of 7 to 11 the first 2 and the last 4;
 * shorter ones only the first. Every hidden character becomes one `*`.
 */
export function maskCompanyName(name: string): string {
  const chars = [...name.trim()];
  const n = chars.length;
  const [head, tail] = n >= 12 ? [3, 4] : n >= 7 ? [2, 4] : [1, 0];
  if (n <= head) return `${chars.join('')}**`;
  return `${chars.slice(0, head).join('')}${'*'.repeat(n - head - tail)}${chars.slice(n - tail).join('')}`;
}
