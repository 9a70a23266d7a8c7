import { createHmac, timingSafeEqual } from 'node:crypto';
import { SsoTicketPayloadSchema, type SsoTicketPayload } from '@portal/contracts/sso';

/**
 * The ticket format (documented in contracts `sso.ts` and the README): `<payload>.<signature>`, the
 * payload the base64url of the JSON fields, the signature the base64url of HMAC-SHA256(key, payload).
 * Pure functions: the service decides what a valid ticket may do.
 */

export function signTicket(key: string, payload: SsoTicketPayload): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${sign(key, body)}`;
}

const sign = (key: string, body: string) =>
  createHmac('sha256', key).update(body, 'ascii').digest('base64url');

/** The payload of a well-formed ticket, not yet checked against any key; undefined when malformed. */
export function readTicket(
  ticket: string,
): { payload: SsoTicketPayload; body: string; signature: string } | undefined {
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return undefined;
  const [, body, signature] = match as unknown as [string, string, string];
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = SsoTicketPayloadSchema.safeParse(json);
  return parsed.success ? { payload: parsed.data, body, signature } : undefined;
}

/** Whether `signature` is the HMAC of `body` under `key` (compared in constant time). */
export function hasValidSignature(key: string, body: string, signature: string): boolean {
  const expected = Buffer.from(sign(key, body), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Whether a ticket's times are acceptable at `nowSeconds`: not issued in the future beyond the skew, a
 * lifetime no longer than `maxAgeSeconds`, and not expired (beyond the skew).
 */
export function ticketTimeProblem(
  payload: Pick<SsoTicketPayload, 'iat' | 'exp'>,
  nowSeconds: number,
  limits: { maxAgeSeconds: number; clockSkewSeconds: number },
): 'invalid' | 'expired' | null {
  if (payload.exp <= payload.iat || payload.exp - payload.iat > limits.maxAgeSeconds) return 'invalid';
  if (payload.iat > nowSeconds + limits.clockSkewSeconds) return 'invalid';
  if (payload.exp + limits.clockSkewSeconds <= nowSeconds) return 'expired';
  return null;
}
